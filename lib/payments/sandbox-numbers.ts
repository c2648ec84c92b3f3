/*
 * The sandbox's test numbers: LawPay/AffiniPay's own test-mode numbers, with the same error codes
 * (AffiniPay's "Testing" page: test card numbers and test bank account numbers, ACH codes in its order).
 * docs/decisions.md, "Payments: the gateway layer", has the same table for people.
 */

/** Card numbers that fail, and how. Any other number passing the Luhn check, with an expiry not past, approves. */
export const SANDBOX_CARD_FAILURES: Readonly<Record<string, string>> = {
  '4000000000000002': 'card_declined',
  '4000000000000044': 'card_declined_insufficient_funds',
  '4000000000000051': 'card_declined_limit_exceeded',
  '4000000000000069': 'card_expired',
  '4000000000000119': 'card_declined_processing_error',
  '4000000000000127': 'card_declined_hold',
  '4000000000000135': 'card_type_not_accepted',
};

/** The approving test card. */
export const SANDBOX_APPROVE_CARD = '4242424242424242';

/** Routing numbers whose eCheck charges approve (pending until settled) with any account number… */
export const SANDBOX_TEST_ROUTING_NUMBERS = ['000000000', '000000013'] as const;

/** …except these accounts at routing 000000013, which return LawPay's ACH errors in its order. */
export const SANDBOX_ACH_FAILURES: Readonly<Record<string, string>> = {
  '1000000001': 'ach_declined',
  '1000000002': 'ach_declined_hold',
  '1000000003': 'ach_declined_duplicate',
  '1000000004': 'ach_invalid_account_number',
  '1000000005': 'ach_insufficient_funds',
  '1000000006': 'ach_account_not_found',
  '1000000007': 'ach_account_closed',
  '1000000008': 'ach_account_frozen',
  '1000000009': 'ach_limit_exceeded',
};

/** The routing number whose charges all fail with ach_invalid_routing_number. */
export const SANDBOX_INVALID_ROUTING_NUMBER = '000000001';

/** The bank name LawPay's test mode reports for its test routing numbers. */
export const SANDBOX_TEST_BANK_NAME = 'FIRST BANK OF TESTING';

/** The test numbers the sandbox's payment forms list (a card that approves, declines, has expired; a bank account). */
export const SANDBOX_TEST_NUMBERS: readonly { what: string; number: string }[] = [
  { what: 'Card approved', number: '4242 4242 4242 4242, any future expiry and CVV' },
  { what: 'Card declined', number: '4000 0000 0000 0002' },
  { what: 'Card expired', number: '4000 0000 0000 0069, or any past expiry' },
  { what: 'Bank account (eCheck)', number: `routing ${SANDBOX_TEST_ROUTING_NUMBERS[1]}, any account number` },
];
