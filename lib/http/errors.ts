import { z } from 'zod';
import { withoutParameters } from '@/db/query-error';
import { AppError, GENERIC_ERROR_MESSAGE, isAppError } from '@/lib/kernel/errors';

/** Field errors from a zod failure, keyed by dotted path; the first message per field wins. */
export function fieldErrorsOf(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_';
    out[key] ??= issue.message;
  }
  return out;
}

/**
 * Converts any thrown value into what the user may see, logging the unexpected ones: the whole error, but
 * for a failed statement only its text and PostgreSQL's code and message, never the values bound to it
 * (db/query-error.ts redacts them where the error is thrown; this catches one that came another way).
 */
export function toPublicError(error: unknown): { status: number; message: string; fieldErrors?: Record<string, string> } {
  if (error instanceof z.ZodError) {
    const fieldErrors = fieldErrorsOf(error);
    return { status: 422, message: Object.values(fieldErrors)[0] ?? 'Please check the highlighted fields.', fieldErrors };
  }
  if (isAppError(error)) return { status: error.status, message: error.message, fieldErrors: error.fieldErrors };
  console.error('[unexpected error]', withoutParameters(error));
  return { status: 500, message: GENERIC_ERROR_MESSAGE };
}

export { AppError };
