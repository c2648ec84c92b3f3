import { loginErrorCodeFor, type LoginErrorCode } from '@/lib/auth/login-errors';
import { loginFormSchema, signInWithForm } from '@/lib/auth/sign-in';
import { seeOther } from '@/lib/http/redirect';
import { rawRoute, readBody } from '@/lib/http/route';

/** Back to the login page with an error code (the page shows that code's fixed text), keeping `next`. */
function back(code: LoginErrorCode, next?: unknown): Response {
  const query = new URLSearchParams({ error: code });
  if (typeof next === 'string' && next) query.set('next', next);
  return seeOther(`/login?${query}`);
}

/**
 * POST /login (rewritten here by middleware): the classic form post. Redirects to the landing page (or a
 * validated `next`) on success, and back to /login with an error code otherwise. Every failure, a
 * malformed, oversized or multipart body included, answers with that redirect, never JSON: a browser form
 * posted it. Only a post from another origin is refused before this, by the wrapper (403).
 */
export const POST = rawRoute('public', async (request, ctx) => {
  let fields: Record<string, unknown> = {};
  try {
    fields = await readBody(request);
    const { redirectTo } = await signInWithForm(ctx, loginFormSchema.parse(fields));
    return seeOther(redirectTo);
  } catch (error) {
    return back(loginErrorCodeFor(error), fields.next);
  }
});
