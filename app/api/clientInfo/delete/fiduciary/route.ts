import { route } from '@/lib/http/route';
import { deleteTrustee } from '@/lib/intake/records';
import { legacyAnswer } from '@/lib/legacy/client-extras';
import { toLegacyLists } from '@/lib/legacy/family-answer';
import { legacyDeleteTrusteeSchema } from '@/lib/legacy/intake-payloads';

/** POST /api/clientInfo/delete/fiduciary/ — the earlier front end's delete of hash_id_fiduciary; answers the refreshed lists. */
export const POST = route('intake.write', legacyDeleteTrusteeSchema, async ({ ctx, input }) =>
  legacyAnswer(ctx, await deleteTrustee(ctx, input), input.client_hash, toLegacyLists),
);
