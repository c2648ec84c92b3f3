import { z } from 'zod';
import { acknowledgePayment } from '@/lib/checkout/acknowledge-payment';
import { route } from '@/lib/http/route';

/** POST /estatePlan/{hash}/acknowledgePayment — attorneys and admins mark a plan paid outside the app: { message: 'Payment Acknowledged', estate_plan }. */
export const POST = route('plan.payment.acknowledge', z.object({}).passthrough(), async ({ ctx, params }) =>
  acknowledgePayment(ctx, String(params.hash ?? '')),
);
