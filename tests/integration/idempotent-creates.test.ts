import { eq, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { POST as createClientsRoute } from '@/app/api/advisorCreateClient/route';
import { POST as saveAnnuity } from '@/app/api/clientInfo/updateOrCreate/annuityAccount/route';
import { POST as saveBank } from '@/app/api/clientInfo/updateOrCreate/bankAccount/route';
import { POST as saveBeneficiary } from '@/app/api/clientInfo/updateOrCreate/beneficiary/route';
import { POST as saveBrokerage } from '@/app/api/clientInfo/updateOrCreate/brokerageAccount/route';
import { POST as saveChild } from '@/app/api/clientInfo/updateOrCreate/child/route';
import { POST as saveCompany } from '@/app/api/clientInfo/updateOrCreate/company/route';
import { POST as saveFiduciary } from '@/app/api/clientInfo/updateOrCreate/fiduciary/route';
import { POST as saveGift } from '@/app/api/clientInfo/updateOrCreate/gift/route';
import { POST as savePoa } from '@/app/api/clientInfo/updateOrCreate/poa/route';
import { POST as saveProperty } from '@/app/api/clientInfo/updateOrCreate/property/route';
import { POST as saveRetirement } from '@/app/api/clientInfo/updateOrCreate/retirementAccount/route';
import { POST as sendInviteRoute } from '@/app/api/sendInvite/route';
import { db } from '@/db';
import * as t from '@/db/schema';
import type { RouteHandler } from '@/lib/http/route';
import { IDENTICAL_CALL_SECONDS } from '@/lib/idempotency';
import { resetDatabase } from '../helpers/db';
import { signInAs, signOut } from '../helpers/session';
import { makeCouple, type Couple } from './helpers/intake';

/*
 * Creates happen once (issue 18, item 5): a double click, a retried request or a second tab sending the
 * same create makes one record. Calls are sent in parallel; on PostgreSQL (DATABASE_URL) they really
 * overlap, each in its own connection, and the duplicates wait on the first one's key.
 */

type Answer = Record<string, unknown> & { message?: string };

async function call(handler: RouteHandler, body: Record<string, unknown>) {
  const request = new Request('http://localhost/api/x/', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const response = await handler(request, { params: Promise.resolve({}) });
  return { status: response.status, body: (await response.json()) as Answer };
}

const times = <T>(n: number, make: () => Promise<T>) => Promise.all(Array.from({ length: n }, make));
const countOf = async (table: PgTable) => {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(table);
  return row.n;
};

let couple: Couple;
let h1: string;
let h2: string;
beforeEach(async () => {
  await resetDatabase();
  couple = await makeCouple();
  h1 = couple.owner1.hash;
  h2 = couple.owner2!.hash;
  await signInAs(couple.household.user);
});
afterAll(() => signOut());

const childPayload = () => ({
  hash_id: h1,
  hash_id_spouse: h2,
  hash_id_child: '',
  owner: 'both',
  first_name: 'Noah',
  last_name: 'Doe',
  dob: '04/05/2016',
  gender: 'male',
});

describe('the compatibility routes: identical creates within the window make one record', () => {
  it('50 parallel identical updateOrCreate/child calls make 1 child, and every call answers it', async () => {
    const answers = await times(50, () => call(saveChild, childPayload()));
    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(200));
    expect(await countOf(t.children)).toBe(1);
    const [child] = await db.select({ hash: t.children.hash }).from(t.children);
    for (const { body } of answers) expect(body.children).toEqual([expect.objectContaining({ hash_id: child.hash, first_name: 'Noah' })]);
    // One audit row: the duplicates wrote nothing.
    expect(await db.select().from(t.auditLog).where(eq(t.auditLog.action, 'intake.child.create'))).toHaveLength(1);
  });

  it('every record create of the intake: 5 parallel identical calls make one record each', async () => {
    const heir = await call(saveBeneficiary, {
      hash_id: h1,
      owner: '1',
      type: 'person',
      first_name: 'Marco',
      last_name: 'Doe',
      tier1: 'primary',
      share_percent1: '100',
      relationship1: 'Sibling',
    });
    const heirHash = (heir.body.beneficiaries1 as { hash_id: string }[])[0].hash_id;
    const cases: [string, RouteHandler, Record<string, unknown>, () => Promise<number>][] = [
      ['child', saveChild, childPayload(), () => countOf(t.children)],
      [
        'beneficiary',
        saveBeneficiary,
        { hash_id: h1, owner: 'both', type: 'entity', name: 'Food Bank', tier1: 'contingent', share_percent1: '50', relationship1: 'Charity' },
        () => countOf(t.beneficiaries),
      ],
      ['fiduciary', saveFiduciary, { hash_id: h1, owner: '1', first_name: 'Tess', last_name: 'Trust', order1: 1 }, () => countOf(t.fiduciaries)],
      ['poa', savePoa, { hash_id: h1, owner: '1', first_name: 'Avery', last_name: 'Doe', type1: 'medical', order1: 1 }, () => countOf(t.poaAgents)],
      ['property', saveProperty, { hash_id: h1, owner: '1', street: '1 Main St', city: 'Austin', state: 'TX', zip: '78701' }, () => countOf(t.properties)],
      ['company', saveCompany, { hash_id: h1, owner: '1', name: 'Acme', type: 'Partnership', share_percent1: '60' }, () => countOf(t.companies)],
      [
        'gift',
        saveGift,
        { hash_id: h1, owner: '1', gift_type: 'Cash Amount', hash_id_bene: heirHash, cash_amount: '1,000', predecease_distribution: 'lapse' },
        () => countOf(t.gifts),
      ],
      ['retirement', saveRetirement, { hash_id: h1, owner: '1', company: 'Vanguard', type: 'Roth IRA', number: 'R-1', value: '10' }, () => countOf(t.accounts)],
      ['brokerage', saveBrokerage, { hash_id: h1, owner: '1', company: 'Schwab', type: 'Individual', number: 'B-1', value: '10' }, () => countOf(t.accounts)],
      ['bank', saveBank, { hash_id: h1, owner: '1', company: 'Chase Local', type: 'Checkings', number: '1234', value: '10' }, () => countOf(t.accounts)],
      ['annuity', saveAnnuity, { hash_id: h1, owner: '1', company: 'MetLife', number: 'X1', value: '10' }, () => countOf(t.accounts)],
    ];
    for (const [name, handler, payload, count] of cases) {
      const before = await count();
      const answers = await times(5, () => call(handler, payload));
      expect({ name, statuses: answers.map((a) => a.status) }).toEqual({ name, statuses: Array(5).fill(200) });
      expect({ name, created: (await count()) - before }).toEqual({ name, created: 1 });
    }
  });

  it('is per user and per payload, and an identical create after the window is a new record', async () => {
    await call(saveChild, childPayload());
    // Another body (another child) is another create.
    await call(saveChild, { ...childPayload(), first_name: 'Emma' });
    expect(await countOf(t.children)).toBe(2);
    // The same body from another user (the advisor) is that user's own create.
    await signInAs(couple.advisor.user);
    await call(saveChild, { ...childPayload(), first_name: 'Liam' });
    await signInAs(couple.household.user);
    await call(saveChild, { ...childPayload(), first_name: 'Liam' });
    expect(await countOf(t.children)).toBe(4);
    // Past the window (IDENTICAL_CALL_SECONDS), the same create is made again: two identical children are possible.
    expect(IDENTICAL_CALL_SECONDS).toBe(10);
    await db.update(t.idempotencyKeys).set({ expiresAt: sql`now() - interval '1 second'` });
    await call(saveChild, childPayload());
    expect(await countOf(t.children)).toBe(5);
    // Expired claims of the user are cleared as new ones are made.
    const keys = await db.select().from(t.idempotencyKeys).where(eq(t.idempotencyKeys.userId, couple.household.user.id));
    expect(keys).toHaveLength(1);
  });

  it('a create refused (422) claims nothing: the corrected call creates', async () => {
    const bad = await call(saveChild, { ...childPayload(), dob: '' });
    expect(bad.status).toBe(422);
    expect(await db.select().from(t.idempotencyKeys)).toEqual([]);
    expect((await call(saveChild, childPayload())).status).toBe(200);
    expect(await countOf(t.children)).toBe(1);
  });

  it('updates are never deduplicated (they name their record)', async () => {
    const { body } = await call(saveChild, childPayload());
    const hash = (body.children as { hash_id: string }[])[0].hash_id;
    const renamed = await times(3, () => call(saveChild, { ...childPayload(), hash_id_child: hash, first_name: 'Noel' }));
    expect(renamed.map((a) => a.status)).toEqual([200, 200, 200]);
    const [child] = await db.select({ version: t.children.version }).from(t.children);
    // Each update wrote (the child row's version moves only when its own columns change: once here).
    expect(child.version).toBeGreaterThanOrEqual(1);
    expect(await countOf(t.children)).toBe(1);
    expect(await db.select().from(t.auditLog).where(eq(t.auditLog.action, 'intake.child.update'))).toHaveLength(3);
  });
});

describe("the server actions: the form's request_key", () => {
  it('the same key twice (in parallel) makes one child and both answer the refreshed view; a new key makes the next', async () => {
    const { upsertChildAction } = await import('@/lib/actions/intake');
    const input = {
      client_hash: h1,
      owner: '1',
      first_name: 'Ava',
      middle_name: '',
      last_name: 'Doe',
      suffix: '',
      dob: '01/02/2018',
      gender: '',
      request_key: 'k-0b5e4a9c-1',
    };
    const results = await Promise.all([upsertChildAction(input as never), upsertChildAction(input as never), upsertChildAction(input as never)]);
    for (const result of results)
      expect(result).toMatchObject({ ok: true, data: { children: [expect.objectContaining({ person: expect.objectContaining({ firstName: 'Ava' }) })] } });
    expect(await countOf(t.children)).toBe(1);
    // A retry with the same key later on (the answer was lost) creates nothing either.
    expect(await upsertChildAction(input as never)).toMatchObject({ ok: true });
    expect(await countOf(t.children)).toBe(1);
    // Add Another: a new key, the next record (even with the same values).
    expect(await upsertChildAction({ ...input, first_name: 'Ben', request_key: 'k-0b5e4a9c-2' } as never)).toMatchObject({ ok: true });
    expect(await countOf(t.children)).toBe(2);
    // Without a key our forms' creates are as before: each makes a record.
    await upsertChildAction({ ...input, first_name: 'Cal', request_key: undefined } as never);
    await upsertChildAction({ ...input, first_name: 'Cal', request_key: undefined } as never);
    expect(await countOf(t.children)).toBe(4);
  });

  it('every section takes the key: an asset create with the same key twice is one account', async () => {
    const { upsertAccountAction } = await import('@/lib/actions/intake');
    const input = {
      client_hash: h1,
      kind: 'bank',
      owner: '1',
      company: 'Chase Local',
      type: 'Checkings',
      number: '1234',
      value: '10',
      request_key: 'acct-key-1',
    };
    await Promise.all([upsertAccountAction(input as never), upsertAccountAction(input as never)]);
    expect(await countOf(t.accounts)).toBe(1);
  });

  it('refuses a malformed key like any other field', async () => {
    const { upsertChildAction } = await import('@/lib/actions/intake');
    const result = await upsertChildAction({
      client_hash: h1,
      owner: '1',
      first_name: 'Ava',
      last_name: 'Doe',
      dob: '01/02/2018',
      request_key: 'not a key!',
    } as never);
    expect(result).toMatchObject({ ok: false, status: 422, fieldErrors: { request_key: 'Request key is not a valid reference.' } });
  });
});

describe('the advisor: New Client and invitations', () => {
  it('10 parallel identical sendInvite calls send one invitation and one e-mail; each answers the list', async () => {
    await signInAs(couple.advisor.user);
    const payload = { client_name: 'Morgan Ellis', client_email: 'morgan@once.example', advisor_id: couple.advisor.advisor.hash };
    const answers = await times(10, () => call(sendInviteRoute, payload));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    for (const { body } of answers) expect(body.invites).toEqual([expect.objectContaining({ email: 'morgan@once.example' })]);
    expect(await countOf(t.invites)).toBe(1);
    expect(await db.select().from(t.mailOutbox).where(eq(t.mailOutbox.to, 'morgan@once.example'))).toHaveLength(1);
    // The server action is the same domain function.
    const { sendInviteAction } = await import('@/lib/actions/advisors');
    expect(await sendInviteAction(payload)).toMatchObject({ ok: true });
    expect(await countOf(t.invites)).toBe(1);
  });

  it('10 parallel identical New Client calls make one household: the e-mail already stops the others (409)', async () => {
    await signInAs(couple.advisor.user);
    const before = await countOf(t.households);
    const payload = {
      client_count: 1,
      advisor_id: couple.advisor.advisor.hash,
      client_1_first_name: 'Robin',
      client_1_last_name: 'Okafor',
      client_1_email: 'robin@once.example',
      client_1_date_of_birth: '04/05/1971',
    };
    const answers = await times(10, () => call(createClientsRoute, payload));
    expect(answers.map((a) => a.status).sort()).toEqual([200, ...Array(9).fill(409)]);
    expect(answers.filter((a) => a.status === 409).map((a) => a.body.message)).toEqual(
      Array(9).fill('A client with this email has already been created and invited.'),
    );
    expect((await countOf(t.households)) - before).toBe(1);
    expect(await countOf(t.invites)).toBe(1);
    // Its server action too.
    const { createClientsAction } = await import('@/lib/actions/advisors');
    const input = {
      advisor_id: couple.advisor.advisor.hash,
      clients: [
        {
          first_name: 'Quinn',
          middle_name: '',
          last_name: 'Okafor',
          suffix: '',
          email: 'quinn@once.example',
          mobile_phone: '',
          date_of_birth: '04/05/1971',
          social_security_number: '',
          gender: '',
        },
      ],
    };
    const results = await Promise.all([createClientsAction(input as never), createClientsAction(input as never)]);
    expect(results.map((r) => r.ok).sort()).toEqual([false, true]);
    expect((await countOf(t.households)) - before).toBe(2);
  });
});
