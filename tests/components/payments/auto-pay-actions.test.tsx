import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AutoPayActions } from '@/components/payments/balance-actions';
import { CallProvider } from '@/components/ui/call-provider';
import { disableAutoPayAction } from '@/lib/actions/payments';

jest.mock('@/lib/actions/payments', () => jest.requireActual('../payments-actions-mock'));
jest.mock('next/navigation', () => ({ useRouter: () => ({ refresh: jest.fn(), push: jest.fn() }) }));
const disable = jest.mocked(disableAutoPayAction);

function renderActions(canChangeSettings: boolean) {
  render(
    <CallProvider>
      <AutoPayActions advisorHash="advisorhash" isAutoPay hasMethod canChangeSettings={canChangeSettings} />
    </CallProvider>,
  );
}

describe('AutoPayActions', () => {
  it("offers Disable Auto-Pay and the method's removal to the advisor, and disables auto-pay", async () => {
    disable.mockResolvedValueOnce({ ok: true, data: { message: 'Auto-pay has been disabled', advisor: {} } } as never);
    renderActions(true);
    expect(screen.getByRole('button', { name: 'Remove Stored Payment Method' })).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Disable Auto-Pay' }));
    expect(disable).toHaveBeenCalledWith({ advisor_id: 'advisorhash' });
    // A notice, not a dialog: the spec names no confirmation for it (issue 27).
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Auto-pay has been disabled'));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('offers neither while an admin acts as the advisor: money settings are their owner’s', () => {
    renderActions(false);
    expect(screen.queryByRole('button', { name: 'Disable Auto-Pay' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Remove Stored Payment Method/ })).toBeNull();
  });
});
