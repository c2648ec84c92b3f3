import { z } from 'zod';
import { ageInYears, ageLabel, blurDate, formatUsDate, isInvalidDob, isMinor, MAX_AGE_YEARS, ADULT_AGE_YEARS, parseUsDate } from '@/lib/format/date';
import { NAME_PATTERN, normalizeTypedText, STREET_PATTERN } from '@/lib/format/names';
import { digitsOnly } from '@/lib/format/phone';
import { parseMoney, toMoneyString } from '@/lib/money';
import { OTHER, STATE_CODES, SUFFIXES } from './lists';

/*
 * The app's field rules, each written once with one set of limits. Forms (zodResolver), server actions and
 * compatibility routes compose these into their schemas, so a phone number or a date means the same thing
 * at every door.
 *
 * Conventions every rule keeps:
 * - A rule is a factory: `phone()` is required, `phone({ optional: true })` also accepts null, undefined and
 *   '' (blank). Blank text rules answer '', blank value rules (date, money, percent, number) answer null.
 * - Input is what a person types or a mask reports (formatted or raw); output is the stored shape.
 * - Parsing is idempotent: a rule accepts its own output (`rule.parse(rule.parse(x))` equals `rule.parse(x)`).
 *   Forms hand the parsed values to a server action, which parses them again with the same schema.
 * - Messages name the field (`label`); the defaults are the labels the screens use.
 */

// ---------------------------------------------------------------------------------------------------------
// Limits

export const NAME_MAX_LENGTH = 100;
/** RFC 5321's limit on a forward path; one limit for every email the app stores. */
export const EMAIL_MAX_LENGTH = 254;
export const PASSWORD_MIN_LENGTH = 8;
/** New passwords (sign-up, password change). */
export const PASSWORD_MAX_LENGTH = 200;
/**
 * The current-password check (settings saves, sign-in) accepts longer input, so a password set before the
 * 200 limit can still be verified; beyond it nothing is hashed (a megabyte "password" costs no argon2 run).
 */
export const PASSWORD_CHECK_MAX_LENGTH = 1024;
export const PHONE_DIGITS = 10;
export const SSN_DIGITS = 9;
export const EIN_DIGITS = 9;
/** Free text such as trust name, replacement reason, intent-other, relationship Other (intake §9). */
export const TEXT_MAX_LENGTH = 255;
/** numeric(12,2): at most 10 integer digits. */
export const MONEY_MAX_INTEGER_DIGITS = 10;
export const PERCENT_MIN = 0;
export const PERCENT_MAX = 100;

// ---------------------------------------------------------------------------------------------------------
// Messages the spec fixes (platform §5, §8; intake §5)

export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';
export const CURRENT_PASSWORD_REQUIRED = 'Your current password is required.';
export const CURRENT_PASSWORD_INCORRECT = 'Your current password is incorrect.';

export const INVALID_EMAIL = 'Please enter a valid email address.';
export const INVALID_PHONE = 'Please enter a 10-digit phone number.';
export const INVALID_ZIP = 'Please enter a 5-digit ZIP code.';
export const INVALID_DATE = 'Please enter a valid date (MM/DD/YYYY).';
export const INVALID_BIRTH_DATE = 'Please enter a valid date of birth.';
export const INVALID_PERCENT = 'Please enter a percentage from 0 to 100 with at most 2 decimals.';
export const INVALID_SUFFIX = 'Please choose a suffix from the list.';
export const INVALID_STATE = 'Please choose a state from the list.';
export const INVALID_ANSWER = 'Please select an answer.';

// ---------------------------------------------------------------------------------------------------------
// Lists with the blank choice

/** Suffix choices of every name form: blank first, then the spec's list. */
export const SUFFIX_CHOICES = ['', ...SUFFIXES] as const;

// Re-exported so a form finds every date rule here: the blur rule, the age display and the thresholds.
export { ageInYears, ageLabel, blurDate, formatUsDate, isInvalidDob, isMinor, parseUsDate, MAX_AGE_YEARS, ADULT_AGE_YEARS };

// ---------------------------------------------------------------------------------------------------------
// Rule plumbing

export type RuleOptions = {
  /** Used in messages ('First name is required.'); each rule has a default. */
  label?: string;
  /** Accept null, undefined and '' as blank. */
  optional?: boolean;
  /** Overrides the '<label> is required.' message. */
  requiredMessage?: string;
};

type Optional = { optional: true };
/** A text rule: required answers a string from a string; optional also takes null/undefined and answers ''. */
export type TextRule<O> = O extends Optional ? z.ZodType<string, string | null | undefined> : z.ZodType<string, string>;
/** A value rule: required answers T; optional answers T or null for a blank entry. */
export type ValueRule<T, O, I = string> = O extends Optional ? z.ZodType<T | null, I | null | undefined> : z.ZodType<T, I>;

const requiredText = (label: string, options: RuleOptions) => options.requiredMessage ?? `${label} is required.`;

/** PostgreSQL text cannot hold it: a NUL that reached a query would fail there as a 500. */
const NUL = '\u0000';
export const hasNul = (value: string) => value.includes(NUL);
/** For text that is read, never saved (a search, a filter): its NUL characters dropped instead of refused. */
export const withoutNul = (value: string) => value.replaceAll(NUL, '');

/**
 * A string; a missing value reads as "required", anything else that is not text (a number, an object, an
 * array) as "must be text", and text with a NUL character is refused. Every text rule starts here, so no
 * free text, name, choice or code reaches the database with a NUL.
 */
function text(label: string, options: RuleOptions) {
  const missing = requiredText(label, options);
  return z
    .string({ error: (issue) => (issue.input == null ? missing : `${label} must be text.`) })
    .refine((value) => !hasNul(value), `${label} contains a character that cannot be saved (NUL).`);
}

/**
 * Adds the required check unless the rule is optional. The later checks of every rule accept '' so a blank
 * entry gets this one message. (No `abort: true`: zod then skips the object's `when` refinements too, and
 * the password mismatch would no longer show beside a blank name.)
 */
function requireUnlessOptional(schema: z.ZodString, label: string, options: RuleOptions): z.ZodString {
  return options.optional ? schema : schema.min(1, requiredText(label, options));
}

/** null and undefined read as '' before the rule, so the rule's own blank handling applies. */
function blankable<S extends z.ZodType<unknown, string>>(schema: S, label: string) {
  return z
    .string({ error: `${label} must be text.` })
    .nullish()
    .transform((value) => value ?? '')
    .pipe(schema);
}

function finishText<O extends RuleOptions>(schema: z.ZodString, label: string, options: O): TextRule<O> {
  return (options.optional ? blankable(schema, label) : schema) as unknown as TextRule<O>;
}

/** Converts a non-blank entry; a blank optional entry answers null. */
function finishValue<T, O extends RuleOptions>(schema: z.ZodString, convert: (value: string) => T, label: string, options: O): ValueRule<T, O> {
  if (!options.optional) return schema.transform(convert) as unknown as ValueRule<T, O>;
  return blankable(
    schema.transform((value) => (value === '' ? null : convert(value))),
    label,
  ) as unknown as ValueRule<T, O>;
}

/**
 * Whether an object-level rule may read the value's fields. A rule's own `when` replaces zod's guard, which
 * skips a refinement once the value failed its type: without this, a rule ran on null, a string or a list
 * sent in place of the object, and threw (a 500). Every `when` starts here.
 */
export const isFieldObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A regex that also accepts '' (the required check, when any, has already run). */
const orBlank = (pattern: RegExp) => new RegExp(`^(?:${pattern.source})?$`, pattern.flags);

// ---------------------------------------------------------------------------------------------------------
// Text rules

/**
 * A person's name part: letters (accented ones too), apostrophe, period, hyphen and space; trimmed; max 100.
 * Read as typed text (`normalizeTypedText`: composed accents, ’ as '), the same reading as the form's filter.
 */
export function personName<O extends RuleOptions = { optional?: false }>(label: string, options: O = {} as O): TextRule<O> {
  let schema = text(label, options).overwrite(normalizeTypedText).trim();
  schema = requireUnlessOptional(schema, label, options);
  schema = schema
    .max(NAME_MAX_LENGTH, `${label} must be at most ${NAME_MAX_LENGTH} characters.`)
    .regex(NAME_PATTERN, `${label} may contain only letters, apostrophes, periods, hyphens and spaces.`);
  return finishText(schema, label, options);
}

/** A street: letters, digits, apostrophe, period, hyphen, comma and space (platform §5); trimmed; max 255. */
export function street<O extends RuleOptions = { optional?: false }>(options: O = {} as O): TextRule<O> {
  const label = options.label ?? 'Street';
  let schema = text(label, options).overwrite(normalizeTypedText).trim();
  schema = requireUnlessOptional(schema, label, options);
  schema = schema
    .max(TEXT_MAX_LENGTH, `${label} must be at most ${TEXT_MAX_LENGTH} characters.`)
    .regex(STREET_PATTERN, `${label} may contain only letters, digits, apostrophes, periods, hyphens, commas and spaces.`);
  return finishText(schema, label, options);
}

/** An email address: trimmed and lower-cased (how users.email is stored), at most 254 characters. */
export function email<O extends RuleOptions = { optional?: false }>(options: O = {} as O): TextRule<O> {
  const label = options.label ?? 'Email';
  let schema = text(label, options).trim().toLowerCase();
  schema = requireUnlessOptional(schema, label, options);
  schema = schema.max(EMAIL_MAX_LENGTH, INVALID_EMAIL).regex(orBlank(z.regexes.email), INVALID_EMAIL);
  return finishText(schema, label, options);
}

/** Free text with a length limit (default 255), trimmed. */
export function freeText<O extends RuleOptions & { max?: number } = { optional?: false }>(label: string, options: O = {} as O): TextRule<O> {
  const max = options.max ?? TEXT_MAX_LENGTH;
  let schema = text(label, options).trim();
  schema = requireUnlessOptional(schema, label, options);
  schema = schema.max(max, `${label} must be at most ${max} characters.`);
  return finishText(schema, label, options);
}

/** A rule for a fixed number of digits; the mask's formatting (and any other non-digit) is dropped. */
function digitsRule<O extends RuleOptions>(count: number, label: string, message: string, options: O): TextRule<O> {
  let schema = text(label, options).overwrite(digitsOnly);
  schema = requireUnlessOptional(schema, label, options);
  schema = schema.regex(orBlank(new RegExp(`\\d{${count}}`)), message);
  return finishText(schema, label, options);
}

/** A US phone number: (555) 123-4567 or any other formatting is accepted; 10 digits are kept. */
export function phone<O extends RuleOptions = { optional?: false }>(options: O = {} as O): TextRule<O> {
  return digitsRule(PHONE_DIGITS, options.label ?? 'Phone', INVALID_PHONE, options);
}

/** A social security number: 123-45-6789 or 123456789; 9 digits are kept. */
export function ssn<O extends RuleOptions = { optional?: false }>(options: O = {} as O): TextRule<O> {
  const label = options.label ?? 'SSN';
  return digitsRule(SSN_DIGITS, label, `Please enter a 9-digit ${label}.`, options);
}

/** An employer identification number (entered with the same ###-##-#### mask as SSNs); 9 digits are kept. */
export function ein<O extends RuleOptions = { optional?: false }>(options: O = {} as O): TextRule<O> {
  const label = options.label ?? 'EIN';
  return digitsRule(EIN_DIGITS, label, `Please enter a 9-digit ${label}.`, options);
}

/** A taxpayer identification number; 9 digits are kept. */
export function tin<O extends RuleOptions = { optional?: false }>(options: O = {} as O): TextRule<O> {
  return ein({ label: 'TIN', ...options });
}

/** A five-digit ZIP code (no ZIP+4). Whitespace is trimmed; other characters are refused, not dropped. */
export function zip<O extends RuleOptions = { optional?: false }>(options: O = {} as O): TextRule<O> {
  const label = options.label ?? 'ZIP';
  let schema = text(label, options).trim();
  schema = requireUnlessOptional(schema, label, options);
  schema = schema.regex(orBlank(/\d{5}/), INVALID_ZIP);
  return finishText(schema, label, options);
}

/** A new password (sign-up, password change): 8 to 200 characters, taken as typed (no trimming). */
export function newPassword(label = 'Password') {
  return text(label, {})
    .min(1, `${label} is required.`)
    .refine((value) => value === '' || value.length >= PASSWORD_MIN_LENGTH, `${label} must be at least ${PASSWORD_MIN_LENGTH} characters.`)
    .max(PASSWORD_MAX_LENGTH, `${label} must be at most ${PASSWORD_MAX_LENGTH} characters.`);
}

/** The current password asked for before a sensitive save; missing, null or empty give the spec's text. */
export function currentPassword() {
  return (
    z
      .string({ error: CURRENT_PASSWORD_REQUIRED })
      .min(1, CURRENT_PASSWORD_REQUIRED)
      .max(PASSWORD_CHECK_MAX_LENGTH, CURRENT_PASSWORD_INCORRECT)
      // No password holds a NUL (new ones are text rules): refused before any hashing or failure count.
      .refine((value) => !hasNul(value), CURRENT_PASSWORD_INCORRECT)
  );
}

/** The retyped password: any string (a mismatch is reported by `passwordsMatch`); missing counts as a mismatch. */
export function passwordConfirmation() {
  return z.string({ error: PASSWORDS_DO_NOT_MATCH });
}

/**
 * The object-level check that two password fields agree, reported on the confirmation field. It runs as soon
 * as both fields are valid strings, even while other fields of the form are still invalid, so the person
 * sees the mismatch together with the other messages.
 *
 *     z.object({ password: newPassword(), password_confirmation: passwordConfirmation() })
 *       .check(passwordsMatch('password', 'password_confirmation'))
 */
export function passwordsMatch<K extends string, C extends string>(password: K, confirmation: C) {
  return z.refine<Record<K | C, unknown>>((value) => value[password] === value[confirmation], {
    path: [confirmation],
    message: PASSWORDS_DO_NOT_MATCH,
    when: (payload) => isFieldObject(payload.value) && payload.issues.every((issue) => issue.path?.[0] !== password && issue.path?.[0] !== confirmation),
  });
}

// ---------------------------------------------------------------------------------------------------------
// Choices from the spec's lists

type ChoiceRule<L extends readonly string[], O> = O extends Optional ? z.ZodType<L[number] | '', string | null | undefined> : z.ZodType<L[number], string>;

/** One of a fixed list (relationships, account types ...). Trimmed; a blank optional choice is ''. */
export function choice<const L extends readonly string[], O extends RuleOptions & { message?: string } = { optional?: false }>(
  list: L,
  options: O = {} as O,
): ChoiceRule<L, O> {
  const label = options.label ?? 'Choice';
  return listRule(list, text(label, options).trim(), label, options);
}

function listRule<L extends readonly string[], O extends RuleOptions & { message?: string }>(
  list: L,
  prepared: z.ZodString,
  label: string,
  options: O,
): ChoiceRule<L, O> {
  const message = options.message ?? `Please choose a ${label.toLowerCase()} from the list.`;
  const allowed = new Set<string>(list);
  const schema = requireUnlessOptional(prepared, label, options).refine((value) => value === '' || allowed.has(value), message);
  return finishText(schema, label, options) as never;
}

/**
 * A list with an Other entry that switches to free text (relationships, account types, bank companies):
 * the stored value is a list entry or the typed text (at most `max`, default 255). The word Other itself
 * is not an answer.
 */
export function choiceOrOther<O extends RuleOptions & { max?: number } = { optional?: false }>(label: string, options: O = {} as O): TextRule<O> {
  const max = options.max ?? TEXT_MAX_LENGTH;
  let schema = text(label, options).trim();
  schema = requireUnlessOptional(schema, label, options);
  schema = schema.max(max, `${label} must be at most ${max} characters.`).refine((value) => value !== OTHER, `Please enter the ${label.toLowerCase()}.`);
  return finishText(schema, label, options);
}

/** A two-letter state code from the spec's list (50 states, DC, PR, VI); lower case is accepted. */
export function stateCode<O extends RuleOptions = { optional?: false }>(options: O = {} as O): ChoiceRule<typeof STATE_CODES, O> {
  const label = options.label ?? 'State';
  return listRule(STATE_CODES, text(label, options).trim().toUpperCase(), label, { message: INVALID_STATE, ...options });
}

/** A name suffix: blank or one of the spec's list; null and a missing value read as blank. */
export function suffix() {
  return z
    .string({ error: INVALID_SUFFIX })
    .nullish()
    .transform((value) => value ?? '')
    .pipe(z.enum(SUFFIX_CHOICES, { error: INVALID_SUFFIX }));
}

/** A Yes/No answer as a boolean; unanswered (null) is refused unless optional. */
export function yesNo<O extends RuleOptions = { optional?: false }>(
  options: O = {} as O,
): O extends Optional ? z.ZodType<boolean | null, boolean | null | undefined> : z.ZodType<boolean, boolean | null> {
  const message = options.requiredMessage ?? INVALID_ANSWER;
  const schema = z.boolean({ error: message });
  return (options.optional ? schema.nullish().transform((value) => value ?? null) : schema) as never;
}

// ---------------------------------------------------------------------------------------------------------
// Value rules

/**
 * A calendar date typed as MM/DD/YYYY (the mask) or already stored as YYYY-MM-DD; answers ISO YYYY-MM-DD.
 * Impossible dates (02/30, 13/01) are refused; the DateField clears an impossible month or day on blur.
 */
export function usDate<O extends RuleOptions = { optional?: false }>(options: O = {} as O): ValueRule<string, O> {
  const label = options.label ?? 'Date';
  let schema = text(label, options).trim();
  schema = requireUnlessOptional(schema, label, options);
  schema = schema.refine((value) => value === '' || toIsoDate(value) !== null, INVALID_DATE);
  return finishValue(schema, (value) => toIsoDate(value) as string, label, options);
}

/** A date of birth: a real date, not in the future and less than 120 years ago (else the age shows 'Invalid DoB'). */
export function birthDate<O extends RuleOptions = { optional?: false }>(options: O = {} as O): ValueRule<string, O> {
  const label = options.label ?? 'Date of birth';
  let schema = text(label, options).trim();
  schema = requireUnlessOptional(schema, label, options);
  schema = schema
    .refine((value) => value === '' || toIsoDate(value) !== null, INVALID_DATE)
    .refine((value) => {
      const iso = toIsoDate(value);
      // Only a real date can be judged; an impossible one already has its message.
      return iso === null || !isInvalidDob(iso);
    }, INVALID_BIRTH_DATE);
  return finishValue(schema, (value) => toIsoDate(value) as string, label, options);
}

/** MM/DD/YYYY or YYYY-MM-DD to ISO, or null when it is not a real calendar date. */
export function toIsoDate(value: string | null | undefined): string | null {
  const text = (value ?? '').trim();
  if (text === '') return null;
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) {
    // formatUsDate validates the calendar date; parsing its output back keeps one implementation.
    return parseUsDate(formatUsDate(text));
  }
  return parseUsDate(text);
}

/**
 * A money amount as typed: digits with optional thousands separators, '$' and up to 2 decimals
 * ('1,234,567', '$1,234.5'). Answers a 2-decimal string ('1234567.00'), never a float. 0 or more, at most
 * 10 integer digits (numeric(12,2)).
 */
export function money<O extends RuleOptions = { optional?: false }>(options: O = {} as O): ValueRule<string, O> {
  const label = options.label ?? 'Amount';
  let schema = text(label, options).trim();
  schema = requireUnlessOptional(schema, label, options);
  schema = schema
    .refine((value) => value === '' || isMoneyText(value), `${label} must be an amount in dollars and cents.`)
    .refine((value) => value === '' || integerDigits(value) <= MONEY_MAX_INTEGER_DIGITS, `${label} must be less than $10,000,000,000.`);
  return finishValue(schema, (value) => toMoneyString(value), label, options);
}

// Thousands separators in groups of three (or none at all), an optional '$', up to 2 decimals, no sign.
const MONEY_TEXT = /^\$?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d{0,2})?$/;

function isMoneyText(value: string): boolean {
  return MONEY_TEXT.test(value.replace(/\s/g, '')) && parseMoney(value) !== null;
}

function integerDigits(value: string): number {
  // toFixed(2) rounds only the cents; the whole part is the integer the column must hold.
  const [whole = ''] = (parseMoney(value)?.toFixed(2) ?? '').split('.');
  return whole.replace(/^0+(?=\d)/, '').length;
}

/** A share percentage: 0 to 100 with at most 2 decimals; answers a 2-decimal string ('33.30'). */
export function percent<O extends RuleOptions = { optional?: false }>(options: O = {} as O): ValueRule<string, O> {
  const label = options.label ?? 'Percentage';
  let schema = text(label, options).trim();
  schema = requireUnlessOptional(schema, label, options);
  schema = schema.refine((value) => value === '' || isPercentText(value), INVALID_PERCENT);
  return finishValue(schema, (value) => (parseMoney(value) ?? parseMoney('0')!).toFixed(2), label, options);
}

function isPercentText(value: string): boolean {
  if (!/^\d{1,3}(?:\.\d{0,2})?$|^\.\d{1,2}$/.test(value)) return false;
  const parsed = parseMoney(value);
  return parsed !== null && parsed.gte(PERCENT_MIN) && parsed.lte(PERCENT_MAX);
}

/**
 * The percentage blur rule (intake §5): 0 or less becomes '0', 100 or more becomes '100', anything else the
 * decimal number it spells ('033.50' → '33.5'). Blank stays blank. Decimal arithmetic, no floats.
 */
export function clampPercent(value: string | null | undefined): string {
  const text = (value ?? '').trim();
  if (text === '') return '';
  const parsed = parseMoney(text);
  if (parsed === null) return '';
  if (parsed.lte(PERCENT_MIN)) return String(PERCENT_MIN);
  if (parsed.gte(PERCENT_MAX)) return String(PERCENT_MAX);
  return parsed.toString();
}

/**
 * A number of one or two digits (times amended, serve order Other): '7', '07' or 7; answers the number.
 * `min` (default 0) sets the smallest allowed value.
 */
export function twoDigitNumber<O extends RuleOptions & { min?: number } = { optional?: false }>(options: O = {} as O): ValueRule<number, O, string | number> {
  const label = options.label ?? 'Number';
  const min = options.min ?? 0;
  const message = `${label} must be a number from ${min} to 99.`;
  const input = z.union([z.string(), z.number()], {
    error: (issue) => (issue.input == null ? requiredText(label, options) : message),
  });
  // A number becomes its digits; a fraction or a negative number becomes text the check refuses.
  const asText = (value: string | number | null | undefined) =>
    value == null ? '' : typeof value === 'number' ? (Number.isInteger(value) && value >= 0 ? String(value) : '-') : value.trim();
  const check = requireUnlessOptional(z.string(), label, options)
    .refine((value) => value === '' || (/^\d{1,2}$/.test(value) && Number(value) >= min), message)
    .transform((value) => (value === '' ? null : Number(value)));
  return (options.optional ? input.nullish() : input).transform(asText).pipe(check) as never;
}

/**
 * A whole number as typed or sent ('1,000', '1000' or 1000) from `min` to `max`; answers the number. Stock
 * shares (digits only, within Number.MAX_SAFE_INTEGER), purchase month and year use it.
 */
export function wholeNumber<O extends RuleOptions & { min?: number; max?: number; message?: string } = { optional?: false }>(
  options: O = {} as O,
): ValueRule<number, O, string | number> {
  const label = options.label ?? 'Number';
  const min = options.min ?? 0;
  const max = options.max ?? Number.MAX_SAFE_INTEGER;
  const message = options.message ?? `${label} must be a whole number from ${min} to ${max}.`;
  const input = z.union([z.string(), z.number()], {
    error: (issue) => (issue.input == null ? requiredText(label, options) : message),
  });
  const asText = (value: string | number | null | undefined) =>
    value == null ? '' : typeof value === 'number' ? (Number.isSafeInteger(value) && value >= 0 ? String(value) : '-') : value.trim().replace(/,/g, '');
  const check = requireUnlessOptional(z.string(), label, options)
    .refine((value) => value === '' || (/^\d{1,16}$/.test(value) && Number(value) >= min && Number(value) <= max), message)
    .transform((value) => (value === '' ? null : Number(value)));
  return (options.optional ? input.nullish() : input).transform(asText).pipe(check) as never;
}

export const STOCK_SHARES_MAX = Number.MAX_SAFE_INTEGER;
export const PURCHASE_YEAR_MIN = 1900;
export const ACCOUNT_NUMBER_MAX_LENGTH = 64;

/** Stock shares: digits only (thousands separators allowed as typed). */
export function stockShares<O extends RuleOptions = { optional?: false }>(options: O = {} as O) {
  return wholeNumber({
    ...options,
    label: options.label ?? 'Stock shares',
    max: STOCK_SHARES_MAX,
    message: `${options.label ?? 'Stock shares'} must be a whole number.`,
  });
}

/** A purchase month, 1 to 12. */
export function purchaseMonth<O extends RuleOptions = { optional?: false }>(options: O = {} as O) {
  return wholeNumber({ ...options, label: 'Purchase month', min: 1, max: 12, message: 'Please choose a purchase month from the list.' });
}

/** A purchase year, from 1900 to the current year (read when validating, so the list grows each January). */
export function purchaseYear<O extends RuleOptions = { optional?: false }>(options: O = {} as O) {
  const rule = wholeNumber({ ...options, label: 'Purchase year', min: PURCHASE_YEAR_MIN, message: 'Please choose a purchase year from the list.' });
  return rule.refine((value: number | null) => value === null || value <= new Date().getFullYear(), 'Please choose a purchase year from the list.');
}

/**
 * An account number: every character kept as typed (letters, spaces and dashes included), only surrounding
 * whitespace trimmed, at most 64 characters, at least one letter or digit.
 */
export function accountNumber<O extends RuleOptions = { optional?: false }>(options: O = {} as O): TextRule<O> {
  const label = options.label ?? 'Account number';
  let schema = text(label, options).trim();
  schema = requireUnlessOptional(schema, label, options);
  schema = schema
    .max(ACCOUNT_NUMBER_MAX_LENGTH, `${label} must be at most ${ACCOUNT_NUMBER_MAX_LENGTH} characters.`)
    .refine((value) => value === '' || /[\p{L}\p{N}]/u.test(value), `${label} must contain a letter or digit.`);
  return finishText(schema, label, options);
}

// ---------------------------------------------------------------------------------------------------------
// Legacy payloads

/**
 * For compatibility routes: JSON bodies of the earlier front end carry null for blank fields and sometimes
 * numbers for digit fields (a phone sent unquoted). Wrap a field rule to read null as missing and numbers as
 * their digits.
 */
export function fromLegacy<S extends z.ZodType>(schema: S) {
  return z.preprocess((value) => (value === null ? undefined : typeof value === 'number' ? String(value) : value), schema);
}

/** A record's public id (its hash) as a door reads it: trimmed, 1-64 url-safe characters ('Firm is not valid.'). */
export const publicId = (label: string) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(64, `${label} is not valid.`)
    .regex(/^[A-Za-z0-9_-]+$/, `${label} is not valid.`);
