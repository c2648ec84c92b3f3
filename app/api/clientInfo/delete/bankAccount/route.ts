import { route } from '@/lib/http/route';
import { deleteAccount } from '@/lib/intake/records';
import { toLegacyData } from '@/lib/legacy/asset-answer';
import { legacyDeleteAccountSchema } from '@/lib/legacy/asset-payloads';
import { legacyAnswer } from '@/lib/legacy/client-extras';

/** POST /api/clientInfo/delete/bankAccount/ — removes hash_id_account (a bank account); answers the full refreshed data. */
export const POST = route('intake.write', legacyDeleteAccountSchema('bank'), async ({ ctx, input }) =>
  legacyAnswer(ctx, await deleteAccount(ctx, input), input.client_hash, toLegacyData),
);
