'use client';

import type { FieldErrors, FieldValues } from 'react-hook-form';
import { TextField } from '@/components/forms';
import { CURRENT_PASSWORD_REQUIRED } from '@/lib/validation/settings';

/** The 'Current Password' every settings save asks for (the form's `password_check`). */
export function CurrentPasswordField() {
  return <TextField name="password_check" label="Current Password" required type="password" autoComplete="current-password" />;
}

/**
 * useActionForm's `invalidAlert` for the settings forms: a missing current password also gets the spec's
 * Error dialog ('Your current password is required.'); other problems show beside their fields.
 */
export function currentPasswordAlert(errors: FieldErrors<FieldValues>): string | undefined {
  return errors.password_check?.message === CURRENT_PASSWORD_REQUIRED ? CURRENT_PASSWORD_REQUIRED : undefined;
}
