import { removeStoredPaymentMethod } from '@/lib/checkout/pay-balance';
import { route } from '@/lib/http/route';
import { legacyAdvisorPaymentRefSchema } from '@/lib/validation/payments';

/** POST /billing/removeStoredPaymentMethod — advisor_id → { message: 'Your stored payment method has been removed', advisor }; auto-pay is disabled too. */
export const POST = route('advisor.pay', legacyAdvisorPaymentRefSchema, ({ ctx, input }) => removeStoredPaymentMethod(ctx, input));
