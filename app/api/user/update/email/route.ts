import { updateEmail } from '@/lib/account-settings/update-email';
import { route } from '@/lib/http/route';
import { updateEmailLegacySchema } from '@/lib/validation/settings';

/** POST /api/user/update/email/ — legacy settings call: the signed-in user's own login email; answers { message }. */
export const POST = route('own', updateEmailLegacySchema, async ({ ctx, input }) => ({
  message: (await updateEmail(ctx, input)).message,
}));
