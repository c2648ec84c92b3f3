import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MarkAllReadButton, NoticeList, type NoticeView } from '@/components/notifications/notice-list';
import { UnsubscribeConfirm } from '@/components/notifications/unsubscribe-confirm';
import { timeAgo } from '@/components/notifications/when';
import { CallProvider } from '@/components/ui/call-provider';
import { markAllReadAction, openNotificationAction, unsubscribeAction } from '@/lib/actions/notifications';

jest.mock('@/lib/actions/notifications', () => ({ openNotificationAction: jest.fn(), markAllReadAction: jest.fn(), unsubscribeAction: jest.fn() }));
const refresh = jest.fn();
jest.mock('next/navigation', () => ({ useRouter: () => ({ refresh }) }));
const openAction = jest.mocked(openNotificationAction);
const markAction = jest.mocked(markAllReadAction);
const unsubAction = jest.mocked(unsubscribeAction);

const notice = (over: Partial<NoticeView> = {}): NoticeView => ({
  hash: 'notice1hash',
  title: 'Your trust is under attorney review',
  body: 'The attorney team is preparing your documents.',
  href: '/client-info',
  read: false,
  at: '2026-11-28T23:00:00.000Z',
  date: '11/28/2026, 6:00 PM',
  ago: '5 minutes ago',
  ...over,
});

beforeEach(() => jest.resetAllMocks());

describe('the inbox list', () => {
  it('shows each notice as a link to its page, unread ones marked New', () => {
    render(
      <CallProvider>
        <NoticeList items={[notice(), notice({ hash: 'notice2hash', title: 'Older one', read: true, ago: null })]} />
      </CallProvider>,
    );
    const [first, second] = screen.getAllByRole('listitem');
    expect(within(first).getByRole('link', { name: 'Your trust is under attorney review' })).toHaveAttribute('href', '/client-info');
    expect(first).toHaveTextContent('New');
    expect(first).toHaveTextContent('5 minutes ago · 11/28/2026, 6:00 PM');
    expect(second).not.toHaveTextContent('New');
    expect(second).toHaveTextContent('11/28/2026, 6:00 PM');
  });

  it("opens through the action and shows its refusal (another user's notice: not found)", async () => {
    const user = userEvent.setup();
    openAction.mockResolvedValue({ ok: false, status: 404, message: 'The requested record was not found.' });
    render(
      <CallProvider>
        <NoticeList items={[notice()]} />
      </CallProvider>,
    );
    await user.click(screen.getByRole('link', { name: 'Your trust is under attorney review' }));
    expect(openAction).toHaveBeenCalledWith({ hash: 'notice1hash' });
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('The requested record was not found.');
  });

  it('marks all read, says how many, and renders the page again', async () => {
    const user = userEvent.setup();
    markAction.mockResolvedValue({ ok: true, data: { marked: 2 } });
    render(
      <CallProvider>
        <MarkAllReadButton />
      </CallProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Mark all as read' }));
    expect(markAction).toHaveBeenCalledWith({});
    expect(await screen.findByRole('status')).toHaveTextContent('2 notifications marked as read.');
    expect(refresh).toHaveBeenCalled();
  });

  it('puts time in words for a week, then leaves it to the date', () => {
    const now = new Date('2026-11-28T12:00:00Z');
    expect(timeAgo(new Date('2026-11-28T11:59:30Z'), now)).toBe('just now');
    expect(timeAgo(new Date('2026-11-28T11:00:00Z'), now)).toBe('1 hour ago');
    expect(timeAgo(new Date('2026-11-27T10:00:00Z'), now)).toBe('yesterday');
    expect(timeAgo(new Date('2026-11-20T12:00:00Z'), now)).toBeNull();
  });
});

describe('the unsubscribe confirmation', () => {
  it('asks, then turns the kind off on its button and says how to turn it back on', async () => {
    const user = userEvent.setup();
    unsubAction.mockResolvedValue({ ok: true, data: { kind: 'payment', label: 'Payments' } });
    render(<UnsubscribeConfirm token="tok.en.sig" label="Payments" email="ada@example.com" />);
    expect(screen.getByText(/Stop e-mails about/)).toHaveTextContent('Stop e-mails about Payments to ada@example.com?');
    await user.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(unsubAction).toHaveBeenCalledWith({ token: 'tok.en.sig' });
    const done = await screen.findByRole('status');
    expect(done).toHaveTextContent('You will no longer receive "Payments" e-mails.');
    expect(within(done).getByRole('link', { name: 'Settings, Notifications' })).toHaveAttribute('href', '/settings?tab=notifications');
    expect(done).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).toBeNull();
  });

  it("says a refused link's message and keeps the button", async () => {
    const user = userEvent.setup();
    unsubAction.mockResolvedValue({ ok: false, status: 404, message: 'This unsubscribe link is not valid.' });
    render(<UnsubscribeConfirm token="forged" label="Payments" email="ada@example.com" />);
    await user.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This unsubscribe link is not valid.');
    expect(screen.getByRole('button', { name: 'Unsubscribe' })).toBeEnabled();
  });
});
