import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SecurityTab } from '@/components/settings/security-tab';
import { CallProvider } from '@/components/ui/call-provider';
import type { OwnSession } from '@/lib/account-settings/own-sessions';
import { endOtherSessionsAction, endSessionAction } from '@/lib/actions/settings';

jest.mock('@/lib/actions/settings', () => ({
  endSessionAction: jest.fn(),
  endOtherSessionsAction: jest.fn(),
  beginTotpAction: jest.fn(),
  confirmTotpAction: jest.fn(),
  renewRecoveryCodesAction: jest.fn(),
  disableTotpAction: jest.fn(),
}));
const endOne = jest.mocked(endSessionAction);
const endOthers = jest.mocked(endOtherSessionsAction);

const sessions: OwnSession[] = [
  {
    handle: 'AAAAAAAAAAAAAAAAAAAAAA',
    device: 'Chrome on macOS',
    address: '203.0.113.10',
    signedInAt: '11/29/2026 9:02 AM EST',
    lastSeenAt: '11/29/2026 9:40 AM EST',
    current: true,
  },
  {
    handle: 'BBBBBBBBBBBBBBBBBBBBBB',
    device: 'Firefox on Windows',
    address: '198.51.100.7',
    signedInAt: '11/27/2026 8:15 PM EST',
    lastSeenAt: '11/28/2026 7:01 AM EST',
    current: false,
  },
  { handle: 'CCCCCCCCCCCCCCCCCCCCCC', device: 'Safari on iOS', address: null, signedInAt: '11/26/2026 6:00 PM EST', lastSeenAt: null, current: false },
];

function renderTab(initial = sessions) {
  const user = userEvent.setup();
  render(
    <CallProvider>
      <SecurityTab initial={initial} authenticator={{ enrolled: false, since: null, recoveryCodesLeft: 0 }} />
    </CallProvider>,
  );
  return user;
}

const card = (device: string) => screen.getByRole('listitem', { name: device });

beforeEach(() => jest.resetAllMocks());

describe('Settings, Security tab', () => {
  it('lists every signed-in browser with its address and times, this browser marked and without a sign-out button', () => {
    renderTab();
    expect(screen.getByRole('heading', { name: 'Where you are signed in' })).toBeInTheDocument();
    const mine = card('Chrome on macOS');
    expect(within(mine).getByText('This browser')).toBeInTheDocument();
    expect(within(mine).getByText('Now')).toBeInTheDocument();
    expect(within(mine).queryByRole('button')).toBeNull();
    const firefox = card('Firefox on Windows');
    expect(within(firefox).getByText('198.51.100.7')).toBeInTheDocument();
    expect(within(firefox).getByText('11/28/2026 7:01 AM EST')).toBeInTheDocument();
    expect(within(card('Safari on iOS')).getByText('Not known')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign out everywhere else' })).toBeEnabled();
  });

  it('signs out one browser by its handle and takes it off the list', async () => {
    const user = renderTab();
    endOne.mockResolvedValue({ ok: true, data: { message: 'That session has been signed out.' } });
    await user.click(screen.getByRole('button', { name: 'Sign out Firefox on Windows, signed in 11/27/2026 8:15 PM EST' }));
    expect(endOne).toHaveBeenCalledWith({ session: 'BBBBBBBBBBBBBBBBBBBBBB' });
    expect(await screen.findByRole('status')).toHaveTextContent('That session has been signed out.');
    expect(screen.queryByRole('listitem', { name: 'Firefox on Windows' })).toBeNull();
    expect(card('Safari on iOS')).toBeInTheDocument();
  });

  it('signs out everywhere else, leaving this browser, and then says there is nowhere else', async () => {
    const user = renderTab();
    endOthers.mockResolvedValue({ ok: true, data: { message: 'Your other sessions have been signed out.' } });
    await user.click(screen.getByRole('button', { name: 'Sign out everywhere else' }));
    expect(endOthers).toHaveBeenCalledWith({});
    expect(await screen.findByRole('status')).toHaveTextContent('Your other sessions have been signed out.');
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByText('You are not signed in anywhere else.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign out everywhere else' })).toBeNull();
  });

  it('keeps the list as it was when the server refuses', async () => {
    const user = renderTab();
    endOne.mockResolvedValue({ ok: false, status: 403, message: 'My Information is not available while acting as another user.' });
    await user.click(screen.getByRole('button', { name: /^Sign out Firefox on Windows/ }));
    // The refusal is the app's error dialog (modal: the list behind it is hidden from the tree meanwhile).
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('My Information is not available while acting as another user.');
    expect(screen.getByRole('listitem', { name: 'Firefox on Windows', hidden: true })).toBeInTheDocument();
  });
});
