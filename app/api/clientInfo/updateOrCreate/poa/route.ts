import { route } from '@/lib/http/route';
import { legacyUpsertAgentSchema, toLegacyLists } from '@/lib/intake/legacy';
import { upsertAgent } from '@/lib/intake/upsert-agent';

/**
 * POST /api/clientInfo/updateOrCreate/poa/ — the earlier front end's save (intake §7): creates (hash_id_poa
 * absent) or updates the record; owners are numbered from hash_id's client. Answers the refreshed lists.
 */
export const POST = route('intake.write', legacyUpsertAgentSchema, async ({ ctx, input }) =>
  toLegacyLists(await upsertAgent(ctx, input, { ownersFromAddressedClient: true }), input.client_hash),
);
