import { z } from 'zod';
import { email, freeText, fromLegacy, newPassword, passwordConfirmation, passwordsMatch, personName, phone, publicId, suffix } from './fields';

/*
 * The admin back office's inputs (issue 21): Create Advisor, User Management (update, reset password),
 * Delete Client, and the password links every user may get (forgot password, set password). One schema per
 * use case, shared by the forms, the server actions and the compatibility routes. Ids are public hashes.
 */

// Spec texts (platform.md §5, §8): use exactly.
export const MISSING_ADVISOR_TITLE = 'Missing Advisor';
export const MISSING_ADVISOR = 'Please select an existing advisor or create a new one.';
export const ADVISOR_CREATED = 'Advisor created successfully';
export const ACCOUNT_UPDATED = 'account has been updated';
export const passwordEmailedMessage = (name: string) => `${name} has been emailed their new password`;

// Texts the spec leaves open (docs/decisions.md, "Admin back office (issue 21)").
export const STAFF_CREATED = 'Staff user created successfully';
export const FIRM_REQUIRED = 'Please choose a firm or enter the name of a new one.';
export const NOTHING_CHANGED = 'Nothing has changed.';
export const FORGOT_PASSWORD_SENT = 'If an account uses that address, we have e-mailed it a link to choose a new password. The link works for one hour.';
export const PASSWORD_LINK_INVALID = 'This link has expired or has already been used. Please ask for a new one with "Forgot your password?".';
export const PASSWORD_SET = 'Your password has been set. Please sign in with it.';

/** A yes/no flag as forms (true/false) and the earlier front end (1/0, "1"/"0", "true"/"false", "on") send it. */
const flag = () =>
  z.preprocess(
    (value) => {
      if (value === undefined || value === null || value === '') return false;
      if (typeof value === 'string') return ['1', 'true', 'on', 'yes'].includes(value.trim().toLowerCase());
      if (typeof value === 'number') return value === 1;
      return value;
    },
    z.boolean({ error: 'Please answer yes or no.' }),
  );

/** A list of advisor hashes (a JSON array, repeated form keys, or one value). */
const advisorHashes = () =>
  z.preprocess(
    (value) => (value === undefined || value === null || value === '' ? [] : Array.isArray(value) ? value : [value]),
    z.array(publicId('Advisor')).max(100, 'Too many advisors.'),
  );

export const ACCOUNT_TYPES = ['advisor', 'staff'] as const;

const createAdvisorFields = z.object({
  // An advisor (with a firm), or a staff user working for existing advisors.
  account_type: z.preprocess((v) => (v === undefined || v === null || v === '' ? 'advisor' : v), z.enum(ACCOUNT_TYPES)),
  first_name: fromLegacy(personName('First name')),
  middle_name: fromLegacy(personName('Middle name', { optional: true })),
  last_name: fromLegacy(personName('Last name')),
  suffix: fromLegacy(suffix()),
  email: fromLegacy(email()),
  phone: fromLegacy(phone({ optional: true })),
  firm_id: fromLegacy(
    z
      .string()
      .trim()
      .max(64)
      .regex(/^[A-Za-z0-9_-]*$/, 'Firm is not valid.')
      .default(''),
  ),
  firm_name: fromLegacy(freeText('Firm name', { optional: true, max: 200 })),
  is_firm_supervisor: flag(),
  is_waiving_fee: flag(),
  staff_advisors: advisorHashes(),
});
type CreateAdvisorValues = z.output<typeof createAdvisorFields>;
const firmChosen = (value: CreateAdvisorValues, ctx: z.RefinementCtx) => {
  if (value.account_type === 'advisor' && !value.firm_id && !value.firm_name) ctx.addIssue({ code: 'custom', path: ['firm_name'], message: FIRM_REQUIRED });
};

/**
 * The form's schema: the spec's 'Missing Advisor' is a dialog of its own there (the form's precheck), so
 * this one leaves the staff list to it. The server's schema below refuses the same input (422).
 */
export const createAdvisorFormSchema = createAdvisorFields.superRefine(firmChosen);
export const createAdvisorSchema = createAdvisorFields.superRefine((value, ctx) => {
  firmChosen(value, ctx);
  if (value.account_type === 'staff' && value.staff_advisors.length === 0) ctx.addIssue({ code: 'custom', path: ['staff_advisors'], message: MISSING_ADVISOR });
});
export type CreateAdvisorInput = z.output<typeof createAdvisorSchema>;

export const updateUserSchema = z.object({
  user_id: publicId('User'),
  email: fromLegacy(email()),
  phone: fromLegacy(phone({ optional: true })),
  is_firm_supervisor: flag(),
  is_waiving_fee: flag(),
  staff_advisors: advisorHashes(),
});
export type UpdateUserInput = z.output<typeof updateUserSchema>;

export const resetPasswordSchema = z.object({ user_id: publicId('User') });
export type ResetPasswordInput = z.output<typeof resetPasswordSchema>;

export const deleteClientSchema = z.object({ hash: publicId('Client') });
export type DeleteClientInput = z.output<typeof deleteClientSchema>;

/** The staff checklists' advisor choices take no input. */
export const advisorChoicesSchema = z.object({}).strict();

export const listUsersSchema = z.object({
  // Text rules refuse a NUL (PostgreSQL's text cannot hold one, and the search is a query parameter).
  q: freeText('Search', { optional: true, max: 100 }),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type ListUsersInput = z.output<typeof listUsersSchema>;

export const forgotPasswordSchema = z.object({ email: email() });
export type ForgotPasswordInput = z.output<typeof forgotPasswordSchema>;

export const setPasswordSchema = z
  .object({
    token: z
      .string()
      .trim()
      .max(100)
      .regex(/^[A-Za-z0-9_-]+$/, PASSWORD_LINK_INVALID),
    password: newPassword('New password'),
    password_confirmation: passwordConfirmation(),
  })
  .check(passwordsMatch('password', 'password_confirmation'));
export type SetPasswordInput = z.output<typeof setPasswordSchema>;

export const actAsSchema = z.object({ user_id: publicId('User') });
export type ActAsInput = z.output<typeof actAsSchema>;
