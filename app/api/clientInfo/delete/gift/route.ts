import { route } from '@/lib/http/route';
import { deleteGift } from '@/lib/intake/records';
import { toLegacyData } from '@/lib/legacy/asset-answer';
import { legacyDeleteGiftSchema } from '@/lib/legacy/asset-payloads';
import { legacyAnswer } from '@/lib/legacy/client-extras';

/** POST /api/clientInfo/delete/gift/ — removes hash_id_gift; answers the full refreshed data. */
export const POST = route('intake.write', legacyDeleteGiftSchema, async ({ ctx, input }) =>
  legacyAnswer(ctx, await deleteGift(ctx, input), input.client_hash, toLegacyData),
);
