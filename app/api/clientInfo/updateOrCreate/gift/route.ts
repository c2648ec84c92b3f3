import { route } from '@/lib/http/route';
import { upsertGift } from '@/lib/intake/records';
import { toLegacyData } from '@/lib/legacy/asset-answer';
import { legacyUpsertGiftSchema } from '@/lib/legacy/asset-payloads';
import { legacyAnswer } from '@/lib/legacy/client-extras';
import { LEGACY_WRITE } from '@/lib/legacy/intake-payloads';

/** POST /api/clientInfo/updateOrCreate/gift/ — the earlier front end's specific gift save (intake §7). Answers the full refreshed data. */
export const POST = route('intake.write', legacyUpsertGiftSchema, async ({ ctx, input }) =>
  legacyAnswer(ctx, await upsertGift(ctx, input, LEGACY_WRITE), input.client_hash, toLegacyData),
);
