import { route } from '@/lib/http/route';
import { legacyUpsertGiftSchema, toLegacyData } from '@/lib/intake/legacy-assets';
import { upsertGift } from '@/lib/intake/upsert-gift';

/** POST /api/clientInfo/updateOrCreate/gift/ — the earlier front end's specific gift save (intake §7). Answers the full refreshed data. */
export const POST = route('intake.write', legacyUpsertGiftSchema, async ({ ctx, input }) =>
  toLegacyData(await upsertGift(ctx, input, { ownersFromAddressedClient: true }), input.client_hash),
);
