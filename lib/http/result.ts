/**
 * What every server action answers: data on success, a user-facing message (and field errors) otherwise.
 * A failure carries the HTTP status a route would have answered (401, 404, 422 ...), so callers and the
 * authorization matrix can tell a refusal from a validation error without parsing messages.
 */
export type ActionResult<T> = { ok: true; data: T; message?: string } | { ok: false; status: number; message: string; fieldErrors?: Record<string, string> };
