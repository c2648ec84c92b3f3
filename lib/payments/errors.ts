import type { GatewayFailure } from './types';

/*
 * The gateway's refusal codes (LawPay/AffiniPay's `messages[].code`, which the sandbox uses too) and what the
 * person paying reads for each. The gateway's own `message` text is never shown: it is written for
 * developers, and may be missing. Expiry has the spec's wording ('Card is expired', §5 and §8).
 */

const CARD_DECLINED = 'Your card was declined. Nothing was charged.';
const CONTACT_ISSUER = 'Your card was declined. Please contact your card issuer or use another card. Nothing was charged.';
const BANK_DECLINED = 'Your bank declined the payment. Nothing was charged.';
const BANK_RETURNED = 'Your bank returned the payment. Please contact your bank or use another payment method.';
const UNAVAILABLE = 'Online payments are not available right now. Nothing was charged; please try again later.';
const PROCESSOR_DOWN = 'The payment processor is not available right now. Nothing was charged; please try again in a few minutes.';
const OVER_LIMITS = 'This payment is over the limits of our payment account. Nothing was charged; please contact us.';
const WRONG_STATE = 'This payment cannot be changed in its current state.';

export const GATEWAY_MESSAGES: Readonly<Record<string, string>> = {
  // Cards
  card_declined: CARD_DECLINED,
  card_declined_insufficient_funds: 'Your card was declined for insufficient funds. Nothing was charged.',
  card_declined_limit_exceeded: 'Your card was declined: its limit would be exceeded. Nothing was charged.',
  card_declined_hold: CONTACT_ISSUER,
  card_declined_refer_to_issuer: CONTACT_ISSUER,
  card_declined_no_account: 'Your card was declined: the card account was not found. Nothing was charged.',
  card_declined_processing_error: 'Your card could not be processed. Nothing was charged; please try again or use another card.',
  card_processing_error: 'Your card could not be processed. Nothing was charged; please try again or use another card.',
  card_expired: 'Card is expired',
  card_expiry_invalid: 'The card’s expiry date is not valid.',
  card_number_invalid: 'The card number is not valid.',
  card_number_incorrect: 'The card number is not valid.',
  card_type_not_accepted: 'This type of card is not accepted. Please use another card.',
  card_cvv_incorrect: 'The card’s security code (CVV) does not match.',
  card_avs_rejected: 'The billing address does not match the card’s.',
  card_processor_not_available: PROCESSOR_DOWN,
  no_card_details_or_token_present: 'Please enter the card details.',
  // Banks (eCheck)
  ach_declined: BANK_DECLINED,
  ach_declined_hold: 'Your bank declined the payment. Please contact your bank or use another payment method. Nothing was charged.',
  ach_declined_duplicate: 'Your bank declined the payment as a duplicate of an earlier one. Nothing was charged.',
  ach_invalid_account_number: 'The bank account number is not valid.',
  ach_invalid_routing_number: 'The routing number is not valid.',
  ach_insufficient_funds: 'Your bank declined the payment for insufficient funds.',
  ach_account_not_found: 'The bank account was not found. Please check the routing and account numbers.',
  ach_account_closed: 'The bank account is closed. Please use another payment method.',
  ach_account_frozen: 'The bank account is frozen. Please use another payment method.',
  ach_limit_exceeded: 'Your bank declined the payment: a limit would be exceeded.',
  ach_authorization_revoked: BANK_RETURNED,
  ach_not_authorized: BANK_RETURNED,
  ach_payment_refused: BANK_RETURNED,
  ach_payment_stopped: BANK_RETURNED,
  ach_processing_error: 'The bank payment could not be processed. Nothing was charged; please try again or use another payment method.',
  ach_processor_not_available: PROCESSOR_DOWN,
  ach_invalid_merchant_configuration: UNAVAILABLE,
  no_bank_details_or_token_present: 'Please enter the bank account details.',
  // Stored methods and one-time tokens
  payment_method_expired: 'This payment method has expired. Please enter it again.',
  resource_not_found: 'The payment method or payment was not found. Please enter the payment method again.',
  no_payment_method: 'Please enter a payment method.',
  // Refunds and voids
  refund_exceeds_transaction: 'The refund is more than what is left of the payment.',
  not_valid_for_transaction_status: WRONG_STATE,
  unavailable_for_current_status: WRONG_STATE,
  exceeds_authorized_amount: WRONG_STATE,
  // The merchant account's own limits
  merchant_trans_daily_amount_exceeded: OVER_LIMITS,
  merchant_trans_daily_count_exceeded: OVER_LIMITS,
  merchant_trans_max_amount_exceeded: OVER_LIMITS,
  merchant_trans_monthly_amount_exceeded: OVER_LIMITS,
  merchant_trans_monthly_count_exceeded: OVER_LIMITS,
  // Our configuration or request, never the payer's fault
  not_authorized: UNAVAILABLE,
  not_authorized_country_denied: UNAVAILABLE,
  account_not_active: UNAVAILABLE,
  merchant_not_active: UNAVAILABLE,
  no_account_for_payment_method: UNAVAILABLE,
  no_account_specified: UNAVAILABLE,
  incorrect_payment_type: UNAVAILABLE,
  unavailable_for_merchant_mode: UNAVAILABLE,
  unavailable_for_merchant_policy: UNAVAILABLE,
  unavailable_for_merchant_status: UNAVAILABLE,
  unsupported_currency: UNAVAILABLE,
  currency_mismatch: UNAVAILABLE,
  invalid_request: UNAVAILABLE,
  malformed_request: UNAVAILABLE,
  invalid_data: UNAVAILABLE,
  invalid_data_encryption: UNAVAILABLE,
  no_content: UNAVAILABLE,
  // Ours (lib/payments/attempts.ts)
  gateway_unclear: 'We could not confirm the payment yet. It will not be charged twice; please check again in a minute.',
  not_charged: 'The payment could not be confirmed, and nothing was charged. Please try again.',
};

/** The message for a gateway code: the table above, then by family, then a general one. */
export function gatewayMessage(code: string): string {
  const known = GATEWAY_MESSAGES[code];
  if (known) return known;
  if (code.startsWith('card_declined')) return CARD_DECLINED;
  if (code.startsWith('card_')) return 'Your card could not be charged. Nothing was charged; please check it or use another card.';
  if (code.startsWith('ach_')) return 'The bank payment could not be made. Nothing was charged; please check the account or use another payment method.';
  if (code.startsWith('merchant_')) return OVER_LIMITS;
  return 'The payment could not be made. Nothing was charged.';
}

export function gatewayFailure(code: string): GatewayFailure {
  return { code, message: gatewayMessage(code) };
}

/** A gateway operation refused (a 4xx answer): nothing happened at the gateway. */
export class PaymentGatewayError extends Error {
  readonly code: string;
  readonly userMessage: string;
  readonly httpStatus: number | null;
  readonly unclear: boolean = false;

  constructor(code: string, options: { httpStatus?: number | null; message?: string } = {}) {
    // The error's own message names the code only: never a request body, never a method's details.
    super(options.message ?? `Payment gateway refused the request (${code})`);
    this.name = 'PaymentGatewayError';
    this.code = code;
    this.userMessage = gatewayMessage(code);
    this.httpStatus = options.httpStatus ?? null;
  }
}

/**
 * The gateway's answer is unknown (a timeout, a dropped connection, its own 5xx, an answer we cannot read):
 * the operation may or may not have happened. For a charge, look it up by reference before anything else;
 * never send it again blindly.
 */
export class GatewayUnclearError extends PaymentGatewayError {
  override readonly unclear = true;

  constructor(reason: 'timeout' | 'network' | 'gateway_error' | 'bad_answer', detail?: string) {
    super('gateway_unclear', { message: `Payment gateway answer unclear (${reason}${detail ? `: ${detail}` : ''})` });
    this.name = 'GatewayUnclearError';
  }
}

/** LawPay/AffiniPay is partly configured, or configured with the old variable name. */
export class PaymentConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PaymentConfigError';
  }
}
