import 'server-only';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { getSecrets } from '@/lib/config/secrets';

/*
 * The `_token` of the legacy login form post. The login page renders a signed, time-limited token in
 * <meta name="csrf-token">; POST /login accepts only a token this server signed in the last two hours.
 * Together with the same-origin check in the login route this stops cross-site login forgery.
 */
const TOKEN_TTL_MS = 2 * 60 * 60 * 1000;

function sign(payload: string): string {
  return createHmac('sha256', getSecrets().NEXTAUTH_SECRET).update(`login-csrf:${payload}`).digest('base64url');
}

/** A fresh login form token. */
export function issueLoginToken(now = Date.now()): string {
  const payload = `${now.toString(36)}.${randomBytes(9).toString('base64url')}`;
  return `${payload}.${sign(payload)}`;
}

/** Whether a login form token is one this server signed and is still fresh. */
export function verifyLoginToken(token: unknown, now = Date.now()): boolean {
  if (typeof token !== 'string') return false;
  const parts = token.split('.');
  if (parts.length !== 3) return false;
  const payload = `${parts[0]}.${parts[1]}`;
  const expected = Buffer.from(sign(payload));
  const given = Buffer.from(parts[2]);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
  const issued = parseInt(parts[0], 36);
  return Number.isFinite(issued) && now - issued >= -60_000 && now - issued < TOKEN_TTL_MS;
}
