import { createHash, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

/*
 * Authenticator-app codes (TOTP, RFC 6238) with the otpauth library: SHA-1, six digits, 30-second steps,
 * the parameters every authenticator app reads from a QR code. Pure: the clock is passed in.
 */

export const TOTP_PERIOD_SECONDS = 30;
/** One step either side of the server's clock: a phone a little fast or slow, or a code typed as it turned. */
export const TOTP_WINDOW = 1;

/** A new shared secret: 20 random bytes (RFC 4226's recommendation), as base32 for the app. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The key URI an authenticator app reads from the QR code ('otpauth://totp/Trustwell:pat%40…?secret=…'). */
export function totpUri(secretBase32: string, account: string, issuer: string): string {
  return new TOTP({ issuer, label: account, secret: Secret.fromBase32(secretBase32), period: TOTP_PERIOD_SECONDS }).toString();
}

/** The secret in groups of four for typing by hand ('JBSW Y3DP …'). */
export function groupedSecret(secretBase32: string): string {
  return secretBase32.replace(/(.{4})/g, '$1 ').trim();
}

/** The 30-second step a time falls in. */
export function stepAt(now: Date): number {
  return Math.floor(now.getTime() / 1000 / TOTP_PERIOD_SECONDS);
}

/** The code an app shows at `now` (for tests and the e2e's software authenticator). */
export function totpCodeAt(secretBase32: string, now: Date): string {
  return TOTP.generate({ secret: Secret.fromBase32(secretBase32), period: TOTP_PERIOD_SECONDS, timestamp: now.getTime() });
}

/** What a typed code is: six digits once spaces are dropped ('123 456'), else not a code at all. */
export function normaliseCode(typed: string): string | null {
  const digits = typed.replace(/[\s-]/g, '');
  return /^\d{6}$/.test(digits) ? digits : null;
}

/**
 * The step of a code that is right at `now` within the window and newer than the last one accepted
 * (`lastStep`), or null. A code is accepted once: the same code again, or an older one, is refused even
 * inside its window (replay).
 */
export function acceptedStep(secretBase32: string, typed: string, lastStep: number | null, now: Date): number | null {
  const code = normaliseCode(typed);
  if (!code) return null;
  const secret = Secret.fromBase32(secretBase32);
  const step = stepAt(now);
  // Newest first, so a code valid for two steps (never in practice) counts as the later one.
  for (const delta of [1, 0, -1].filter((d) => Math.abs(d) <= TOTP_WINDOW)) {
    const candidate = step + delta;
    if (lastStep !== null && candidate <= lastStep) continue;
    const expected = TOTP.generate({ secret, period: TOTP_PERIOD_SECONDS, timestamp: candidate * TOTP_PERIOD_SECONDS * 1000 });
    if (timingSafeEqualText(expected, code)) return candidate;
  }
  return null;
}

function timingSafeEqualText(a: string, b: string): boolean {
  const x = createHash('sha256').update(a).digest();
  const y = createHash('sha256').update(b).digest();
  return x.equals(y);
}

/*
 * Recovery codes: ten per enrolment, each 10 characters of a 31-letter alphabet without look-alikes (49 bits),
 * written 'abcde-fghij'. Only their SHA-256 is kept.
 */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
export const RECOVERY_CODE_COUNT = 10;

function randomCode(): string {
  let out = '';
  for (let i = 0; i < 10; i += 1) out += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return `${out.slice(0, 5)}-${out.slice(5)}`;
}

export function newRecoveryCodes(): string[] {
  const codes = new Set<string>();
  while (codes.size < RECOVERY_CODE_COUNT) codes.add(randomCode());
  return [...codes];
}

/** A typed recovery code as stored: lower case, without spaces or dashes, hashed; null when it cannot be one. */
export function recoveryCodeHash(typed: string): string | null {
  const plain = typed.toLowerCase().replace(/[\s-]/g, '');
  if (!/^[a-z0-9]{10}$/.test(plain)) return null;
  return createHash('sha256').update(`recovery:${plain}`).digest('hex');
}
