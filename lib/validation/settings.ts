import { z } from 'zod';
import { digitsOnly } from '@/lib/format/phone';
import { NAME_PATTERN, NAME_SUFFIXES } from '@/lib/format/names';

/*
 * Settings (My Information): the four saves of the signed-in user's own account. The same schemas serve
 * the forms (zodResolver), the server actions and the legacy /api/user/update/* routes. None of them
 * carries a user id: every save acts on the session's own user.
 */

// Spec texts (platform.md §5, §8): use exactly.
export const CURRENT_PASSWORD_REQUIRED = 'Your current password is required.';
export const CURRENT_PASSWORD_INCORRECT = 'Your current password is incorrect.';
export const EMAIL_UNCHANGED = "Your email hasn't been changed.";
export const EMAIL_IN_USE = 'That email is already in use.';
export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';
export const NEW_PASSWORD_MIN_LENGTH = 8;

export const SETTINGS_MESSAGES = {
  name: 'Your name has been successfully updated.',
  email: 'Your email has been successfully updated.',
  phone: 'Your phone number has been successfully updated.',
  password: 'Your password has been successfully updated.',
} as const;

export const SETTINGS_SUFFIXES = ['', ...NAME_SUFFIXES] as const;

// Longer than any real password, short enough that hashing an attacker's megabyte never happens.
const PASSWORD_MAX = 1024;
const NAME_MAX = 100;
const NAME_CHARACTERS = 'Names may contain only letters, apostrophes, periods, hyphens and spaces.';

/** The current password, asked for on every save; missing, null or empty all give the spec's text. */
const passwordCheck = z
  .string({ error: CURRENT_PASSWORD_REQUIRED })
  .min(1, CURRENT_PASSWORD_REQUIRED)
  .max(PASSWORD_MAX, CURRENT_PASSWORD_INCORRECT);

const nameText = (label: string) =>
  z
    .string({ error: (issue) => (issue.input == null ? `${label} is required.` : `${label} must be text.`) })
    .trim()
    .max(NAME_MAX, `${label} must be at most ${NAME_MAX} characters.`)
    .regex(NAME_PATTERN, NAME_CHARACTERS);
const requiredName = (label: string) => nameText(label).min(1, `${label} is required.`);
// Legacy clients send null or leave optional parts out; both mean "empty".
const optionalName = (label: string) =>
  nameText(label)
    .nullish()
    .transform((value) => value ?? '');

export const updateNameSchema = z.object({
  // First, so that a save without the current password answers with the spec's text before anything else.
  password_check: passwordCheck,
  nickname: optionalName('Nickname'),
  first_name: requiredName('First name'),
  middle_name: optionalName('Middle name'),
  last_name: requiredName('Last name'),
  suffix: z
    .string({ error: 'Please choose a suffix from the list.' })
    .nullish()
    .transform((value) => value ?? '')
    .pipe(z.enum(SETTINGS_SUFFIXES, { error: 'Please choose a suffix from the list.' })),
});
export type UpdateNameInput = z.output<typeof updateNameSchema>;
export type UpdateNameForm = z.input<typeof updateNameSchema>;

/** Email, trimmed and lower-cased (how users.email is stored). */
const email = z
  .string({ error: 'Email is required.' })
  .trim()
  .toLowerCase()
  .min(1, 'Email is required.')
  .max(320, 'Please enter a valid email address.')
  .pipe(z.email('Please enter a valid email address.'));

/** A US phone number: the mask's formatting is dropped, 10 digits remain. */
const phone = z
  .string({ error: 'Phone is required.' })
  .transform(digitsOnly)
  .pipe(z.string().length(10, 'Please enter a 10-digit phone number.'));

// The legacy front end sends the whole contact_info ({ email, phone }) to both the email and the phone
// call; each call reads only its own field and ignores the other.
const ignored = z.unknown().optional();

export const updateEmailSchema = z.object({
  password_check: passwordCheck,
  contact_info: z.object({ email, phone: ignored }, { error: 'Email is required.' }),
});
export type UpdateEmailInput = z.output<typeof updateEmailSchema>;
export type UpdateEmailForm = z.input<typeof updateEmailSchema>;

export const updatePhoneSchema = z.object({
  password_check: passwordCheck,
  contact_info: z.object({ email: ignored, phone }, { error: 'Phone is required.' }),
});
export type UpdatePhoneInput = z.output<typeof updatePhoneSchema>;
export type UpdatePhoneForm = z.input<typeof updatePhoneSchema>;

export const updatePasswordSchema = z
  .object({
    password_check: passwordCheck,
    new_password: z
      .string({ error: 'Your new password is required.' })
      .min(NEW_PASSWORD_MIN_LENGTH, `Your new password must be at least ${NEW_PASSWORD_MIN_LENGTH} characters.`)
      .max(PASSWORD_MAX, `Your new password must be at most ${PASSWORD_MAX} characters.`),
    new_password_confirmation: z.string({ error: PASSWORDS_DO_NOT_MATCH }),
  })
  .refine((value) => value.new_password === value.new_password_confirmation, {
    message: PASSWORDS_DO_NOT_MATCH,
    path: ['new_password_confirmation'],
  });
export type UpdatePasswordInput = z.output<typeof updatePasswordSchema>;
export type UpdatePasswordForm = z.input<typeof updatePasswordSchema>;

/**
 * Legacy form posts (jQuery's $.post) send a nested object as `contact_info[email]=…&contact_info[phone]=…`;
 * this folds such keys back into `contact_info` before the schema reads it. JSON bodies pass unchanged.
 */
export function nestContactInfo(body: unknown): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  const out: Record<string, unknown> = {};
  const nested: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    const match = /^contact_info\[(email|phone)\]$/.exec(key);
    if (match) nested[match[1]] = value;
    else out[key] = value;
  }
  if (Object.keys(nested).length === 0) return body;
  const existing = out.contact_info;
  out.contact_info = { ...(existing && typeof existing === 'object' ? existing : {}), ...nested };
  return out;
}

export const updateEmailLegacySchema = z.preprocess(nestContactInfo, updateEmailSchema);
export const updatePhoneLegacySchema = z.preprocess(nestContactInfo, updatePhoneSchema);
