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
  amountPaid: '0.00',
  amountDue: '995.00',
  amountRecurring: '95.00',
  recurringStartsOn: '11/26/2027',
  setupCharge: false,
  waived: false,
  paymentStep: 'pay',
  gatewayLabel: 'Sandbox — no real money moves',
  paymentForm: { kind: 'fields', label: 'Sandbox — no real money moves' },
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
  it('shows the price, the discount and what is due, in that order, the total last', () => {
    renderDialog();
    const figures = screen.getByLabelText('What you pay now');
    const lines = [...figures.querySelectorAll('dt')].map((dt) => `${dt.textContent} ${dt.nextElementSibling?.textContent}`);
    expect(lines).toEqual(['Trust price $1,495.00', 'Advisor discount −$500.00', 'Due now $995.00']);
    expect(screen.getByTestId('amount-due')).toHaveTextContent('$995.00');
  });

  it('says the annual charge’s terms before payment: amount, first date, the saved method it needs, how to cancel', () => {
    renderDialog();
    expect(screen.getByRole('heading', { name: 'Annual charge for amendments and revisions' })).toBeInTheDocument();
    expect(screen.getByTestId('amount-recurring')).toHaveTextContent(
      '$95.00 a year, first charged on 11/26/2027 and then every year on that date, to the payment method you save here, until you cancel. Without a saved method nothing is charged automatically. You can cancel at any time in Settings, under Payments.',
    );
    // The consent is explicit: a box the payer ticks, never ticked for them.
    const consent = screen.getByLabelText('Save this method and charge it $95.00 a year from 11/26/2027 for amendments and revisions, until I cancel');
    expect(consent).not.toBeChecked();
  });

  it('lists the sandbox’s test numbers beside its label, so the demo can be paid without reading the docs', () => {
    renderDialog();
    const note = screen.getByRole('note', { name: 'Sandbox test numbers' });
    expect(note).toHaveTextContent('Sandbox — no real money moves');
    expect(note).toHaveTextContent('Card approved: 4242 4242 4242 4242');
    expect(note).toHaveTextContent('Card declined: 4000 0000 0000 0002');
    expect(note).toHaveTextContent('Card expired: 4000 0000 0000 0069, or any past expiry');
  });

  it('a partial payment made before is taken off what is due', () => {
    renderDialog({ ...fee, amountPaid: '195.00', amountDue: '800.00' });
    expect(screen.getByText('Paid so far').nextElementSibling).toHaveTextContent('−$195.00');
    expect(screen.getByTestId('amount-due')).toHaveTextContent('$800.00');
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

  it("takes 'Card is expired' away once a valid date is typed", async () => {
    const { user } = renderDialog();
    const expiry = screen.getByLabelText(/Expiration/);
    await user.type(expiry, '01/20');
    await user.tab();
    expect(await screen.findByText('Card is expired')).toBeInTheDocument();
    await user.type(expiry, '12/39');
    await user.tab();
    expect(expiry).toHaveValue('12/39');
    expect(screen.queryByText('Card is expired')).toBeNull();
    expect(expiry).not.toHaveAttribute('aria-invalid', 'true');
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
    // One dialog, its title said once: what was paid, then that the trust went to the attorneys.
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByRole('heading', { name: 'Payment Successful!' })).toBeInTheDocument();
    expect(dialog.textContent?.match(/Payment Successful!/g)).toHaveLength(1);
    expect(dialog).toHaveTextContent('$995.00 was paid with your Visa ending in 4242.');
    expect(dialog).toHaveTextContent('The estate plan information has been sent for attorney review.');
    expect(screen.getAllByRole('alertdialog')).toHaveLength(1);
    // The Payment Due modal left before it opened, even though this parent keeps it open (issue 27).
    expect(screen.queryAllByRole('dialog', { hidden: true })).toHaveLength(0);
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

  it('nothing due: the $0.01 set-up note, and the method is kept only with the consent to the annual charge', async () => {
    renderDialog({ ...fee, amountWaived: '1495.00', amountDue: '0.00', paymentStep: 'setup', setupCharge: true, waived: true });
    expect(screen.getByText(/a \$0.01 charge verifies your payment method and is voided/)).toBeInTheDocument();
    expect(screen.getByText('Covered by your advisor').nextElementSibling).toHaveTextContent('−$1,495.00');
    const user = userEvent.setup();
    await fillCard(user, '4242424242424242');
    await user.click(screen.getByRole('button', { name: 'Verify and Submit' }));
    expect(await screen.findByText('Please agree to the annual charge: your payment method is kept only for it.')).toBeInTheDocument();
    expect(payAction).not.toHaveBeenCalled();
    payAction.mockResolvedValue({ ok: false, status: 402, message: 'declined' });
    await user.click(screen.getByLabelText(/^Save this method and charge it \$95.00 a year/));
    await user.click(screen.getByRole('button', { name: 'Verify and Submit' }));
    await waitFor(() => expect(payAction).toHaveBeenCalled());
    expect(payAction.mock.calls[0][0]).toMatchObject({ save_method: true });
  });
});

/*
 * LawPay's hosted fields, with a stand-in for AffiniPay's library on `window` (the real one loads frames
 * from the gateway): what the page renders, and that the numbers never join what is posted to the server.
 */
describe('the Payment Due modal with LawPay’s hosted fields', () => {
  const hostedFee: AmountDueView = {
    ...fee,
    gatewayLabel: null,
    paymentForm: {
      kind: 'hosted',
      publicKey: 'pk_test',
      script: { src: 'https://cdn.affinipay.com/hostedfields/1.5.3/fieldGen_1.5.3.js', integrity: 'sha384-x' },
    },
  };
  type Config = { publicKey: string; fields: { selector: string; input: { type: string } }[] };
  let configs: Config[];
  let tokenRequests: Record<string, unknown>[];
  let tokenAnswer: () => Promise<{ id: string }>;
  let ready: boolean;

  beforeEach(() => {
    configs = [];
    tokenRequests = [];
    ready = true;
    tokenAnswer = async () => ({ id: 'tok_once_123' });
    window.AffiniPay = {
      HostedFields: {
        initializeFields: (config, onState) => {
          const c = config as Config;
          configs.push(c);
          // Like the library: a frame in each container, and a first state.
          for (const field of c.fields) document.querySelector(field.selector)?.appendChild(document.createElement('iframe'));
          onState({ isReady: false, fields: c.fields.map((f) => ({ selector: f.selector, type: f.input.type, error: '' })) });
          return {
            getState: () => ({ isReady: ready }),
            getPaymentToken: async (extra) => {
              tokenRequests.push(extra);
              return tokenAnswer();
            },
          };
        },
      },
    };
  });
  afterEach(() => {
    delete window.AffiniPay;
  });

  async function fillHolder(user: ReturnType<typeof userEvent.setup>) {
    await user.type(screen.getByLabelText(/Name on card/), 'Pat Payer');
    await user.type(screen.getByLabelText(/Expiration/), '12/39');
    await user.type(screen.getByLabelText(/Billing street/), '1 Main St');
    await user.type(screen.getByLabelText(/^City/), 'Austin');
    await user.selectOptions(screen.getByLabelText(/^State/), 'TX');
    await user.type(screen.getByLabelText(/^ZIP/), '78701');
  }

  it('puts the gateway’s frames where the card number and CVV go, named, with no input of the app’s own for them', async () => {
    renderDialog(hostedFee);
    await waitFor(() => expect(configs).toHaveLength(1));
    expect(configs[0].publicKey).toBe('pk_test');
    expect(configs[0].fields.map((f) => f.input.type)).toEqual(['credit_card_number', 'cvv']);
    expect(screen.queryByRole('textbox', { name: /Card number/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /^CVV/ })).not.toBeInTheDocument();
    expect(screen.getByRole('group', { name: /Card number/ }).querySelector('iframe')).toHaveAttribute('title', 'Card number');
    expect(screen.getByRole('group', { name: /CVV/ }).querySelector('iframe')).toHaveAttribute('title', 'CVV');
    expect(screen.queryByText('Sandbox — no real money moves')).not.toBeInTheDocument();
  });

  it('posts the token with the other fields, never a number; the expiry and address go to the gateway with the token', async () => {
    payAction.mockResolvedValue({
      ok: true,
      data: {
        view: {} as never,
        message: 'Payment Successful!',
        estate_plan: { hash: 'p', status: 'sent', status_full: 'Sent for Review' },
        payment: {} as never,
      },
    } as never);
    const { user } = renderDialog(hostedFee);
    await waitFor(() => expect(configs).toHaveLength(1));
    await fillHolder(user);
    await user.click(screen.getByRole('button', { name: 'Pay $995.00 and Submit' }));
    await waitFor(() => expect(payAction).toHaveBeenCalled());
    expect(tokenRequests).toEqual([
      { name: 'Pat Payer', exp_month: 12, exp_year: 2039, address1: '1 Main St', city: 'Austin', state: 'TX', postal_code: '78701' },
    ]);
    const sent = payAction.mock.calls[0][0] as { method: Record<string, unknown> };
    expect(sent.method).toEqual({
      charge_type: 'card',
      name: 'Pat Payer',
      expiry: '12/39',
      street: '1 Main St',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
      token: 'tok_once_123',
    });
  });

  it('switching to the bank form asks the gateway for routing and account frames', async () => {
    const { user } = renderDialog(hostedFee);
    await waitFor(() => expect(configs).toHaveLength(1));
    await user.click(screen.getByLabelText(/Bank account/));
    await waitFor(() => expect(configs).toHaveLength(2));
    expect(configs[1].fields.map((f) => f.input.type)).toEqual(['routing_number', 'bank_account_number']);
    expect(screen.getByRole('group', { name: /Routing number/ })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /Account number/ })).not.toBeInTheDocument();
  });

  it('incomplete frames, or a gateway that will not make a token: a clear error and nothing sent', async () => {
    const { user } = renderDialog(hostedFee);
    await waitFor(() => expect(configs).toHaveLength(1));
    await fillHolder(user);
    ready = false;
    await user.click(screen.getByRole('button', { name: 'Pay $995.00 and Submit' }));
    let dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Please complete the payment details.');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    ready = true;
    tokenAnswer = async () => Promise.reject({ message: 'Card number is invalid' });
    await user.click(screen.getByRole('button', { name: 'Pay $995.00 and Submit' }));
    dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Card number is invalid');
    expect(payAction).not.toHaveBeenCalled();
  });
});
