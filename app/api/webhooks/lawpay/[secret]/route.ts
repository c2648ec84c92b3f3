import { requestSettlement } from '@/lib/billing/request-settlement';
import { AppError } from '@/lib/kernel/errors';
import { MAX_BODY_BYTES, gatewayRoute, readLimited } from '@/lib/http/route';
import { isLawpayWebhookSecret } from '@/lib/payments/webhook-secret';

/**
 * POST /api/webhooks/lawpay/{secret}: LawPay (AffiniPay) says a transaction changed. Only a hint to poll
 * sooner: the body is unauthenticated, so it is read (at most 64 KB, else 413) and dropped, never parsed or
 * logged, and the settlement poll (`billing.settle-payments`) asks the gateway itself. Public, from any
 * origin and without a session (gatewayRoute); the secret in the path is the credential (AffiniPay is
 * configured with a URL). Unset LAWPAY_WEBHOOK_SECRET or a wrong secret: 404, alike. Right: one poll queued
 * per burst, 202.
 */
export const POST = gatewayRoute(async (request, _ctx, { params }: { params: Promise<{ secret: string }> }) => {
  const { secret } = await params;
  if (!isLawpayWebhookSecret(secret)) throw new AppError('NOT_FOUND', 'Not found.');
  await readLimited(request, MAX_BODY_BYTES);
  await requestSettlement();
  return Response.json({ message: 'Accepted' }, { status: 202 });
});
