import { updatePassword } from '@/lib/account-settings/update-password';
import { route } from '@/lib/http/route';
import { updatePasswordSchema } from '@/lib/validation/settings';

/**
 * POST /api/user/update/password/ — legacy settings call: the signed-in user's own password; answers
 * { message }. Other sessions end; the response carries a fresh session cookie for this one.
 */
export const POST = route('own', updatePasswordSchema, async ({ ctx, input }) => ({
  message: (await updatePassword(ctx, input)).message,
}));
