import { z } from 'zod';
import { startImpersonation } from '@/lib/auth/impersonate';
import { route } from '@/lib/http/route';

/**
 * POST /impersonate/{userHash} (rewritten here): an admin acts as an advisor, or, while doing so, as one of
 * that advisor's clients. Declared 'own' (it changes the caller's own session); the domain function checks
 * 'user.impersonate' or 'client.actAs' (lib/kernel/policy.ts) and the target. Answers { message, redirect }.
 */
export const POST = route('own', z.record(z.string(), z.unknown()), async ({ ctx, params }) => {
  const hash = typeof params.userId === 'string' ? params.userId : '';
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(hash)) return Response.json({ message: 'The user was not found.' }, { status: 404 });
  const { redirectTo, name } = await startImpersonation(ctx, hash);
  return { message: `Acting as ${name}`, redirect: redirectTo };
});
