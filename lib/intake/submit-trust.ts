import 'server-only';
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import { db, type Tx } from '@/db';
import { clients, estatePlans, planConsents, type EstatePlanStatus } from '@/db/schema';
import { invoiceWaivedFee } from '@/lib/billing/invoice-waived-fee';
import { trustFeeOfPlan } from '@/lib/billing/trust-fee';
import { compareMoney } from '@/lib/money';
import type { Household } from '@/lib/kernel/scope';
import { statusAfterSubmission } from '@/lib/estate-plans/status-machine';
import { recordStatusChange } from '@/lib/estate-plans/status-notice';
import { isTrustSubmitted } from '@/lib/estate-plans/submitted';
import { audit } from '@/lib/kernel/audit';
import type { RequestContext } from '@/lib/kernel/context';
import { AppError } from '@/lib/kernel/errors';
import { householdAudience, legalTeam, notify } from '@/lib/notifications';
import { assertCan } from '@/lib/kernel/policy';
import { CONSENT_STATEMENT_NUMBERS, MISSING_CONSENT_MESSAGE, type SubmitTrustInput } from '@/lib/validation/plans';
import { loadHouseholdIntake } from './load';
import { unansweredQuestions } from './required';
import type { IntakeView } from './types';
import { loadHouseholdForWrite } from './write';
import { clientIdsOf } from './write-steps';

export const ALREADY_SUBMITTED_MESSAGE = 'This trust has already been submitted for attorney review.';
export const NO_PLAN_MESSAGE = 'No estate plan found - Please contact support';
export const UNANSWERED_SUBMIT_MESSAGE = 'Please select an answer for all client questions.';
export const FEE_DUE_MESSAGE = 'The trust fee is due: please pay it to submit the trust for attorney review.';

export type SubmitOptions = {
  /**
   * The earlier front end's call (`is_trust_submitted` on /api/ClientInfo/updateClientInfo) carries no
   * acknowledgements: it was sent only once every box of the Agreement was ticked, so the call itself
   * stands for them. They are recorded as given by this request, and the audit row says so.
   */
  legacy?: boolean;
};

/** What a submission has checked, for completeSubmission (the fee's payment sits between the two). */
export type PreparedSubmission = {
  household: Household;
  plan: { id: number; status: EstatePlanStatus };
  people: { hash: string }[];
};

/**
 * Every check of a submission, inside the caller's transaction: the household within the actor's scope
 * ('plan.submit'), not under the features lock (403); not submitted yet (409, the one rule of
 * lib/estate-plans/submitted.ts); every required answer given (422); each client's three Agreement and
 * Receipt acknowledgements (422 'Please read and acknowledge the entire Agreement'). The latest plan is
 * taken with a row lock. Writes nothing.
 */
export async function prepareSubmission(ctx: RequestContext, input: SubmitTrustInput, options: SubmitOptions, tx: Tx): Promise<PreparedSubmission> {
  assertCan(ctx.actor, 'plan.submit');
  const household = await loadHouseholdForWrite(ctx, input.client_hash, 'plan.submit', tx);
  const [plan] = await tx
    .select({ id: estatePlans.id, status: estatePlans.status, submittedAt: estatePlans.submittedAt })
    .from(estatePlans)
    .where(eq(estatePlans.clientId, household.clientId))
    .orderBy(desc(estatePlans.createdAt), desc(estatePlans.id))
    .limit(1)
    .for('update');
  if (!plan) throw new AppError('CONFLICT', NO_PLAN_MESSAGE);

  const before = await loadHouseholdIntake(ctx, household, tx);
  const people = [before.client, ...(before.spouse ? [before.spouse] : [])];
  const facts = {
    latestPlanSubmitted: plan.submittedAt !== null,
    owner1Flag: before.client.isTrustSubmitted,
    owner2Flag: before.spouse?.isTrustSubmitted ?? null,
  };
  if (isTrustSubmitted(facts)) throw new AppError('CONFLICT', ALREADY_SUBMITTED_MESSAGE);
  if (people.some((c) => unansweredQuestions(c, before.spouse !== null).length > 0)) throw new AppError('VALIDATION', UNANSWERED_SUBMIT_MESSAGE);

  const acknowledged = (hash: string) =>
    new Set(options.legacy ? CONSENT_STATEMENT_NUMBERS : (input.acknowledgements.find((a) => a.client_hash === hash)?.statements ?? []));
  if (people.some((c) => CONSENT_STATEMENT_NUMBERS.some((n) => !acknowledged(c.hash).has(n)))) throw new AppError('VALIDATION', MISSING_CONSENT_MESSAGE);
  return { household, plan: { id: plan.id, status: plan.status }, people: people.map((p) => ({ hash: p.hash })) };
}

/**
 * Marks a prepared submission done, in the same transaction: the plan submitted only while it is not
 * (`submitted_at is null` in the UPDATE's WHERE, so a parallel call finds it submitted and answers 409),
 * the acknowledgements (who, when, from where), is_trust_submitted on both clients, the recalculated status
 * with its history row, the advisor's invoice when the advisor waives the fee, and the audit.
 */
export async function completeSubmission(ctx: RequestContext, prepared: PreparedSubmission, options: SubmitOptions, tx: Tx): Promise<void> {
  const { household, people } = prepared;
  const ids = clientIdsOf(household);
  // The status as it is now in this transaction (a payment may have moved it since prepareSubmission).
  const [plan] = await tx.select({ id: estatePlans.id, status: estatePlans.status }).from(estatePlans).where(eq(estatePlans.id, prepared.plan.id));
  const next = statusAfterSubmission(plan.status);
  const marked = await tx
    .update(estatePlans)
    .set({
      submittedAt: ctx.now,
      submittedByUserId: ctx.actor.userId,
      submittedByImpersonatorUserId: ctx.actor.impersonator?.userId ?? null,
      status: next,
      updatedAt: ctx.now,
    })
    .where(and(eq(estatePlans.id, plan.id), isNull(estatePlans.submittedAt)))
    .returning({ id: estatePlans.id });
  if (marked.length === 0) throw new AppError('CONFLICT', ALREADY_SUBMITTED_MESSAGE);

  const clientIdOf = new Map([
    [household.clientHash, household.clientId],
    ...(household.spouseHash ? [[household.spouseHash, household.spouseId!] as const] : []),
  ]);
  await tx.insert(planConsents).values(
    people.flatMap((c) =>
      CONSENT_STATEMENT_NUMBERS.map((statement) => ({
        estatePlanId: plan.id,
        clientId: clientIdOf.get(c.hash)!,
        statement,
        acknowledgedByUserId: ctx.actor.userId,
        impersonatorUserId: ctx.actor.impersonator?.userId ?? null,
        ip: ctx.ip,
        userAgent: ctx.userAgent || null,
      })),
    ),
  );
  await tx.update(clients).set({ isTrustSubmitted: true, updatedAt: ctx.now }).where(inArray(clients.id, ids));
  if (next !== plan.status) {
    await recordStatusChange(tx, { planId: plan.id, from: plan.status, to: next, userId: ctx.actor.userId });
  }
  await invoiceWaivedFee(ctx, tx, plan.id);
  await audit(tx, ctx, 'plan.submit', { type: 'estate_plan', id: plan.id }, { from: plan.status, to: next, ...(options.legacy ? { via: 'legacy' } : {}) });
  await tellLegalTeam(tx, household.clientId, plan.id);
}

/** The legal team hears of a trust submitted for review, once per plan (a plan is submitted once). */
async function tellLegalTeam(tx: Tx, clientId: number, planId: number): Promise<void> {
  const audience = await householdAudience(tx, clientId);
  if (!audience) return;
  await notify(
    tx,
    {
      key: `trust-submitted:${planId}`,
      kind: 'trust-submitted',
      title: `${audience.householdName} submitted a trust for review`,
      body: `${audience.householdName} submitted their living trust for attorney review. It is waiting in the review queue.`,
      link: `/client-info/${audience.owner1Hash}`,
      action: 'Open the trust',
    },
    await legalTeam(tx),
  );
}

/**
 * Submits a household's trust for attorney review, once, in one transaction: prepareSubmission's checks,
 * then nothing may be due (402 with FEE_DUE_MESSAGE: the fee is paid with the submission through the
 * Payment Due modal, lib/checkout/pay-trust-fee.ts; a waived, paid or acknowledged fee leaves nothing due),
 * then completeSubmission. Answers the refreshed intake.
 */
export async function submitTrust(ctx: RequestContext, input: SubmitTrustInput, options: SubmitOptions = {}): Promise<IntakeView> {
  assertCan(ctx.actor, 'plan.submit');
  return db.transaction(async (tx) => {
    const prepared = await prepareSubmission(ctx, input, options, tx);
    const fee = await trustFeeOfPlan(tx, prepared.plan.id, ctx.now);
    if (compareMoney(fee.amountDue, 0) > 0) throw new AppError('PAYMENT_FAILED', FEE_DUE_MESSAGE);
    await completeSubmission(ctx, prepared, options, tx);
    return loadHouseholdIntake(ctx, prepared.household, tx);
  });
}
