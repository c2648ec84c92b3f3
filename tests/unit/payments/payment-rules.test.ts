import { toMethodInput } from '@/lib/billing/method-input';
import { CARD_EXPIRED_MESSAGE, checkExpiry, formatChargeDate, INVALID_EXPIRY_MESSAGE, oneYearFrom } from '@/lib/format/card';
import { canAcknowledgePayment, canMoveClientStage, isFeeSettled, statusAfterConsent, statusAfterPayment } from '@/lib/estate-plans/status-machine';
import { readAnnualPrice } from '@/lib/config/pricing';
import { sumMoney, toCents } from '@/lib/money';
import { legacyCreateAndPaySchema, legacyProcessPaymentSchema, paymentMethodSchema } from '@/lib/validation/payments';

const now = new Date(Date.UTC(2026, 10, 26, 12));

describe('card expiry (MM/YY, five characters, month 1-12, not past)', () => {
  it.each([
    ['11/26', 'ok'],
    ['12/30', 'ok'],
    ['10/26', 'expired'],
    ['01/20', 'expired'],
    ['13/27', 'invalid'],
    ['00/27', 'invalid'],
    ['1/27', 'invalid'],
    ['11/2026', 'invalid'],
    ['', 'invalid'],
  ])('%s is %s', (text, state) => {
    expect(checkExpiry(text, now).state).toBe(state);
  });

  it("the schema says 'Card is expired' for a past card and asks for MM/YY otherwise", () => {
    const card = { charge_type: 'card', name: 'Pat', card_number: '4242424242424242', cvv: '123', street: '1 Main', city: 'Austin', state: 'TX', zip: '78701' };
    const expired = paymentMethodSchema.safeParse({ ...card, expiry: '01/20' });
    expect(expired.success ? [] : expired.error.issues.map((i) => i.message)).toContain(CARD_EXPIRED_MESSAGE);
    const bad = paymentMethodSchema.safeParse({ ...card, expiry: '13/40' });
    expect(bad.success ? [] : bad.error.issues.map((i) => i.message)).toContain(INVALID_EXPIRY_MESSAGE);
  });

  it('card numbers: 16 digits, or 15 when they start with 3; routing 9 digits; account up to 17', () => {
    const card = { charge_type: 'card', name: 'Pat', expiry: '12/39', cvv: '1234', street: '1 Main', city: 'Austin', state: 'TX', zip: '78701' };
    expect(paymentMethodSchema.safeParse({ ...card, card_number: '3782 822463 10005' }).success).toBe(true);
    expect(paymentMethodSchema.safeParse({ ...card, card_number: '4242 4242 4242 424' }).success).toBe(false);
    expect(paymentMethodSchema.safeParse({ ...card, card_number: '3782 822463 100051' }).success).toBe(false);
    const bank = { charge_type: 'bank', name: 'Pat', account_type: 'savings' };
    expect(paymentMethodSchema.safeParse({ ...bank, routing_number: '000000013', account_number: '12345678901234567' }).success).toBe(true);
    expect(paymentMethodSchema.safeParse({ ...bank, routing_number: '00000001', account_number: '1234' }).success).toBe(false);
    expect(paymentMethodSchema.safeParse({ ...bank, routing_number: '000000013', account_number: '123456789012345678' }).success).toBe(false);
  });

  it('the hosted fields’ token stands for the numbers: accepted alone, refused beside them or malformed', () => {
    const card = { charge_type: 'card', name: 'Pat', expiry: '12/39', street: '1 Main', city: 'Austin', state: 'TX', zip: '78701' };
    const tokenCard = paymentMethodSchema.safeParse({ ...card, token: 'tok_1a2B-3c' });
    expect(tokenCard.success && toMethodInput(tokenCard.data)).toEqual({ type: 'token', kind: 'card', token: 'tok_1a2B-3c' });
    const tokenBank = paymentMethodSchema.safeParse({ charge_type: 'bank', name: 'Pat', account_type: 'checking', token: 'bank_tok' });
    expect(tokenBank.success && toMethodInput(tokenBank.data)).toEqual({ type: 'token', kind: 'bank', token: 'bank_tok' });
    const messages = (value: unknown) => {
      const parsed = paymentMethodSchema.safeParse(value);
      return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    };
    expect(messages({ ...card, token: 'tok', card_number: '4242424242424242' })).toEqual([
      'token: Send either the payment details or a payment token, not both.',
    ]);
    expect(messages({ ...card, token: 'tok with spaces' })).toEqual(['token: The payment token is not valid.']);
    // Neither: every number is asked for, beside the other fields' errors (an empty form lists all at once).
    expect(messages({ ...card, name: '' })).toEqual(expect.arrayContaining(['card_number: Card number is required.', 'cvv: CVV is required.']));
    expect(messages({ ...card, name: '' }).some((m) => m.startsWith('name:'))).toBe(true);
    expect(messages({ charge_type: 'bank', name: 'Pat', account_type: 'checking' })).toEqual([
      'routing_number: Routing number is required.',
      'account_number: Account number is required.',
    ]);
  });
});

describe('money rules', () => {
  it('the annual charge starts one year from today; Feb 29 becomes Feb 28', () => {
    expect(formatChargeDate(oneYearFrom(now))).toBe('11/26/2027');
    expect(formatChargeDate(oneYearFrom(new Date(Date.UTC(2028, 1, 29))))).toBe('02/28/2029');
    expect(formatChargeDate(oneYearFrom(new Date(Date.UTC(2027, 1, 28))))).toBe('02/28/2028');
    expect(formatChargeDate(oneYearFrom(new Date(Date.UTC(2026, 11, 31))))).toBe('12/31/2027');
  });

  it('cents come from big.js: $0.01 is 1 cent; sums of invoices are exact', () => {
    expect(toCents('0.01')).toBe(1);
    expect(sumMoney(['0.10', '0.20', '1244.20'])).toBe('1244.50');
    expect(toCents(sumMoney(['0.1', '0.2']))).toBe(30);
  });

  it('the annual price comes from TRUST_PRICE_ANNUAL (default 95.00)', () => {
    expect(readAnnualPrice({})).toBe('95.00');
    expect(readAnnualPrice({ TRUST_PRICE_ANNUAL: '120' })).toBe('120.00');
  });
});

describe('the client stage of the status machine', () => {
  it('consent with a fee due: In Progress → Ready for Payment', () => {
    expect(statusAfterConsent('incomplete')).toBe('unpaid');
    expect(statusAfterConsent('unpaid')).toBe('unpaid');
  });
  it('a payment: Paid in Full, or Partially Paid', () => {
    expect(statusAfterPayment('unpaid', true)).toBe('paid');
    expect(statusAfterPayment('unpaid', false)).toBe('paid partial');
    expect(statusAfterPayment('paid partial', true)).toBe('paid');
    expect(statusAfterPayment('sent', true)).toBe('sent');
  });
  it('acknowledgement only before the plan is paid; e-signing after', () => {
    expect(['incomplete', 'unpaid', 'paid partial'].every((s) => canAcknowledgePayment(s as never))).toBe(true);
    expect(['paid', 'signed', 'sent', 'complete'].some((s) => canAcknowledgePayment(s as never))).toBe(false);
    expect(canMoveClientStage('paid', 'signed')).toBe(true);
    expect(canMoveClientStage('signed', 'paid')).toBe(false);
  });
  it('the fee is settled once paid, signed or in the attorney stage', () => {
    expect(isFeeSettled('paid')).toBe(true);
    expect(isFeeSettled('sent')).toBe(true);
    expect(isFeeSettled('unpaid')).toBe(false);
  });
});

describe('the earlier front end payloads', () => {
  it('createAndPay: exp_month and exp_year become MM/YY; is_saving keeps the method', () => {
    const parsed = legacyCreateAndPaySchema.parse({
      user_type: 'client',
      client_id: 'abcdefghij12',
      type: 'trust',
      processor: 'lawpay',
      charge_type: 'card',
      name: 'Pat',
      card_number: '4242424242424242',
      exp_month: 3,
      exp_year: 2031,
      cvv: '123',
      street: '1 Main',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
      is_saving: '1',
    });
    expect(parsed).toMatchObject({ save_method: true, method: { charge_type: 'card', expiry: '03/31' } });
  });
  it('createAndPay with amountDue and amountRecurring (nothing due: its front end asked for the annual charge) keeps the method; without, it does not', () => {
    const body = {
      client_id: 'abcdefghij12',
      charge_type: 'bank',
      name: 'Pat',
      routing_number: '000000013',
      account_number: '123456789',
      account_type: 'checking',
    };
    expect(legacyCreateAndPaySchema.parse({ ...body, amountDue: '0.00', amountRecurring: '95.00' })).toMatchObject({ save_method: true });
    expect(legacyCreateAndPaySchema.parse(body)).toMatchObject({ save_method: false });
  });
  it('processLawpayPayment: eCheck fields and auto-pay', () => {
    const parsed = legacyProcessPaymentSchema.parse({
      user_type: 'advisor',
      advisor_id: 'abcdefghij12',
      charge_type: 'echeck',
      is_saving: true,
      name: 'Pat',
      routing_number: '000000013',
      account_number: '1000000001',
      account_type: 'Checking',
    });
    expect(parsed).toMatchObject({ enable_auto_pay: true, method: { charge_type: 'bank', account_type: 'checking' } });
  });
});
