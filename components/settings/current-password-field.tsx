'use client';

import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field, TextInput } from '@/components/ui/field';

/** The 'Current Password' every settings save asks for. */
export function CurrentPasswordField({ registration, error }: { registration: UseFormRegisterReturn; error?: string }) {
  return (
    <Field label="Current Password" required error={error}>
      <TextInput type="password" autoComplete="current-password" {...registration} />
    </Field>
  );
}
