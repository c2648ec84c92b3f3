import 'server-only';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { getSecrets } from '@/lib/config/secrets';

/*
 * Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"): when a browser signs in
 * to an account, it receives a token naming that user and a random nonce, signed with an HMAC of the
 * server's secret. Later sign-ins to that account from that browser are not slowed by anyone else's
 * failures (lib/auth/sign-in-brake.ts). One cookie holds the tokens of the last few accounts signed in
 * from the browser (a couple sharing a computer). The cookie proves only that the browser signed in
 * before; the password is still checked every time.
 */

/** How many accounts one browser's cookie vouches for (the most recent first). */
const MAX_TOKENS = 5;
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 180 * 24 * 60 * 60;

function sign(payload: string): string {
  return createHmac('sha256', getSecrets().NEXTAUTH_SECRET).update(`device-cookie:${payload}`).digest('base64url');
}

/** A new device token for a user (by public hash). */
export function issueDeviceToken(userHash: string): string {
  const payload = `${userHash}.${randomBytes(16).toString('base64url')}`;
  return `${payload}.${sign(payload)}`;
}

/** The user and nonce a device token names, or null when it is not one this server signed. */
export function readDeviceToken(token: string): { userHash: string; nonce: string } | null {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[0] || !parts[1]) return null;
  const expected = Buffer.from(sign(`${parts[0]}.${parts[1]}`));
  const given = Buffer.from(parts[2]);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return { userHash: parts[0], nonce: parts[1] };
}

function tokensOf(cookieValue: string | undefined): string[] {
  return (cookieValue ?? '').split('~').filter(Boolean).slice(0, MAX_TOKENS);
}

/** The cookie's valid token for this user, if it has one. */
export function deviceTokenFor(userHash: string, cookieValue: string | undefined): { token: string; nonce: string } | null {
  for (const token of tokensOf(cookieValue)) {
    const read = readDeviceToken(token);
    if (read?.userHash === userHash) return { token, nonce: read.nonce };
  }
  return null;
}

/** The cookie's value with this token first (replacing the user's older one), keeping the most recent few. */
export function withDeviceToken(cookieValue: string | undefined, token: string): string {
  const user = readDeviceToken(token)?.userHash;
  const others = tokensOf(cookieValue).filter((t) => {
    const read = readDeviceToken(t);
    return read !== null && read.userHash !== user;
  });
  return [token, ...others].slice(0, MAX_TOKENS).join('~');
}

/** The value of a cookie in a Cookie request header (next-auth hands its callbacks raw headers). */
export function cookieFromHeader(header: string | null | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}
