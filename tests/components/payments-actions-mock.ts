/*
 * Stand-ins for lib/actions/payments.ts (a 'use server' module that reaches the database). By default the
 * Payment Due step finds nothing due ('none'), so a submission goes straight on. In a test file:
 *
 *     jest.mock('@/lib/actions/payments', () => jest.requireActual('../payments-actions-mock'));
 */
export const NOTHING_DUE = {
  amountFull: '1495.00',
  amountWaived: '500.00',
  amountPaid: '0.00',
  amountDue: '0.00',
  amountRecurring: '95.00',
  recurringStartsOn: '11/26/2027',
  setupCharge: true,
  waived: false,
  paymentStep: 'none',
  gatewayLabel: 'Sandbox — no real money moves',
  paymentForm: { kind: 'fields', label: 'Sandbox — no real money moves' },
};
export const amountDueAction = jest.fn(async () => ({ ok: true, data: NOTHING_DUE }));
export const payTrustFeeAction = jest.fn();
export const acknowledgePaymentAction = jest.fn();
export const payBalanceAction = jest.fn();
export const disableAutoPayAction = jest.fn();
export const removeStoredPaymentMethodAction = jest.fn();
