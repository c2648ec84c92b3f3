import 'server-only';
import type { RequestContext } from '@/lib/kernel/context';
import type { WriteOptions } from '../write-steps';
import { accountRecord } from './accounts';
import { agentRecord } from './agents';
import { beneficiaryRecord } from './beneficiaries';
import { childRecord } from './children';
import { companyRecord } from './companies';
import type { RecordDef, RecordDeleteInput, RecordInput, StoredRecord } from './define';
import { deleteRecord, upsertRecord } from './engine';
import { giftRecord } from './gifts';
import { propertyRecord } from './properties';
import { trusteeRecord } from './trustees';

/*
 * The list sections' use cases: a save and a delete of each, the one engine (engine.ts) over the section's
 * definition (<section>.ts). The server actions and the compatibility routes call these. Each save creates
 * (no hash) or updates its record and answers the refreshed intake; each delete answers 409 on a stale
 * version and removes nothing.
 */

function upsertOf<I extends RecordInput, S extends StoredRecord, D extends RecordDeleteInput>(def: RecordDef<I, S, D>) {
  return (ctx: RequestContext, input: I, options?: WriteOptions) => upsertRecord(def, ctx, input, options);
}
function deleteOf<I extends RecordInput, S extends StoredRecord, D extends RecordDeleteInput>(def: RecordDef<I, S, D>) {
  return (ctx: RequestContext, input: D) => deleteRecord(def, ctx, input);
}

/** A child of the household; adding one answers Yes to 'Do you have any children?'. */
export const upsertChild = upsertOf(childRecord);
/** Removes a child from both owners' lists. */
export const deleteChild = deleteOf(childRecord);

/** A beneficiary with each owning client's terms. */
export const upsertBeneficiary = upsertOf(beneficiaryRecord);
/** Removes a beneficiary (both owners' terms) unless it receives a specific gift. */
export const deleteBeneficiary = deleteOf(beneficiaryRecord);

/** A successor trustee with each owner's order. */
export const upsertTrustee = upsertOf(trusteeRecord);
/** Removes a successor trustee; the person row goes too unless another list uses it. */
export const deleteTrustee = deleteOf(trusteeRecord);

/** An agent under one power-of-attorney type. */
export const upsertAgent = upsertOf(agentRecord);
/** Removes an agent from one power-of-attorney type (both owners' places in that list). */
export const deleteAgent = deleteOf(agentRecord);

/** A property with each owner's primary-residence flag. */
export const upsertProperty = upsertOf(propertyRecord);
/** Removes a property with its address and both owners' pivots, unless it is given as a gift. */
export const deleteProperty = deleteOf(propertyRecord);

/** A company with each owner's shares. */
export const upsertCompany = upsertOf(companyRecord);
/** Removes a company with its address and both owners' shares. */
export const deleteCompany = deleteOf(companyRecord);

/** A specific gift. */
export const upsertGift = upsertOf(giftRecord);
/** Removes a specific gift (its beneficiary and property stay). */
export const deleteGift = deleteOf(giftRecord);

/** An account of one kind (retirement, brokerage, bank, annuity). */
export const upsertAccount = upsertOf(accountRecord);
/** Removes an account of the given kind. */
export const deleteAccount = deleteOf(accountRecord);
