import { and, asc, eq } from 'drizzle-orm';
import { db } from '@/db';
import * as t from '@/db/schema';
import { newHash } from '@/db/schema/columns';
import { POST as updateStatusRoute } from '@/app/api/attorney/updateStatus/route';
import { POST as updateClientInfoRoute } from '@/app/api/clientInfo/updateClientInfo/route';
import { sealIdentifier } from '@/lib/crypto';
import { placeOf } from '@/lib/encrypted-columns';
import { ALREADY_SUBMITTED_MESSAGE, NO_PLAN_MESSAGE, submitTrust, UNANSWERED_SUBMIT_MESSAGE } from '@/lib/intake/submit-trust';
import { NOT_LATEST_PLAN_MESSAGE, STATUS_CHANGED_MEANWHILE, updatePlanStatus } from '@/lib/estate-plans/update-plan-status';
import { revealIdentifiers } from '@/lib/intake/reveal-identifier';
import { MISSING_CONSENT_MESSAGE, revealIdentifierSchema, submitTrustSchema, updatePlanStatusSchema } from '@/lib/validation/plans';
import type { RequestContext } from '@/lib/kernel/context';
import { resetDatabase } from '../helpers/db';
import { actorOf, ctxOf } from '../helpers/context';
import { makeUser } from '../helpers/factories';
import { signInAs, signOut } from '../helpers/session';
import { databaseFingerprint } from '../helpers/world';
import { answerRequiredQuestions, makeCouple, payFeeFor, type Couple } from './helpers/intake';

let couple: Couple;
let plan: t.EstatePlan;
let legal: RequestContext;
let admin: RequestContext;
let legalUser: t.User;

beforeEach(async () => {
  await resetDatabase();
  couple = await makeCouple();
  [plan] = await db.insert(t.estatePlans).values({ clientId: couple.owner1.id }).returning();
  await payFeeFor(plan.id);
  await answerRequiredQuestions([couple.owner1.id, couple.owner2!.id]);
  legalUser = (await makeUser({ isLegal: true })).user;
  legal = ctxOf(await actorOf(legalUser));
  admin = ctxOf(await actorOf((await makeUser({ isAdmin: true })).user));
});

const allThree = (c: Couple) => [
  { client_hash: c.owner1.hash, statements: [1, 2, 3] },
  { client_hash: c.owner2!.hash, statements: [3, 2, 1] },
];
const submitInput = (c: Couple, acknowledgements = allThree(c)) => submitTrustSchema.parse({ client_hash: c.owner2!.hash, acknowledgements });

async function caught<T>(promise: Promise<T>) {
  try {
    await promise;
  } catch (error) {
    return error as { code: string; message: string; status: number };
  }
  throw new Error('expected a refusal');
}

describe('submitting the trust', () => {
  it('records each acknowledgement (who, when, from where), flags both clients, moves the plan to Sent for Review with history', async () => {
    const view = await submitTrust(couple.clientCtx, submitInput(couple));
    expect(view.client.isTrustSubmitted).toBe(true);
    expect(view.spouse!.isTrustSubmitted).toBe(true);
    expect(view.latestPlan).toMatchObject({ status: 'sent', statusLabel: 'Sent for Review' });
    expect(view.abilities).toMatchObject({ isSubmitted: true, canEdit: false });

    const consents = await db
      .select()
      .from(t.planConsents)
      .where(eq(t.planConsents.estatePlanId, plan.id))
      .orderBy(asc(t.planConsents.clientId), asc(t.planConsents.statement));
    expect(consents.map((c) => [c.clientId, c.statement])).toEqual([
      [couple.owner1.id, 1],
      [couple.owner1.id, 2],
      [couple.owner1.id, 3],
      [couple.owner2!.id, 1],
      [couple.owner2!.id, 2],
      [couple.owner2!.id, 3],
    ]);
    for (const c of consents)
      expect(c).toMatchObject({ acknowledgedByUserId: couple.household.user.id, ip: '203.0.113.10', userAgent: 'jest', impersonatorUserId: null });

    const [stored] = await db.select().from(t.estatePlans).where(eq(t.estatePlans.id, plan.id));
    expect(stored).toMatchObject({ status: 'sent', submittedByUserId: couple.household.user.id });
    expect(stored.submittedAt).toBeInstanceOf(Date);
    const history = await db.select().from(t.estatePlanStatusChanges).where(eq(t.estatePlanStatusChanges.estatePlanId, plan.id));
    expect(history).toEqual([expect.objectContaining({ fromStatus: 'incomplete', toStatus: 'sent', changedByUserId: couple.household.user.id })]);
    const [log] = await db.select().from(t.auditLog).where(eq(t.auditLog.action, 'plan.submit'));
    expect(log).toMatchObject({ targetId: plan.id, actorUserId: couple.household.user.id });
  });

  it('an advisor may submit for the household', async () => {
    const view = await submitTrust(couple.advisorCtx, submitInput(couple));
    expect(view.client.isTrustSubmitted).toBe(true);
  });

  it.each([
    [
      'a missing statement',
      (c: Couple) => [
        { client_hash: c.owner1.hash, statements: [1, 2, 3] },
        { client_hash: c.owner2!.hash, statements: [1, 3] },
      ],
    ],
    ['the spouse missing', (c: Couple) => [{ client_hash: c.owner1.hash, statements: [1, 2, 3] }]],
    [
      'another client named',
      (c: Couple) => [
        { client_hash: c.owner1.hash, statements: [1, 2, 3] },
        { client_hash: newHash(), statements: [1, 2, 3] },
      ],
    ],
  ])('refuses %s with Missing Consent and writes nothing', async (_label, acks) => {
    const before = await databaseFingerprint();
    const error = await caught(submitTrust(couple.clientCtx, submitInput(couple, acks(couple))));
    expect(error).toMatchObject({ code: 'VALIDATION', message: MISSING_CONSENT_MESSAGE });
    expect(await databaseFingerprint()).toEqual(before);
  });

  it('refuses while a required answer is missing (422) and without a plan (409)', async () => {
    await db.update(t.clients).set({ isOrganDonor: null }).where(eq(t.clients.id, couple.owner2!.id));
    expect(await caught(submitTrust(couple.clientCtx, submitInput(couple)))).toMatchObject({ code: 'VALIDATION', message: UNANSWERED_SUBMIT_MESSAGE });
    await db.update(t.clients).set({ isOrganDonor: true }).where(eq(t.clients.id, couple.owner2!.id));
    await db.delete(t.estatePlans);
    expect(await caught(submitTrust(couple.clientCtx, submitInput(couple)))).toMatchObject({ code: 'CONFLICT', message: NO_PLAN_MESSAGE });
  });

  it('submits once: a second call answers 409 and writes nothing', async () => {
    await submitTrust(couple.clientCtx, submitInput(couple));
    const before = await databaseFingerprint();
    expect(await caught(submitTrust(couple.spouseCtx!, submitInput(couple)))).toMatchObject({ code: 'CONFLICT', message: ALREADY_SUBMITTED_MESSAGE });
    expect(await databaseFingerprint()).toEqual(before);
  });

  it('submits once under parallel calls (double click, two tabs, both spouses)', async () => {
    const results = await Promise.allSettled([
      submitTrust(couple.clientCtx, submitInput(couple)),
      submitTrust(couple.clientCtx, submitInput(couple)),
      submitTrust(couple.spouseCtx!, submitInput(couple)),
      submitTrust(couple.advisorCtx, submitInput(couple)),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results.filter((r) => r.status === 'rejected')) expect((r as PromiseRejectedResult).reason).toMatchObject({ code: 'CONFLICT' });
    expect(await db.select().from(t.planConsents)).toHaveLength(6);
    expect(await db.select().from(t.estatePlanStatusChanges)).toHaveLength(1);
    expect((await db.select().from(t.auditLog).where(eq(t.auditLog.action, 'plan.submit'))).length).toBe(1);
  });

  it('attorneys do not submit (403)', async () => {
    expect(await caught(submitTrust(legal, submitInput(couple)))).toMatchObject({ code: 'FORBIDDEN' });
  });

  it('the legacy call (hash + is_trust_submitted) submits and answers the client', async () => {
    await signInAs(couple.household.spouse!.user);
    try {
      const request = new Request('http://localhost:3000/api/ClientInfo/updateClientInfo/', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' },
        body: JSON.stringify({ hash: couple.owner2!.hash, is_trust_submitted: 1 }),
      });
      const response = await updateClientInfoRoute(request, { params: Promise.resolve({}) });
      expect(response.status).toBe(200);
      const body = await response.json();
      expect(body.client).toMatchObject({ hash_id: couple.owner2!.hash, is_trust_submitted: true });
      expect(await db.select().from(t.planConsents)).toHaveLength(6);
      const [log] = await db.select().from(t.auditLog).where(eq(t.auditLog.action, 'plan.submit'));
      expect(log.meta).toMatchObject({ via: 'legacy' });
      const again = await updateClientInfoRoute(
        new Request(request.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ hash: couple.owner2!.hash, is_trust_submitted: 1 }),
        }),
        { params: Promise.resolve({}) },
      );
      expect(again.status).toBe(409);
      expect(await again.json()).toEqual({ message: ALREADY_SUBMITTED_MESSAGE });
    } finally {
      signOut();
    }
  });
});

describe('the attorney changes the status', () => {
  const change = (status: string, from?: string) => updatePlanStatusSchema.parse({ plan_hash: plan.hash, status, from_status: from });

  beforeEach(async () => {
    await submitTrust(couple.clientCtx, submitInput(couple));
  });

  it('moves along the machine, keeps the history with who and when, and the household sees it', async () => {
    const answer = await updatePlanStatus(legal, change('preparing', 'sent'));
    expect(answer).toMatchObject({ hash: plan.hash, status: 'preparing', status_full: 'Under Attorney Review', type: 'trust' });
    await updatePlanStatus(admin, change('awaiting'));
    const history = await db
      .select()
      .from(t.estatePlanStatusChanges)
      .where(eq(t.estatePlanStatusChanges.estatePlanId, plan.id))
      .orderBy(asc(t.estatePlanStatusChanges.id));
    expect(history.map((h) => [h.fromStatus, h.toStatus, h.changedByUserId])).toEqual([
      ['incomplete', 'sent', couple.household.user.id],
      ['sent', 'preparing', legalUser.id],
      ['preparing', 'awaiting', admin.actor.userId],
    ]);
    for (const h of history) expect(h.createdAt).toBeInstanceOf(Date);
    const { loadIntake } = await import('@/lib/intake/load');
    expect((await loadIntake(couple.clientCtx, couple.owner1.hash)).latestPlan).toMatchObject({ status: 'awaiting', statusLabel: 'In Client Contact' });
    expect((await loadIntake(couple.advisorCtx, couple.owner1.hash)).latestPlan).toMatchObject({ status: 'awaiting' });
    // The page's status history: each change, oldest first, with when (ISO and in the app's time zone) and who.
    const nameOf = async (userId: number) => {
      const [row] = await db
        .select({ first: t.persons.firstName, last: t.persons.lastName })
        .from(t.users)
        .innerJoin(t.persons, eq(t.persons.id, t.users.personId))
        .where(eq(t.users.id, userId));
      return `${row.first} ${row.last}`;
    };
    const shown = (await loadIntake(couple.clientCtx, couple.owner1.hash)).latestPlan!.history;
    expect(shown.map((c) => [c.statusLabel, c.by])).toEqual([
      ['Sent for Review', await nameOf(couple.household.user.id)],
      ['Under Attorney Review', await nameOf(legalUser.id)],
      ['In Client Contact', await nameOf(admin.actor!.userId)],
    ]);
    expect(shown.map((c) => c.at)).toEqual(history.map((h) => h.createdAt.toISOString()));
    for (const c of shown) expect(c.atText).toMatch(/^\d{2}\/\d{2}\/\d{4}, \d{1,2}:\d{2}\s?(AM|PM)$/);
    // A change by no user (the System) is named so.
    await db.update(t.estatePlanStatusChanges).set({ changedByUserId: null }).where(eq(t.estatePlanStatusChanges.id, history[0].id));
    expect((await loadIntake(couple.clientCtx, couple.owner1.hash)).latestPlan!.history[0].by).toBe('System');
  });

  it('refuses a transition the machine does not allow (422 with the reason) and writes nothing', async () => {
    const before = await databaseFingerprint();
    expect(await caught(updatePlanStatus(legal, change('complete')))).toMatchObject({
      code: 'VALIDATION',
      status: 422,
      message: 'An estate plan cannot go from Sent for Review to Complete.',
    });
    expect(await caught(updatePlanStatus(legal, change('paid')))).toMatchObject({ code: 'VALIDATION' });
    expect(await databaseFingerprint()).toEqual(before);
  });

  it('answers 409 when the status changed since the attorney chose, and for an older plan', async () => {
    await updatePlanStatus(legal, change('preparing'));
    expect(await caught(updatePlanStatus(admin, change('hold', 'sent')))).toMatchObject({ code: 'CONFLICT', message: STATUS_CHANGED_MEANWHILE });
    const [newer] = await db
      .insert(t.estatePlans)
      .values({ clientId: couple.owner1.id, createdAt: new Date(Date.now() + 1000) })
      .returning();
    expect(newer).toBeDefined();
    expect(await caught(updatePlanStatus(legal, change('hold')))).toMatchObject({ code: 'CONFLICT', message: NOT_LATEST_PLAN_MESSAGE });
  });

  it("is refused to clients and advisors (403) and out of nobody's scope for them", async () => {
    for (const ctx of [couple.clientCtx, couple.advisorCtx])
      expect(await caught(updatePlanStatus(ctx, change('preparing')))).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('the legacy route takes estate_plan_id and answers estate_plan; bad input is a 4xx { message }', async () => {
    await signInAs(legalUser);
    try {
      const post = (body: unknown) =>
        updateStatusRoute(
          new Request('http://localhost:3000/api/attorney/updateStatus/', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(body),
          }),
          {
            params: Promise.resolve({}),
          },
        );
      const ok = await post({ estate_plan_id: plan.hash, status: 'preparing' });
      expect(ok.status).toBe(200);
      expect((await ok.json()).estate_plan).toMatchObject({ hash: plan.hash, status: 'preparing', status_full: 'Under Attorney Review' });
      const before = await databaseFingerprint();
      const bad = await post({ estate_plan_id: plan.hash, status: 'nonsense' });
      expect(bad.status).toBe(422);
      expect(await bad.json()).toMatchObject({ message: expect.any(String) });
      const refused = await post({ estate_plan_id: plan.hash, status: 'complete' });
      expect(refused.status).toBe(422);
      expect(await refused.json()).toEqual({ message: 'An estate plan cannot go from Under Attorney Review to Complete.' });
      const unknown = await post({ estate_plan_id: newHash(), status: 'hold' });
      expect(unknown.status).toBe(404);
      expect(await databaseFingerprint()).toEqual(before);
    } finally {
      signOut();
    }
  });
});

describe('revealing a full identifier', () => {
  it("gives attorneys and admins a household member's full SSN and audits it", async () => {
    const hash = newHash();
    const sealed = sealIdentifier('123456789', placeOf(t.persons.ssnCipher, hash));
    await db.update(t.persons).set({ ssnCipher: sealed.cipher, ssnLast4: sealed.last4 }).where(eq(t.persons.id, couple.household.person.id));
    // The place binds the cipher to the row's hash: give the person that hash.
    await db.update(t.persons).set({ hash }).where(eq(t.persons.id, couple.household.person.id));
    const input = revealIdentifierSchema.parse({ client_hash: couple.owner1.hash, items: [{ kind: 'person', hash }] });
    expect(await revealIdentifiers(legal, input)).toEqual({ values: { [hash]: '123-45-6789' } });
    expect(await revealIdentifiers(admin, input)).toEqual({ values: { [hash]: '123-45-6789' } });
    const logs = await db
      .select()
      .from(t.auditLog)
      .where(and(eq(t.auditLog.action, 'identifier.reveal'), eq(t.auditLog.targetId, couple.household.person.id)));
    expect(logs).toHaveLength(2);
    expect(JSON.stringify(logs)).not.toContain('6789');
    // Someone outside the household, addressed through this household: 404.
    const stranger = await makeUser({}, { firstName: 'Stranger', lastName: 'Doe' });
    const before = await databaseFingerprint();
    expect(
      await caught(
        revealIdentifiers(legal, {
          ...input,
          items: [
            { kind: 'person', hash },
            { kind: 'person', hash: stranger.person.hash },
          ],
        }),
      ),
    ).toMatchObject({ code: 'NOT_FOUND' });
    expect(await databaseFingerprint()).toEqual(before);
  });

  it('is refused to everyone else', async () => {
    const input = revealIdentifierSchema.parse({ client_hash: couple.owner1.hash, items: [{ kind: 'person', hash: couple.household.person.hash }] });
    for (const ctx of [couple.clientCtx, couple.advisorCtx]) expect(await caught(revealIdentifiers(ctx, input))).toMatchObject({ code: 'NOT_FOUND' });
  });
});
