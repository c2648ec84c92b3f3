import { route } from '@/lib/http/route';
import { LEGACY_WRITE } from '@/lib/intake/legacy';
import { legacyAnswer } from '@/lib/intake/legacy-answer';
import { legacyUpsertPropertySchema, toLegacyData } from '@/lib/intake/legacy-assets';
import { upsertProperty } from '@/lib/intake/records/properties';

/**
 * POST /api/clientInfo/updateOrCreate/property/ — the earlier front end's property save (intake §7): creates
 * (hash_id_property absent) or updates; owners numbered from hash_id's client. Answers the full refreshed data.
 */
export const POST = route('intake.write', legacyUpsertPropertySchema, async ({ ctx, input }) =>
  legacyAnswer(ctx, await upsertProperty(ctx, input, LEGACY_WRITE), input.client_hash, toLegacyData),
);
