import { z } from 'zod';
import { CARD_EXPIRED_MESSAGE, checkExpiry, INVALID_EXPIRY_MESSAGE } from '@/lib/format/card';
import { freeText, isFieldObject, personName, stateCode, street, zip } from './fields';
import { publicHash } from './intake';
import { CONSENT_STATEMENT_NUMBERS } from './plans';

/*
 * The payment forms and calls (platform spec §3 card and bank payment, §5 masks and the expiry, §7 calls).
 * The card number, CVV and bank account number pass through these schemas to the gateway and nowhere else:
 * nothing here echoes them in a message.
 */

export const PAYMENT_SUCCESS_TITLE = 'Payment Successful!';
/** When nothing is due now, the method is kept only for the annual charge: saving it is the consent. */
export const ANNUAL_CONSENT_MESSAGE = 'Please agree to the annual charge: your payment method is kept only for it.';
export const BALANCE_PAID_MESSAGE = 'Payment Successful! Your balance is paid in full';
export const BALANCE_PAID_AUTOPAY_MESSAGE = 'Payment Successful! Your balance is paid in full and auto-pay enabled';
export const METHOD_REMOVED_MESSAGE = 'Your stored payment method has been removed';
export const PAYMENT_ACKNOWLEDGED_MESSAGE = 'Payment Acknowledged';
export const AUTOPAY_DISABLED_MESSAGE = 'Auto-pay has been disabled';
export const BANK_ACCOUNT_TYPES = ['checking', 'savings'] as const;

const digits = (value: unknown) => (typeof value === 'string' ? value.replace(/[\s-]/g, '') : typeof value === 'number' ? String(value) : value);

const cardNumber = z.preprocess(
  digits,
  z
    .string({ error: 'Card number is required.' })
    .min(1, 'Card number is required.')
    .refine((n) => (n.startsWith('3') ? /^\d{15}$/.test(n) : /^\d{16}$/.test(n)), 'Please enter the full card number.'),
);

const expiry = z
  .string({ error: 'Expiration is required.' })
  .trim()
  .min(1, 'Expiration is required.')
  .superRefine((value, ctx) => {
    const checked = checkExpiry(value);
    if (checked.state === 'invalid') ctx.addIssue({ code: 'custom', message: INVALID_EXPIRY_MESSAGE });
    if (checked.state === 'expired') ctx.addIssue({ code: 'custom', message: CARD_EXPIRED_MESSAGE });
  });

/**
 * A one-time token from LawPay's hosted fields (or a token the gateway issued): it stands for the card or
 * bank numbers, which were typed into the gateway's own frames and never reached this server.
 */
const gatewayToken = z
  .string({ error: 'The payment token is missing.' })
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,128}$/, 'The payment token is not valid.');

const cvv = z.preprocess(digits, z.string({ error: 'CVV is required.' }).regex(/^\d{3,4}$/, 'Please enter the 3 or 4 digit CVV.'));
const routingNumber = z.preprocess(digits, z.string({ error: 'Routing number is required.' }).regex(/^\d{9}$/, 'Please enter the 9-digit routing number.'));
const accountNumber = z.preprocess(
  digits,
  z.string({ error: 'Account number is required.' }).regex(/^\d{4,17}$/, 'Please enter the account number (up to 17 digits).'),
);

/** What a card form asks besides the numbers: the cardholder, the expiry and the billing address. */
const cardHolderShape = {
  charge_type: z.literal('card'),
  name: personName('Name on card'),
  expiry,
  street: street({ label: 'Street' }),
  city: freeText('City', { max: 100 }),
  state: stateCode({ label: 'State' }),
  zip: zip(),
};
/** What a bank form asks besides the numbers. */
const bankHolderShape = {
  charge_type: z.literal('bank'),
  name: personName('Account holder'),
  account_type: z.enum(BANK_ACCOUNT_TYPES, { error: 'Please choose checking or savings.' }),
};

const MIXED_MESSAGE = 'Send either the payment details or a payment token, not both.';

/**
 * The numbers, or a token instead of them: `token` from the hosted fields (LawPay), the numbers themselves
 * from the sandbox's form and the earlier front end's calls. Checked even while other fields are in error
 * (`when`), so an empty form lists every missing field at once.
 */
function numbersOrToken(numbers: Record<string, string>) {
  return z.superRefine<Record<string, unknown>>(
    (value, ctx) => {
      const present = Object.keys(numbers).filter((key) => value[key] !== undefined);
      if (value.token !== undefined) {
        if (present.length > 0) ctx.addIssue({ code: 'custom', path: ['token'], message: MIXED_MESSAGE });
        return;
      }
      for (const [key, message] of Object.entries(numbers)) {
        if (value[key] === undefined) ctx.addIssue({ code: 'custom', path: [key], message });
      }
    },
    { when: (payload) => isFieldObject(payload.value) },
  );
}

/** A card: the numbers (card number, CVV) or the hosted fields' token, with the cardholder's details. */
export const cardMethodSchema = z
  .object({ ...cardHolderShape, card_number: cardNumber.optional(), cvv: cvv.optional(), token: gatewayToken.optional() })
  .check(numbersOrToken({ card_number: 'Card number is required.', cvv: 'CVV is required.' }));

/** A bank account for an eCheck: routing and account numbers, or the hosted fields' token. */
export const bankMethodSchema = z
  .object({ ...bankHolderShape, routing_number: routingNumber.optional(), account_number: accountNumber.optional(), token: gatewayToken.optional() })
  .check(numbersOrToken({ routing_number: 'Routing number is required.', account_number: 'Account number is required.' }));

export const paymentMethodSchema = z.discriminatedUnion('charge_type', [cardMethodSchema, bankMethodSchema], { error: 'Please choose card or bank account.' });
export type PaymentMethodInput = z.output<typeof paymentMethodSchema>;

/**
 * The app's own form while LawPay is the gateway: the numbers are the hosted fields (frames of the gateway's
 * own), so the form checks only the rest; the token is added after the gateway has made it.
 */
export const hostedMethodFormSchema = z.discriminatedUnion('charge_type', [z.object(cardHolderShape), z.object(bankHolderShape)], {
  error: 'Please choose card or bank account.',
});

const acknowledgement = z.object({
  client_hash: publicHash('Client'),
  statements: z.array(z.union([z.literal(1), z.literal(2), z.literal(3)])).max(CONSENT_STATEMENT_NUMBERS.length),
});

/** The Payment Due modal: pays the trust fee (or verifies the method when nothing is due) and submits the trust. */
export const payTrustFeeSchema = z.object({
  client_hash: publicHash('Client'),
  acknowledgements: z.array(acknowledgement).max(2),
  save_method: z.boolean().default(false),
  method: paymentMethodSchema,
});
export type PayTrustFeeInput = z.output<typeof payTrustFeeSchema>;
/** The Payment Due modal's form while LawPay is the gateway (hosted fields: the token comes after). */
export const payTrustFeeHostedFormSchema = payTrustFeeSchema.extend({ method: hostedMethodFormSchema });

/** Settings, Payments: the annual charge to cancel. */
export const cancelAnnualChargeSchema = z.object({ charge_hash: publicHash('Annual charge') });
export type CancelAnnualChargeInput = z.output<typeof cancelAnnualChargeSchema>;

/** Outstanding Balance: pays every open invoice of the advisor; optionally keeps the method for auto-pay. */
export const payBalanceSchema = z.object({
  advisor_id: publicHash('Advisor'),
  enable_auto_pay: z.boolean().default(false),
  method: paymentMethodSchema,
});
export type PayBalanceInput = z.output<typeof payBalanceSchema>;
/** Pay Balance's form while LawPay is the gateway. */
export const payBalanceHostedFormSchema = payBalanceSchema.extend({ method: hostedMethodFormSchema });

export const planRefSchema = z.object({ plan_hash: publicHash('Estate plan') });
export type PlanRefInput = z.output<typeof planRefSchema>;

// ---- The earlier front end's payloads ---------------------------------------------------------------------

const truthy = (v: unknown) => v === true || v === 1 || v === '1' || v === 'true' || v === 'on';
const str = (v: unknown) => (v === null || v === undefined ? undefined : typeof v === 'number' ? String(v) : v);

/** 'card', 'credit_card', 'cc' → card; 'bank', 'echeck', 'ach' → bank. */
function legacyChargeType(value: unknown): unknown {
  const v = typeof value === 'string' ? value.trim().toLowerCase() : value;
  if (v === 'card' || v === 'credit_card' || v === 'credit' || v === 'cc') return 'card';
  if (v === 'bank' || v === 'echeck' || v === 'ach' || v === 'bank_account') return 'bank';
  return v;
}

/** The card or bank fields of a legacy body as `method` (exp_month and exp_year become MM/YY). */
function legacyMethod(body: Record<string, unknown>): Record<string, unknown> {
  const type = legacyChargeType(body.charge_type);
  if (type === 'bank') {
    return {
      charge_type: 'bank',
      name: str(body.name),
      routing_number: str(body.routing_number),
      account_number: str(body.account_number),
      account_type: typeof body.account_type === 'string' ? body.account_type.trim().toLowerCase() : body.account_type,
    };
  }
  const month = str(body.exp_month);
  const year = str(body.exp_year);
  const expiryText =
    typeof month === 'string' && typeof year === 'string' && month && year
      ? `${month.padStart(2, '0')}/${year.length === 4 ? year.slice(2) : year.padStart(2, '0')}`
      : undefined;
  return {
    charge_type: type,
    name: str(body.name),
    card_number: str(body.card_number),
    expiry: expiryText,
    cvv: str(body.cvv),
    street: str(body.street),
    city: str(body.city),
    state: str(body.state),
    zip: str(body.zip),
  };
}

const asRecord = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' ? (v as Record<string, unknown>) : {});

/**
 * POST /estatePlan/createAndPay/: user_type (client), client_id (the client's hash), type (trust),
 * processor, charge_type, the card or bank fields, is_saving; amountDue and amountRecurring are the
 * modal's figures, read again on the server (never trusted). The call carries no acknowledgements: the
 * earlier front end sent it only after every box of the Agreement was ticked.
 */
export const legacyCreateAndPaySchema = z.preprocess(
  (raw) => {
    const body = asRecord(raw);
    return {
      client_hash: str(body.client_id),
      acknowledgements: [],
      // The earlier front end sends amountDue and amountRecurring when nothing is due: its own consent to
      // the annual charge, for which the method is then kept.
      save_method: truthy(body.is_saving) || body.amountRecurring !== undefined,
      method: legacyMethod(body),
      type: str(body.type) ?? 'trust',
    };
  },
  payTrustFeeSchema.extend({ type: z.literal('trust', { error: 'Only a trust can be paid for.' }) }),
);

/** POST /billing/processLawpayPayment: user_type, advisor_id, charge_type, is_saving, the card or bank fields. */
export const legacyProcessPaymentSchema = z.preprocess((raw) => {
  const body = asRecord(raw);
  return { advisor_id: str(body.advisor_id), enable_auto_pay: truthy(body.is_saving) || truthy(body.is_auto_pay), method: legacyMethod(body) };
}, payBalanceSchema);

/** POST /billing/removeStoredPaymentMethod: advisor_id. */
export const legacyAdvisorPaymentRefSchema = z.preprocess(
  (raw) => ({ advisor_id: str(asRecord(raw).advisor_id) }),
  z.object({ advisor_id: publicHash('Advisor') }),
);
export type AdvisorPaymentRefInput = { advisor_id: string };
