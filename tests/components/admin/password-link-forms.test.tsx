import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ForgotPasswordForm, SetPasswordForm } from '@/components/auth/password-link-forms';
import { CallProvider } from '@/components/ui/call-provider';
import { forgotPasswordAction, setPasswordAction } from '@/lib/actions/passwords';

const push = jest.fn();
jest.mock('next/navigation', () => ({ useRouter: () => ({ push, refresh: jest.fn() }) }));
jest.mock('@/lib/actions/passwords', () => ({ forgotPasswordAction: jest.fn(), setPasswordAction: jest.fn() }));
const forgot = jest.mocked(forgotPasswordAction);
const setPassword = jest.mocked(setPasswordAction);

beforeEach(() => jest.resetAllMocks());

describe('password link forms', () => {
  it('forgot password sends the address and shows the same answer whatever it is', async () => {
    const message = 'If an account uses that address, we have e-mailed it a link to choose a new password. The link works for one hour.';
    forgot.mockResolvedValue({ ok: true, data: { message } });
    const user = userEvent.setup();
    render(
      <CallProvider>
        <ForgotPasswordForm />
      </CallProvider>,
    );
    await user.type(screen.getByLabelText(/^Email/), ' Nobody@Example.com ');
    await user.click(screen.getByRole('button', { name: 'Send me a link' }));
    await waitFor(() => expect(forgot).toHaveBeenCalledWith({ email: 'nobody@example.com' }));
    expect(await screen.findByRole('status')).toHaveTextContent(message);
  });

  it("set password checks 'Passwords do not match' before sending, then goes to sign-in", async () => {
    setPassword.mockResolvedValue({ ok: true, data: { message: 'Your password has been set. Please sign in with it.' } });
    const user = userEvent.setup();
    render(
      <CallProvider>
        <SetPasswordForm token={'t'.repeat(43)} />
      </CallProvider>,
    );
    await user.type(screen.getByLabelText(/^New password/), 'Chosen-Pass-1');
    await user.type(screen.getByLabelText(/^Confirm new password/), 'Chosen-Pass-2');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(setPassword).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText(/^Confirm new password/));
    await user.type(screen.getByLabelText(/^Confirm new password/), 'Chosen-Pass-1');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    await waitFor(() => expect(setPassword).toHaveBeenCalledWith({ token: 't'.repeat(43), password: 'Chosen-Pass-1', password_confirmation: 'Chosen-Pass-1' }));
    // No dialog to close first: a non-blocking notice says it, and the way goes on to sign-in (issue 27).
    expect(await screen.findByRole('status')).toHaveTextContent('Your password has been set. Please sign in with it.');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    await waitFor(() => expect(push).toHaveBeenCalledWith('/login'));
  });
});
