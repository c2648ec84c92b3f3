import { createHash, randomBytes, randomInt } from 'node:crypto';

/*
 * The rules of the links and temporary passwords that let a user choose a password (no I/O here, so unit
 * tests can hold them): lib/auth/password-tokens.ts stores and consumes them.
 */

export type PasswordTokenPurpose = 'set' | 'reset';

/** An admin-created account's link (issue 21: 72 hours); a forgotten or temporary password's link (1 hour). */
export const PASSWORD_TOKEN_TTL_MS: Record<PasswordTokenPurpose, number> = { set: 72 * 60 * 60 * 1000, reset: 60 * 60 * 1000 };

/** A new link's token: 32 random bytes, base64url (43 characters). Only its hash is stored. */
export function newPasswordToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The stored form of a link's token. */
export function hashPasswordToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** When a link issued at `now` stops working. */
export function passwordTokenExpiry(purpose: PasswordTokenPurpose, now: Date): Date {
  return new Date(now.getTime() + PASSWORD_TOKEN_TTL_MS[purpose]);
}

/** Whether a stored link may still be used at `now`: not used, and before its end. */
export function isPasswordTokenUsable(row: { usedAt: Date | null; expiresAt: Date }, now: Date): boolean {
  return row.usedAt === null && row.expiresAt.getTime() > now.getTime();
}

// No 0/O, 1/l/I: a temporary password is read from an e-mail and typed by hand.
const TEMPORARY_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
export const TEMPORARY_PASSWORD_LENGTH = 16;

/** A random temporary password (16 of 56 characters: about 93 bits), never shown to the admin who asked for it. */
export function newTemporaryPassword(): string {
  let out = '';
  for (let i = 0; i < TEMPORARY_PASSWORD_LENGTH; i++) out += TEMPORARY_ALPHABET[randomInt(TEMPORARY_ALPHABET.length)];
  return out;
}

/** Whether a string has the shape of a link's token (anything else names no link and is not looked up). */
export function isPasswordTokenShape(token: unknown): token is string {
  return typeof token === 'string' && /^[A-Za-z0-9_-]{20,100}$/.test(token);
}
