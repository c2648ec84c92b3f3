import { route } from '@/lib/http/route';
import { legacyUpsertAccountSchema, toLegacyData } from '@/lib/intake/legacy-assets';
import { upsertAccount } from '@/lib/intake/upsert-account';

/** POST /api/clientInfo/updateOrCreate/retirementAccount/ — the earlier front end's retirement account save (intake §7). Answers the full refreshed data. */
export const POST = route('intake.write', legacyUpsertAccountSchema('retirement'), async ({ ctx, input }) =>
  toLegacyData(await upsertAccount(ctx, input, { ownersFromAddressedClient: true }), input.client_hash),
);
