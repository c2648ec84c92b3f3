import { resetPassword } from '@/lib/admin/reset-password';
import { route } from '@/lib/http/route';
import { resetPasswordSchema } from '@/lib/validation/admin';

/** POST /api/admin/resetPassword/ — user_id → { message: '{name} has been emailed their new password' }. */
export const POST = route('user.resetPassword', resetPasswordSchema, async ({ ctx, input }) => resetPassword(ctx, input));
