import { route } from '@/lib/http/route';
import { LEGACY_WRITE, legacyUpsertAgentSchema, toLegacyLists } from '@/lib/intake/legacy';
import { legacyAnswer } from '@/lib/intake/legacy-answer';
import { upsertAgent } from '@/lib/intake/records/agents';

/**
 * POST /api/clientInfo/updateOrCreate/poa/ — the earlier front end's save (intake §7): creates (hash_id_poa
 * absent) or updates the record; owners are numbered from hash_id's client. Answers the refreshed lists.
 */
export const POST = route('intake.write', legacyUpsertAgentSchema, async ({ ctx, input }) =>
  legacyAnswer(ctx, await upsertAgent(ctx, input, LEGACY_WRITE), input.client_hash, toLegacyLists),
);
