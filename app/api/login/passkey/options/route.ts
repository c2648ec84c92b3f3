import { z } from 'zod';
import { passkeySignInOptions } from '@/lib/auth/passkey-sign-in';
import { route } from '@/lib/http/route';

/**
 * POST /api/login/passkey/options: a challenge and the options for the browser's passkey prompt (issue 31).
 * `second_step: true` (from /login/code) limits them to the passkeys of the user whose password this browser
 * just checked.
 */
export const POST = route('public', z.object({ second_step: z.boolean().optional() }).strict(), ({ ctx, input }) => passkeySignInOptions(ctx, input));
