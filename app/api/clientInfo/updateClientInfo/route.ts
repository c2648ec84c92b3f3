import { submitTrust } from '@/lib/intake/submit-trust';
import { route } from '@/lib/http/route';
import { toLegacyClient } from '@/lib/legacy/client-answer';
import { legacyAnswer } from '@/lib/legacy/client-extras';
import { legacyClientInfoSchema } from '@/lib/legacy/client-record-payload';
import { updateClientRecord } from '@/lib/intake/update-client-record';

/**
 * POST /api/ClientInfo/updateClientInfo — the earlier front end's client record save: `hash` plus estate
 * plan answers and / or is_spouse_beneficiary, is_spouse_poa_<type>, sent once per client; or `hash` plus
 * `is_trust_submitted`, the submission for attorney review (which also needs 'plan.submit': attorneys get
 * 403). Answers `{ client }`, the saved client. The spec's capitalised path reaches this folder through a rewrite
 * in next.config.mjs.
 */
export const POST = route('intake.write', legacyClientInfoSchema, async ({ ctx, input }) => {
  if (input.is_trust_submitted) {
    return legacyAnswer(
      ctx,
      await submitTrust(ctx, { client_hash: input.client_hash, acknowledgements: [] }, { legacy: true }),
      input.client_hash,
      toLegacyClient,
    );
  }
  return legacyAnswer(ctx, await updateClientRecord(ctx, input), input.client_hash, toLegacyClient);
});
