import { z } from 'zod';
import {
  email,
  fromLegacy,
  newPassword,
  passwordConfirmation,
  passwordsMatch,
  personName,
  phone,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORDS_DO_NOT_MATCH,
  SUFFIX_CHOICES,
  suffix,
} from './fields';

/** Suffix choices of the create-account form: blank first, then the spec's list. */
export const ACCOUNT_SUFFIXES = SUFFIX_CHOICES;

// The limits and the spec's message live with the field rules; these names stay for existing importers.
export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PASSWORDS_DO_NOT_MATCH };

// Field shapes shared by the form schema and the legacy one, so both accept and normalise the same way.
const fields = {
  first_name: personName('First name'),
  middle_name: personName('Middle name', { optional: true }),
  last_name: personName('Last name'),
  suffix: suffix(),
  email: email(),
  // The form's mask reports digits; legacy callers may send the formatted (555) 123-4567.
  phone: phone(),
  password: newPassword('Password'),
  // Any string is accepted: an unknown or malformed hash is ignored by the domain function, not refused.
  advisor_hash: z.string().trim().default(''),
  // The invite link's token (`/join/{advisorHash}?invite=…`): names the advisor-created record to take over.
  invite: z.string().trim().max(100).optional(),
};

/** The create-account form (and its server action): the spec's fields plus the retyped password. */
export const createClientAccountSchema = z
  .object({ ...fields, password_confirmation: passwordConfirmation() })
  .check(passwordsMatch('password', 'password_confirmation'));

export type CreateClientAccountFormOutput = z.output<typeof createClientAccountSchema>;
/** What `createClientAccount` needs: the normalised fields, without the retyped password. */
export type CreateClientAccountInput = Omit<CreateClientAccountFormOutput, 'password_confirmation'>;

/**
 * The payload of the earlier front end's `POST /api/createClient/` (no retyped password), normalised to the
 * same domain input as the form.
 */
export const legacyCreateClientSchema = z.object({
  first_name: fromLegacy(fields.first_name),
  middle_name: fromLegacy(fields.middle_name),
  last_name: fromLegacy(fields.last_name),
  suffix: fromLegacy(fields.suffix),
  email: fromLegacy(fields.email),
  phone: fromLegacy(fields.phone),
  password: fields.password,
  advisor_hash: fromLegacy(fields.advisor_hash),
  invite: fromLegacy(fields.invite),
}) satisfies z.ZodType<CreateClientAccountInput>;
