/**
 * The one error type domain code raises. `message` is safe to show to the user; anything else thrown is
 * treated as a bug, logged, and answered with a generic message.
 */
export type ErrorCode =
  | 'BAD_REQUEST'
  | 'VALIDATION'
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'RATE_LIMITED'
  | 'PAYMENT_FAILED'
  | 'INTERNAL';

export const httpStatus: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  VALIDATION: 422,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  PAYMENT_FAILED: 402,
  INTERNAL: 500,
};

const defaultMessages: Record<ErrorCode, string> = {
  BAD_REQUEST: 'The request could not be understood.',
  VALIDATION: 'Please check the highlighted fields.',
  UNAUTHENTICATED: 'Please sign in to continue.',
  FORBIDDEN: 'You do not have permission to do that.',
  NOT_FOUND: 'The record was not found.',
  CONFLICT: 'That change conflicts with existing data.',
  PAYLOAD_TOO_LARGE: 'The request is too large.',
  UNSUPPORTED_MEDIA_TYPE: 'The request body must be JSON or url-encoded form fields.',
  RATE_LIMITED: 'Too many attempts. Please wait and try again.',
  PAYMENT_FAILED: 'The payment could not be processed.',
  INTERNAL: 'Something went wrong. Please try again.',
};

export class AppError extends Error {
  readonly code: ErrorCode;
  /** Per-field messages for form errors, keyed by the input's field name. */
  readonly fieldErrors?: Record<string, string>;

  constructor(code: ErrorCode, message?: string, fieldErrors?: Record<string, string>) {
    super(message ?? defaultMessages[code]);
    this.name = 'AppError';
    this.code = code;
    this.fieldErrors = fieldErrors;
  }

  get status(): number {
    return httpStatus[this.code];
  }
}

export const GENERIC_ERROR_MESSAGE = defaultMessages.INTERNAL;

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
