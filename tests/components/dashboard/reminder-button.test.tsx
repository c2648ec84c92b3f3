import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ReminderButton } from '@/components/dashboard/reminder-button';
import { CallProvider } from '@/components/ui/call-provider';
import { sendReminderAction } from '@/lib/actions/advisors';

jest.mock('@/lib/actions/advisors', () => ({ sendReminderAction: jest.fn() }));
const refresh = jest.fn();
jest.mock('next/navigation', () => ({ useRouter: () => ({ push: jest.fn(), refresh }) }));
const send = jest.mocked(sendReminderAction);

describe('ReminderButton', () => {
  it('says the reminder went in a non-blocking notice, not a dialog (issue 27), and reloads the row', async () => {
    send.mockResolvedValueOnce({ ok: true, data: {} } as never);
    render(
      <CallProvider>
        <ReminderButton clientHash="client-1" name="Ann Lee" disabled={false} />
      </CallProvider>,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Send reminder to Ann Lee' }));
    expect(send).toHaveBeenCalledWith({ client_hash: 'client-1' });
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('A reminder was e-mailed to Ann Lee.'));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(refresh).toHaveBeenCalled();
  });
});
