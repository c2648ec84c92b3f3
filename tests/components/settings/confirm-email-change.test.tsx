import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfirmEmailChange } from '@/components/settings/confirm-email-change';
import { CallProvider } from '@/components/ui/call-provider';
import { confirmEmailChangeAction } from '@/lib/actions/settings';

jest.mock('@/lib/actions/settings', () => ({ confirmEmailChangeAction: jest.fn() }));
const confirmAction = jest.mocked(confirmEmailChangeAction);

function renderButton() {
  const user = userEvent.setup();
  render(
    <CallProvider>
      <ConfirmEmailChange token="tok_en-1" newEmail="new@example.com" />
    </CallProvider>,
  );
  return user;
}

beforeEach(() => jest.resetAllMocks());

describe('ConfirmEmailChange', () => {
  it('confirms only on the button (a POST), then shows the spec message and the new sign-in email', async () => {
    confirmAction.mockResolvedValue({ ok: true, data: { message: 'Your email has been successfully updated.', email: 'new@example.com' } });
    const user = renderButton();
    expect(screen.getByText(/Sign in with new@example.com from now on\?/)).toBeInTheDocument();
    expect(confirmAction).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(confirmAction).toHaveBeenCalledWith({ token: 'tok_en-1' });
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByRole('heading', { name: 'Success' })).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Your email has been successfully updated.');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.getByText('From now on, sign in with new@example.com.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirm' })).not.toBeInTheDocument();
  });

  it("shows the server's refusal in the Error dialog and keeps the button", async () => {
    confirmAction.mockResolvedValue({ ok: false, status: 409, message: 'That email is already in use.' });
    const user = renderButton();
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByRole('heading', { name: 'Error' })).toBeInTheDocument();
    expect(dialog).toHaveTextContent('That email is already in use.');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeEnabled();
  });
});
