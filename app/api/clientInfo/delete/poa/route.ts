import { route } from '@/lib/http/route';
import { deleteAgent } from '@/lib/intake/records';
import { legacyAnswer } from '@/lib/legacy/client-extras';
import { toLegacyLists } from '@/lib/legacy/family-answer';
import { legacyDeleteAgentSchema } from '@/lib/legacy/intake-payloads';

/** POST /api/clientInfo/delete/poa/ — the earlier front end's delete of hash_id_poa under one type (`type`: general, medical or financial); answers the refreshed lists. */
export const POST = route('intake.write', legacyDeleteAgentSchema, async ({ ctx, input }) =>
  legacyAnswer(ctx, await deleteAgent(ctx, input), input.client_hash, toLegacyLists),
);
