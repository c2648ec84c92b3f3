import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import TrustPage, { dynamic, metadata } from '@/app/(public)/trust/page';
import * as signedIn from '@/app/(public)/trust/signed-in/page';
import { signedInCallToAction, TrustLanding } from '@/app/(public)/trust/trust-landing';
import { AdvisorOffer, readReferral } from '@/app/(public)/trust/advisor-offer';
import { SCROLL_STEP_PX, StepScrollLink } from '@/app/(public)/trust/step-scroll-link';
import { serializeJsonLd } from '@/app/(public)/trust/json-ld';

jest.mock('next/navigation', () => ({ usePathname: jest.fn(() => '/trust') }));
// The signed-in page reads the session; here it is whoever the test says.
jest.mock('@/lib/auth/actor', () => ({ getActor: jest.fn(async () => null) }));
const getActor = jest.requireMock<{ getActor: jest.Mock }>('@/lib/auth/actor').getActor;
// Whether the session's client is linked to an advisor (read from the database: tests/integration/advisor-discount.test.ts).
jest.mock('@/lib/accounts/advisor-discount', () => ({ earnsAdvisorDiscount: jest.fn(async () => false) }));
const earnsAdvisorDiscount = jest.requireMock<{ earnsAdvisorDiscount: jest.Mock }>('@/lib/accounts/advisor-discount').earnsAdvisorDiscount;

function clearReferral() {
  window.localStorage.clear();
  window.history.replaceState(null, '', '/trust');
}

beforeEach(clearReferral);

describe('trust page', () => {
  it('is forced static and has canonical and Open Graph metadata', () => {
    expect(dynamic).toBe('force-static');
    expect(metadata.alternates?.canonical).toBe('http://localhost:3000/trust');
    expect(metadata.openGraph).toMatchObject({ url: 'http://localhost:3000/trust', siteName: 'Trustwell' });
    expect(metadata.description).toContain('$1,495');
  });

  it('has a per-request twin for signed-in visitors that points search engines at /trust', () => {
    expect(signedIn.dynamic).toBe('force-dynamic');
    expect(signedIn.metadata.alternates?.canonical).toBe('http://localhost:3000/trust');
    expect(signedIn.metadata.robots).toEqual({ index: false, follow: true });
    expect(signedIn.metadata.title).toEqual(metadata.title);
  });

  it('says the annual charge beside the price, before anything is paid (and nothing when it is off)', () => {
    render(<TrustLanding />);
    const card = screen.getByRole('complementary', { name: 'Your complete trust package' });
    expect(within(card).getByText('Trust fee')).toBeInTheDocument();
    expect(within(card).queryByText(/One-time fee/)).toBeNull();
    expect(
      within(card).getByText(
        'Plus $95 a year for amendments and revisions, first charged one year after you pay, to a payment method you choose to save. Cancel any time in Settings.',
      ),
    ).toBeVisible();
  });

  it('leads signed-in clients to their trust and everyone else signed in to the dashboard', () => {
    expect(signedInCallToAction(null)).toBeUndefined();
    expect(signedInCallToAction({ isClient: true })).toEqual({ href: '/client-info', label: 'Continue your trust' });
    expect(signedInCallToAction({ isClient: false })).toEqual({ href: '/dashboard', label: 'Go to your dashboard' });

    render(<TrustLanding callToAction={{ href: '/dashboard', label: 'Go to your dashboard' }} />);
    expect(screen.getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.queryByRole('link', { name: 'Start your trust' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign in' })).not.toBeInTheDocument();
  });

  it('renders the signed-in page for the session, and the guest card for a stale cookie', async () => {
    getActor.mockResolvedValueOnce({ isClient: true });
    const { unmount } = render(await signedIn.default());
    expect(screen.getByRole('link', { name: 'Continue your trust' })).toHaveAttribute('href', '/client-info');
    unmount();

    getActor.mockResolvedValueOnce(null);
    render(await signedIn.default());
    expect(screen.getByRole('link', { name: 'Start your trust' })).toHaveAttribute('href', '/join');
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  });

  it('shows a client linked to an advisor the discounted price, in the HTML the server sends', async () => {
    const client = { isClient: true, clientId: 41 };
    getActor.mockResolvedValueOnce(client);
    earnsAdvisorDiscount.mockResolvedValueOnce(true);
    const html = renderToString(await signedIn.default());
    expect(earnsAdvisorDiscount).toHaveBeenCalledWith(client);
    // No referral in this browser: the server's render alone shows the discount.
    const page = document.createElement('div');
    page.innerHTML = html;
    document.body.append(page);
    const card = within(page).getByRole('complementary', { name: 'Your complete trust package' });
    expect(within(card).getByText('$995')).toBeVisible();
    expect(within(card).getByText('$1,495')).not.toBeVisible();
    expect(within(card).getByText(/Advisor discount applied/)).toBeVisible();
    expect(within(card).getByRole('link', { name: 'Continue your trust' })).toHaveAttribute('href', '/client-info');
    page.remove();

    // A client without an advisor: the full price, as for guests.
    getActor.mockResolvedValueOnce({ isClient: true, clientId: 42 });
    earnsAdvisorDiscount.mockResolvedValueOnce(false);
    render(await signedIn.default());
    expect(screen.getByText('$1,495')).toBeVisible();
    expect(screen.getByText('$995')).not.toBeVisible();
  });

  it('shows the price, seven documents, four steps and five FAQs', () => {
    render(<TrustPage />);
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.getByText('$1,495')).toBeVisible();
    expect(screen.getByText(/Your advisor's link applies a discount: \$995 instead of \$1,495/)).toBeVisible();

    const included = screen.getByRole('region', { name: "What's included" });
    expect(within(included).getAllByRole('listitem')).toHaveLength(7);
    for (const name of [
      'Revocable living trust',
      'Last will and testament (pour-over)',
      'Living will',
      'Schedule of assets',
      'Certification of trust',
      'HIPAA authorization',
      'Power of attorney',
    ]) {
      expect(within(included).getByRole('heading', { name })).toBeInTheDocument();
    }

    const steps = screen.getByRole('region', { name: 'How it works' });
    expect(within(steps).getAllByRole('listitem')).toHaveLength(4);
    expect(within(steps).getByRole('heading', { name: 'Step 4: Sign, notarize and fund' })).toBeInTheDocument();

    const faq = screen.getByRole('region', { name: 'Frequently asked questions' });
    expect(faq.querySelectorAll('details')).toHaveLength(5);
    const text = faq.textContent ?? '';
    for (const fact of ['15', '20', '30-45 minutes', '3-5 years', 'additional fee', 'resume']) {
      expect(text).toContain(fact);
    }
  });

  it('embeds Product (full-price Offer) and FAQPage JSON-LD', () => {
    const { container } = render(<TrustPage />);
    const blocks = [...container.querySelectorAll('script[type="application/ld+json"]')].map((s) => JSON.parse(s.innerHTML));
    const product = blocks.find((b) => b['@type'] === 'Product');
    expect(product.offers).toMatchObject({ '@type': 'Offer', price: '1495.00', priceCurrency: 'USD' });
    expect(product.url).toBe('http://localhost:3000/trust');
    const faq = blocks.find((b) => b['@type'] === 'FAQPage');
    expect(faq.mainEntity).toHaveLength(5);
    expect(faq.mainEntity[0]).toMatchObject({ '@type': 'Question', acceptedAnswer: { '@type': 'Answer' } });
  });

  it('escapes < in JSON-LD so text cannot close the script tag', () => {
    const out = serializeJsonLd({ text: '</script><script>alert(1)</script>' });
    expect(out).not.toContain('<');
    expect(JSON.parse(out).text).toBe('</script><script>alert(1)</script>');
  });
});

describe('AdvisorOffer', () => {
  it('shows the full price and the discount hint when not referred', () => {
    render(<AdvisorOffer full="$1,495" discounted="$995" annualNote={null} />);
    expect(screen.getByText('$1,495')).toBeVisible();
    expect(screen.getByText('$995')).not.toBeVisible();
    expect(screen.getByText(/Referred by a financial advisor\?/)).toBeVisible();
    expect(screen.getByText(/Advisor discount applied/)).not.toBeVisible();
    expect(screen.getByRole('link', { name: 'Start your trust' })).toHaveAttribute('href', '/join');
  });

  it('shows the discounted price to a visitor the join page remembered, and keeps their advisor on sign-up', () => {
    window.localStorage.setItem('advisor_ref', 'Remembered_Hash-1');
    render(<AdvisorOffer full="$1,495" discounted="$995" annualNote={null} />);
    expect(screen.getByText('$995')).toBeVisible();
    expect(screen.getByText('$1,495')).not.toBeVisible();
    expect(screen.getByText(/Advisor discount applied/)).toBeVisible();
    expect(screen.getByText(/Referred by a financial advisor\?/)).not.toBeVisible();
    expect(screen.getByRole('link', { name: 'Start your trust' })).toHaveAttribute('href', '/join/Remembered_Hash-1');
  });

  it('prefers ?ref= over a remembered advisor', () => {
    window.localStorage.setItem('advisor_ref', 'Remembered');
    window.history.replaceState(null, '', '/trust?ref=FromLink');
    expect(readReferral()).toBe('FromLink');
  });

  it('applies ?ref= and carries the advisor hash to the join screen', () => {
    window.history.replaceState(null, '', '/trust?ref=AbC123');
    render(<AdvisorOffer full="$1,495" discounted="$995" annualNote={null} />);
    expect(screen.getByText('$995')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Start your trust' })).toHaveAttribute('href', '/join/AbC123');
  });

  it.each(['', '../admin', 'a b', 'x'.repeat(65)])('ignores a malformed ?ref=%p', (ref) => {
    window.history.replaceState(null, '', `/trust?ref=${encodeURIComponent(ref)}`);
    expect(readReferral()).toBe('');
  });

  it.each(['', '../admin', 'x'.repeat(65)])('ignores a malformed remembered advisor %p', (value) => {
    window.localStorage.setItem('advisor_ref', value);
    expect(readReferral()).toBe('');
  });
});

describe('StepScrollLink', () => {
  let scrollY = 0;
  let frames: FrameRequestCallback[] = [];
  const positions: number[] = [];

  function setup({ wide, reduced, targetTop }: { wide: boolean; reduced: boolean; targetTop: number }) {
    scrollY = 0;
    frames = [];
    positions.length = 0;
    Object.defineProperty(window, 'scrollY', { configurable: true, get: () => scrollY });
    window.matchMedia = jest.fn((query: string) => ({
      matches: query.includes('min-width') ? wide : reduced,
      media: query,
    })) as unknown as typeof window.matchMedia;
    window.scrollTo = jest.fn((opts: ScrollToOptions) => {
      scrollY = opts.top ?? scrollY;
      positions.push(scrollY);
    }) as unknown as typeof window.scrollTo;
    window.requestAnimationFrame = (cb) => frames.push(cb);
    Object.defineProperty(document.documentElement, 'scrollHeight', { configurable: true, value: 5000 });

    render(
      <>
        <StepScrollLink targetId="steps">See how it works</StepScrollLink>
        <section id="steps" tabIndex={-1} />
      </>,
    );
    const target = document.getElementById('steps')!;
    target.getBoundingClientRect = () => ({ top: targetTop - scrollY }) as DOMRect;
    return { link: screen.getByRole('link', { name: 'See how it works' }), target };
  }

  function runFrames() {
    for (let i = 0; i < 100 && frames.length; i++) {
      const next = frames.shift()!;
      act(() => next(0));
    }
  }

  it('is a plain in-page link', () => {
    setup({ wide: true, reduced: false, targetTop: 0 });
    expect(screen.getByRole('link', { name: 'See how it works' })).toHaveAttribute('href', '#steps');
  });

  it('scrolls in 50 px steps on wide screens and focuses the target', () => {
    const { link, target } = setup({ wide: true, reduced: false, targetTop: 220 });
    fireEvent.click(link);
    runFrames();
    expect(positions).toEqual([50, 100, 150, 200, 220]);
    const deltas = positions.map((p, i) => p - (positions[i - 1] ?? 0));
    expect(deltas.slice(0, -1).every((d) => d === SCROLL_STEP_PX)).toBe(true);
    expect(target).toHaveFocus();
    expect(window.location.hash).toBe('#steps');
  });

  it('covers a long distance in equal 50 px steps', () => {
    const { link } = setup({ wide: true, reduced: false, targetTop: 1000 });
    fireEvent.click(link);
    runFrames();
    expect(positions).toEqual(Array.from({ length: 20 }, (_, i) => (i + 1) * 50));
  });

  it('hands control back when the visitor scrolls', () => {
    const { link, target } = setup({ wide: true, reduced: false, targetTop: 1000 });
    fireEvent.click(link);
    act(() => frames.shift()!(0));
    fireEvent.wheel(window);
    runFrames();
    expect(positions).toEqual([50]);
    expect(target).not.toHaveFocus();
  });

  it('jumps without animation when reduced motion is preferred', () => {
    const { link, target } = setup({ wide: true, reduced: true, targetTop: 700 });
    fireEvent.click(link);
    expect(positions).toEqual([700]);
    expect(frames).toHaveLength(0);
    expect(target).toHaveFocus();
  });

  it('leaves narrow screens to the browser', () => {
    const { link } = setup({ wide: false, reduced: false, targetTop: 700 });
    const notPrevented = fireEvent.click(link);
    expect(notPrevented).toBe(true);
    expect(positions).toEqual([]);
  });
});
