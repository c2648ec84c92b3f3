import { z } from 'zod';
import { legacyShapes, SPOUSE_CHOICES } from '@/lib/validation/intake';
import { legacyBoolean, legacyPayload, presentBoolean, text, type Body } from './payload-values';

/*
 * The earlier front end's client record call (POST /api/ClientInfo/updateClientInfo): the estate plan
 * answers sent (a partial save), and / or the spouse choices, or the submission on its own.
 */

const ESTATE_PLAN_KEYS = Object.keys(legacyShapes.estatePlanAnswers.shape).filter((key) => key !== 'version');
const ESTATE_PLAN_FLAGS = new Set([
  'has_trust_intent_1',
  'has_trust_intent_2',
  'has_trust_intent_3',
  'has_trust_intent_4',
  'has_trust_intent_5',
  'has_trust_intent_6',
  'has_trust_intent_7',
]);
export const SUBMISSION_ALONE = 'Send the submission (is_trust_submitted) on its own, without other answers.';

const clientInfoShape = z.object({
  client_hash: legacyShapes.spouseChoice.shape.client_hash,
  version: legacyShapes.spouseChoice.shape.version,
  estatePlan: legacyShapes.estatePlanAnswers.omit({ version: true }).partial().nullable(),
  choices: legacyShapes.spouseChoice.omit({ client_hash: true, version: true }).nullable(),
  // The submission for attorney review (lib/intake/submit-trust.ts), sent with the hash only.
  is_trust_submitted: z.literal(true).optional(),
});

function clientInfoFromLegacy(body: Body) {
  const sent = (key: string) => key in body;
  const estatePlanKeys = ESTATE_PLAN_KEYS.filter(sent);
  const choiceKeys = SPOUSE_CHOICES.filter(sent);
  return {
    client_hash: body.hash ?? body.hash_id,
    version: body.version ?? undefined,
    estatePlan: estatePlanKeys.length
      ? Object.fromEntries(
          estatePlanKeys.map((key) => {
            const value = body[key];
            if (ESTATE_PLAN_FLAGS.has(key)) return [key, legacyBoolean(value)];
            if (key === 'has_estate_plan' || key === 'is_assets_trust_owned') return [key, legacyBoolean(value)];
            return [key, text(value) ?? null];
          }),
        )
      : null,
    choices: choiceKeys.length ? Object.fromEntries(choiceKeys.map((key) => [key, presentBoolean(body, key)])) : null,
    // true submits the trust; false or absent changes nothing (a submission is not taken back here).
    is_trust_submitted: legacyBoolean(body.is_trust_submitted) === true ? true : undefined,
  };
}

export const legacyClientInfoSchema = legacyPayload(clientInfoFromLegacy, clientInfoShape).check(
  z.superRefine((value, ctx) => {
    if (value.is_trust_submitted && (value.estatePlan || value.choices))
      ctx.addIssue({ code: 'custom', path: ['is_trust_submitted'], message: SUBMISSION_ALONE });
    else if (!value.is_trust_submitted && !value.estatePlan && !value.choices) ctx.addIssue({ code: 'custom', path: ['_'], message: 'Nothing to save.' });
  }),
);
export type LegacyClientInfoInput = z.output<typeof legacyClientInfoSchema>;
