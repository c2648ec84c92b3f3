import { route } from '@/lib/http/route';
import { upsertTrustee } from '@/lib/intake/records';
import { legacyAnswer } from '@/lib/legacy/client-extras';
import { toLegacyLists } from '@/lib/legacy/family-answer';
import { LEGACY_WRITE, legacyUpsertTrusteeSchema } from '@/lib/legacy/intake-payloads';

/**
 * POST /api/clientInfo/updateOrCreate/fiduciary/ — the earlier front end's save (intake §7): creates (hash_id_fiduciary
 * absent) or updates the record; owners are numbered from hash_id's client. Answers the refreshed lists.
 */
export const POST = route('intake.write', legacyUpsertTrusteeSchema, async ({ ctx, input }) =>
  legacyAnswer(ctx, await upsertTrustee(ctx, input, LEGACY_WRITE), input.client_hash, toLegacyLists),
);
