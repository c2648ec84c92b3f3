import { route } from '@/lib/http/route';
import { legacyUpsertCompanySchema, toLegacyData } from '@/lib/intake/legacy-assets';
import { upsertCompany } from '@/lib/intake/upsert-company';

/**
 * POST /api/clientInfo/updateOrCreate/company/ — the earlier front end's company save (intake §7); stock
 * shares are kept only for corporations. Answers the full refreshed data.
 */
export const POST = route('intake.write', legacyUpsertCompanySchema, async ({ ctx, input }) =>
  toLegacyData(await upsertCompany(ctx, input, { ownersFromAddressedClient: true }), input.client_hash),
);
