import { loginFormSchema, signInWithForm } from '@/lib/auth/sign-in';
import { readBody } from '@/lib/http/route';
import { toPublicError } from '@/lib/http/errors';
import { clientAddress, isSameOrigin } from '@/lib/http/request';

/**
 * POST /login (rewritten here by middleware): the classic form post. Redirects to the landing page on
 * success, and back to /login with the error otherwise, so the page can show it in its Error dialog.
 */
export async function POST(request: Request) {
  const back = (message: string) => {
    const url = new URL('/login', request.url);
    url.searchParams.set('error', message);
    return Response.redirect(url, 303);
  };
  if (!isSameOrigin(request)) return back('Your sign-in form expired. Please try again.');
  try {
    const input = loginFormSchema.parse(await readBody(request));
    const { redirectTo } = await signInWithForm(input, clientAddress(request));
    return new Response(null, { status: 303, headers: { Location: new URL(redirectTo, request.url).toString() } });
  } catch (error) {
    return back(toPublicError(error).message);
  }
}
