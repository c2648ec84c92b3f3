'use server';

import { cancelAnnualCharge } from '@/lib/billing/cancel-annual-charge';
import { getAmountDue } from '@/lib/billing/trust-fee';
import { acknowledgePayment } from '@/lib/checkout/acknowledge-payment';
import { disableAutoPay, payBalance, removeStoredPaymentMethod } from '@/lib/checkout/pay-balance';
import { payTrustFee } from '@/lib/checkout/pay-trust-fee';
import { action } from '@/lib/http/action';
import { advisorRefSchema } from '@/lib/validation/advisors';
import { cancelAnnualChargeSchema, payBalanceSchema, payTrustFeeSchema, planRefSchema } from '@/lib/validation/payments';

// Every export of a 'use server' file is a public endpoint: wrapped actions only. The payment doors: the
// Payment Due modal (its figures, then the payment with the submission), the attorney's acknowledgement,
// the advisor's Outstanding Balance, Disable Auto-Pay and stored-method removal, and a household's own
// annual charge canceled in Settings ('own': the household comes from the session, never from the input).
export const amountDueAction = action('intake.read', planRefSchema, (ctx, input) => getAmountDue(ctx, input.plan_hash));
export const payTrustFeeAction = action('plan.pay', payTrustFeeSchema, (ctx, input) => payTrustFee(ctx, input));
export const acknowledgePaymentAction = action('plan.payment.acknowledge', planRefSchema, (ctx, input) => acknowledgePayment(ctx, input.plan_hash));
export const payBalanceAction = action('advisor.pay', payBalanceSchema, (ctx, input) => payBalance(ctx, input));
export const disableAutoPayAction = action('advisor.pay', advisorRefSchema, disableAutoPay);
export const removeStoredPaymentMethodAction = action('advisor.pay', advisorRefSchema, (ctx, input) => removeStoredPaymentMethod(ctx, input));
export const cancelAnnualChargeAction = action('own', cancelAnnualChargeSchema, cancelAnnualCharge);
