import { route } from '@/lib/http/route';
import { deleteProperty } from '@/lib/intake/records';
import { toLegacyData } from '@/lib/legacy/asset-answer';
import { legacyDeletePropertySchema } from '@/lib/legacy/asset-payloads';
import { legacyAnswer } from '@/lib/legacy/client-extras';

/** POST /api/clientInfo/delete/property/ — removes hash_id_property; answers the full refreshed data. */
export const POST = route('intake.write', legacyDeletePropertySchema, async ({ ctx, input }) =>
  legacyAnswer(ctx, await deleteProperty(ctx, input), input.client_hash, toLegacyData),
);
