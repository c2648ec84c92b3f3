import { route } from '@/lib/http/route';
import { upsertBeneficiary } from '@/lib/intake/records';
import { legacyAnswer } from '@/lib/legacy/client-extras';
import { toLegacyLists } from '@/lib/legacy/family-answer';
import { LEGACY_WRITE, legacyUpsertBeneficiarySchema } from '@/lib/legacy/intake-payloads';

/**
 * POST /api/clientInfo/updateOrCreate/beneficiary/ — the earlier front end's save (intake §7): creates (hash_id_beneficiary
 * absent) or updates the record; owners are numbered from hash_id's client. Answers the refreshed lists.
 */
export const POST = route('intake.write', legacyUpsertBeneficiarySchema, async ({ ctx, input }) =>
  legacyAnswer(ctx, await upsertBeneficiary(ctx, input, LEGACY_WRITE), input.client_hash, toLegacyLists),
);
