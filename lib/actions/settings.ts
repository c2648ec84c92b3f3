'use server';

import { confirmEmailChange } from '@/lib/account-settings/confirm-email-change';
import { endOtherSessions, endOwnSession } from '@/lib/account-settings/own-sessions';
import { addPasskey, beginPasskey, removePasskey, renamePasskey } from '@/lib/account-settings/passkeys';
import { beginPasskeyConfirmation } from '@/lib/account-settings/second-proof';
import { beginTotpEnrolment, confirmTotpEnrolment, disableTotp, renewRecoveryCodes } from '@/lib/account-settings/second-factor';
import { updateEmail } from '@/lib/account-settings/update-email';
import { updateName } from '@/lib/account-settings/update-name';
import { updatePassword } from '@/lib/account-settings/update-password';
import { updatePhone } from '@/lib/account-settings/update-phone';
import { action } from '@/lib/http/action';
import {
  addPasskeySchema,
  beginPasskeySchema,
  beginTotpSchema,
  confirmPasskeyOptionsSchema,
  confirmTotpSchema,
  disableTotpSchema,
  confirmEmailChangeSchema,
  endOtherSessionsSchema,
  endSessionSchema,
  updateEmailSchema,
  updateNameSchema,
  updatePasswordSchema,
  updatePhoneSchema,
  removePasskeySchema,
  renamePasskeySchema,
} from '@/lib/validation/settings';

// Every export of a 'use server' file is a public endpoint: only wrapped actions live here, each declaring
// what it needs. Settings act on the signed-in user's own account ('own').
export const updateNameAction = action('own', updateNameSchema, updateName);
export const updateEmailAction = action('own', updateEmailSchema, updateEmail);
export const updatePhoneAction = action('own', updatePhoneSchema, updatePhone);
export const updatePasswordAction = action('own', updatePasswordSchema, updatePassword);
// Settings → Security (issue 31): end one of the user's other sessions, or all of them.
export const endSessionAction = action('own', endSessionSchema, endOwnSession);
export const endOtherSessionsAction = action('own', endOtherSessionsSchema, (ctx) => endOtherSessions(ctx));
// The link sent to a new email address: its token is the permission (it proves the mailbox), so it is public.
export const confirmEmailChangeAction = action('public', confirmEmailChangeSchema, confirmEmailChange);
// Settings → Security, the authenticator app (issue 31).
export const beginTotpAction = action('own', beginTotpSchema, (ctx) => beginTotpEnrolment(ctx));
export const confirmTotpAction = action('own', confirmTotpSchema, confirmTotpEnrolment);
export const renewRecoveryCodesAction = action('own', confirmTotpSchema, renewRecoveryCodes);
export const disableTotpAction = action('own', disableTotpSchema, disableTotp);
// Settings → Security, passkeys (issue 31).
export const beginPasskeyAction = action('own', beginPasskeySchema, (ctx) => beginPasskey(ctx));
export const addPasskeyAction = action('own', addPasskeySchema, addPasskey);
export const renamePasskeyAction = action('own', renamePasskeySchema, renamePasskey);
export const removePasskeyAction = action('own', removePasskeySchema, removePasskey);
// A challenge for one of the user's passkeys to confirm turning a factor off (issue 31).
export const confirmPasskeyOptionsAction = action('own', confirmPasskeyOptionsSchema, (ctx) => beginPasskeyConfirmation(ctx));
