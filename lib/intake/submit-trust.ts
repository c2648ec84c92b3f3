import 'server-only';
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import { db } from '@/db';
import { clients, estatePlans, estatePlanStatusChanges, planConsents } from '@/db/schema';
import { statusAfterSubmission } from '@/lib/estate-plans/status-machine';
import { isTrustSubmitted } from '@/lib/estate-plans/submitted';
import { audit } from '@/lib/kernel/audit';
import type { RequestContext } from '@/lib/kernel/context';
import { AppError } from '@/lib/kernel/errors';
import { assertCan } from '@/lib/kernel/policy';
import { CONSENT_STATEMENT_NUMBERS, MISSING_CONSENT_MESSAGE, type SubmitTrustInput } from '@/lib/validation/plans';
import { loadHouseholdIntake } from './load';
import { unansweredQuestions } from './required';
import type { IntakeView } from './types';
import { clientIdsOf, loadHouseholdForWrite } from './write';

export const ALREADY_SUBMITTED_MESSAGE = 'This trust has already been submitted for attorney review.';
export const NO_PLAN_MESSAGE = 'No estate plan found - Please contact support';
export const UNANSWERED_SUBMIT_MESSAGE = 'Please select an answer for all client questions.';

export type SubmitOptions = {
  /**
   * The earlier front end's call (`is_trust_submitted` on /api/ClientInfo/updateClientInfo) carries no
   * acknowledgements: it was sent only once every box of the Agreement was ticked, so the call itself
   * stands for them. They are recorded as given by this request, and the audit row says so.
   */
  legacy?: boolean;
};

/**
 * Submits a household's trust for attorney review, once. In one transaction: the household within the
 * actor's scope ('plan.submit'), not under the features lock (403); not submitted yet (409, the one rule
 * of lib/estate-plans/submitted.ts); every required answer given (422); each client's three Agreement and
 * Receipt acknowledgements (422 'Please read and acknowledge the entire Agreement'); the latest plan taken
 * with a row lock and marked submitted only while it is not (`submitted_at is null` in the UPDATE's WHERE),
 * so a second click, a second tab or a parallel call finds it submitted and answers 409 without writing.
 * Then the acknowledgements (who, when, from where), is_trust_submitted on both clients, the recalculated
 * status with its history row, and the audit. Answers the refreshed intake.
 */
export async function submitTrust(ctx: RequestContext, input: SubmitTrustInput, options: SubmitOptions = {}): Promise<IntakeView> {
  assertCan(ctx.actor, 'plan.submit');
  return db.transaction(async (tx) => {
    const household = await loadHouseholdForWrite(ctx, input.client_hash, 'plan.submit', tx);
    const ids = clientIdsOf(household);

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

    const next = statusAfterSubmission(plan.status);
    const marked = await tx
      .update(estatePlans)
      .set({
        submittedAt: new Date(),
        submittedByUserId: ctx.actor.userId,
        submittedByImpersonatorUserId: ctx.actor.impersonator?.userId ?? null,
        status: next,
        updatedAt: new Date(),
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
    await tx.update(clients).set({ isTrustSubmitted: true, updatedAt: new Date() }).where(inArray(clients.id, ids));
    if (next !== plan.status) {
      await tx.insert(estatePlanStatusChanges).values({ estatePlanId: plan.id, fromStatus: plan.status, toStatus: next, changedByUserId: ctx.actor.userId });
    }
    await audit(tx, ctx, 'plan.submit', { type: 'estate_plan', id: plan.id }, { from: plan.status, to: next, ...(options.legacy ? { via: 'legacy' } : {}) });
    return loadHouseholdIntake(ctx, household, tx);
  });
}
