import { render, screen, within } from '@testing-library/react';
import { badgeText, bellLabel } from '@/components/notifications/bell-link';
import { SiteHeaderView } from '@/components/shell/header-view';

jest.mock('next/navigation', () => ({ usePathname: jest.fn(() => '/') }));

const client = { name: 'Carla Client', isClient: true, impersonator: null };

describe('the header bell (issue 29)', () => {
  it('names the unread count and shows it in a badge the name already says', () => {
    render(<SiteHeaderView actor={client} bell={{ unread: 3, cap: 99 }} />);
    const bell = screen.getByRole('link', { name: 'Notifications, 3 unread' });
    expect(bell).toHaveAttribute('href', '/notifications');
    const badge = within(bell).getByTestId('bell-badge');
    expect(badge).toHaveTextContent('3');
    expect(badge).toHaveAttribute('aria-hidden', 'true');
  });

  it('says just "Notifications" and shows no badge when nothing is unread', () => {
    render(<SiteHeaderView actor={client} bell={{ unread: 0, cap: 99 }} />);
    const bell = screen.getByRole('link', { name: 'Notifications' });
    expect(within(bell).queryByTestId('bell-badge')).toBeNull();
  });

  it('stops counting at the cap', () => {
    expect(badgeText({ unread: 100, cap: 99 })).toBe('99+');
    expect(badgeText({ unread: 99, cap: 99 })).toBe('99');
    expect(bellLabel({ unread: 100, cap: 99 })).toBe('Notifications, 99+ unread');
    render(<SiteHeaderView actor={client} bell={{ unread: 100, cap: 99 }} />);
    expect(screen.getByRole('link', { name: 'Notifications, 99+ unread' })).toHaveTextContent('99+');
  });

  it('sits beside the Main navigation, not in it (visible on a phone without opening the menu)', () => {
    render(<SiteHeaderView actor={client} bell={{ unread: 1, cap: 99 }} />);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).queryByRole('link', { name: /^Notifications/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
  });

  it('is absent for guests', () => {
    render(<SiteHeaderView actor={null} bell={null} />);
    expect(screen.queryByRole('link', { name: /^Notifications/ })).toBeNull();
  });
});
