import { digitsOnly } from './phone';

/** Masked display of a stored SSN or entity identifier: 'XXX-XX-' plus its last four digits. */
export function maskSsn(last4: string | null | undefined): string {
  const digits = digitsOnly(last4).slice(-4);
  // Nothing stored means nothing to show, rather than a misleading 'XXX-XX-'.
  return digits.length === 0 ? '' : `XXX-XX-${digits}`;
}

/** Formats 9 digits as xxx-xx-xxxx; anything else is returned unchanged. */
export function formatSsn(value: string | null | undefined): string {
  const raw = value ?? '';
  const digits = digitsOnly(raw);
  if (digits.length !== 9) return raw;
  return `${digits.slice(0, 3)}-${digits.slice(3, 5)}-${digits.slice(5)}`;
}

/** True when the entry holds all nine digits (an incomplete entry restores the previous value on blur). */
export function isCompleteSsn(value: string | null | undefined): boolean {
  return digitsOnly(value).length === 9;
}

/** The last four digits of an SSN entry, as stored beside the ciphertext for masked display. */
export function ssnLast4(value: string | null | undefined): string {
  return digitsOnly(value).slice(-4);
}
