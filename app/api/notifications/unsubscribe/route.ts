import { MAX_BODY_BYTES, gatewayRoute, readLimited } from '@/lib/http/route';
import { unsubscribe } from '@/lib/notifications/preferences';

/**
 * POST /api/notifications/unsubscribe?token=…: the one-click unsubscribe of RFC 8058, which a mail client
 * posts (body `List-Unsubscribe=One-Click`) from its own servers, without cookies. Public and from any origin
 * (gatewayRoute): the signed token is the credential and turns off one kind for one user, nothing else. The
 * body is read (64 KB at most) and dropped. A token this server did not sign: 404, nothing changed.
 */
export const POST = gatewayRoute(async (request, ctx) => {
  await readLimited(request, MAX_BODY_BYTES);
  const { label } = await unsubscribe(ctx, new URL(request.url).searchParams.get('token'));
  return Response.json({ message: `You will no longer receive "${label}" e-mails.` });
});
