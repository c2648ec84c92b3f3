import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PayBalance } from '@/components/payments/balance-actions';
import { successMessage } from '@/components/payments/payment-due-dialog';
import { CallProvider } from '@/components/ui/call-provider';
import { payBalanceAction } from '@/lib/actions/payments';

jest.mock('@/lib/actions/payments', () => jest.requireActual('../payments-actions-mock'));
jest.mock('next/navigation', () => ({ useRouter: () => ({ refresh: jest.fn(), push: jest.fn() }) }));
const pay = jest.mocked(payBalanceAction);

async function fillCard(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/Name on card/), 'Ann Advisor');
  await user.type(screen.getByLabelText(/Card number/), '4242424242424242');
  await user.type(screen.getByLabelText(/Expiration/), '12/39');
  await user.type(screen.getByLabelText(/^CVV/), '123');
  await user.type(screen.getByLabelText(/Billing street/), '1 Main St');
  await user.type(screen.getByLabelText(/^City/), 'Austin');
  await user.selectOptions(screen.getByLabelText(/^State/), 'TX');
  await user.type(screen.getByLabelText(/^ZIP/), '78701');
}

/** Every dialog in the document, hidden from the accessibility tree or not. */
const allDialogs = () => [...screen.queryAllByRole('dialog', { hidden: true }), ...screen.queryAllByRole('alertdialog', { hidden: true })];

describe('Pay Balance', () => {
  it("closes its modal before the one 'Payment Successful!' dialog, whose title is said once", async () => {
    pay.mockResolvedValueOnce({ ok: true, data: { message: 'Payment Successful! Your balance is paid in full', advisor: {} } } as never);
    const user = userEvent.setup();
    render(
      <CallProvider>
        <PayBalance
          advisorHash="advisorhash"
          outstanding="2985.00"
          gatewayLabel={null}
          paymentForm={{ kind: 'fields', label: 'Sandbox — no real money moves' }}
          canKeepMethod
        />
      </CallProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Pay Balance' }));
    expect(screen.getByRole('dialog', { name: 'Pay Outstanding Balance' })).toBeInTheDocument();
    await fillCard(user);
    await user.click(screen.getByRole('button', { name: 'Pay $2,985.00' }));

    const success = await screen.findByRole('alertdialog', { name: 'Payment Successful!' });
    expect(allDialogs()).toEqual([success]);
    expect(success.textContent?.match(/Payment Successful!/g)).toHaveLength(1);
    expect(success).toHaveTextContent('Your balance is paid in full');
    await user.click(within(success).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(allDialogs()).toHaveLength(0));
  });
});

describe('successMessage', () => {
  it.each([
    ['Payment Successful! Your balance is paid in full', 'Your balance is paid in full'],
    ['Payment Successful!', ''],
    ['Payment Successful! Payment Successful! $995.00 was paid.', '$995.00 was paid.'],
    ['Payment Successful!\nYour balance is paid in full and auto-pay enabled', 'Your balance is paid in full and auto-pay enabled'],
    ['The trust fee is paid.', 'The trust fee is paid.'],
  ])('%j → title once, text %j', (text, message) => {
    expect(successMessage(text)).toEqual({ title: 'Payment Successful!', message });
  });
});
