/*
 * The payment forms' rules that the browser and the server share (platform spec §5, §9): the card expiry
 * (MM/YY, five characters, month 1-12, not past; otherwise the field is cleared, 'Card is expired' for a
 * past one), and the date the annual recurring charge starts (one year from today). No server imports.
 */

/** A two-digit expiry year as four digits (26 → 2026); four digits stay. */
export function fullExpYear(year: number): number {
  return year < 100 ? 2000 + year : year;
}

/** True when a card's expiry month has ended (a card is good through the last day of its month). */
export function isExpired(expMonth: number, expYear: number, now: Date = new Date()): boolean {
  const year = fullExpYear(expYear);
  const current = now.getFullYear() * 12 + now.getMonth();
  return year * 12 + (expMonth - 1) < current;
}

export const CARD_EXPIRED_MESSAGE = 'Card is expired';
export const INVALID_EXPIRY_MESSAGE = 'Please enter the expiry as MM/YY.';

export type ExpiryCheck = { state: 'ok'; month: number; year: number } | { state: 'invalid' } | { state: 'expired' };

/** Reads an expiry typed as MM/YY: five characters, month 1 to 12, not in the past (a card is good through its month). */
export function checkExpiry(text: string, now: Date = new Date()): ExpiryCheck {
  const match = /^(\d{2})\/(\d{2})$/.exec(text.trim());
  if (!match) return { state: 'invalid' };
  const month = Number(match[1]);
  const year = 2000 + Number(match[2]);
  if (month < 1 || month > 12) return { state: 'invalid' };
  if (isExpired(month, year, now)) return { state: 'expired' };
  return { state: 'ok', month, year };
}

/**
 * One year from `from`, as a calendar date (UTC): the day the annual recurring charge first runs. Feb 29
 * has no twin the next year: the charge runs on Feb 28 (never on Mar 1, which would make the period longer
 * than a year).
 */
export function oneYearFrom(from: Date): Date {
  const year = from.getUTCFullYear() + 1;
  const month = from.getUTCMonth();
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month, Math.min(from.getUTCDate(), lastDay)));
}

/** The date as the Payment Due modal shows it: 11/26/2027. */
export function formatChargeDate(date: Date): string {
  const mm = String(date.getUTCMonth() + 1).padStart(2, '0');
  const dd = String(date.getUTCDate()).padStart(2, '0');
  return `${mm}/${dd}/${date.getUTCFullYear()}`;
}
