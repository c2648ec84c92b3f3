import { route } from '@/lib/http/route';
import { LEGACY_WRITE } from '@/lib/intake/legacy';
import { legacyAnswer } from '@/lib/intake/legacy-answer';
import { legacyUpsertGiftSchema, toLegacyData } from '@/lib/intake/legacy-assets';
import { upsertGift } from '@/lib/intake/records/gifts';

/** POST /api/clientInfo/updateOrCreate/gift/ — the earlier front end's specific gift save (intake §7). Answers the full refreshed data. */
export const POST = route('intake.write', legacyUpsertGiftSchema, async ({ ctx, input }) =>
  legacyAnswer(ctx, await upsertGift(ctx, input, LEGACY_WRITE), input.client_hash, toLegacyData),
);
