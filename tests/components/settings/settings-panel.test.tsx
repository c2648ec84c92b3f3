import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { cancelAnnualChargeAction } from '@/lib/actions/payments';
import { updateEmailAction, updateNameAction, updatePasswordAction, updatePhoneAction } from '@/lib/actions/settings';
import type { AnnualChargeView } from '@/lib/billing/queries';
import type { PaymentSummary } from '@/lib/billing/receipts';
import { SettingsPanel } from '@/components/settings/settings-panel';
import { CallProvider } from '@/components/ui/call-provider';
import type { SettingsValues } from '@/lib/account-settings/types';

jest.mock('@/lib/actions/settings', () => ({
  updateNameAction: jest.fn(),
  updateEmailAction: jest.fn(),
  updatePhoneAction: jest.fn(),
  updatePasswordAction: jest.fn(),
}));
jest.mock('@/lib/actions/payments', () => ({ cancelAnnualChargeAction: jest.fn() }));
jest.mock('@/lib/actions/notifications', () => ({ saveEmailChoicesAction: jest.fn() }));
const cancelAction = jest.mocked(cancelAnnualChargeAction);

const nameAction = jest.mocked(updateNameAction);
const emailAction = jest.mocked(updateEmailAction);
const phoneAction = jest.mocked(updatePhoneAction);
const passwordAction = jest.mocked(updatePasswordAction);

const initial: SettingsValues = {
  name: { nickname: '', first_name: 'Jane', middle_name: 'Q', last_name: 'Public', suffix: '' },
  email: 'jane@example.com',
  phone: '5551234567',
};

function renderPanel(values: SettingsValues = initial) {
  const user = userEvent.setup();
  render(
    <CallProvider>
      <SettingsPanel initial={values} />
    </CallProvider>,
  );
  return user;
}

/** The open message dialog (Error or Success), checked by title and text, then closed with OK. */
async function expectDialog(user: ReturnType<typeof userEvent.setup>, title: string, message: string) {
  const dialog = await screen.findByRole('alertdialog');
  expect(within(dialog).getByRole('heading', { name: title })).toBeInTheDocument();
  expect(dialog).toHaveTextContent(message);
  await user.click(within(dialog).getByRole('button', { name: 'OK' }));
  await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
}

beforeEach(() => jest.resetAllMocks());

const history: PaymentSummary[] = [{ hash: 'payment1hash', paidOn: '11/28/2026', amount: '995.00', description: 'Trust fee', status: 'paid' }];
const charge: AnnualChargeView = { hash: 'charge1hash', amount: '95.00', nextChargeOn: '06/01/2027', canceledOn: null, method: 'Visa ending in 4242' };

describe('SettingsPanel, Payments (clients)', () => {
  it('is a tab only for clients: others see the spec’s two tabs', () => {
    renderPanel();
    expect(screen.queryByRole('tab', { name: 'Payments' })).toBeNull();
  });

  it('shows the annual charge and cancels it after a confirmation that says what canceling means', async () => {
    const user = userEvent.setup();
    render(
      <CallProvider>
        <SettingsPanel initial={initial} payments={{ annualCharges: [charge], history }} />
      </CallProvider>,
    );
    await user.click(screen.getByRole('tab', { name: 'Payments' }));
    const panel = screen.getByRole('tabpanel', { name: 'Payments' });
    expect(panel).toHaveTextContent('$95.00 a year');
    expect(panel).toHaveTextContent('06/01/2027');
    expect(panel).toHaveTextContent('Visa ending in 4242');
    expect(within(panel).getByRole('link', { name: 'Receipt for Trust fee of 11/28/2026' })).toHaveAttribute('href', '/receipts/payment1hash');

    await user.click(within(panel).getByRole('button', { name: 'Cancel Annual Charge' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm).toHaveTextContent('$95.00 a year will no longer be charged to your Visa ending in 4242');
    // Keeping it is the safe default: nothing is sent.
    await user.click(within(confirm).getByRole('button', { name: 'Keep It' }));
    expect(cancelAction).not.toHaveBeenCalled();

    cancelAction.mockResolvedValue({
      ok: true,
      data: { message: 'Your annual charge has been canceled. It will not be charged again.', charges: [{ ...charge, canceledOn: '11/28/2026' }] },
    });
    await user.click(within(panel).getByRole('button', { name: 'Cancel Annual Charge' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel Annual Charge' }));
    expect(cancelAction).toHaveBeenCalledWith({ charge_hash: 'charge1hash' });
    // Not among the spec's messages: a non-blocking notice, not a dialog (issue 27).
    expect(await screen.findByRole('status')).toHaveTextContent('Your annual charge has been canceled. It will not be charged again.');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(panel).toHaveTextContent('Canceled on 11/28/2026');
    expect(within(panel).queryByRole('button', { name: 'Cancel Annual Charge' })).toBeNull();
  });

  it('says plainly when no annual charge is set up', async () => {
    const user = userEvent.setup();
    render(
      <CallProvider>
        <SettingsPanel initial={initial} payments={{ annualCharges: [], history: [] }} />
      </CallProvider>,
    );
    await user.click(screen.getByRole('tab', { name: 'Payments' }));
    expect(screen.getByRole('tabpanel', { name: 'Payments' })).toHaveTextContent('No annual charge is set up.');
  });
});

describe('SettingsPanel', () => {
  it('switches between the Name and Credentials tabs by click and arrow keys', async () => {
    const user = renderPanel();
    const nameTab = screen.getByRole('tab', { name: 'Name' });
    const credentialsTab = screen.getByRole('tab', { name: 'Credentials' });
    expect(screen.getByRole('tablist', { name: 'My Information' })).toBeInTheDocument();
    expect(nameTab).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Name' })).toHaveTextContent('Jane');
    expect(screen.getByText('jane@example.com')).not.toBeVisible();

    await user.click(credentialsTab);
    expect(credentialsTab).toHaveAttribute('aria-selected', 'true');
    const panel = screen.getByRole('tabpanel', { name: 'Credentials' });
    expect(panel).toHaveTextContent('jane@example.com');
    expect(panel).toHaveTextContent('(555) 123-4567');

    // Roving tabindex and arrow keys (wrapping), as the WAI-ARIA tabs pattern describes.
    expect(credentialsTab).toHaveAttribute('tabindex', '0');
    expect(nameTab).toHaveAttribute('tabindex', '-1');
    const securityTab = screen.getByRole('tab', { name: 'Security' });
    const notificationsTab = screen.getByRole('tab', { name: 'Notifications' });
    await user.keyboard('{ArrowRight}');
    expect(securityTab).toHaveFocus();
    expect(screen.getByRole('tabpanel', { name: 'Security' })).toHaveTextContent('Where you are signed in');
    await user.keyboard('{ArrowRight}');
    expect(notificationsTab).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(nameTab).toHaveFocus();
    expect(nameTab).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowLeft}');
    expect(notificationsTab).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(securityTab).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(credentialsTab).toHaveFocus();
    await user.keyboard('{Home}');
    expect(screen.getByRole('tabpanel', { name: 'Name' })).toBeVisible();
  });

  it('edits only one field group at a time', async () => {
    const user = renderPanel();
    await user.click(screen.getByRole('tab', { name: 'Credentials' }));
    await user.click(screen.getByRole('button', { name: 'Edit email' }));

    expect(screen.getByRole('form', { name: 'Edit email' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Email/ })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Edit phone' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Edit password' })).toBeDisabled();
    await user.click(screen.getByRole('tab', { name: 'Name' }));
    expect(screen.getByRole('button', { name: 'Edit name' })).toBeDisabled();
    expect(screen.getAllByRole('form', { hidden: true })).toHaveLength(1);

    // Cancel ends edit mode, unlocks the others and returns focus to the group's Edit button.
    await user.click(screen.getByRole('tab', { name: 'Credentials' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit email' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Edit phone' })).toBeEnabled();
  });

  it('asks for the current password before any call', async () => {
    const user = renderPanel();
    await user.click(screen.getByRole('button', { name: 'Edit name' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await expectDialog(user, 'Error', 'Your current password is required.');
    expect(nameAction).not.toHaveBeenCalled();
    expect(screen.getByRole('form', { name: 'Edit name' })).toBeInTheDocument();
  });

  it('refuses an unchanged email (whatever its case) without calling the server', async () => {
    const user = renderPanel();
    await user.click(screen.getByRole('tab', { name: 'Credentials' }));
    await user.click(screen.getByRole('button', { name: 'Edit email' }));
    const email = screen.getByRole('textbox', { name: /^Email/ });
    await user.clear(email);
    await user.type(email, ' Jane@Example.com');
    await user.type(screen.getByLabelText(/^Current Password/), 'secret-pass{Enter}');
    await expectDialog(user, 'Error', "Your email hasn't been changed.");
    expect(emailAction).not.toHaveBeenCalled();
  });

  // Issue 18: the name fields filter as typed (platform §5).
  it('name fields keep letters, apostrophe, period, hyphen and space as typed', async () => {
    const user = renderPanel();
    await user.click(screen.getByRole('button', { name: 'Edit name' }));
    for (const label of [/^Nickname/, /^First Name/, /^Middle Name/, /^Last Name/]) {
      await user.clear(screen.getByLabelText(label));
      await user.type(screen.getByLabelText(label), 'Ann3#e José');
      expect(screen.getByLabelText(label)).toHaveValue('Anne José');
    }
  });

  it('submits the name form with Enter, shows the success message and ends edit mode', async () => {
    nameAction.mockResolvedValue({
      ok: true,
      data: {
        message: 'Your name has been successfully updated.',
        name: { nickname: 'JJ', first_name: 'Janet', middle_name: 'Q', last_name: 'Public', suffix: 'Jr.' },
      },
    });
    const user = renderPanel();
    await user.click(screen.getByRole('button', { name: 'Edit name' }));
    expect(screen.getByLabelText('Nickname')).toHaveFocus();
    await user.type(screen.getByLabelText('Nickname'), 'JJ');
    const first = screen.getByLabelText(/^First Name/);
    await user.clear(first);
    await user.type(first, 'Janet');
    await user.selectOptions(screen.getByLabelText('Suffix'), 'Jr.');
    await user.type(screen.getByLabelText(/^Current Password/), 'secret-pass');
    await user.keyboard('{Enter}');

    await waitFor(() => expect(nameAction).toHaveBeenCalledTimes(1));
    expect(nameAction).toHaveBeenCalledWith({
      nickname: 'JJ',
      first_name: 'Janet',
      middle_name: 'Q',
      last_name: 'Public',
      suffix: 'Jr.',
      password_check: 'secret-pass',
    });
    await expectDialog(user, 'Success', 'Your name has been successfully updated.');
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    const panel = screen.getByRole('tabpanel', { name: 'Name' });
    expect(panel).toHaveTextContent('Janet');
    expect(panel).toHaveTextContent('JJ');
    expect(panel).toHaveTextContent('Jr.');
    expect(screen.getByRole('button', { name: 'Edit name' })).toHaveFocus();
  });

  it('asks for a new email with the legacy contact_info shape: says where the link went, keeps the email, shows the new one as waiting', async () => {
    const sent = 'We sent a confirmation link to new@example.com. Your email will change when you open that link and confirm.';
    emailAction.mockResolvedValue({ ok: true, data: { message: sent, email: 'jane@example.com', pendingEmail: 'new@example.com' } });
    const user = renderPanel();
    await user.click(screen.getByRole('tab', { name: 'Credentials' }));
    await user.click(screen.getByRole('button', { name: 'Edit email' }));
    const email = screen.getByRole('textbox', { name: /^Email/ });
    await user.clear(email);
    await user.type(email, 'New@Example.com');
    await user.type(screen.getByLabelText(/^Current Password/), 'secret-pass{Enter}');
    await waitFor(() =>
      expect(emailAction).toHaveBeenCalledWith({
        contact_info: { email: 'new@example.com', phone: '5551234567' },
        password_check: 'secret-pass',
      }),
    );
    // Not among the spec's messages (the group shows the address waiting): a notice, not a dialog (issue 27).
    expect(await screen.findByRole('status')).toHaveTextContent(sent);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    const group = screen.getByRole('region', { name: 'Email' });
    const term = (label: string) => within(group).getByText(label, { selector: 'dt' }).nextElementSibling;
    expect(term('Email')).toHaveTextContent('jane@example.com');
    expect(term('Waiting for confirmation')).toHaveTextContent('new@example.com');
  });

  it('shows an email change waiting for its link when the page loads', async () => {
    const user = renderPanel({ ...initial, pendingEmail: 'later@example.com' });
    await user.click(screen.getByRole('tab', { name: 'Credentials' }));
    expect(screen.getByRole('region', { name: 'Email' })).toHaveTextContent('Waiting for confirmationlater@example.com');
  });

  it('saves the phone typed through the mask as digits', async () => {
    phoneAction.mockResolvedValue({ ok: true, data: { message: 'Your phone number has been successfully updated.', phone: '2125550100' } });
    const user = renderPanel();
    await user.click(screen.getByRole('tab', { name: 'Credentials' }));
    await user.click(screen.getByRole('button', { name: 'Edit phone' }));
    const phone = screen.getByRole('textbox', { name: /^Phone/ });
    expect(phone).toHaveValue('(555) 123-4567');
    await user.clear(phone);
    await user.type(phone, '2125550100');
    expect(phone).toHaveValue('(212) 555-0100');
    await user.type(screen.getByLabelText(/^Current Password/), 'secret-pass{Enter}');
    await waitFor(() =>
      expect(phoneAction).toHaveBeenCalledWith({
        contact_info: { email: 'jane@example.com', phone: '2125550100' },
        password_check: 'secret-pass',
      }),
    );
    await expectDialog(user, 'Success', 'Your phone number has been successfully updated.');
    expect(screen.getByRole('tabpanel', { name: 'Credentials' })).toHaveTextContent('(212) 555-0100');
  });

  it('checks the password confirmation, saves with the Save button and not with Enter', async () => {
    passwordAction.mockResolvedValue({ ok: true, data: { message: 'Your password has been successfully updated.' } });
    const user = renderPanel();
    await user.click(screen.getByRole('tab', { name: 'Credentials' }));
    await user.click(screen.getByRole('button', { name: 'Edit password' }));
    await user.type(screen.getByLabelText(/^New Password/), 'brand-new-pass');
    await user.type(screen.getByLabelText(/^Confirm New Password/), 'brand-new-pasS');
    await user.type(screen.getByLabelText(/^Current Password/), 'secret-pass{Enter}');
    expect(passwordAction).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(passwordAction).not.toHaveBeenCalled();

    const confirmation = screen.getByLabelText(/^Confirm New Password/);
    await user.clear(confirmation);
    await user.type(confirmation, 'brand-new-pass');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(passwordAction).toHaveBeenCalledWith({
        password_check: 'secret-pass',
        new_password: 'brand-new-pass',
        new_password_confirmation: 'brand-new-pass',
      }),
    );
    await expectDialog(user, 'Success', 'Your password has been successfully updated.');
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });

  it("shows the server's message in the Error dialog and stays in edit mode", async () => {
    phoneAction.mockResolvedValue({
      ok: false,
      status: 422,
      message: 'Your current password is incorrect.',
      fieldErrors: { password_check: 'Your current password is incorrect.' },
    });
    const user = renderPanel();
    await user.click(screen.getByRole('tab', { name: 'Credentials' }));
    await user.click(screen.getByRole('button', { name: 'Edit phone' }));
    await user.type(screen.getByLabelText(/^Current Password/), 'wrong-pass{Enter}');
    await expectDialog(user, 'Error', 'Your current password is incorrect.');
    expect(screen.getByRole('form', { name: 'Edit phone' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Current Password/)).toHaveAccessibleDescription('Your current password is incorrect.');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('tabpanel', { name: 'Credentials' })).toHaveTextContent('(555) 123-4567');
  });
});
