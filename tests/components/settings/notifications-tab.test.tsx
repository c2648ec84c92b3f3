import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NOTIFICATIONS_SAVED, NotificationsTab, SECURITY_NOTE } from '@/components/settings/notifications-tab';
import { SettingsPanel } from '@/components/settings/settings-panel';
import { CallProvider } from '@/components/ui/call-provider';
import { saveEmailChoicesAction } from '@/lib/actions/notifications';
import type { EmailChoice } from '@/lib/notifications/preferences';

jest.mock('@/lib/actions/notifications', () => ({ saveEmailChoicesAction: jest.fn() }));
jest.mock('@/lib/actions/settings', () => ({}));
jest.mock('@/lib/actions/payments', () => ({}));
const saveAction = jest.mocked(saveEmailChoicesAction);

const choices: EmailChoice[] = [
  { kind: 'plan-status', label: 'Trust status changes', description: 'When the trust moves to a new stage.', enabled: true },
  { kind: 'document-uploaded', label: 'New documents', description: 'When the attorney uploads a document.', enabled: false },
  { kind: 'payment', label: 'Payments', description: 'When a payment succeeds or fails.', enabled: true },
];

function renderTab(initial: EmailChoice[] = choices) {
  const user = userEvent.setup();
  render(
    <CallProvider>
      <NotificationsTab initial={initial} />
    </CallProvider>,
  );
  return user;
}

const box = (label: string) => screen.getByRole('checkbox', { name: `E-mail me about ${label.toLowerCase()}` });

beforeEach(() => jest.resetAllMocks());

describe('Settings, Notifications tab', () => {
  it('lists each kind with its description, checked as stored, and says security mail is always sent', () => {
    renderTab();
    expect(box('Trust status changes')).toBeChecked();
    expect(box('New documents')).not.toBeChecked();
    expect(box('Payments')).toBeChecked();
    expect(box('New documents')).toHaveAccessibleDescription('When the attorney uploads a document.');
    // A table of kinds by channel: E-mail is a column, so another channel is another column.
    expect(screen.getByRole('columnheader', { name: 'E-mail' })).toBeInTheDocument();
    expect(screen.getByText(SECURITY_NOTE)).toBeInTheDocument();
    // Nothing changed yet: nothing to save.
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('saves every row with the toggles as they stand, then says so', async () => {
    const user = renderTab();
    saveAction.mockResolvedValue({ ok: true, data: choices.map((c) => ({ ...c, enabled: c.kind === 'document-uploaded' })) });
    await user.click(box('Trust status changes'));
    await user.click(box('New documents'));
    await user.click(box('Payments'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(saveAction).toHaveBeenCalledTimes(1);
    expect(saveAction).toHaveBeenCalledWith({ email: { 'plan-status': false, 'document-uploaded': true, payment: false } });
    expect(await screen.findByRole('status')).toHaveTextContent(NOTIFICATIONS_SAVED);
    expect(box('Trust status changes')).not.toBeChecked();
    expect(box('New documents')).toBeChecked();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it("shows a failed save's message and keeps the user's toggles", async () => {
    const user = renderTab();
    saveAction.mockResolvedValue({ ok: false, status: 403, message: 'Notification settings are not available while acting as another user.' });
    await user.click(box('Payments'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Notification settings are not available while acting as another user.');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(box('Payments')).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('says so when the account has nothing to choose (an admin)', () => {
    renderTab([]);
    expect(screen.getByText('There are no notifications to choose for your account.')).toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.getByText(SECURITY_NOTE)).toBeInTheDocument();
  });

  it('is a tab of My Information that a link can open (?tab=notifications)', () => {
    render(
      <CallProvider>
        <SettingsPanel
          initial={{
            name: { nickname: '', first_name: 'Jane', middle_name: '', last_name: 'Public', suffix: '' },
            email: 'jane@example.com',
            phone: '5551234567',
          }}
          emailChoices={choices}
          initialTab="notifications"
        />
      </CallProvider>,
    );
    expect(screen.getByRole('tab', { name: 'Notifications' })).toHaveAttribute('aria-selected', 'true');
    expect(within(screen.getByRole('tabpanel', { name: 'Notifications' })).getByRole('form', { name: 'E-mail notifications' })).toBeVisible();
  });
});
