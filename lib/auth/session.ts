import 'server-only';
import { decode, encode } from 'next-auth/jwt';
import { cookies } from 'next/headers';
import { getSecrets } from '@/lib/config/secrets';
import { DEVICE_COOKIE_MAX_AGE_SECONDS, withDeviceToken } from './device-cookie';

/**
 * The claims a session token carries. Internal ids never leave the server, so only hashes are in it.
 * `abs` is the absolute end of the session (seconds since the epoch), fixed at sign-in: nothing renews it.
 * `sid` names the session's row (lib/auth/session-rows.ts); during an impersonation `imp` carries the
 * admin's own session, which comes back when the impersonation ends. lib/auth/actor.ts loads the actor
 * they name.
 */
export type SessionClaims = { uid: string; sv: number; sid: string; abs: number; imp?: ReturnClaims; via?: ReturnClaims };

/**
 * A session an impersonation returns to: `imp` the admin's own (with its own end, `abs`, kept through the
 * shorter impersonation), `via` the admin's impersonation of an advisor while the admin acts as one of that
 * advisor's clients (lib/auth/impersonate.ts). Tokens issued before `abs` was carried have none.
 */
export type ReturnClaims = { uid: string; sv: number; sid: string; abs?: number };

/**
 * Sessions last a working day from sign-in, whatever is polled or re-issued in between (the `abs` claim is
 * fixed at sign-in and checked on every read); a password change or disable ends them sooner (session
 * version), and logout ends one at once (its row, lib/auth/session-rows.ts).
 */
export const SESSION_MAX_AGE_SECONDS = 8 * 60 * 60;

function secureCookies(): boolean {
  return (process.env.NEXTAUTH_URL ?? '').startsWith('https://');
}

/** The cookie next-auth itself reads and writes, so its endpoints and ours see the same session. */
export function sessionCookieName(): string {
  return secureCookies() ? '__Secure-next-auth.session-token' : 'next-auth.session-token';
}

/** The absolute end of a session that starts now (seconds since the epoch). */
export function sessionEndFromNow(now = Date.now()): number {
  return Math.floor(now / 1000) + SESSION_MAX_AGE_SECONDS;
}

function isIdentity(value: unknown): boolean {
  const v = value as Record<string, unknown> | null | undefined;
  return !!v && typeof v.uid === 'string' && typeof v.sv === 'number' && typeof v.sid === 'string' && v.sid.length > 0;
}

/**
 * Whether claims read from a token still describe a live session, as far as the token itself can tell:
 * well formed (a token from before sessions were recorded has no `sid` and is not) and before its end.
 * Whether the session was ended on the server is the actor load's question.
 */
export function isLiveClaims(payload: Record<string, unknown> | null | undefined, now = Date.now()): payload is SessionClaims {
  if (!payload || !isIdentity(payload) || typeof payload.abs !== 'number') return false;
  if (payload.imp !== undefined && !isIdentity(payload.imp)) return false;
  // Acting as a client goes through an advisor's impersonation, so `via` never comes without `imp`.
  if (payload.via !== undefined && (payload.imp === undefined || !isIdentity(payload.via))) return false;
  return now < payload.abs * 1000;
}

/*
 * Decoded tokens, kept for their next requests: decoding is a key derivation (HKDF) and an AES-GCM
 * decryption, about half a millisecond of the server's thread on every signed-in request
 * (docs/performance.md). Keyed by the token itself, which only its holder can present, and dropped when
 * the secret changes. A kept payload is checked against the clock on every read exactly as a fresh one,
 * and the actor behind it is still loaded on every request, with its session row, so a disabled user, a
 * changed password or a logout ends the session at once: the cache only saves the decryption, it never
 * vouches for a session. (Logout also drops its token from here.) Only tokens that decoded are kept; the
 * oldest goes first beyond DECODED_MAX.
 */
const DECODED_MAX = 1000;
/** next-auth's own tolerance for `exp` when it decodes. */
const CLOCK_TOLERANCE_SECONDS = 15;
type Payload = Awaited<ReturnType<typeof decode>>;
const decoded = { secret: '', tokens: new Map<string, NonNullable<Payload>>() };

async function decodeOnce(token: string, secret: string, now: number): Promise<Payload> {
  if (decoded.secret !== secret) decoded.tokens = new Map();
  decoded.secret = secret;
  const kept = decoded.tokens.get(token);
  if (kept) {
    const expired = typeof kept.exp === 'number' && now >= (kept.exp + CLOCK_TOLERANCE_SECONDS) * 1000;
    return expired ? null : kept;
  }
  const payload = await decode({ token, secret });
  if (payload) {
    if (decoded.tokens.size >= DECODED_MAX) decoded.tokens.delete(decoded.tokens.keys().next().value!);
    decoded.tokens.set(token, payload);
  }
  return payload;
}

/** Turns a session token into its claims; null when absent, past its absolute end, or tampered with. */
export async function decodeSessionToken(token: string | undefined, now = Date.now()): Promise<SessionClaims | null> {
  if (!token) return null;
  try {
    const payload = await decodeOnce(token, getSecrets().NEXTAUTH_SECRET, now);
    if (!isLiveClaims(payload, now)) return null;
    const back = (r: ReturnClaims | undefined) => r && { uid: r.uid, sv: r.sv, sid: r.sid, ...(typeof r.abs === 'number' ? { abs: r.abs } : {}) };
    const imp = back(payload.imp as ReturnClaims | undefined);
    const via = back(payload.via as ReturnClaims | undefined);
    return { uid: payload.uid, sv: payload.sv, sid: payload.sid, abs: payload.abs, ...(imp ? { imp } : {}), ...(via ? { via } : {}) };
  } catch {
    return null;
  }
}

/** Reads the current request's session claims. */
export async function readSessionClaims(): Promise<SessionClaims | null> {
  const store = await cookies();
  return decodeSessionToken(store.get(sessionCookieName())?.value);
}

/** Forgets a token's decoded payload (its session was ended), so nothing of it is kept in memory. */
export function forgetSessionToken(token: string | undefined): void {
  if (token) decoded.tokens.delete(token);
}

/** Issues a session token for the claims (an encrypted next-auth JWT that expires with the session). */
export async function encodeSessionToken(claims: SessionClaims, now = Date.now()): Promise<string> {
  const maxAge = Math.max(1, claims.abs - Math.floor(now / 1000));
  return encode({ token: { ...claims, sub: claims.uid }, secret: getSecrets().NEXTAUTH_SECRET, maxAge });
}

/** Cookie attributes for the session cookie; it expires with the session's absolute end. */
export function sessionCookieOptions(claims: Pick<SessionClaims, 'abs'>, now = Date.now()) {
  return {
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: secureCookies(),
    path: '/',
    maxAge: Math.max(0, claims.abs - Math.floor(now / 1000)),
  };
}

/** Starts (or re-issues) a session in the current response (server actions and route handlers). */
export async function startSession(claims: SessionClaims): Promise<void> {
  const store = await cookies();
  store.set(sessionCookieName(), await encodeSessionToken(claims), sessionCookieOptions(claims));
}

/**
 * Re-issues the current session for a new session version of the same user (after a password change),
 * keeping its absolute end: changing a password does not extend a session.
 */
export async function reissueSession(uid: string, sv: number): Promise<void> {
  const current = await readSessionClaims();
  // The request was made with this session, so its claims are there; the row (and its end) stay the same.
  if (!current || current.uid !== uid) return;
  await startSession({ uid, sv, sid: current.sid, abs: current.abs });
}

/** Forgets the decoded payload of the current request's session token (its session was ended). */
export async function forgetCurrentSessionToken(): Promise<void> {
  const store = await cookies();
  forgetSessionToken(store.get(sessionCookieName())?.value);
}

/** Ends the session in the current response (the caller revokes its row) and forgets its decoded token. */
export async function endSession(): Promise<void> {
  await forgetCurrentSessionToken();
  (await cookies()).delete(sessionCookieName());
}

/** The device cookie (lib/auth/device-cookie.ts): `__Host-` over HTTPS, so no subdomain can set it. */
export function deviceCookieName(): string {
  return secureCookies() ? '__Host-tw-device' : 'tw-device';
}

/** The current request's device cookie value (the tokens of the accounts this browser signed in to). */
export async function readDeviceCookie(): Promise<string | undefined> {
  const store = await cookies();
  return store.get(deviceCookieName())?.value;
}

/** Adds a device token to this browser's device cookie (after a successful sign-in). */
export async function rememberDevice(token: string): Promise<void> {
  const store = await cookies();
  const value = withDeviceToken(store.get(deviceCookieName())?.value, token);
  store.set(deviceCookieName(), value, { httpOnly: true, sameSite: 'lax', secure: secureCookies(), path: '/', maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS });
}

/*
 * The sign-in's second step (lib/auth/second-step.ts, issue 31): a short-lived cookie saying this browser
 * passed the password step for a user. Kept here with the app's other cookies; its content is second-step.ts's.
 */
const pendingSecondStepCookieName = () => (secureCookies() ? '__Host-tw-second-step' : 'tw-second-step');

export async function setPendingSecondStepCookie(token: string, maxAgeSeconds: number): Promise<void> {
  (await cookies()).set(pendingSecondStepCookieName(), token, { httpOnly: true, sameSite: 'lax', secure: secureCookies(), path: '/', maxAge: maxAgeSeconds });
}

export async function readPendingSecondStepCookie(): Promise<string | undefined> {
  return (await cookies()).get(pendingSecondStepCookieName())?.value;
}

export async function clearPendingSecondStepCookie(): Promise<void> {
  (await cookies()).delete(pendingSecondStepCookieName());
}
