import { route } from '@/lib/http/route';
import { upsertCompany } from '@/lib/intake/records';
import { toLegacyData } from '@/lib/legacy/asset-answer';
import { legacyUpsertCompanySchema } from '@/lib/legacy/asset-payloads';
import { legacyAnswer } from '@/lib/legacy/client-extras';
import { LEGACY_WRITE } from '@/lib/legacy/intake-payloads';

/**
 * POST /api/clientInfo/updateOrCreate/company/ — the earlier front end's company save (intake §7); stock
 * shares are kept only for corporations. Answers the full refreshed data.
 */
export const POST = route('intake.write', legacyUpsertCompanySchema, async ({ ctx, input }) =>
  legacyAnswer(ctx, await upsertCompany(ctx, input, LEGACY_WRITE), input.client_hash, toLegacyData),
);
