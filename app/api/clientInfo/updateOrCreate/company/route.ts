import { route } from '@/lib/http/route';
import { LEGACY_WRITE } from '@/lib/intake/legacy';
import { legacyAnswer } from '@/lib/intake/legacy-answer';
import { legacyUpsertCompanySchema, toLegacyData } from '@/lib/intake/legacy-assets';
import { upsertCompany } from '@/lib/intake/records/companies';

/**
 * POST /api/clientInfo/updateOrCreate/company/ — the earlier front end's company save (intake §7); stock
 * shares are kept only for corporations. Answers the full refreshed data.
 */
export const POST = route('intake.write', legacyUpsertCompanySchema, async ({ ctx, input }) =>
  legacyAnswer(ctx, await upsertCompany(ctx, input, LEGACY_WRITE), input.client_hash, toLegacyData),
);
