import { route } from '@/lib/http/route';
import { deleteCompany } from '@/lib/intake/records';
import { toLegacyData } from '@/lib/legacy/asset-answer';
import { legacyDeleteCompanySchema } from '@/lib/legacy/asset-payloads';
import { legacyAnswer } from '@/lib/legacy/client-extras';

/** POST /api/clientInfo/delete/company/ — removes hash_id_company; answers the full refreshed data. */
export const POST = route('intake.write', legacyDeleteCompanySchema, async ({ ctx, input }) =>
  legacyAnswer(ctx, await deleteCompany(ctx, input), input.client_hash, toLegacyData),
);
