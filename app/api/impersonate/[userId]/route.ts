import { z } from 'zod';
import { startImpersonation } from '@/lib/auth/impersonate';
import { route } from '@/lib/http/route';

/**
 * POST /impersonate/{userHash} (rewritten here): an admin acts as an advisor, or, while doing so, as one of
 * that advisor's clients. Declared 'own' (it changes the caller's own session); the domain function checks
 * 'user.impersonate' or 'client.actAs' (lib/kernel/policy.ts) and the target. Answers { message, redirect }.
 */
export const POST = route('own', z.record(z.string(), z.unknown()), async ({ ctx, params }) => {
  // route() has refused an address that cannot be a hash (404).
  const { redirectTo, name } = await startImpersonation(ctx, String(params.userId));
  return { message: `Acting as ${name}`, redirect: redirectTo };
});
