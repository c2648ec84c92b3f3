import { updatePhone } from '@/lib/account-settings/update-phone';
import { route } from '@/lib/http/route';
import { updatePhoneLegacySchema } from '@/lib/validation/settings';

/** POST /api/user/update/phone — legacy settings call: the signed-in user's own phone; answers { message }. */
export const POST = route('own', updatePhoneLegacySchema, async ({ ctx, input }) => ({
  message: (await updatePhone(ctx, input)).message,
}));
