import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FirmSecurity } from '@/components/dashboard/firm-security';
import { CallProvider } from '@/components/ui/call-provider';
import { setFirmSecondFactorAction } from '@/lib/actions/advisors';

jest.mock('@/lib/actions/advisors', () => ({ setFirmSecondFactorAction: jest.fn() }));
const setRule = jest.mocked(setFirmSecondFactorAction);

beforeEach(() => jest.resetAllMocks());

describe('My Team, sign-in security', () => {
  it('shows each firm’s rule and saves a change with a notice', async () => {
    const user = userEvent.setup();
    render(
      <CallProvider>
        <FirmSecurity firms={[{ hash: 'firm-1', name: 'Harbor Wealth', requiresSecondFactor: false }]} />
      </CallProvider>,
    );
    const box = screen.getByRole('checkbox', { name: /Require Harbor Wealth’s advisors to sign in with a second step/ });
    expect(box).not.toBeChecked();
    setRule.mockResolvedValue({
      ok: true,
      data: { required: true, message: 'Harbor Wealth’s advisors now sign in with an authenticator app, after a 14-day grace period.' },
    });
    await user.click(box);
    expect(setRule).toHaveBeenCalledWith({ firm_id: 'firm-1', required: true });
    expect(await screen.findByRole('status')).toHaveTextContent('Harbor Wealth’s advisors now sign in');
    expect(box).toBeChecked();
  });

  it('keeps the box as it was when refused', async () => {
    const user = userEvent.setup();
    render(
      <CallProvider>
        <FirmSecurity firms={[{ hash: 'firm-1', name: 'Harbor Wealth', requiresSecondFactor: true }]} />
      </CallProvider>,
    );
    setRule.mockResolvedValue({ ok: false, status: 404, message: 'Firm not found.' });
    await user.click(screen.getByRole('checkbox'));
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('Firm not found.');
    expect(screen.getByRole('checkbox', { hidden: true })).toBeChecked();
  });
});
