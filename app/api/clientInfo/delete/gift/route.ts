import { route } from '@/lib/http/route';
import { deleteGift } from '@/lib/intake/records/gifts';
import { legacyAnswer } from '@/lib/intake/legacy-answer';
import { legacyDeleteGiftSchema, toLegacyData } from '@/lib/intake/legacy-assets';

/** POST /api/clientInfo/delete/gift/ — removes hash_id_gift; answers the full refreshed data. */
export const POST = route('intake.write', legacyDeleteGiftSchema, async ({ ctx, input }) =>
  legacyAnswer(ctx, await deleteGift(ctx, input), input.client_hash, toLegacyData),
);
