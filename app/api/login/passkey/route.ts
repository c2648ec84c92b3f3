import { passkeySignInSchema, signInWithPasskey } from '@/lib/auth/passkey-sign-in';
import { route } from '@/lib/http/route';

/**
 * POST /api/login/passkey: signs in with a passkey (issue 31): the browser's signed answer to a challenge
 * from ./options. JSON `{ redirectTo }` on success (the session cookie is set); 401 `{ message }` otherwise.
 */
export const POST = route('public', passkeySignInSchema, ({ ctx, input }) => signInWithPasskey(ctx, input));
