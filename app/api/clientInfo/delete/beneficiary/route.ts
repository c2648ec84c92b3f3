import { route } from '@/lib/http/route';
import { deleteBeneficiary } from '@/lib/intake/records';
import { legacyAnswer } from '@/lib/legacy/client-extras';
import { toLegacyLists } from '@/lib/legacy/family-answer';
import { legacyDeleteBeneficiarySchema } from '@/lib/legacy/intake-payloads';

/** POST /api/clientInfo/delete/beneficiary/ — the earlier front end's delete of hash_id_beneficiary; answers the refreshed lists. */
export const POST = route('intake.write', legacyDeleteBeneficiarySchema, async ({ ctx, input }) =>
  legacyAnswer(ctx, await deleteBeneficiary(ctx, input), input.client_hash, toLegacyLists),
);
