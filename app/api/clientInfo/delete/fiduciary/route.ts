import { route } from '@/lib/http/route';
import { deleteTrustee } from '@/lib/intake/records/trustees';
import { legacyDeleteTrusteeSchema, toLegacyLists } from '@/lib/intake/legacy';
import { legacyAnswer } from '@/lib/intake/legacy-answer';

/** POST /api/clientInfo/delete/fiduciary/ — the earlier front end's delete of hash_id_fiduciary; answers the refreshed lists. */
export const POST = route('intake.write', legacyDeleteTrusteeSchema, async ({ ctx, input }) =>
  legacyAnswer(ctx, await deleteTrustee(ctx, input), input.client_hash, toLegacyLists),
);
