/*
 * The payment gateway seam: one interface, two implementations (lib/payments/sandbox-gateway.ts, the
 * default, and lib/payments/lawpay-gateway.ts), chosen in one place (lib/payments/gateway.ts).
 *
 * Amounts cross this seam in integer cents (lib/money.ts `toCents`/`fromCents`, big.js, never floats).
 * What comes back about a method is only its summary: brand or bank name, last four, expiry. Card numbers,
 * CVVs and full bank account numbers go in (raw fields, for the compatibility routes and the sandbox's own
 * form) and never come out, and nothing here logs them.
 */

export type PaymentMethodKind = 'card' | 'bank';
export type BankAccountType = 'checking' | 'savings';

/** A card as typed in a form (the sandbox, the compatibility routes): passed straight to the gateway. */
export type CardInput = {
  type: 'card';
  number: string;
  expMonth: number;
  /** Two or four digits. */
  expYear: number;
  cvv?: string;
  name?: string;
  address1?: string;
  city?: string;
  state?: string;
  postalCode?: string;
};

/** A bank account for an eCheck (ACH debit): passed straight to the gateway. */
export type BankInput = {
  type: 'bank';
  routingNumber: string;
  accountNumber: string;
  accountType: BankAccountType;
  accountHolderType?: 'individual' | 'business';
  name?: string;
};

/**
 * A gateway token: a one-time token from the gateway's hosted fields, or a stored method's token. The kind
 * picks the merchant account (cards to the card account, eCheck to the ACH account).
 */
export type TokenInput = { type: 'token'; kind: PaymentMethodKind; token: string };

export type MethodInput = CardInput | BankInput | TokenInput;

/** A stored method as the app keeps it (payment_methods.token and .kind). */
export type StoredMethodRef = { token: string; kind: PaymentMethodKind };

/** All that is ever kept or shown about a method. `brand` is the card brand or the bank's name. */
export type MethodSummary = {
  kind: PaymentMethodKind;
  brand: string | null;
  last4: string | null;
  expMonth: number | null;
  expYear: number | null;
  bankAccountType: BankAccountType | null;
};

/**
 * authorized: a card charge approved (captured by the gateway later); completed: captured or settled;
 * pending: an eCheck submitted, not settled yet (poll getCharge); failed: declined or returned; voided.
 */
export type ChargeStatus = 'authorized' | 'completed' | 'pending' | 'failed' | 'voided';

/** A gateway's refusal, with a message fit for the person paying (lib/payments/errors.ts). */
export type GatewayFailure = { code: string; message: string };

export type ChargeRequest = {
  amountCents: number;
  method: MethodInput;
  /** Our payment attempt's reference (payment_attempts.reference): how the charge is found again. */
  reference: string;
};

/**
 * A charge's answer. A refusal is a result too (status 'failed', chargeId null, failure set); only an
 * unclear answer (timeout, network, the gateway's own error) throws, as GatewayUnclearError.
 */
export type ChargeResult = {
  chargeId: string | null;
  status: ChargeStatus;
  amountCents: number;
  amountRefundedCents: number;
  reference: string | null;
  method: MethodSummary | null;
  failure: GatewayFailure | null;
};

export type RefundResult = { refundId: string; chargeId: string; amountCents: number; status: 'authorized' | 'completed' | 'pending' };

export type StoredMethod = { token: string; method: MethodSummary };

export type GatewayName = 'sandbox' | 'lawpay';

/**
 * What the browser's payment forms need of the gateway. 'fields': the app's own inputs, posted to this
 * server and passed to the gateway (the sandbox, with its label). 'hosted': the gateway's hosted fields —
 * its script makes frames for the numbers and turns them into a one-time token, so the card number, CVV
 * and bank numbers never reach this server; the form posts the token with the other fields.
 */
export type PaymentFormConfig =
  { kind: 'fields'; label: string | null } | { kind: 'hosted'; publicKey: string; script: { src: string; integrity: string | null } };

export interface PaymentGateway {
  readonly name: GatewayName;
  /** Text every payment form shows while this gateway is in use (the sandbox's label), or null. */
  readonly label: string | null;
  /** How the browser's payment forms take the numbers for this gateway. */
  readonly form: PaymentFormConfig;
  /** Charges a method once. Never retried here: after GatewayUnclearError the caller looks the charge up by reference. */
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /** Charges a stored method (auto-pay, the annual charge). */
  chargeStoredMethod(request: { amountCents: number; stored: StoredMethodRef; reference: string }): Promise<ChargeResult>;
  /** Stores a card or bank account (raw fields or a one-time token) and returns the gateway's token and summary. */
  storeMethod(method: MethodInput, options?: { reference?: string }): Promise<StoredMethod>;
  /** Removes a stored method at the gateway; removing one that is already gone succeeds. */
  removeStoredMethod(stored: StoredMethodRef): Promise<void>;
  /** Refunds all that is left of a charge, or `amountCents` of it. */
  refund(chargeId: string, amountCents?: number): Promise<RefundResult>;
  /** Voids a charge not yet captured or settled. */
  void(chargeId: string): Promise<ChargeResult>;
  /** The charge as the gateway has it now (polling a pending eCheck until it settles). */
  getCharge(chargeId: string): Promise<ChargeResult>;
  /** The charge made with this reference, or null when the gateway has none (after an unclear answer). */
  findChargeByReference(reference: string): Promise<ChargeResult | null>;
}
