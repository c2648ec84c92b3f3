import { z } from 'zod';
import { digitsOnly } from '@/lib/format/phone';
import { NAME_PATTERN, NAME_SUFFIXES } from '@/lib/format/names';

/** Suffix choices of the create-account form: blank first, then the spec's list. */
export const ACCOUNT_SUFFIXES = ['', ...NAME_SUFFIXES] as const;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 200;
/** The spec's one client-side message on the create-account screen. */
export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';

const NAME_MAX_LENGTH = 100;

function nameField(label: string, required: boolean) {
  const base = z
    .string({ error: `${label} is required.` })
    .trim()
    .max(NAME_MAX_LENGTH, `${label} must be at most ${NAME_MAX_LENGTH} characters.`)
    .regex(NAME_PATTERN, `${label} may contain only letters, apostrophes, periods, hyphens and spaces.`);
  return required ? base.min(1, `${label} is required.`) : base;
}

// Field shapes shared by the form schema and the legacy one, so both accept and normalise the same way.
const fields = {
  first_name: nameField('First name', true),
  middle_name: nameField('Middle name', false).default(''),
  last_name: nameField('Last name', true),
  suffix: z.enum(ACCOUNT_SUFFIXES, { error: 'Please choose a suffix from the list.' }).default(''),
  email: z
    .string({ error: 'Email is required.' })
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: 'Please enter a valid email address.' }).max(254, 'Please enter a valid email address.')),
  // The form's mask reports digits; legacy callers may send the formatted (555) 123-4567.
  phone: z
    .string({ error: 'Phone is required.' })
    .overwrite(digitsOnly)
    .min(1, 'Phone is required.')
    .length(10, 'Please enter a 10-digit phone number.'),
  password: z
    .string({ error: 'Password is required.' })
    .min(1, 'Password is required.')
    .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`)
    .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`),
  // Any string is accepted: an unknown or malformed hash is ignored by the domain function, not refused.
  advisor_hash: z.string().trim().default(''),
};

/** The create-account form (and its server action): the spec's fields plus the retyped password. */
export const createClientAccountSchema = z
  .object({
    ...fields,
    password_confirmation: z.string({ error: 'Please retype your password.' }),
  })
  .refine((value) => value.password === value.password_confirmation, {
    path: ['password_confirmation'],
    message: PASSWORDS_DO_NOT_MATCH,
    // Compare as soon as both passwords are strings, even while other fields are still invalid.
    when: (payload) =>
      payload.issues.every((issue) => issue.path?.[0] !== 'password' && issue.path?.[0] !== 'password_confirmation'),
  });

export type CreateClientAccountFormValues = z.input<typeof createClientAccountSchema>;
export type CreateClientAccountFormOutput = z.output<typeof createClientAccountSchema>;
/** What `createClientAccount` needs: the normalised fields, without the retyped password. */
export type CreateClientAccountInput = Omit<CreateClientAccountFormOutput, 'password_confirmation'>;

// Legacy bodies may carry null for blank fields (JSON) or numbers (a phone sent unquoted).
const legacy = <S extends z.ZodType>(schema: S) =>
  z.preprocess((value) => (value === null ? undefined : typeof value === 'number' ? String(value) : value), schema);

/**
 * The payload of the earlier front end's `POST /api/createClient/` (no retyped password), normalised to the
 * same domain input as the form.
 */
export const legacyCreateClientSchema = z.object({
  first_name: legacy(fields.first_name),
  middle_name: legacy(fields.middle_name),
  last_name: legacy(fields.last_name),
  suffix: legacy(fields.suffix),
  email: legacy(fields.email),
  phone: legacy(fields.phone),
  password: fields.password,
  advisor_hash: legacy(fields.advisor_hash),
}) satisfies z.ZodType<CreateClientAccountInput>;

export type LegacyCreateClientInput = z.output<typeof legacyCreateClientSchema>;
