import { createClientAccount } from '@/lib/accounts/create-client-account';
import { accountCreatedMessage } from '@/lib/accounts/messages';
import { route } from '@/lib/http/route';
import { legacyCreateClientSchema } from '@/lib/validation/accounts';

/**
 * POST /api/createClient/ — the earlier front end's sign-up call (JSON or form fields). Answers
 * `{ message }` with 200, or `{ message }` with a 4xx status, writing nothing.
 */
export const POST = route('public', legacyCreateClientSchema, async ({ ctx, input }) => ({
  message: accountCreatedMessage(await createClientAccount(ctx, input)),
}));
