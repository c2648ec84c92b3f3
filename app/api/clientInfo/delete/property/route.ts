import { route } from '@/lib/http/route';
import { deleteProperty } from '@/lib/intake/records/properties';
import { legacyAnswer } from '@/lib/intake/legacy-answer';
import { legacyDeletePropertySchema, toLegacyData } from '@/lib/intake/legacy-assets';

/** POST /api/clientInfo/delete/property/ — removes hash_id_property; answers the full refreshed data. */
export const POST = route('intake.write', legacyDeletePropertySchema, async ({ ctx, input }) =>
  legacyAnswer(ctx, await deleteProperty(ctx, input), input.client_hash, toLegacyData),
);
