import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';

/** Puts the server's per-field messages on the form's own fields (the Error dialog already shows the message). */
export function applyServerErrors<F extends FieldValues>(
  fieldErrors: Record<string, string> | undefined,
  setError: UseFormSetError<F>,
  fields: readonly Path<F>[],
): void {
  if (!fieldErrors) return;
  for (const field of fields) {
    const message = fieldErrors[field];
    if (message) setError(field, { type: 'server', message });
  }
}
