import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PaymentDueDialog } from '@/components/payments/payment-due-dialog';
import { CallProvider } from '@/components/ui/call-provider';
import { payTrustFeeAction } from '@/lib/actions/payments';
import type { AmountDueView } from '@/lib/billing/trust-fee';

jest.mock('@/lib/actions/payments', () => jest.requireActual('../payments-actions-mock'));
const payAction = jest.mocked(payTrustFeeAction);

const fee: AmountDueView = {
  amountFull: '1495.00',
  amountWaived: '500.00',
  amountDue: '995.00',
  amountRecurring: '95.00',
  recurringStartsOn: '11/26/2027',
  setupCharge: false,
  waived: false,
  paymentStep: 'pay',
  gatewayLabel: 'Sandbox — no real money moves',
};
const acknowledgements = [{ client_hash: 'client1hash', statements: [1, 2, 3] as (1 | 2 | 3)[] }];

function renderDialog(view: AmountDueView = fee) {
  const user = userEvent.setup();
  const onSubmitted = jest.fn();
  const run = jest.fn(async (action: () => Promise<unknown>) => action()) as never;
  render(
    <CallProvider>
      <PaymentDueDialog open fee={view} clientHash="client1hash" acknowledgements={acknowledgements} run={run} onClose={jest.fn()} onSubmitted={onSubmitted} />
    </CallProvider>,
  );
  return { user, onSubmitted };
}

async function fillCard(user: ReturnType<typeof userEvent.setup>, number: string, expiry = '12/39') {
  await user.type(screen.getByLabelText(/Name on card/), 'Pat Payer');
  await user.type(screen.getByLabelText(/Card number/), number);
  await user.type(screen.getByLabelText(/Expiration/), expiry);
  await user.type(screen.getByLabelText(/^CVV/), '123');
  await user.type(screen.getByLabelText(/Billing street/), '1 Main St');
  await user.type(screen.getByLabelText(/^City/), 'Austin');
  await user.selectOptions(screen.getByLabelText(/^State/), 'TX');
  await user.type(screen.getByLabelText(/^ZIP/), '78701');
}

beforeEach(() => payAction.mockReset());

describe('the Payment Due modal', () => {
  it('shows the amount due, the annual charge from one year from today and the sandbox label', () => {
    renderDialog();
    expect(screen.getByText('Sandbox — no real money moves')).toBeInTheDocument();
    expect(screen.getByTestId('amount-due')).toHaveTextContent('$995.00');
    expect(screen.getByTestId('amount-recurring')).toHaveTextContent('$95.00');
    expect(screen.getByText(/starts one year from today, on 11\/26\/2027/)).toBeInTheDocument();
    expect(screen.getByLabelText(/Save this method/)).not.toBeChecked();
  });

  it('masks the card 4-4-4-4, or 4-6-5 when it starts with 3; CVV up to 4 digits', async () => {
    const { user } = renderDialog();
    const number = screen.getByLabelText(/Card number/);
    await user.type(number, '4242424242424242999');
    expect(number).toHaveValue('4242 4242 4242 4242');
    await user.clear(number);
    await user.type(number, '378282246310005999');
    expect(number).toHaveValue('3782 822463 10005');
    const cvv = screen.getByLabelText(/^CVV/);
    await user.type(cvv, '123456');
    expect(cvv).toHaveValue('1234');
  });

  it("clears a past expiry with 'Card is expired', and an impossible one", async () => {
    const { user } = renderDialog();
    const expiry = screen.getByLabelText(/Expiration/);
    await user.type(expiry, '01/20');
    await user.tab();
    expect(expiry).toHaveValue('');
    expect(await screen.findByText('Card is expired')).toBeInTheDocument();
    await user.type(expiry, '13');
    await user.tab();
    expect(expiry).toHaveValue('');
  });

  it('the bank form: routing 9 digits, account up to 17, checking or savings', async () => {
    const { user } = renderDialog();
    await user.click(screen.getByLabelText(/Bank account/));
    const routing = screen.getByLabelText(/Routing number/);
    await user.type(routing, '0000000131');
    expect(routing).toHaveValue('000000013');
    const account = screen.getByLabelText(/Account number/);
    await user.type(account, '1234567890123456789');
    expect(account).toHaveValue('12345678901234567');
    expect(screen.getByLabelText(/Account type/)).toHaveValue('checking');
  });

  it("pays with the card's digits and reports success, then the submission's message", async () => {
    payAction.mockResolvedValue({
      ok: true,
      data: {
        view: {} as never,
        message: 'Payment Successful! $995.00 was paid with your Visa ending in 4242.',
        estate_plan: { hash: 'p', status: 'sent', status_full: 'Sent for Review' },
        payment: { amount: '995.00', status: 'succeeded', method: 'Visa ending in 4242' },
      },
    } as never);
    const { user, onSubmitted } = renderDialog();
    await fillCard(user, '4242424242424242');
    await user.click(screen.getByRole('button', { name: 'Pay $995.00 and Submit' }));
    await waitFor(() => expect(payAction).toHaveBeenCalled());
    expect(payAction.mock.calls[0][0]).toMatchObject({
      client_hash: 'client1hash',
      acknowledgements,
      save_method: false,
      method: { charge_type: 'card', card_number: '4242424242424242', expiry: '12/39' },
    });
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Payment Successful!');
    expect(onSubmitted).toHaveBeenCalled();
  });

  it("shows the gateway's reason when the card is declined", async () => {
    payAction.mockResolvedValue({ ok: false, status: 402, message: 'Your card was declined. Nothing was charged.' });
    const { user, onSubmitted } = renderDialog();
    await fillCard(user, '4000000000000002');
    await user.click(screen.getByRole('button', { name: 'Pay $995.00 and Submit' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByRole('heading', { name: 'Error' })).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Your card was declined. Nothing was charged.');
    expect(onSubmitted).not.toHaveBeenCalled();
  });

  it('nothing due: the $0.01 set-up note, the method kept for the annual charge', () => {
    renderDialog({ ...fee, amountDue: '0.00', paymentStep: 'setup', setupCharge: true, waived: true });
    expect(screen.getByText(/a \$0.01 charge verifies your payment method and is voided/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Verify and Submit' })).toBeInTheDocument();
    expect(screen.queryByLabelText(/Save this method/)).not.toBeInTheDocument();
  });
});
