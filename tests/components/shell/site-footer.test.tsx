import { render, screen, within } from '@testing-library/react';
import { usePathname } from 'next/navigation';
import { SiteFooter } from '@/components/shell/site-footer';
import { VisitorFooter } from '@/components/shell/visitor-footer';
import { getActor } from '@/lib/auth/actor';
import { addressOneLine, mapsSearchUrl, siteConfig } from '@/lib/config/site';

jest.mock('next/navigation', () => ({ usePathname: jest.fn(() => '/') }));
jest.mock('@/lib/auth/actor', () => ({ getActor: jest.fn() }));
const pathname = usePathname as jest.Mock;

beforeEach(() => pathname.mockReturnValue('/'));

describe('SiteFooter', () => {
  it('links Get Started to the trust page', () => {
    render(<SiteFooter />);
    expect(screen.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/trust');
  });

  it.each(['/trust', '/trust/', '/trust/signed-in'])('hides Get Started on %s itself', (path) => {
    pathname.mockReturnValue(path);
    render(<SiteFooter />);
    expect(screen.queryByRole('link', { name: 'Get Started' })).toBeNull();
  });

  it('hides Get Started when the layout asks it to', () => {
    render(<SiteFooter showGetStarted={false} />);
    expect(screen.queryByRole('link', { name: 'Get Started' })).toBeNull();
  });

  // Issue 27: the marketing band showed on the dashboards, the intake and the lock page.
  it('offers Get Started to guests only: the footer of a signed-in page has no band', async () => {
    (getActor as jest.Mock).mockResolvedValue(null);
    const { unmount } = render(await VisitorFooter());
    expect(screen.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/trust');
    unmount();
    (getActor as jest.Mock).mockResolvedValue({ name: 'Alice Morgan', isClient: false, impersonator: null });
    render(await VisitorFooter());
    expect(screen.queryByRole('link', { name: 'Get Started' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Protect your family with a living trust' })).toBeNull();
    // The rest of the footer stays.
    expect(screen.getByRole('region', { name: 'Products' })).toBeInTheDocument();
  });

  it('shows Will and Guardian as plain text, and Trust as a link', () => {
    render(<SiteFooter />);
    const products = within(screen.getByRole('region', { name: 'Products' }));
    expect(products.getByRole('link', { name: 'Trust' })).toHaveAttribute('href', '/trust');
    for (const name of ['Will', 'Guardian']) {
      expect(products.getByText(name)).toBeInTheDocument();
      expect(products.queryByRole('link', { name })).toBeNull();
      expect(products.getByText(name).closest('a')).toBeNull();
    }
  });

  it('lists resources, most without an action', () => {
    render(<SiteFooter />);
    const resources = within(screen.getByRole('region', { name: 'Resources' }));
    const items = resources.getAllByRole('listitem');
    const links = resources.getAllByRole('link');
    expect(links.length).toBeGreaterThan(0);
    expect(items.length - links.length).toBeGreaterThan(links.length);
  });

  it('links the firm address to a maps search with the address encoded', () => {
    render(<SiteFooter />);
    const link = screen.getByRole('link', { name: /Suite 400/ });
    const href = link.getAttribute('href')!;
    expect(href).toBe(mapsSearchUrl());
    expect(href.startsWith('https://www.google.com/maps/search/?api=1&query=')).toBe(true);
    const query = href.split('query=')[1];
    expect(query).not.toMatch(/[ ,#&]/);
    expect(decodeURIComponent(query)).toBe(`${siteConfig.address.organization}, ${addressOneLine()}`);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'));
    expect(link).toHaveAccessibleName(expect.stringContaining('opens in a new tab'));
    expect(link.closest('address')).not.toBeNull();
  });

  it('shows the copyright', () => {
    render(<SiteFooter />);
    expect(screen.getByText(new RegExp(`© ${new Date().getFullYear()} Trustwell`))).toBeInTheDocument();
  });
});
