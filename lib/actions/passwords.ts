'use server';

import { requestPasswordReset } from '@/lib/auth/forgot-password';
import { setPasswordWithToken } from '@/lib/auth/password-tokens';
import { action } from '@/lib/http/action';
import { forgotPasswordSchema, setPasswordSchema } from '@/lib/validation/admin';

// Every export of a 'use server' file is a public endpoint. Both are public: a forgotten password is asked
// for signed out, and a password link's token is its own permission (it proves the mailbox).
export const forgotPasswordAction = action('public', forgotPasswordSchema, requestPasswordReset, { message: (data) => (data as { message: string }).message });
export const setPasswordAction = action('public', setPasswordSchema, setPasswordWithToken, { message: (data) => (data as { message: string }).message });
