import 'server-only';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { absoluteUrl } from '@/lib/config/site';
import { getSecrets } from '@/lib/config/secrets';
import { isNotificationKind, type NotificationKind } from './kinds';

/*
 * One-click unsubscribe (RFC 8058): a mail's link names its user (by public hash) and kind, signed with an
 * HMAC of the server's secret, so it works without signing in and turns off that kind for that user only.
 * Stateless: nothing is stored per mail, and a link keeps working (turning off what is already off is
 * harmless). It grants nothing else: the worst a forwarded mail's link can do is switch that kind off.
 */

function sign(payload: string): string {
  return createHmac('sha256', getSecrets().NEXTAUTH_SECRET).update(`unsubscribe:${payload}`).digest('base64url');
}

/** The token of a user's unsubscribe link for a kind. */
export function unsubscribeToken(userHash: string, kind: NotificationKind): string {
  const payload = `${userHash}.${kind}`;
  return `${payload}.${sign(payload)}`;
}

/** The user and kind a token names, or null when this server did not sign it. */
export function readUnsubscribeToken(token: unknown): { userHash: string; kind: NotificationKind } | null {
  if (typeof token !== 'string' || token.length > 200) return null;
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [userHash, kind, signature] = parts;
  const expected = Buffer.from(sign(`${userHash}.${kind}`));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return isNotificationKind(kind) ? { userHash, kind } : null;
}

/** The page a mail's unsubscribe link opens (it asks before turning the kind off). */
export function unsubscribePageUrl(token: string): string {
  return absoluteUrl(`/unsubscribe?token=${encodeURIComponent(token)}`);
}

/** Where a mail client posts a one-click unsubscribe (List-Unsubscribe-Post). */
export function unsubscribePostUrl(token: string): string {
  return absoluteUrl(`/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`);
}
