'use server';

import { confirmEmailChange } from '@/lib/account-settings/confirm-email-change';
import { updateEmail } from '@/lib/account-settings/update-email';
import { updateName } from '@/lib/account-settings/update-name';
import { updatePassword } from '@/lib/account-settings/update-password';
import { updatePhone } from '@/lib/account-settings/update-phone';
import { action } from '@/lib/http/action';
import { confirmEmailChangeSchema, updateEmailSchema, updateNameSchema, updatePasswordSchema, updatePhoneSchema } from '@/lib/validation/settings';

// Every export of a 'use server' file is a public endpoint: only wrapped actions live here, each declaring
// what it needs. Settings act on the signed-in user's own account ('own').
export const updateNameAction = action('own', updateNameSchema, updateName);
export const updateEmailAction = action('own', updateEmailSchema, updateEmail);
export const updatePhoneAction = action('own', updatePhoneSchema, updatePhone);
export const updatePasswordAction = action('own', updatePasswordSchema, updatePassword);
// The link sent to a new email address: its token is the permission (it proves the mailbox), so it is public.
export const confirmEmailChangeAction = action('public', confirmEmailChangeSchema, confirmEmailChange);
