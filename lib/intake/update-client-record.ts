import 'server-only';
import type { RequestContext } from '@/lib/kernel/context';
import { saveSpouseChoices, type SpouseChoices } from './set-spouse-choice';
import type { IntakeView } from './types';
import { saveEstatePlanEntry, type EstatePlanEntry } from './update-estate-plan-info';
import { intakeWrite } from './write';

/** The client record save's input (lib/legacy/client-record-payload.ts reads it from the earlier front end's payload). */
export type ClientRecordInput = {
  client_hash: string;
  version?: number;
  /** The estate plan answers sent; the others keep their stored values. */
  estatePlan: Omit<EstatePlanEntry, 'version'> | null;
  choices: SpouseChoices | null;
};

/**
 * The earlier front end's client record save (POST /api/ClientInfo/updateClientInfo) for the client it
 * names: the estate plan answers it sends (the others keep their stored values) and / or its Yes/No
 * spouse choices, in one transaction with the same rules as the two form saves. Answers the refreshed
 * intake.
 */
export async function updateClientRecord(ctx: RequestContext, input: ClientRecordInput): Promise<IntakeView> {
  return intakeWrite(ctx, input.client_hash, async (tx, household) => {
    let version = input.version;
    if (input.estatePlan) {
      await saveEstatePlanEntry(tx, ctx, household, household.addressedClientId, { ...input.estatePlan, version });
      // The record's version moved on with that save; the choices apply on top of it.
      version = undefined;
    }
    if (input.choices) await saveSpouseChoices(tx, ctx, household, version, input.choices);
  });
}
