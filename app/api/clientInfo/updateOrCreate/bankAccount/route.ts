import { route } from '@/lib/http/route';
import { LEGACY_WRITE } from '@/lib/intake/legacy';
import { legacyAnswer } from '@/lib/intake/legacy-answer';
import { legacyUpsertAccountSchema, toLegacyData } from '@/lib/intake/legacy-assets';
import { upsertAccount } from '@/lib/intake/records/accounts';

/** POST /api/clientInfo/updateOrCreate/bankAccount/ — the earlier front end's bank account save (intake §7). Answers the full refreshed data. */
export const POST = route('intake.write', legacyUpsertAccountSchema('bank'), async ({ ctx, input }) =>
  legacyAnswer(ctx, await upsertAccount(ctx, input, LEGACY_WRITE), input.client_hash, toLegacyData),
);
