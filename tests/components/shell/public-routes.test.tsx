import robots from '@/app/robots';
import sitemap from '@/app/sitemap';
import HomePage, { metadata as homeMetadata } from '@/app/(public)/page';
import { render, screen } from '@testing-library/react';
import { absoluteUrl, mapsSearchUrl, resolveBaseUrl } from '@/lib/config/site';

describe('sitemap', () => {
  it('lists the public pages with absolute URLs', () => {
    expect(sitemap().map((e) => e.url)).toEqual([
      'http://localhost:3000/',
      'http://localhost:3000/trust',
      'http://localhost:3000/join',
      'http://localhost:3000/login',
    ]);
  });
});

describe('robots', () => {
  it('allows the public pages and disallows signed-in areas and the API', () => {
    const result = robots();
    const rules = Array.isArray(result.rules) ? result.rules[0] : result.rules;
    expect(rules.allow).toEqual(expect.arrayContaining(['/', '/trust']));
    expect(rules.disallow).toEqual(expect.arrayContaining(['/dashboard', '/client-info', '/settings', '/api']));
    expect(result.sitemap).toBe('http://localhost:3000/sitemap.xml');
  });
});

describe('site config', () => {
  it.each([
    [{}, 'http://localhost:3000'],
    [{ NEXTAUTH_URL: 'https://app.example.com/' }, 'https://app.example.com'],
    [{ SITE_URL: 'https://www.example.com/x', NEXTAUTH_URL: 'https://app.example.com' }, 'https://www.example.com'],
    [{ SITE_URL: '  ', NEXTAUTH_URL: 'http://localhost:4000' }, 'http://localhost:4000'],
  ])('resolves the base URL from %p', (env, expected) => {
    expect(resolveBaseUrl(env)).toBe(expected);
  });

  it('refuses a relative base URL', () => {
    expect(() => resolveBaseUrl({ SITE_URL: 'example.com' })).toThrow(/not an absolute URL/);
  });

  it('builds absolute URLs and a maps search', () => {
    expect(absoluteUrl('/trust')).toBe('http://localhost:3000/trust');
    expect(
      mapsSearchUrl({
        organization: 'A & B',
        street: '1 Main St #2',
        locality: 'Town',
        region: 'CA',
        postalCode: '90001',
        country: 'US',
      }),
    ).toBe('https://www.google.com/maps/search/?api=1&query=A%20%26%20B%2C%201%20Main%20St%20%232%2C%20Town%2C%20CA%2090001');
  });
});

describe('home page', () => {
  it('renders a hero linking to the trust page, with a canonical URL', () => {
    render(<HomePage />);
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Explore the living trust' })).toHaveAttribute('href', '/trust');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main-content');
    expect(homeMetadata.alternates?.canonical).toBe('http://localhost:3000/');
  });
});
