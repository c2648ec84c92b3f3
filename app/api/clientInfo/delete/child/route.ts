import { route } from '@/lib/http/route';
import { legacyDeleteChildSchema, toLegacyLists } from '@/lib/intake/legacy';
import { deleteChild } from '@/lib/intake/delete-child';

/** POST /api/clientInfo/delete/child/ — the earlier front end's delete of hash_id_child; answers the refreshed lists. */
export const POST = route('intake.write', legacyDeleteChildSchema, async ({ ctx, input }) => toLegacyLists(await deleteChild(ctx, input), input.client_hash));
