import { route } from '@/lib/http/route';
import { legacyUpsertPropertySchema, toLegacyData } from '@/lib/intake/legacy-assets';
import { upsertProperty } from '@/lib/intake/upsert-property';

/**
 * POST /api/clientInfo/updateOrCreate/property/ — the earlier front end's property save (intake §7): creates
 * (hash_id_property absent) or updates; owners numbered from hash_id's client. Answers the full refreshed data.
 */
export const POST = route('intake.write', legacyUpsertPropertySchema, async ({ ctx, input }) =>
  toLegacyData(await upsertProperty(ctx, input, { ownersFromAddressedClient: true }), input.client_hash),
);
