/** What every server action answers: data on success, a user-facing message (and field errors) otherwise. */
export type ActionResult<T> =
  | { ok: true; data: T; message?: string }
  | { ok: false; message: string; fieldErrors?: Record<string, string> };
