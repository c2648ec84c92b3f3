import { loginFormSchema, signInWithForm } from '@/lib/auth/sign-in';
import { readBody } from '@/lib/http/route';
import { toPublicError } from '@/lib/http/errors';
import { seeOther } from '@/lib/http/redirect';
import { clientAddress, isSameOrigin } from '@/lib/http/request';

/**
 * POST /login (rewritten here by middleware): the classic form post. Redirects to the landing page on
 * success, and back to /login with the error otherwise, so the page can show it in its Error dialog.
 */
export async function POST(request: Request) {
  const back = (message: string) => {
    return seeOther(`/login?${new URLSearchParams({ error: message })}`);
  };
  if (!isSameOrigin(request)) return back('Your sign-in form expired. Please try again.');
  try {
    const input = loginFormSchema.parse(await readBody(request));
    const { redirectTo } = await signInWithForm(input, clientAddress(request));
    return seeOther(redirectTo);
  } catch (error) {
    return back(toPublicError(error).message);
  }
}
