import { payBalance } from '@/lib/checkout/pay-balance';
import { route } from '@/lib/http/route';
import { legacyProcessPaymentSchema } from '@/lib/validation/payments';

/**
 * POST /billing/processLawpayPayment — an advisor pays every open invoice (platform §7): user_type,
 * advisor_id, charge_type, is_saving (keep the method and enable auto-pay), the card or bank fields.
 * Answers { message, advisor }; a refusal is 402 { message }.
 */
export const POST = route('advisor.pay', legacyProcessPaymentSchema, ({ ctx, input }) => payBalance(ctx, input));
