import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { startAuthentication, startRegistration } from '@simplewebauthn/browser';
import { PasskeysSection } from '@/components/settings/passkeys-section';
import { PASSKEY_PROMPT_CLOSED } from '@/components/settings/second-proof';
import { CallProvider } from '@/components/ui/call-provider';
import type { PasskeyView } from '@/lib/account-settings/passkeys';
import { addPasskeyAction, beginPasskeyAction, confirmPasskeyOptionsAction, removePasskeyAction, renamePasskeyAction } from '@/lib/actions/settings';

jest.mock('@/lib/actions/settings', () => ({
  beginPasskeyAction: jest.fn(),
  addPasskeyAction: jest.fn(),
  renamePasskeyAction: jest.fn(),
  removePasskeyAction: jest.fn(),
  confirmPasskeyOptionsAction: jest.fn(),
}));
jest.mock('@simplewebauthn/browser', () => ({ startRegistration: jest.fn(), startAuthentication: jest.fn(), WebAuthnError: class extends Error {} }));

const begin = jest.mocked(beginPasskeyAction);
const add = jest.mocked(addPasskeyAction);
const rename = jest.mocked(renamePasskeyAction);
const remove = jest.mocked(removePasskeyAction);
const browserMakes = jest.mocked(startRegistration);
const confirmOptions = jest.mocked(confirmPasskeyOptionsAction);
const browserConfirms = jest.mocked(startAuthentication);

const laptop: PasskeyView = { hash: 'pk-laptop', name: 'Work laptop', addedOn: '11/20/2026', lastUsedOn: '11/28/2026' };

function renderSection(initial: PasskeyView[] = [laptop], hasApp = false) {
  const user = userEvent.setup();
  render(
    <CallProvider>
      <PasskeysSection initial={initial} hasApp={hasApp} />
    </CallProvider>,
  );
  return user;
}

beforeEach(() => jest.resetAllMocks());

describe('Settings, Security, passkeys', () => {
  it('lists each passkey with when it was added and last used', () => {
    renderSection([laptop, { hash: 'pk-phone', name: 'Phone', addedOn: '11/21/2026', lastUsedOn: null }]);
    expect(screen.getByRole('heading', { name: 'Passkeys' })).toBeInTheDocument();
    const card = screen.getByRole('listitem', { name: 'Work laptop' });
    expect(within(card).getByText('11/20/2026')).toBeInTheDocument();
    expect(within(card).getByText('11/28/2026')).toBeInTheDocument();
    expect(within(screen.getByRole('listitem', { name: 'Phone' })).getByText('Not yet')).toBeInTheDocument();
  });

  it('adds a named passkey made by the browser, and lists it', async () => {
    const user = renderSection([]);
    expect(screen.getByText('You have no passkeys yet.')).toBeInTheDocument();
    begin.mockResolvedValue({ ok: true, data: { challenge: 'c' } as never });
    browserMakes.mockResolvedValue({ id: 'cred' } as never);
    add.mockResolvedValue({
      ok: true,
      data: { passkey: { hash: 'pk-new', name: 'Desk', addedOn: '11/29/2026', lastUsedOn: null }, message: 'The passkey “Desk” was added.' },
    });
    await user.click(screen.getByRole('button', { name: 'Add a passkey' }));
    await user.type(screen.getByRole('textbox', { name: /Name for the new passkey/ }), 'Desk');
    await user.click(screen.getByRole('button', { name: 'Create the passkey' }));
    expect(browserMakes).toHaveBeenCalledWith({ optionsJSON: { challenge: 'c' } });
    expect(add).toHaveBeenCalledWith({ name: 'Desk', response: { id: 'cred' } });
    expect(await screen.findByRole('listitem', { name: 'Desk' })).toBeInTheDocument();
  });

  it('says so when the browser prompt is closed, and adds nothing', async () => {
    const user = renderSection([]);
    begin.mockResolvedValue({ ok: true, data: { challenge: 'c' } as never });
    browserMakes.mockRejectedValue(Object.assign(new Error('closed'), { name: 'NotAllowedError' }));
    await user.click(screen.getByRole('button', { name: 'Add a passkey' }));
    await user.type(screen.getByRole('textbox', { name: /Name for the new passkey/ }), 'Desk');
    await user.click(screen.getByRole('button', { name: 'Create the passkey' }));
    expect(await screen.findByText(/the prompt was closed or timed out/)).toBeInTheDocument();
    expect(add).not.toHaveBeenCalled();
  });

  it('renames one', async () => {
    const user = renderSection();
    rename.mockResolvedValue({ ok: true, data: { passkey: { ...laptop, name: 'Home laptop' }, message: 'The passkey was renamed “Home laptop”.' } });
    await user.click(screen.getByRole('button', { name: 'Rename Work laptop' }));
    const field = screen.getByRole('textbox', { name: /New name/ });
    await user.clear(field);
    await user.type(field, 'Home laptop');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(rename).toHaveBeenCalledWith({ passkey: 'pk-laptop', name: 'Home laptop' });
    expect(await screen.findByRole('listitem', { name: 'Home laptop' })).toBeInTheDocument();
  });

  it('removes one with the current password and a code from the app; a wrong password shows beside its field', async () => {
    const user = renderSection([laptop], true);
    await user.click(screen.getByRole('button', { name: 'Remove Work laptop' }));
    remove.mockResolvedValueOnce({
      ok: false,
      status: 422,
      message: 'The current password is incorrect.',
      fieldErrors: { password_check: 'The current password is incorrect.' },
    });
    await user.type(screen.getByLabelText(/Current Password/), 'wrong');
    await user.type(screen.getByLabelText(/Code from the app or a recovery code/), '123456');
    await user.click(screen.getByRole('button', { name: 'Remove passkey' }));
    expect(remove).toHaveBeenCalledWith({ passkey: 'pk-laptop', password_check: 'wrong', code: '123456' });
    expect(confirmOptions).not.toHaveBeenCalled();
    expect(await screen.findAllByText('The current password is incorrect.', undefined)).not.toHaveLength(0);
    // The Error dialog covers the page; the passkey is still listed behind it.
    expect(screen.getByRole('listitem', { name: 'Work laptop', hidden: true })).toBeInTheDocument();
  });

  it('without the app, a passkey confirms the removal (the browser asks for it)', async () => {
    const user = renderSection();
    await user.click(screen.getByRole('button', { name: 'Remove Work laptop' }));
    expect(screen.queryByLabelText(/Code from the app/)).not.toBeInTheDocument();
    expect(screen.getByText('Your browser will ask for one of your passkeys to confirm this.')).toBeInTheDocument();
    const options = { challenge: 'c2FtcGxl', rpId: 'localhost' };
    const assertion = { id: 'cred', rawId: 'cred', type: 'public-key', response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' } };
    confirmOptions.mockResolvedValueOnce({ ok: true, data: options as never });
    browserConfirms.mockResolvedValueOnce(assertion as never);
    remove.mockResolvedValueOnce({ ok: true, data: { message: 'The passkey “Work laptop” was removed.' } });
    await user.type(screen.getByLabelText(/Current Password/), 'right');
    await user.click(screen.getByRole('button', { name: 'Remove passkey' }));
    expect(browserConfirms).toHaveBeenCalledWith({ optionsJSON: options });
    expect(remove).toHaveBeenCalledWith({ passkey: 'pk-laptop', password_check: 'right', passkey_assertion: assertion });
    expect(await screen.findByText('The passkey “Work laptop” was removed.')).toBeInTheDocument();
    expect(screen.queryByRole('listitem', { name: 'Work laptop' })).not.toBeInTheDocument();
  });

  it('a closed passkey prompt removes nothing and says so', async () => {
    const user = renderSection();
    await user.click(screen.getByRole('button', { name: 'Remove Work laptop' }));
    confirmOptions.mockResolvedValueOnce({ ok: true, data: { challenge: 'c2FtcGxl' } as never });
    browserConfirms.mockRejectedValueOnce(Object.assign(new Error('closed'), { name: 'NotAllowedError' }));
    await user.type(screen.getByLabelText(/Current Password/), 'right');
    await user.click(screen.getByRole('button', { name: 'Remove passkey' }));
    expect(await screen.findByText(PASSKEY_PROMPT_CLOSED)).toBeInTheDocument();
    expect(remove).not.toHaveBeenCalled();
  });
});
