import { route } from '@/lib/http/route';
import { deleteAccount } from '@/lib/intake/delete-account';
import { legacyDeleteAccountSchema, toLegacyData } from '@/lib/intake/legacy-assets';

/** POST /api/clientInfo/delete/retirementAccount/ — removes hash_id_account (a retirement account); answers the full refreshed data. */
export const POST = route('intake.write', legacyDeleteAccountSchema('retirement'), async ({ ctx, input }) => toLegacyData(await deleteAccount(ctx, input), input.client_hash));
