'use client';

import { useEffect } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { INVALID_ANSWER } from '@/lib/validation/fields';
import { useIntake } from '../intake-context';

const blank = (value: unknown) => value === null || value === undefined || (typeof value === 'string' && value.trim() === '');

/**
 * Error highlighting inside an edit form (intake §5): once the review check has turned errors on, the
 * required questions still unanswered carry 'Please select an answer.' when the form opens; answering one
 * clears its message.
 */
export function useUnansweredErrors<T extends FieldValues>(
  form: Pick<UseFormReturn<T, unknown, unknown>, 'getValues' | 'setError' | 'clearErrors' | 'watch'>,
  fields: readonly Path<T>[],
) {
  const { showErrors } = useIntake();
  const key = fields.join(',');
  useEffect(() => {
    if (!showErrors) return;
    for (const field of fields) {
      if (blank(form.getValues(field))) form.setError(field, { type: 'unanswered', message: INVALID_ANSWER });
    }
    const subscription = form.watch((_values, { name }) => {
      if (name && fields.includes(name as Path<T>) && !blank(form.getValues(name as Path<T>))) form.clearErrors(name as Path<T>);
    });
    return () => subscription.unsubscribe();
    // `fields` is compared by its content (key).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [showErrors, form, key]);
}
