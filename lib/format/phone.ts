/** Strips everything but the digits 0-9 (masks, spaces, punctuation). */
export function digitsOnly(value: string | null | undefined): string {
  return (value ?? '').replace(/\D/g, '');
}

/** Formats a 10-digit US phone number as (xxx) xxx-xxxx; anything else is returned unchanged. */
export function formatPhone(value: string | null | undefined): string {
  const raw = value ?? '';
  const digits = digitsOnly(raw);
  // Only a complete number is reformatted: partial or foreign input stays as the user typed it.
  if (digits.length !== 10) return raw;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}

/** True when the value holds exactly the 10 digits of a US phone number. */
export function isCompletePhone(value: string | null | undefined): boolean {
  return digitsOnly(value).length === 10;
}
