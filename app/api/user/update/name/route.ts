import { updateName } from '@/lib/account-settings/update-name';
import { route } from '@/lib/http/route';
import { updateNameSchema } from '@/lib/validation/settings';

/** POST /api/user/update/name/ — legacy settings call: the signed-in user's own name; answers { message }. */
export const POST = route('own', updateNameSchema, async ({ ctx, input }) => ({ message: (await updateName(ctx, input)).message }));
