import { route } from '@/lib/http/route';
import { deleteChild } from '@/lib/intake/records';
import { legacyAnswer } from '@/lib/legacy/client-extras';
import { toLegacyLists } from '@/lib/legacy/family-answer';
import { legacyDeleteChildSchema } from '@/lib/legacy/intake-payloads';

/** POST /api/clientInfo/delete/child/ — the earlier front end's delete of hash_id_child; answers the refreshed lists. */
export const POST = route('intake.write', legacyDeleteChildSchema, async ({ ctx, input }) =>
  legacyAnswer(ctx, await deleteChild(ctx, input), input.client_hash, toLegacyLists),
);
