import { route } from '@/lib/http/route';
import { LEGACY_WRITE, legacyUpsertTrusteeSchema, toLegacyLists } from '@/lib/intake/legacy';
import { legacyAnswer } from '@/lib/intake/legacy-answer';
import { upsertTrustee } from '@/lib/intake/records/trustees';

/**
 * POST /api/clientInfo/updateOrCreate/fiduciary/ — the earlier front end's save (intake §7): creates (hash_id_fiduciary
 * absent) or updates the record; owners are numbered from hash_id's client. Answers the refreshed lists.
 */
export const POST = route('intake.write', legacyUpsertTrusteeSchema, async ({ ctx, input }) =>
  legacyAnswer(ctx, await upsertTrustee(ctx, input, LEGACY_WRITE), input.client_hash, toLegacyLists),
);
