import { z } from 'zod';
import { signOut } from '@/lib/auth/sign-out';
import { seeOther } from '@/lib/http/redirect';
import { route } from '@/lib/http/route';

/**
 * POST /logout (rewritten here by middleware), from the Logout button: ends the session, or only the
 * impersonation while an admin acts as someone. A post from another origin is refused by the route
 * wrapper (403), so a link or form elsewhere cannot sign anyone out or end an impersonation.
 */
export const POST = route('public', z.record(z.string(), z.unknown()), async ({ ctx }) => {
  const { redirectTo } = await signOut(ctx);
  return seeOther(redirectTo);
});
