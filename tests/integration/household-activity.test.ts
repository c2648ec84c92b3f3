import { eq, sql } from 'drizzle-orm';
import { db } from '@/db';
import * as t from '@/db/schema';
import { listHouseholdActivity, listOwnActivity } from '@/lib/activity/household-activity';
import { openIdentifier, sealIdentifier } from '@/lib/crypto';
import { placeOf } from '@/lib/encrypted-columns';
import { deleteChild } from '@/lib/intake/records';
import { revealIdentifiers } from '@/lib/intake/reveal-identifier';
import { audit } from '@/lib/kernel/audit';
import type { RequestContext } from '@/lib/kernel/context';
import { newHash } from '@/db/schema/columns';
import { deleteChildSchema } from '@/lib/validation/intake';
import { revealIdentifierSchema } from '@/lib/validation/plans';
import { actorOf, ctxOf } from '../helpers/context';
import { resetDatabase } from '../helpers/db';
import { makeAdvisor, makeHousehold, makeUser } from '../helpers/factories';
import { seedIntakeRecords } from './helpers/intake';

/*
 * A household's activity (issue 29): audit_log.household_id filled for every target type the app audits
 * (deletions included) and by the backfill of migration 0018; the staff view's filters and keyset pages; the
 * client's plain-words view, which shows its household's rows only and never a staff-only row.
 */

let advisor: Awaited<ReturnType<typeof makeAdvisor>>;
let couple: Awaited<ReturnType<typeof makeHousehold>>;
let other: Awaited<ReturnType<typeof makeHousehold>>;
let legal: Awaited<ReturnType<typeof makeUser>>;
let admin: Awaited<ReturnType<typeof makeUser>>;
let legalCtx: RequestContext;
let adminCtx: RequestContext;
let clientCtx: RequestContext;
let spouseCtx: RequestContext;
let otherCtx: RequestContext;
let plan: t.EstatePlan;

beforeAll(async () => {
  await resetDatabase();
  advisor = await makeAdvisor();
  couple = await makeHousehold(advisor.advisor.id, { spouse: true });
  other = await makeHousehold(advisor.advisor.id);
  legal = await makeUser({ isLegal: true }, { firstName: 'Lena', lastName: 'Lawyer' });
  admin = await makeUser({ isAdmin: true }, { firstName: 'Ada', lastName: 'Admin' });
  legalCtx = ctxOf(await actorOf(legal.user));
  adminCtx = ctxOf(await actorOf(admin.user));
  clientCtx = ctxOf(await actorOf(couple.user));
  spouseCtx = ctxOf(await actorOf(couple.spouse!.user));
  otherCtx = ctxOf(await actorOf(other.user));
  [plan] = await db.insert(t.estatePlans).values({ clientId: couple.client.id }).returning();
}, 120_000);

async function householdOf(action: string): Promise<(number | null)[]> {
  const rows = await db.select({ h: t.auditLog.householdId }).from(t.auditLog).where(eq(t.auditLog.action, action)).orderBy(t.auditLog.id);
  return rows.map((r) => r.h);
}

describe('audit_log.household_id', () => {
  beforeEach(async () => {
    await db.delete(t.auditLog);
  });

  it('is found from every target type the app audits', async () => {
    const h = couple.household.id;
    const records = await seedIntakeRecords([couple.client.id, couple.spouse!.client.id]);
    const idOf = async (
      table:
        | typeof t.children
        | typeof t.beneficiaries
        | typeof t.fiduciaries
        | typeof t.poaAgents
        | typeof t.properties
        | typeof t.companies
        | typeof t.gifts
        | typeof t.accounts,
      hash: string,
    ) => {
      const [row] = await db.select({ id: table.id }).from(table).where(eq(table.hash, hash));
      return row.id;
    };
    const [file] = await db
      .insert(t.files)
      .values({ estatePlanId: plan.id, name: 'Trust.pdf', contentType: 'application/pdf', size: 1, storageKey: 'k' })
      .returning();
    const [note] = await db.insert(t.notes).values({ clientId: couple.client.id, body: 'x' }).returning();
    const [method] = await db
      .insert(t.paymentMethods)
      .values({ clientId: couple.client.id, gateway: 'sandbox', token: 'tok', kind: 'card', last4: '4242' })
      .returning();
    const [payment] = await db
      .insert(t.payments)
      .values({ clientId: couple.client.id, amount: '10.00', gateway: 'sandbox', chargeType: 'trust_fee', methodKind: 'card', status: 'succeeded' })
      .returning();
    const [planPayment] = await db
      .insert(t.payments)
      .values({ estatePlanId: plan.id, amount: '10.00', gateway: 'sandbox', chargeType: 'annual_charge', methodKind: 'card', status: 'succeeded' })
      .returning();
    const [charge] = await db
      .insert(t.recurringCharges)
      .values({ paymentMethodId: method.id, estatePlanId: plan.id, amount: '99.00', nextChargeOn: new Date() })
      .returning();
    const [kid] = await db.select({ personId: t.children.personId }).from(t.children).where(eq(t.children.hash, records.child));
    const [accountRow] = await db.select({ id: t.accounts.id }).from(t.accounts).where(eq(t.accounts.hash, records.bank));

    const targets: [string, number][] = [
      ['household', h],
      ['client', couple.client.id],
      ['client', couple.spouse!.client.id],
      ['estate_plan', plan.id],
      ['file', file.id],
      ['note', note.id],
      ['payment', payment.id],
      ['payment', planPayment.id],
      ['payment_method', method.id],
      ['recurring_charge', charge.id],
      ['user', couple.user.id],
      ['user', couple.spouse!.user.id],
      ['person', couple.person.id],
      ['person', kid.personId],
      ['child', await idOf(t.children, records.child)],
      ['beneficiary', await idOf(t.beneficiaries, records.beneficiary)],
      ['fiduciary', await idOf(t.fiduciaries, records.trustee)],
      ['poa_agent', await idOf(t.poaAgents, records.agent)],
      ['property', await idOf(t.properties, records.property)],
      ['company', await idOf(t.companies, records.company)],
      ['gift', await idOf(t.gifts, records.gift)],
      ['account', accountRow.id],
    ];
    for (const [type, id] of targets) await audit(db, legalCtx, `test.${type}`, { type, id });
    const rows = await db.select({ action: t.auditLog.action, h: t.auditLog.householdId }).from(t.auditLog);
    expect(rows.filter((r) => r.h !== h)).toEqual([]);
    expect(rows).toHaveLength(targets.length);

    // Staff-side targets and no target: no household. The other household's client: its own.
    await audit(db, adminCtx, 'test.staff', { type: 'user', id: advisor.user.id });
    await audit(db, adminCtx, 'test.advisor', { type: 'advisor', id: advisor.advisor.id });
    await audit(db, adminCtx, 'test.none');
    await audit(db, adminCtx, 'test.other', { type: 'client', id: other.client.id });
    expect(await householdOf('test.staff')).toEqual([null]);
    expect(await householdOf('test.advisor')).toEqual([null]);
    expect(await householdOf('test.none')).toEqual([null]);
    expect(await householdOf('test.other')).toEqual([other.household.id]);
  });

  it('keeps the household of a record deleted in the same write (an intake delete, a document removed)', async () => {
    const records = await seedIntakeRecords([couple.client.id, couple.spouse!.client.id]);
    const [child] = await db.select().from(t.children).where(eq(t.children.hash, records.child));
    await deleteChild(clientCtx, deleteChildSchema.parse({ client_hash: couple.client.hash, hash: child.hash, version: child.version }));
    expect(await householdOf('intake.child.delete')).toEqual([couple.household.id]);

    const { deleteDocument } = await import('@/lib/files/delete-document');
    const [file] = await db
      .insert(t.files)
      .values({
        estatePlanId: plan.id,
        name: 'Old.pdf',
        contentType: 'application/pdf',
        size: 1,
        storageKey: `missing-${newHash()}`,
        createdByUserId: admin.user.id,
      })
      .returning();
    jest.spyOn(console, 'error').mockImplementation(() => {});
    await deleteDocument(adminCtx, plan.hash, file.hash);
    expect(await householdOf('file.delete')).toEqual([couple.household.id]);
  });

  it('is backfilled for rows written before the column, from their targets', async () => {
    await db
      .insert(t.auditLog)
      .values([
        { action: 'old.client', targetType: 'client', targetId: couple.spouse!.client.id },
        { action: 'old.plan', targetType: 'estate_plan', targetId: plan.id },
        { action: 'old.firm', targetType: 'firm', targetId: 1 },
        { action: 'old.none' },
      ]);
    // The migration's statement, run again over these rows.
    await db.execute(sql`update audit_log set household_id = audit_household(target_type, target_id) where target_type is not null`);
    const rows = await db.select({ action: t.auditLog.action, h: t.auditLog.householdId }).from(t.auditLog).orderBy(t.auditLog.id);
    expect(rows).toEqual([
      { action: 'old.client', h: couple.household.id },
      { action: 'old.plan', h: couple.household.id },
      { action: 'old.firm', h: null },
      { action: 'old.none', h: null },
    ]);
  });
});

describe('the staff view', () => {
  beforeAll(async () => {
    await db.delete(t.auditLog);
    // Thirty intake rows by the client, a status change and a reveal by the attorney, an admin acting as the
    // client, and a row of the other household.
    for (let i = 0; i < 30; i++) await audit(db, clientCtx, 'intake.child.update', { type: 'client', id: couple.client.id });
    await audit(db, legalCtx, 'plan.status.update', { type: 'estate_plan', id: plan.id }, { from: 'sent', to: 'awaiting' });
    await audit(db, legalCtx, 'identifier.reveal', { type: 'person', id: couple.person.id }, { kind: 'person' });
    const acting = ctxOf(await actorOf(couple.user, admin.user), '198.51.100.7');
    await audit(db, acting, 'settings.name.update', { type: 'user', id: couple.user.id });
    await audit(db, otherCtx, 'intake.child.update', { type: 'client', id: other.client.id });
  });

  it('lists the household newest first, 25 a page, with who, as whom, what and from where; Older by keyset', async () => {
    const first = await listHouseholdActivity(legalCtx, couple.client.hash, {});
    expect(first.rows).toHaveLength(25);
    expect(first.names).toContain(couple.person.firstName);
    expect(first.rows[0]).toMatchObject({
      label: 'Changed their name',
      impersonator: { email: admin.user.email },
      actor: { email: couple.user.email },
      ip: '198.51.100.7',
    });
    expect(first.rows[1]).toMatchObject({ label: 'Revealed an identifier', details: expect.stringContaining('social security number') });
    expect(first.rows[2]).toMatchObject({ label: 'Changed the status', details: 'Sent for Review → In Client Contact' });
    expect(first.older).toBe(first.rows[24].id);
    const second = await listHouseholdActivity(legalCtx, couple.client.hash, { before: String(first.older) });
    expect(second.rows).toHaveLength(8);
    expect(second.older).toBeNull();
    const ids = [...first.rows, ...second.rows].map((r) => r.id);
    expect(new Set(ids).size).toBe(33);
    // Either spouse's address opens the same household.
    expect((await listHouseholdActivity(adminCtx, couple.spouse!.client.hash, {})).rows.map((r) => r.id)).toEqual(first.rows.map((r) => r.id));
  });

  it('filters by kind and by who acted (an admin matches what they did as someone)', async () => {
    const status = await listHouseholdActivity(legalCtx, couple.client.hash, { kind: 'status' });
    expect(status.rows.map((r) => r.action)).toEqual(['plan.status.update']);
    const identifiers = await listHouseholdActivity(legalCtx, couple.client.hash, { kind: 'identifiers' });
    expect(identifiers.rows.map((r) => r.action)).toEqual(['identifier.reveal']);
    const page = await listHouseholdActivity(legalCtx, couple.client.hash, {});
    expect(page.people.map((p) => p.hash).sort()).toEqual([couple.user.hash, legal.user.hash, admin.user.hash].sort());
    const byAdmin = await listHouseholdActivity(legalCtx, couple.client.hash, { who: admin.user.hash });
    expect(byAdmin.rows.map((r) => r.action)).toEqual(['settings.name.update']);
    const byLegal = await listHouseholdActivity(legalCtx, couple.client.hash, { who: legal.user.hash, kind: 'status' });
    expect(byLegal.rows.map((r) => r.action)).toEqual(['plan.status.update']);
  });

  it('refuses a kind or person that is not on the list with a 422 naming the field', async () => {
    await expect(listHouseholdActivity(legalCtx, couple.client.hash, { kind: 'everything' })).rejects.toMatchObject({
      code: 'VALIDATION',
      fieldErrors: { kind: expect.any(String) },
    });
    // Someone who never acted here (the other household's client) is no choice.
    await expect(listHouseholdActivity(legalCtx, couple.client.hash, { who: other.user.hash })).rejects.toMatchObject({
      code: 'VALIDATION',
      fieldErrors: { who: expect.any(String) },
    });
    await expect(listHouseholdActivity(legalCtx, couple.client.hash, { before: 'x' })).rejects.toMatchObject({ code: 'VALIDATION' });
  });
});

describe("the client's view", () => {
  beforeAll(async () => {
    await db.delete(t.auditLog);
    const records = await seedIntakeRecords([couple.client.id, couple.spouse!.client.id]);
    const [child] = await db.select().from(t.children).where(eq(t.children.hash, records.child));
    await audit(db, clientCtx, 'intake.child.update', { type: 'child', id: child.id });
    await audit(db, spouseCtx, 'plan.submit', { type: 'estate_plan', id: plan.id }, { from: 'paid', to: 'sent' });
    await audit(db, ctxOf(await actorOf(advisor.user)), 'client.reminder', { type: 'household', id: couple.household.id }, { recipients: 2 });
    // The attorney reveals the client's SSN through the real door, and opens a document.
    const hash = newHash();
    await db.update(t.persons).set({ hash }).where(eq(t.persons.id, couple.person.id));
    const sealed = sealIdentifier('123456789', placeOf(t.persons.ssnCipher, hash));
    await db.update(t.persons).set({ ssnCipher: sealed.cipher, ssnLast4: sealed.last4 }).where(eq(t.persons.id, couple.person.id));
    expect(openIdentifier(sealed.cipher, placeOf(t.persons.ssnCipher, hash))).toBe('123456789');
    await revealIdentifiers(legalCtx, revealIdentifierSchema.parse({ client_hash: couple.client.hash, items: [{ kind: 'person', hash }] }));
    await audit(db, legalCtx, 'file.view', { type: 'estate_plan', id: plan.id }, { plan: plan.hash, name: 'Trust.pdf' });
    // Staff-only rows: a note, impersonation mechanics, a staff account change; and the spouse's password.
    await audit(db, legalCtx, 'intake.note.save', { type: 'client', id: couple.client.id });
    await audit(db, adminCtx, 'impersonation.start', { type: 'user', id: couple.user.id });
    await audit(db, spouseCtx, 'settings.password.update', { type: 'user', id: couple.spouse!.user.id });
    await audit(db, clientCtx, 'settings.password.update', { type: 'user', id: couple.user.id });
    // The other household's rows.
    await audit(db, otherCtx, 'intake.child.update', { type: 'client', id: other.client.id });
    await audit(db, legalCtx, 'identifier.reveal', { type: 'person', id: other.person.id }, { kind: 'person' });
  });

  it('reads its own household in plain words, newest first, and nothing staff-only', async () => {
    const page = await listOwnActivity(clientCtx, {});
    const spouseName = (
      await db
        .select({ f: t.persons.firstName })
        .from(t.persons)
        .innerJoin(t.users, eq(t.users.personId, t.persons.id))
        .where(eq(t.users.id, couple.spouse!.user.id))
    )[0].f;
    expect(page.rows.map((r) => r.text)).toEqual([
      'You changed your password',
      'Your attorney opened “Trust.pdf”',
      'Your attorney viewed your social security number',
      'Your advisor sent you a reminder',
      `${spouseName} submitted the trust for review`,
      'You updated a child',
    ]);
    expect(page.older).toBeNull();
    expect(JSON.stringify(page)).not.toMatch(/203\.0\.113|jest|note|impersonat/i);
  });

  it("the spouse reads the same household, with the client by first name and not the client's password", async () => {
    const page = await listOwnActivity(spouseCtx, {});
    expect(page.rows.map((r) => r.text)).toEqual([
      'You changed your password',
      'Your attorney opened “Trust.pdf”',
      `Your attorney viewed ${couple.person.firstName}’s social security number`,
      'Your advisor sent you a reminder',
      'You submitted the trust for review',
      `${couple.person.firstName} updated a child`,
    ]);
  });

  it("another household's client sees only their own rows", async () => {
    const page = await listOwnActivity(otherCtx, {});
    expect(page.rows.map((r) => r.text)).toEqual(['Your attorney viewed your social security number', 'You updated a child']);
  });

  it('pages by keyset with Show older', async () => {
    const first = await listOwnActivity(clientCtx, {}, db, 4);
    expect(first.rows).toHaveLength(4);
    expect(first.older).not.toBeNull();
    const second = await listOwnActivity(clientCtx, { before: String(first.older) }, db, 4);
    expect(second.rows.map((r) => r.text)).toEqual([expect.stringContaining('submitted the trust'), 'You updated a child']);
    expect(second.older).toBeNull();
  });
});

describe('who may read which', () => {
  it('the staff view: attorneys and admins; advisors and clients refused (403); out of scope 404', async () => {
    expect((await listHouseholdActivity(legalCtx, couple.client.hash, {})).rows.length).toBeGreaterThan(0);
    await expect(listHouseholdActivity(ctxOf(await actorOf(advisor.user)), couple.client.hash, {})).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(listHouseholdActivity(clientCtx, couple.client.hash, {})).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(listHouseholdActivity(legalCtx, newHash(), {})).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it("the client's view: clients only", async () => {
    await expect(listOwnActivity(legalCtx, {})).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(listOwnActivity(ctxOf(await actorOf(advisor.user)), {})).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('reads write nothing', async () => {
    const before = await db.select({ n: sql<number>`count(*)::int` }).from(t.auditLog);
    await listHouseholdActivity(adminCtx, couple.client.hash, { kind: 'intake' });
    await listOwnActivity(clientCtx, {});
    const after = await db.select({ n: sql<number>`count(*)::int` }).from(t.auditLog);
    expect(after).toEqual(before);
  });
});
