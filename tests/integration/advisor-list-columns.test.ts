import { desc, eq, sql } from 'drizzle-orm';
import { db, type Queryable } from '@/db';
import * as t from '@/db/schema';
import { listClientPage } from '@/lib/advisors/client-list';
import { createClients } from '@/lib/advisors/create-clients';
import { DEFAULT_LIST_STATE, type ClientListState } from '@/lib/advisors/rules';
import { updatePersonalInfo } from '@/lib/intake/update-personal-info';
import { actorOf, ctxOf } from '../helpers/context';
import { makeAdvisor, makeHousehold } from '../helpers/factories';
import { resetDatabase } from '../helpers/db';

/*
 * The households' list columns (db/schema/clients.ts, migration 0005) are kept by triggers: every write to
 * what they copy recomputes them in the writing transaction. Each test writes inside a transaction and
 * compares the columns, read in that same transaction, with a recomputation from the source rows in
 * JavaScript (`expected`).
 */

const lowerNames = (p: { firstName: string; middleName: string | null; lastName: string; suffix: string | null }) =>
  [[p.firstName, p.middleName, p.lastName, p.suffix].filter((v) => v !== null).join(' '), [p.firstName, p.lastName].join(' ')].join('\n').toLowerCase();

async function expected(q: Queryable, householdId: number) {
  const [h] = await q.select().from(t.households).where(eq(t.households.id, householdId));
  const owner = async (clientId: number | null) => {
    if (clientId === null) return null;
    const [row] = await q.select().from(t.clients).innerJoin(t.persons, eq(t.persons.id, t.clients.personId)).where(eq(t.clients.id, clientId));
    return row;
  };
  const o1 = (await owner(h.owner1ClientId))!;
  const o2 = await owner(h.owner2ClientId);
  const [plan] = await q
    .select()
    .from(t.estatePlans)
    .where(eq(t.estatePlans.clientId, h.owner1ClientId))
    .orderBy(desc(t.estatePlans.createdAt), desc(t.estatePlans.id))
    .limit(1);
  return {
    listOwner1AdvisorId: o1.clients.advisorId,
    listOwner1CreatedAt: o1.clients.createdAt,
    listOwner1Submitted: o1.clients.isTrustSubmitted,
    listOwner1Names: lowerNames(o1.persons),
    listOwner1Text: [lowerNames(o1.persons), o1.persons.email?.toLowerCase()].filter((v) => v != null).join('\n'),
    listOwner1Phone: (o1.persons.phone ?? '').replace(/\D/g, ''),
    listOwner1Last: o1.persons.lastName.toLowerCase(),
    listOwner1First: o1.persons.firstName.toLowerCase(),
    listOwner2AdvisorId: o2?.clients.advisorId ?? null,
    listOwner2CreatedAt: o2?.clients.createdAt ?? null,
    listOwner2Submitted: o2?.clients.isTrustSubmitted ?? false,
    listOwner2Names: o2 ? lowerNames(o2.persons) : null,
    listOwner2Text: o2 ? [lowerNames(o2.persons), o2.persons.email?.toLowerCase()].filter((v) => v != null).join('\n') : null,
    listOwner2Phone: o2 ? (o2.persons.phone ?? '').replace(/\D/g, '') : null,
    listOwner2Last: o2?.persons.lastName.toLowerCase() ?? null,
    listOwner2First: o2?.persons.firstName.toLowerCase() ?? null,
    listStatus: plan?.status ?? null,
    listPlanSubmitted: plan ? plan.submittedAt !== null : false,
  };
}

async function stored(q: Queryable, householdId: number) {
  const [h] = await q.select().from(t.households).where(eq(t.households.id, householdId));
  const { listOwner1AdvisorId, listOwner1CreatedAt, listOwner1Submitted, listOwner1Names, listOwner1Text, listOwner1Phone, listOwner1Last, listOwner1First } =
    h;
  const {
    listOwner2AdvisorId,
    listOwner2CreatedAt,
    listOwner2Submitted,
    listOwner2Names,
    listOwner2Text,
    listOwner2Phone,
    listOwner2Last,
    listOwner2First,
    listStatus,
    listPlanSubmitted,
  } = h;
  return {
    listOwner1AdvisorId,
    listOwner1CreatedAt,
    listOwner1Submitted,
    listOwner1Names,
    listOwner1Text,
    listOwner1Phone,
    listOwner1Last,
    listOwner1First,
    listOwner2AdvisorId,
    listOwner2CreatedAt,
    listOwner2Submitted,
    listOwner2Names,
    listOwner2Text,
    listOwner2Phone,
    listOwner2Last,
    listOwner2First,
    listStatus,
    listPlanSubmitted,
  };
}

/** Runs `write` in a transaction and checks the columns inside it, before the commit. */
async function checkedWrite(householdId: number, write: (tx: Queryable) => Promise<unknown>) {
  await db.transaction(async (tx) => {
    await write(tx);
    expect(await stored(tx, householdId)).toEqual(await expected(tx, householdId));
  });
  expect(await stored(db, householdId)).toEqual(await expected(db, householdId));
}

beforeEach(async () => {
  await resetDatabase();
});

describe("the households' list columns", () => {
  it('are filled when a household is created, by the app (createClients) and by a plain insert', async () => {
    const a = await makeAdvisor();
    const ctx = ctxOf(await actorOf(a.user));
    const person = (email: string, first: string) => ({
      first_name: first,
      middle_name: 'Q',
      last_name: 'Énorme',
      suffix: 'Jr.' as const,
      email,
      mobile_phone: '5035550199',
      date_of_birth: '1970-02-03',
      social_security_number: '123456789',
      gender: 'female' as const,
    });
    const result = await createClients(ctx, {
      advisor_id: a.advisor.hash,
      clients: [person('pat@cols.example', 'Pat'), person('sam@cols.example', 'Sam')],
    } as never);
    const [h] = await db.select().from(t.households).orderBy(desc(t.households.id)).limit(1);
    expect(result).toBeTruthy();
    const now = await stored(db, h.id);
    expect(now).toEqual(await expected(db, h.id));
    expect(now).toMatchObject({
      listOwner1Names: 'pat q énorme jr.\npat énorme',
      listOwner1Phone: '5035550199',
      listStatus: 'incomplete',
      listOwner2First: 'sam',
    });
    const plain = await makeHousehold(a.advisor.id);
    expect(await stored(db, plain.household.id)).toEqual(await expected(db, plain.household.id));
    expect((await stored(db, plain.household.id)).listStatus).toBeNull();
  });

  it('follow the estate plans: a new latest plan, a status change, a submission, a deletion', async () => {
    const a = await makeAdvisor();
    const { household, client } = await makeHousehold(a.advisor.id, { spouse: true });
    let first = 0;
    await checkedWrite(household.id, async (tx) => {
      const [p] = await tx
        .insert(t.estatePlans)
        .values({ clientId: client.id, status: 'paid', createdAt: new Date('2026-01-01') })
        .returning();
      first = p.id;
    });
    expect((await stored(db, household.id)).listStatus).toBe('paid');
    await checkedWrite(household.id, (tx) => tx.insert(t.estatePlans).values({ clientId: client.id, status: 'sent', createdAt: new Date('2026-02-01') }));
    expect((await stored(db, household.id)).listStatus).toBe('sent');
    await checkedWrite(household.id, (tx) =>
      tx
        .update(t.estatePlans)
        .set({ status: 'canceled', submittedAt: new Date() })
        .where(sql`${t.estatePlans.id} <> ${first}`),
    );
    expect(await stored(db, household.id)).toMatchObject({ listStatus: 'canceled', listPlanSubmitted: true });
    await checkedWrite(household.id, (tx) => tx.delete(t.estatePlans).where(sql`${t.estatePlans.id} <> ${first}`));
    expect(await stored(db, household.id)).toMatchObject({ listStatus: 'paid', listPlanSubmitted: false });
    await checkedWrite(household.id, (tx) => tx.delete(t.estatePlans));
    expect((await stored(db, household.id)).listStatus).toBeNull();
  });

  it('follow the owners: intake personal info (the app writer), person and client updates, spouse removal, owner swap', async () => {
    const a = await makeAdvisor();
    const b = await makeAdvisor();
    const { household, client, spouse, user } = await makeHousehold(a.advisor.id, { spouse: true });
    await db.insert(t.estatePlans).values({ clientId: client.id, status: 'hold' });
    const ctx = ctxOf(await actorOf(user));
    await updatePersonalInfo(ctx, {
      client_hash: client.hash,
      version: 1,
      first_name: 'Zoë',
      middle_name: 'M',
      last_name: 'Quill',
      suffix: 'III',
      phone: '415-555-0142',
      dob: null,
      ssn: '',
      gender: '',
      residence_state: '',
      is_us_citizen: null,
      is_receiving_medicaid: null,
      has_mental_disorder: null,
      wants_life_support: null,
      wants_cremation: null,
      is_organ_donor: null,
    } as never);
    expect(await stored(db, household.id)).toEqual(await expected(db, household.id));
    expect(await stored(db, household.id)).toMatchObject({ listOwner1Names: 'zoë m quill iii\nzoë quill', listOwner1Phone: '4155550142' });
    const spousePerson = (await db.select().from(t.clients).where(eq(t.clients.id, spouse!.client.id)))[0].personId;
    await checkedWrite(household.id, (tx) => tx.update(t.persons).set({ email: 'NEW@Cols.Example', lastName: 'Other' }).where(eq(t.persons.id, spousePerson)));
    expect(await stored(db, household.id)).toMatchObject({ listOwner2Last: 'other' });
    expect((await stored(db, household.id)).listOwner2Text).toMatch(/\nnew@cols\.example$/);
    await checkedWrite(household.id, (tx) =>
      tx.update(t.clients).set({ isTrustSubmitted: true, advisorId: b.advisor.id }).where(eq(t.clients.id, spouse!.client.id)),
    );
    expect(await stored(db, household.id)).toMatchObject({ listOwner2Submitted: true, listOwner2AdvisorId: b.advisor.id });
    await checkedWrite(household.id, (tx) =>
      tx.update(t.households).set({ owner1ClientId: spouse!.client.id, owner2ClientId: client.id }).where(eq(t.households.id, household.id)),
    );
    expect(await stored(db, household.id)).toMatchObject({ listOwner1AdvisorId: b.advisor.id, listOwner2Last: 'quill', listStatus: 'hold' });
    await checkedWrite(household.id, (tx) => tx.delete(t.clients).where(eq(t.clients.id, client.id)));
    expect(await stored(db, household.id)).toMatchObject({ listOwner2AdvisorId: null, listOwner2Names: null, listOwner2Submitted: false });
  });

  it('roll back with the write that changed them', async () => {
    const a = await makeAdvisor();
    const { household, person } = await makeHousehold(a.advisor.id);
    const before = await stored(db, household.id);
    await expect(
      db.transaction(async (tx) => {
        await tx.update(t.persons).set({ lastName: 'Rolled' }).where(eq(t.persons.id, person.id));
        expect((await stored(tx, household.id)).listOwner1Last).toBe('rolled');
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(await stored(db, household.id)).toEqual(before);
  });

  it("list an owner 2 whose owner 1 is another advisor's on their own, and hide a spouse outside the scope", async () => {
    const a = await makeAdvisor();
    const b = await makeAdvisor();
    const { client, spouse } = await makeHousehold(a.advisor.id, { spouse: true });
    await db.update(t.clients).set({ advisorId: b.advisor.id }).where(eq(t.clients.id, spouse!.client.id));
    await db.insert(t.estatePlans).values({ clientId: client.id, status: 'sent' });
    const spouseName = (
      await db.select().from(t.persons).innerJoin(t.clients, eq(t.clients.personId, t.persons.id)).where(eq(t.clients.id, spouse!.client.id))
    )[0].persons;
    const page = async (advisor: typeof a, change: Partial<ClientListState> = {}) =>
      listClientPage(await actorOf(advisor.user), { advisorIds: [advisor.advisor.id], state: { ...DEFAULT_LIST_STATE, ...change }, stalledDays: 14 });
    const list = async (advisor: typeof a, change: Partial<ClientListState> = {}) => (await page(advisor, change)).rows;
    const own = await list(a);
    expect(own.map((r) => [r.clientId, r.spouseName, r.status])).toEqual([[client.id, null, 'sent']]);
    // The default view's total counts each branch (owner 1 rows, owner 2 rows listed alone) once.
    expect((await page(a)).total).toBe(1);
    expect((await page(b)).total).toBe(1);
    expect((await page(b, { filter: 'none' })).total).toBe(1);
    expect(await list(a, { q: spouseName.firstName.toLowerCase() })).toEqual([]);
    const alone = await list(b);
    expect(alone.map((r) => [r.clientId, r.spouseName, r.status])).toEqual([[spouse!.client.id, null, null]]);
    expect((await list(b, { q: spouseName.lastName })).map((r) => r.clientId)).toEqual([spouse!.client.id]);
    expect((await list(b, { filter: 'none' })).map((r) => r.clientId)).toEqual([spouse!.client.id]);
  });
});
