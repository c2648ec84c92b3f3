import { route } from '@/lib/http/route';
import { legacyClientInfoSchema, toLegacyClient } from '@/lib/intake/legacy';
import { updateClientRecord } from '@/lib/intake/update-client-record';

/**
 * POST /api/ClientInfo/updateClientInfo — the earlier front end's client record save: `hash` plus estate
 * plan answers and / or is_spouse_beneficiary, is_spouse_poa_<type>, sent once per client. Answers
 * `{ client }`, the saved client.
 */
export const POST = route('intake.write', legacyClientInfoSchema, async ({ ctx, input }) =>
  toLegacyClient(await updateClientRecord(ctx, input), input.client_hash),
);
