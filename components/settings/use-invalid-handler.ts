'use client';

import { useCallback } from 'react';
import type { FieldErrors, FieldValues } from 'react-hook-form';
import { ERROR_TITLE, useMessage } from '@/components/ui/call-provider';
import { CURRENT_PASSWORD_REQUIRED } from '@/lib/validation/settings';

/**
 * The handler for a form that failed client-side validation: a missing current password gets the spec's
 * Error dialog ('Your current password is required.'); other problems show beside their fields.
 */
export function useInvalidHandler() {
  const { showMessage } = useMessage();
  return useCallback(
    (errors: FieldErrors<FieldValues>) => {
      if (errors.password_check?.message === CURRENT_PASSWORD_REQUIRED) {
        void showMessage({ title: ERROR_TITLE, message: CURRENT_PASSWORD_REQUIRED, tone: 'error' });
      }
    },
    [showMessage],
  );
}
