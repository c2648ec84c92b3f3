import { payTrustFee } from '@/lib/checkout/pay-trust-fee';
import { route } from '@/lib/http/route';
import { legacyCreateAndPaySchema } from '@/lib/validation/payments';

/**
 * POST /estatePlan/createAndPay/ — the client pays the trust fee and the trust is submitted (platform §7):
 * user_type, client_id (the client's hash), type 'trust', processor, charge_type ('card' or 'bank'), the
 * card fields (name, card_number, exp_month, exp_year, cvv, street, city, state, zip) or the bank fields
 * (name, routing_number, account_number, account_type), is_saving. Answers { message, estate_plan, payment };
 * a refusal is 402 { message } with the gateway's reason, and nothing is submitted.
 */
export const POST = route('plan.pay', legacyCreateAndPaySchema, async ({ ctx, input }) => {
  const { message, estate_plan, payment } = await payTrustFee(ctx, input, { legacy: true });
  return { message, estate_plan, payment };
});
