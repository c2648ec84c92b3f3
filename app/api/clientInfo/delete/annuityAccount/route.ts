import { route } from '@/lib/http/route';
import { deleteAccount } from '@/lib/intake/records/accounts';
import { legacyAnswer } from '@/lib/intake/legacy-answer';
import { legacyDeleteAccountSchema, toLegacyData } from '@/lib/intake/legacy-assets';

/** POST /api/clientInfo/delete/annuityAccount/ — removes hash_id_account (a annuity account); answers the full refreshed data. */
export const POST = route('intake.write', legacyDeleteAccountSchema('annuity'), async ({ ctx, input }) =>
  legacyAnswer(ctx, await deleteAccount(ctx, input), input.client_hash, toLegacyData),
);
