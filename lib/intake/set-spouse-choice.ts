import 'server-only';
import { clients } from '@/db/schema';
import { audit } from '@/lib/kernel/audit';
import { AppError } from '@/lib/kernel/errors';
import type { RequestContext } from '@/lib/kernel/context';
import type { Tx } from '@/db';
import type { Household } from '@/lib/kernel/scope';
import type { SetSpouseChoiceInput, SpouseChoice } from '@/lib/validation/intake';
import type { IntakeView } from './types';
import { assertPoaTypeAvailable } from './records/agents';
import { intakeWrite } from './write';
import { updateVersioned } from './write-steps';

export const NO_SPOUSE_MESSAGE = 'These choices are for a married couple.';

/**
 * Saves one client's Yes/No choices of the beneficiary and PoA sections ('the surviving trustor receives
 * all', 'the spouse is the primary agent' per type): only the choices sent; null clears one (Unanswered).
 * Only for a married household; the financial choice is refused where the financial PoA is hidden.
 */
export async function setSpouseChoice(ctx: RequestContext, input: SetSpouseChoiceInput): Promise<IntakeView> {
  return intakeWrite(ctx, input.client_hash, (tx, household) => saveSpouseChoices(tx, ctx, household, input.version, input));
}

export type SpouseChoices = Partial<Record<SpouseChoice, boolean | null>>;

/** Saves the addressed client's choices inside an intake write (version-checked, audited). */
export async function saveSpouseChoices(tx: Tx, ctx: RequestContext, household: Household, version: number | undefined, choices: SpouseChoices): Promise<void> {
  if (household.spouseId === null) throw new AppError('VALIDATION', NO_SPOUSE_MESSAGE);
  if (choices.is_spouse_poa_financial !== undefined) await assertPoaTypeAvailable(tx, household, 'financial');
  const values = Object.fromEntries(
    Object.entries({
      isSpouseBeneficiary: choices.is_spouse_beneficiary,
      isSpousePoaGeneral: choices.is_spouse_poa_general,
      isSpousePoaMedical: choices.is_spouse_poa_medical,
      isSpousePoaFinancial: choices.is_spouse_poa_financial,
    }).filter(([, value]) => value !== undefined),
  );
  await updateVersioned(tx, clients, household.addressedClientId, version, values);
  await audit(tx, ctx, 'intake.spouseChoice.update', { type: 'client', id: household.addressedClientId }, values);
}
