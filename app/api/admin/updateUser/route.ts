import { updateUser } from '@/lib/admin/update-user';
import { route } from '@/lib/http/route';
import { updateUserSchema } from '@/lib/validation/admin';

/** POST /api/admin/updateUser/ — user_id, email, phone, is_firm_supervisor, is_waiving_fee, staff_advisors → { message, users }. */
export const POST = route('user.update', updateUserSchema, async ({ ctx, input }) => updateUser(ctx, input));
