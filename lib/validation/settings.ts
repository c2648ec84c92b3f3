import { z } from 'zod';
import {
  CURRENT_PASSWORD_INCORRECT,
  CURRENT_PASSWORD_REQUIRED,
  currentPassword,
  email,
  newPassword,
  passwordConfirmation,
  passwordsMatch,
  personName,
  phone,
  PASSWORD_MIN_LENGTH,
  PASSWORDS_DO_NOT_MATCH,
  SUFFIX_CHOICES,
  suffix,
} from './fields';

/*
 * Settings (My Information): the four saves of the signed-in user's own account. The same schemas serve
 * the forms (zodResolver), the server actions and the legacy /api/user/update/* routes. None of them
 * carries a user id: every save acts on the session's own user. The fields themselves are the app's one
 * set of rules (./fields).
 */

// Spec texts (platform.md §5, §8): use exactly. The password ones are defined with the field rules.
export { CURRENT_PASSWORD_INCORRECT, CURRENT_PASSWORD_REQUIRED, PASSWORDS_DO_NOT_MATCH };
export const EMAIL_UNCHANGED = "Your email hasn't been changed.";
export const EMAIL_IN_USE = 'That email is already in use.';
export const NEW_PASSWORD_MIN_LENGTH = PASSWORD_MIN_LENGTH;

export const SETTINGS_MESSAGES = {
  name: 'Your name has been successfully updated.',
  email: 'Your email has been successfully updated.',
  phone: 'Your phone number has been successfully updated.',
  password: 'Your password has been successfully updated.',
} as const;

export const SETTINGS_SUFFIXES = SUFFIX_CHOICES;

/*
 * A new email is confirmed from a link sent to it before it replaces the old one (docs/decisions.md,
 * "Audit fixes: sessions, sign-in brakes, account changes"): the save answers where the link went, and the
 * spec's 'Your email has been successfully updated.' shows when the link's page confirms the change.
 */
export function emailChangeSentMessage(email: string): string {
  return `We sent a confirmation link to ${email}. Your email will change when you open that link and confirm.`;
}
export const EMAIL_CHANGE_TOO_MANY = 'Too many email change requests. Please try again in an hour.';
export const EMAIL_CHANGE_LINK_INVALID = 'This confirmation link has expired or has already been used. Please ask for the change again in Settings.';

export const confirmEmailChangeSchema = z.object({
  // The link's token: 32 random bytes, base64url. Anything else cannot name a change.
  token: z
    .string()
    .trim()
    .max(100)
    .regex(/^[A-Za-z0-9_-]*$/, EMAIL_CHANGE_LINK_INVALID)
    .min(1, EMAIL_CHANGE_LINK_INVALID),
});
export type ConfirmEmailChangeInput = z.output<typeof confirmEmailChangeSchema>;

/** The current password, asked for on every save; missing, null or empty all give the spec's text. */
const passwordCheck = currentPassword();

export const updateNameSchema = z.object({
  // First, so that a save without the current password answers with the spec's text before anything else.
  password_check: passwordCheck,
  // Legacy clients send null or leave optional parts out; both mean "empty".
  nickname: personName('Nickname', { optional: true }),
  first_name: personName('First name'),
  middle_name: personName('Middle name', { optional: true }),
  last_name: personName('Last name'),
  suffix: suffix(),
});
export type UpdateNameInput = z.output<typeof updateNameSchema>;

// The legacy front end sends the whole contact_info ({ email, phone }) to both the email and the phone
// call; each call reads only its own field and ignores the other.
const ignored = z.unknown().optional();

export const updateEmailSchema = z.object({
  password_check: passwordCheck,
  contact_info: z.object({ email: email(), phone: ignored }, { error: 'Email is required.' }),
});
export type UpdateEmailInput = z.output<typeof updateEmailSchema>;

export const updatePhoneSchema = z.object({
  password_check: passwordCheck,
  contact_info: z.object({ email: ignored, phone: phone() }, { error: 'Phone is required.' }),
});
export type UpdatePhoneInput = z.output<typeof updatePhoneSchema>;

export const updatePasswordSchema = z
  .object({
    password_check: passwordCheck,
    new_password: newPassword('Your new password'),
    new_password_confirmation: passwordConfirmation(),
  })
  .check(passwordsMatch('new_password', 'new_password_confirmation'));
export type UpdatePasswordInput = z.output<typeof updatePasswordSchema>;

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

/** Settings → Security: one of the user's sessions, by the handle the page shows (lib/account-settings/own-sessions.ts). */
export const SESSION_NOT_FOUND = 'That session could not be found. Please reload the page.';
export const endSessionSchema = z.object({
  session: z
    .string({ error: SESSION_NOT_FOUND })
    .trim()
    .regex(/^[A-Za-z0-9_-]{22}$/, SESSION_NOT_FOUND),
});
export type EndSessionInput = z.output<typeof endSessionSchema>;
export const endOtherSessionsSchema = z.object({}).strict();

/** Settings → Security, the authenticator app (issue 31): a code typed from the app (or a recovery code where accepted). */
export const CODE_REQUIRED = 'Enter the code from your authenticator app.';
const secondStepCode = z.string({ error: CODE_REQUIRED }).trim().min(1, CODE_REQUIRED).max(40, CODE_REQUIRED);
export const confirmTotpSchema = z.object({ code: secondStepCode });
export const beginTotpSchema = z.object({}).strict();

/** Settings → Security, passkeys (issue 31): a name the user gives one, and one of theirs by its public hash. */
export const PASSKEY_NAME_REQUIRED = 'Give the passkey a name, such as the device it is on.';
export const PASSKEY_NOT_FOUND = 'That passkey could not be found. Please reload the page.';
const passkeyNameField = z
  .string({ error: PASSKEY_NAME_REQUIRED })
  .transform((s) => s.replace(/\s+/g, ' ').trim())
  .pipe(
    z
      .string()
      .min(1, PASSKEY_NAME_REQUIRED)
      .max(60, 'Keep the name to 60 characters or fewer.')
      // No control characters (a NUL could not even reach PostgreSQL's text).
      .refine((name) => !/[\u0000-\u001f\u007f]/.test(name), 'Use letters, numbers and punctuation only.'),
  );
const passkeyHandle = z
  .string({ error: PASSKEY_NOT_FOUND })
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, PASSKEY_NOT_FOUND);
const webauthnText = z
  .string()
  .max(16_384)
  .regex(/^[A-Za-z0-9_-]*={0,2}$/);
/** What every credential the browser answers carries, beside its ceremony's own `response`. */
const credentialFields = {
  id: webauthnText.min(1).max(1024),
  rawId: webauthnText.min(1).max(1024),
  type: z.literal('public-key'),
  clientExtensionResults: z.unknown().optional(),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
};
export const beginPasskeySchema = z.object({}).strict();
/** A new passkey: its name and the browser's answer (@simplewebauthn/browser's startRegistration), sizes bounded. */
export const addPasskeySchema = z.object({
  name: passkeyNameField,
  response: z.object({
    ...credentialFields,
    response: z.object({
      clientDataJSON: webauthnText.min(1),
      attestationObject: webauthnText.min(1),
      transports: z.array(z.string().max(32)).max(8).optional(),
      authenticatorData: webauthnText.optional(),
      publicKey: webauthnText.optional(),
      publicKeyAlgorithm: z.number().int().optional(),
    }),
  }),
});
/** A passkey's answer to a challenge (@simplewebauthn/browser's startAuthentication), sizes bounded: a sign-in or a confirmation. */
export const passkeyAssertion = z.object({
  ...credentialFields,
  response: z.object({
    clientDataJSON: webauthnText.min(1),
    authenticatorData: webauthnText.min(1),
    signature: webauthnText.min(1),
    userHandle: webauthnText.optional(),
  }),
});
export const renamePasskeySchema = z.object({ passkey: passkeyHandle, name: passkeyNameField });

/**
 * Turning a factor off (issue 31): the current password and a second proof, either a current code (or a
 * recovery code) or one of the user's passkeys answering a confirmation challenge.
 */
export const SECOND_PROOF_REQUIRED = 'Enter a code from your authenticator app, or confirm with one of your passkeys.';
const secondProof = {
  password_check: passwordCheck,
  code: secondStepCode.optional(),
  passkey_assertion: passkeyAssertion.optional(),
};
const oneProof = (input: { code?: string; passkey_assertion?: unknown }) => Boolean(input.code) !== Boolean(input.passkey_assertion);
export const disableTotpSchema = z.object(secondProof).refine(oneProof, { message: SECOND_PROOF_REQUIRED, path: ['code'] });
export const removePasskeySchema = z.object({ ...secondProof, passkey: passkeyHandle }).refine(oneProof, { message: SECOND_PROOF_REQUIRED, path: ['code'] });
export type SecondProof = { code?: string; passkey_assertion?: z.output<typeof passkeyAssertion> };
export const confirmPasskeyOptionsSchema = z.object({}).strict();
