import { fullExpYear, isExpired } from '@/lib/format/card';
import type { CardInput, BankInput, MethodInput, MethodSummary } from './types';

export { fullExpYear, isExpired };

/*
 * Facts about a method that may be kept: brand, last four, expiry. These helpers read them from raw fields
 * (before the gateway answers, and in the sandbox); the numbers themselves go no further than the gateway.
 */

/** Digits only: '4242 4242-4242 4242' → '4242424242424242'. */
export function digitsOf(value: string): string {
  return value.replace(/[\s-]/g, '');
}

/** The Luhn checksum every card number carries. */
export function passesLuhn(number: string): boolean {
  if (!/^\d{12,19}$/.test(number)) return false;
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let digit = number.charCodeAt(number.length - 1 - i) - 48;
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The card brand from the number's first digits (the names a receipt shows), or null when unknown. */
export function cardBrand(number: string): string | null {
  const n = digitsOf(number);
  const first = (k: number) => Number(n.slice(0, k));
  if (/^3[47]/.test(n)) return 'American Express';
  if (/^4/.test(n)) return 'Visa';
  if ((first(2) >= 51 && first(2) <= 55) || (first(4) >= 2221 && first(4) <= 2720)) return 'Mastercard';
  if (/^(6011|65)/.test(n) || (first(3) >= 644 && first(3) <= 649)) return 'Discover';
  if (/^(36|38|30[0-5])/.test(n)) return 'Diners Club';
  if (first(4) >= 3528 && first(4) <= 3589) return 'JCB';
  return null;
}

/** LawPay's card_type values as the same brand names. */
export function brandFromCardType(cardType: string | null | undefined): string | null {
  switch (cardType) {
    case 'VISA':
      return 'Visa';
    case 'MASTERCARD':
      return 'Mastercard';
    case 'AMERICAN_EXPRESS':
      return 'American Express';
    case 'DISCOVER':
      return 'Discover';
    case 'DINERS_CLUB':
      return 'Diners Club';
    case 'JCB':
      return 'JCB';
    default:
      return null;
  }
}

/** The last four characters of a number or of a gateway's mask ('************4242'), or null. */
export function lastFour(value: string | null | undefined): string | null {
  if (!value) return null;
  const tail = digitsOf(value).slice(-4);
  return /^\d{4}$/.test(tail) ? tail : null;
}

export function cardSummary(card: CardInput): MethodSummary {
  return {
    kind: 'card',
    brand: cardBrand(card.number),
    last4: lastFour(card.number),
    expMonth: card.expMonth,
    expYear: fullExpYear(card.expYear),
    bankAccountType: null,
  };
}

export function bankSummary(bank: BankInput, bankName: string | null = null): MethodSummary {
  return { kind: 'bank', brand: bankName, last4: lastFour(bank.accountNumber), expMonth: null, expYear: null, bankAccountType: bank.accountType };
}

/** What can be known of a method before the gateway answers (nothing but its kind, for a token). */
export function summaryBeforeAnswer(method: MethodInput): MethodSummary {
  if (method.type === 'card') return cardSummary(method);
  if (method.type === 'bank') return bankSummary(method);
  return { kind: method.kind, brand: null, last4: null, expMonth: null, expYear: null, bankAccountType: null };
}

export function methodKind(method: MethodInput): 'card' | 'bank' {
  return method.type === 'token' ? method.kind : method.type;
}
