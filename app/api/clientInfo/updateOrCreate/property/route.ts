import { route } from '@/lib/http/route';
import { upsertProperty } from '@/lib/intake/records';
import { toLegacyData } from '@/lib/legacy/asset-answer';
import { legacyUpsertPropertySchema } from '@/lib/legacy/asset-payloads';
import { legacyAnswer } from '@/lib/legacy/client-extras';
import { LEGACY_WRITE } from '@/lib/legacy/intake-payloads';

/**
 * POST /api/clientInfo/updateOrCreate/property/ — the earlier front end's property save (intake §7): creates
 * (hash_id_property absent) or updates; owners numbered from hash_id's client. Answers the full refreshed data.
 */
export const POST = route('intake.write', legacyUpsertPropertySchema, async ({ ctx, input }) =>
  legacyAnswer(ctx, await upsertProperty(ctx, input, LEGACY_WRITE), input.client_hash, toLegacyData),
);
