import { loginErrorCodeFor } from '@/lib/auth/login-errors';
import { completeSecondStep, SECOND_STEP_EXPIRED, secondStepFormSchema } from '@/lib/auth/second-step';
import { isAppError } from '@/lib/kernel/errors';
import { seeOther } from '@/lib/http/redirect';
import { rawRoute, readBody } from '@/lib/http/route';

/**
 * POST /api/login/code: the sign-in's second step, a classic form post from /login/code (issue 31).
 * Redirects to the landing page (or a validated `next`) on success; back to the code page with an error
 * code on a wrong code or a brake, to /login when the password step has to be done again. Never JSON.
 */
export const POST = rawRoute('public', async (request, ctx) => {
  let fields: Record<string, unknown> = {};
  try {
    fields = await readBody(request);
    const { redirectTo } = await completeSecondStep(ctx, secondStepFormSchema.parse(fields));
    return seeOther(redirectTo);
  } catch (error) {
    const query = new URLSearchParams();
    if (typeof fields.next === 'string' && fields.next) query.set('next', fields.next);
    if (isAppError(error) && error.message === SECOND_STEP_EXPIRED) {
      query.set('error', 'code-expired');
      return seeOther(`/login?${query}`);
    }
    const code = loginErrorCodeFor(error);
    query.set('error', code === 'credentials' ? 'code' : code);
    return seeOther(`/login/code?${query}`);
  }
});
