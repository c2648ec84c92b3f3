import { route } from '@/lib/http/route';
import { deleteBeneficiary } from '@/lib/intake/records/beneficiaries';
import { legacyDeleteBeneficiarySchema, toLegacyLists } from '@/lib/intake/legacy';
import { legacyAnswer } from '@/lib/intake/legacy-answer';

/** POST /api/clientInfo/delete/beneficiary/ — the earlier front end's delete of hash_id_beneficiary; answers the refreshed lists. */
export const POST = route('intake.write', legacyDeleteBeneficiarySchema, async ({ ctx, input }) =>
  legacyAnswer(ctx, await deleteBeneficiary(ctx, input), input.client_hash, toLegacyLists),
);
