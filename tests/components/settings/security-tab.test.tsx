import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SecurityTab } from '@/components/settings/security-tab';
import { CallProvider } from '@/components/ui/call-provider';
import type { OwnSession } from '@/lib/account-settings/own-sessions';
import { startAuthentication } from '@simplewebauthn/browser';
import { confirmPasskeyOptionsAction, disableTotpAction, endOtherSessionsAction, endSessionAction } from '@/lib/actions/settings';

jest.mock('@/lib/actions/settings', () => ({
  endSessionAction: jest.fn(),
  endOtherSessionsAction: jest.fn(),
  beginTotpAction: jest.fn(),
  confirmTotpAction: jest.fn(),
  renewRecoveryCodesAction: jest.fn(),
  disableTotpAction: jest.fn(),
  confirmPasskeyOptionsAction: jest.fn(),
  beginPasskeyAction: jest.fn(),
  addPasskeyAction: jest.fn(),
  renamePasskeyAction: jest.fn(),
  removePasskeyAction: jest.fn(),
}));
jest.mock('@simplewebauthn/browser', () => ({ startRegistration: jest.fn(), startAuthentication: jest.fn(), WebAuthnError: class extends Error {} }));
const endOne = jest.mocked(endSessionAction);
const endOthers = jest.mocked(endOtherSessionsAction);

const sessions: OwnSession[] = [
  {
    handle: 'AAAAAAAAAAAAAAAAAAAAAA',
    device: 'Chrome on macOS',
    address: '203.0.113.10',
    place: 'Austin, Texas, United States',
    signedInAt: '11/29/2026 9:02 AM EST',
    lastSeenAt: '11/29/2026 9:40 AM EST',
    current: true,
  },
  {
    handle: 'BBBBBBBBBBBBBBBBBBBBBB',
    device: 'Firefox on Windows',
    address: '198.51.100.7',
    place: null,
    signedInAt: '11/27/2026 8:15 PM EST',
    lastSeenAt: '11/28/2026 7:01 AM EST',
    current: false,
  },
  {
    handle: 'CCCCCCCCCCCCCCCCCCCCCC',
    device: 'Safari on iOS',
    address: null,
    place: null,
    signedInAt: '11/26/2026 6:00 PM EST',
    lastSeenAt: null,
    current: false,
  },
];

function renderTab(initial = sessions, factors: { app?: boolean; passkeys?: boolean } = {}) {
  const user = userEvent.setup();
  const passkeys = factors.passkeys ? [{ hash: 'pk-laptop', name: 'Work laptop', addedOn: '11/20/2026', lastUsedOn: null }] : [];
  render(
    <CallProvider>
      <SecurityTab
        initial={initial}
        authenticator={{ enrolled: Boolean(factors.app), since: factors.app ? '11/20/2026' : null, recoveryCodesLeft: factors.app ? 10 : 0 }}
        passkeys={passkeys}
      />
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
    // Near where, when a trusted proxy told it; nothing is said of a place not known.
    expect(within(mine).getByText('Austin, Texas, United States')).toBeInTheDocument();
    expect(within(card('Firefox on Windows')).queryByText('Near')).toBeNull();
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

  it('turns the authenticator app off with the password and a passkey instead of a code, when the user has one', async () => {
    const user = renderTab(sessions, { app: true, passkeys: true });
    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    const form = screen.getByRole('form', { name: 'Turn off the authenticator app' });
    const options = { challenge: 'c2FtcGxl' };
    const assertion = { id: 'cred', rawId: 'cred', type: 'public-key', response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' } };
    jest.mocked(confirmPasskeyOptionsAction).mockResolvedValueOnce({ ok: true, data: options as never });
    jest.mocked(startAuthentication).mockResolvedValueOnce(assertion as never);
    jest.mocked(disableTotpAction).mockResolvedValueOnce({ ok: true, data: { message: 'The authenticator app was removed from your account.' } });
    await user.type(within(form).getByLabelText(/Current Password/), 'right');
    await user.click(within(form).getByRole('button', { name: 'Use a passkey instead' }));
    expect(disableTotpAction).toHaveBeenCalledWith({ password_check: 'right', passkey_assertion: assertion });
    expect(await screen.findByText('The authenticator app was removed from your account.')).toBeInTheDocument();
    // The passkeys section now knows the app is gone: removing a passkey asks the passkey, not a code.
    await user.click(screen.getByRole('button', { name: 'Remove Work laptop' }));
    expect(screen.queryByLabelText(/Code from the app/)).not.toBeInTheDocument();
  });

  it('offers no passkey when the user has none', async () => {
    const user = renderTab(sessions, { app: true });
    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    expect(screen.queryByRole('button', { name: 'Use a passkey instead' })).not.toBeInTheDocument();
    expect(screen.getByLabelText(/Code from the app or a recovery code/)).toBeInTheDocument();
  });
});
