import { route } from '@/lib/http/route';
import { upsertAccount } from '@/lib/intake/records';
import { toLegacyData } from '@/lib/legacy/asset-answer';
import { legacyUpsertAccountSchema } from '@/lib/legacy/asset-payloads';
import { legacyAnswer } from '@/lib/legacy/client-extras';
import { LEGACY_WRITE } from '@/lib/legacy/intake-payloads';

/** POST /api/clientInfo/updateOrCreate/retirementAccount/ — the earlier front end's retirement account save (intake §7). Answers the full refreshed data. */
export const POST = route('intake.write', legacyUpsertAccountSchema('retirement'), async ({ ctx, input }) =>
  legacyAnswer(ctx, await upsertAccount(ctx, input, LEGACY_WRITE), input.client_hash, toLegacyData),
);
