import 'server-only';
import { eq } from 'drizzle-orm';
import type { Tx } from '@/db';
import { clients } from '@/db/schema';
import { audit } from '@/lib/kernel/audit';
import type { Household } from '@/lib/kernel/scope';
import { AppError } from '@/lib/kernel/errors';
import type { RequestContext } from '@/lib/kernel/context';
import { GOVERNING_STATE_FIRST, type EstatePlanAnswers, type UpdateEstatePlanInfoInput } from '@/lib/validation/intake';
import { estatePlanColumns, estatePlanValuesOf, type EstatePlanColumns, type EstatePlanValues } from './save-rules';
import type { IntakeView } from './types';
import { intakeWrite } from './write';
import { updateVersioned } from './write-steps';

/** One client's answers to save; a key that is absent keeps the stored answer (the legacy call sends some). */
export type EstatePlanEntry = Partial<EstatePlanAnswers>;

/**
 * What a save carries: our form sends both clients' complete answers (client1 = owner 1, client2 = the
 * spouse); the legacy call sends some answers of the client it addresses (`addressed`).
 */
export type EstatePlanSave = Pick<UpdateEstatePlanInfoInput, 'client_hash'> & {
  client1?: EstatePlanEntry | null;
  client2?: EstatePlanEntry | null;
  addressed?: EstatePlanEntry | null;
};

const storedColumns = {
  hasEstatePlan: clients.hasEstatePlan,
  estatePlanType: clients.estatePlanType,
  trustName: clients.trustName,
  trustDate: clients.trustDate,
  trustTimesAmended: clients.trustTimesAmended,
  trustReplacementReason: clients.trustReplacementReason,
  isAssetsTrustOwned: clients.isAssetsTrustOwned,
  trustGoverningState: clients.trustGoverningState,
  hasTrustIntent1: clients.hasTrustIntent1,
  hasTrustIntent2: clients.hasTrustIntent2,
  hasTrustIntent3: clients.hasTrustIntent3,
  hasTrustIntent4: clients.hasTrustIntent4,
  hasTrustIntent5: clients.hasTrustIntent5,
  hasTrustIntent6: clients.hasTrustIntent6,
  hasTrustIntent7: clients.hasTrustIntent7,
  trustIntentOther: clients.trustIntentOther,
};

/** Saves one client's estate plan answers inside an intake write (version-checked, audited). */
export async function saveEstatePlanEntry(
  tx: Tx,
  ctx: RequestContext,
  household: Household,
  clientId: number,
  entry: EstatePlanEntry,
  fieldPrefix = '',
): Promise<void> {
  const { version, ...answers } = entry;
  const [stored] = await tx.select(storedColumns).from(clients).where(eq(clients.id, clientId));
  const merged: EstatePlanValues = { ...estatePlanValuesOf(stored as EstatePlanColumns) };
  for (const [key, value] of Object.entries(answers)) {
    if (value !== undefined) (merged as Record<string, unknown>)[key] = value;
  }
  // Intent 1 names the governing state: not answered before the state is chosen.
  if (merged.has_trust_intent_1 !== null && !merged.trust_governing_state) {
    throw new AppError('VALIDATION', GOVERNING_STATE_FIRST, { [`${fieldPrefix}has_trust_intent_1`]: GOVERNING_STATE_FIRST });
  }
  await updateVersioned(tx, clients, clientId, version, estatePlanColumns(merged, household.spouseId !== null));
  await audit(tx, ctx, 'intake.estatePlanInfo.update', { type: 'client', id: clientId });
}

/**
 * Saves the Current and New Estate Plan Info of the client and the spouse in one transaction, applying
 * the spec's dependencies on the server (No clears the plan type and trust details, trust details only for
 * a Trust, intents 6 and 7 only with a spouse). Each client row is version-checked. Answers the refreshed
 * intake.
 */
export async function updateEstatePlanInfo(ctx: RequestContext, input: UpdateEstatePlanInfoInput | EstatePlanSave): Promise<IntakeView> {
  return intakeWrite(ctx, input.client_hash, async (tx, household) => {
    const save = input as EstatePlanSave;
    if (save.addressed) {
      await saveEstatePlanEntry(tx, ctx, household, household.addressedClientId, save.addressed);
      return;
    }
    if (save.client2 && household.spouseId === null) {
      throw new AppError('VALIDATION', 'This household has no spouse.', { client2: 'This household has no spouse.' });
    }
    if (save.client1) await saveEstatePlanEntry(tx, ctx, household, household.clientId, save.client1, 'client1.');
    if (save.client2) await saveEstatePlanEntry(tx, ctx, household, household.spouseId!, save.client2, 'client2.');
  });
}
