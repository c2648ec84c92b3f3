import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SiteHeaderView } from '@/components/shell/header-view';

jest.mock('next/navigation', () => ({ usePathname: jest.fn(() => '/') }));

function mainNav() {
  return screen.getByRole('navigation', { name: 'Main' });
}

describe('SiteHeaderView', () => {
  it('shows the guest links and the brand', () => {
    render(<SiteHeaderView actor={null} />);
    expect(screen.getByRole('link', { name: 'Trustwell' })).toHaveAttribute('href', '/');
    const nav = within(mainNav());
    expect(nav.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(nav.queryByRole('link', { name: 'Logout' })).toBeNull();
    expect(nav.queryByRole('button', { name: 'Logout' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Impersonation' })).toBeNull();
  });

  it('offers a skip link to the main content', () => {
    render(<SiteHeaderView actor={null} />);
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveAttribute('href', '#main-content');
  });

  it('shows a signed-in client My Info, Settings and Logout', () => {
    render(<SiteHeaderView actor={{ name: 'Carla Client', isClient: true, impersonator: null }} />);
    const nav = within(mainNav());
    expect(nav.getByRole('link', { name: 'My Info' })).toHaveAttribute('href', '/client-info');
    expect(nav.getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings');
    // Logout is a button posting to /logout, never a link a page elsewhere (or a prefetch) could follow.
    expect(nav.queryByRole('link', { name: 'Logout' })).toBeNull();
    const logout = nav.getByRole('button', { name: 'Logout' });
    expect(logout).toHaveAttribute('type', 'submit');
    expect(logout.closest('form')).toHaveAttribute('action', '/logout');
    expect(logout.closest('form')).toHaveAttribute('method', 'post');
  });

  it('shows the impersonation banner with a way back, and hides Settings and Logout', () => {
    render(<SiteHeaderView actor={{ name: 'Avery Advisor', isClient: false, impersonator: { name: 'Ada Admin' } }} />);
    const banner = within(screen.getByRole('region', { name: 'Impersonation' }));
    expect(banner.getByText(/Acting as/)).toHaveTextContent('Acting as Avery Advisor');
    const back = banner.getByRole('button', { name: 'Return to Ada Admin' });
    const form = back.closest('form');
    expect(form).toHaveAttribute('action', '/logout');
    expect(form).toHaveAttribute('method', 'post');
    const nav = within(mainNav());
    expect(nav.getByRole('link', { name: 'Dashboard' })).toBeInTheDocument();
    expect(nav.queryByRole('link', { name: 'Settings' })).toBeNull();
    expect(nav.queryByRole('link', { name: 'Logout' })).toBeNull();
    expect(nav.queryByRole('button', { name: 'Logout' })).toBeNull();
  });

  it('while the admin acts as a client through an advisor, the way back names the advisor (issue 21)', () => {
    render(<SiteHeaderView actor={{ name: 'Jordan Blake', isClient: true, impersonator: { name: 'Ada Admin', returnToName: 'Alice Morgan' } }} />);
    const banner = within(screen.getByRole('region', { name: 'Impersonation' }));
    expect(banner.getByText(/Acting as/)).toHaveTextContent('Acting as Jordan Blake');
    expect(banner.getByRole('button', { name: 'Return to Alice Morgan' })).toBeInTheDocument();
    expect(within(mainNav()).queryByRole('link', { name: 'My Info' })).toBeNull();
  });

  it('opens and closes the mobile menu as a disclosure', async () => {
    const user = userEvent.setup();
    render(<SiteHeaderView actor={null} />);
    const toggle = screen.getByRole('button', { name: 'Menu' });
    const panel = document.getElementById(toggle.getAttribute('aria-controls')!);
    expect(panel).not.toBeNull();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(panel).toHaveAttribute('data-open', 'false');

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(panel).toHaveAttribute('data-open', 'true');

    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();

    await user.click(toggle);
    await user.click(within(panel!).getByRole('link', { name: 'About Us' }));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });
});
