import { eq } from 'drizzle-orm';
import http from 'node:http';
import { countQueries, db, stopRequestQueryLog } from '@/db';
import * as t from '@/db/schema';
import { loadIntake, resolveClientHash } from '@/lib/intake/load';
import { peopleOf } from '@/lib/intake/people';
import { resetDatabase } from '../helpers/db';
import { actorOf, ctxOf, guestCtx } from '../helpers/context';
import { makeAdvisor, makeFirm, makeHousehold, makeUser } from '../helpers/factories';
import { fillAssets, fillLists, makeCouple } from './helpers/intake';

beforeEach(async () => {
  await resetDatabase();
});

describe('loadIntake', () => {
  it("opens the household from either spouse's hash, or the numeric client id, within the scope", async () => {
    const couple = await makeCouple();
    const bySpouse = await loadIntake(couple.clientCtx, couple.owner2!.hash);
    expect(bySpouse.client.hash).toBe(couple.owner1.hash);
    expect(bySpouse.spouse?.hash).toBe(couple.owner2!.hash);
    expect(bySpouse.client.ownerNo).toBe(1);
    const byId = await loadIntake(couple.advisorCtx, String(couple.owner2!.id));
    expect(byId.householdHash).toBe(bySpouse.householdHash);
    expect(await resolveClientHash(couple.advisorCtx, String(couple.owner1.id))).toBe(couple.owner1.hash);

    const other = await makeCouple();
    await expect(loadIntake(other.advisorCtx, couple.owner1.hash)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(loadIntake(other.advisorCtx, String(couple.owner1.id))).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(loadIntake(guestCtx(), couple.owner1.hash)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(loadIntake(couple.advisorCtx, 'no-such-hash')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('uses a constant number of queries (at most 10) whatever the household holds', async () => {
    const small = await makeCouple();
    await fillLists(small, { children: 1, beneficiaries: 1, trustees: 1, agents: 1 });
    await fillAssets(small, { properties: 1, companies: 1, gifts: 1, accounts: 1 });
    const large = await makeCouple();
    await fillLists(large, { children: 10, beneficiaries: 20, trustees: 10, agents: 15 });
    await fillAssets(large, { properties: 6, companies: 5, gifts: 7, accounts: 12 });

    const few = await countQueries(() => loadIntake(small.advisorCtx, small.owner1.hash));
    const many = await countQueries(() => loadIntake(large.advisorCtx, large.owner1.hash));
    // The household through the scope with its clients and every list: one statement.
    expect(few.count).toBe(1);
    expect(many.count).toBe(few.count);
    expect(many.result.properties).toHaveLength(6);
    expect(many.result.companies).toHaveLength(5);
    expect(many.result.gifts).toHaveLength(7);
    expect(many.result.retirementAccounts).toHaveLength(3);
    expect(many.result.annuityAccounts).toHaveLength(3);
    expect(many.result.children).toHaveLength(10);
    expect(many.result.beneficiaries).toHaveLength(21); // 20 and the gifts' heir
    expect(many.result.trustees).toHaveLength(10);
    expect(many.result.agents).toHaveLength(15);
    expect(many.result.beneficiaries[0].owner).toBe('both');
    // The numeric address costs one more query, still within the budget.
    const byId = await countQueries(() => loadIntake(large.advisorCtx, String(large.owner1.id)));
    expect(byId.count).toBe(few.count + 1);
    expect(byId.count).toBeLessThanOrEqual(10);
  });

  it('loads the asset sections: owners, per-owner values, money as exact strings, account numbers masked', async () => {
    const couple = await makeCouple();
    await fillAssets(couple, { properties: 2, companies: 1, gifts: 1, accounts: 4 });
    const view = await loadIntake(couple.clientCtx, couple.owner2!.hash);
    expect(view.properties).toHaveLength(2);
    expect(view.properties[0]).toMatchObject({
      owner: 'both',
      purchaseMonth: 5,
      purchaseYear: 2001,
      isPrimary1: true,
      isPrimary2: true,
      address: { street: '1 Main St', unit: '', city: 'Austin', state: 'TX', zip: '78701', value: '350000.10' },
    });
    expect(view.properties[1]).toMatchObject({ isPrimary1: false, isPrimary2: false });
    expect(view.companies[0]).toMatchObject({
      owner: 'both',
      name: 'Company 0',
      type: 'corporation',
      address: null,
      terms1: { sharePercent: '50.00', stockShares: 1000 },
      terms2: { sharePercent: '50.00', stockShares: 1000 },
    });
    expect(view.gifts[0]).toMatchObject({
      owner: 'both',
      giftType: 'cash',
      cashAmount: '1000.00',
      addressHash: null,
      specificItem: null,
      predeceaseDistribution: 'lapse',
    });
    expect(view.beneficiaries.map((b) => b.hash)).toContain(view.gifts[0].beneficiaryHash);
    for (const list of [view.retirementAccounts, view.brokerageAccounts, view.bankAccounts, view.annuityAccounts]) expect(list).toHaveLength(1);
    expect(view.retirementAccounts[0]).toMatchObject({
      kind: 'retirement',
      owner: 'both',
      company: 'Wells Fargo',
      type: 'Other type',
      numberLast4: '1234',
      value: '1234.56',
    });
    expect(view.annuityAccounts[0].type).toBe('');
    expect(view.note).toMatchObject({ body: 'Please call after 5pm.', version: 1 });
    expect(view.note.hash).toEqual(expect.any(String));
    const json = JSON.stringify(view);
    expect(json).not.toContain('55501234');
    expect(json).not.toContain('ACCT');
    expect(view.completion.sections.find((s) => s.key === 'properties')?.state).toBe('complete');
    expect(view.completion.sections.find((s) => s.key === 'notes')?.state).toBe('complete');
  });

  it('shows empty asset sections and a blank note for a new household', async () => {
    const couple = await makeCouple();
    const view = await loadIntake(couple.clientCtx, couple.owner1.hash);
    expect([view.properties, view.companies, view.gifts, view.retirementAccounts, view.brokerageAccounts, view.bankAccounts, view.annuityAccounts]).toEqual([
      [],
      [],
      [],
      [],
      [],
      [],
      [],
    ]);
    expect(view.note).toEqual({ hash: null, version: null, body: '' });
    expect(view.completion.sections.filter((s) => s.state === 'empty').map((s) => s.key)).toEqual(
      expect.arrayContaining(['properties', 'companies', 'gifts', 'retirementAccounts', 'brokerageAccounts', 'bankAccounts', 'annuityAccounts', 'notes']),
    );
  });

  it('never carries an SSN or identifier: only the last four', async () => {
    const couple = await makeCouple();
    await fillLists(couple, { children: 2, beneficiaries: 2, trustees: 0, agents: 0 });
    const view = await loadIntake(couple.clientCtx, couple.owner1.hash);
    const json = JSON.stringify(view);
    expect(json).not.toContain('123456789');
    expect(json).not.toContain('987654321');
    expect(json).not.toMatch(/v[12]:k1:/);
    expect(view.children[0].person.ssnLast4).toBe('6789');
    expect(peopleOf(view).map((p) => p.lists)).toContainEqual(['Guardian']);
  });

  it('hides the financial PoA for clients of apsi and alpha 1 (first firm by position, any case)', async () => {
    const apsi = await makeCouple({ firmName: '  APSI ' });
    expect((await loadIntake(apsi.advisorCtx, apsi.owner1.hash)).showsFinancialPoa).toBe(false);
    const fine = await makeCouple({ firmName: 'Harbor' });
    expect((await loadIntake(fine.advisorCtx, fine.owner1.hash)).showsFinancialPoa).toBe(true);
    // Alpha 1 as the advisor's second firm does not count; as the first it does.
    const alpha = await makeFirm('Alpha 1');
    await db.insert(t.advisorFirms).values({ advisorId: fine.advisor.advisor.id, firmId: alpha.id, position: 1 });
    expect((await loadIntake(fine.advisorCtx, fine.owner1.hash)).showsFinancialPoa).toBe(true);
    await db.update(t.advisorFirms).set({ position: -1 }).where(eq(t.advisorFirms.firmId, alpha.id));
    expect((await loadIntake(fine.advisorCtx, fine.owner1.hash)).showsFinancialPoa).toBe(false);
  });

  it('reports abilities: after submission only attorneys and admins may edit', async () => {
    const couple = await makeCouple();
    expect((await loadIntake(couple.clientCtx, couple.owner1.hash)).abilities).toMatchObject({
      canEdit: true,
      canRevealIdentifiers: false,
      isLegal: false,
      isSubmitted: false,
    });
    await fillLists(couple, { children: 1, beneficiaries: 1, trustees: 0, agents: 0 });
    await db.update(t.clients).set({ isTrustSubmitted: true }).where(eq(t.clients.id, couple.owner1.id));
    const readOnly = await loadIntake(couple.clientCtx, couple.owner1.hash);
    expect(readOnly.abilities).toMatchObject({ canEdit: false, isSubmitted: true });
    const legal = ctxOf(await actorOf((await makeUser({ isLegal: true })).user));
    const asLegal = await loadIntake(legal, couple.owner1.hash);
    expect(asLegal.abilities).toMatchObject({ canEdit: true, canRevealIdentifiers: true, isLegal: true });
  });

  it("carries owner 1's advisor as the household's contact (issue 27), in the same statement", async () => {
    const couple = await makeCouple();
    await db.update(t.persons).set({ phone: '4155550102', email: 'alice.contact@example.test' }).where(eq(t.persons.id, couple.advisor.person.id));
    const { count, result } = await countQueries(() => loadIntake(couple.spouseCtx!, couple.owner2!.hash));
    expect(count).toBe(1);
    expect(result.advisor).toEqual({
      name: `${couple.advisor.person.firstName} ${couple.advisor.person.lastName}`,
      email: 'alice.contact@example.test',
      phone: '4155550102',
    });
    // Without a contact e-mail on the person, the advisor's sign-in; without a phone, ''.
    await db.update(t.persons).set({ phone: null, email: null }).where(eq(t.persons.id, couple.advisor.person.id));
    expect((await loadIntake(couple.clientCtx, couple.owner1.hash)).advisor).toMatchObject({ email: couple.advisor.user.email, phone: '' });
    // A household without an advisor has no contact (the panel names the support address instead).
    const alone = await makeHousehold(null);
    expect((await loadIntake(ctxOf(await actorOf(alone.user)), alone.client.hash)).advisor).toBeNull();
  });

  it('shows a single client with no spouse and no plan', async () => {
    const firm = await makeFirm();
    const advisor = await makeAdvisor({ firmId: firm.id });
    const single = await makeHousehold(advisor.advisor.id);
    const view = await loadIntake(ctxOf(await actorOf(single.user)), single.client.hash);
    expect(view.spouse).toBeNull();
    expect(view.latestPlan).toBeNull();
    expect(view.completion.sections.map((s) => s.key)).toEqual([
      'personal',
      'estatePlan',
      'children',
      'beneficiaries',
      'trustees',
      'poas',
      'properties',
      'companies',
      'gifts',
      'retirementAccounts',
      'brokerageAccounts',
      'bankAccounts',
      'annuityAccounts',
      'notes',
    ]);
  });
});

describe('the query count', () => {
  afterEach(() => {
    delete process.env.LOG_QUERY_COUNTS;
    stopRequestQueryLog();
  });

  it('counts nested scopes into the enclosing one', async () => {
    const couple = await makeCouple();
    const outer = await countQueries(async () => {
      const inner = await countQueries(() => loadIntake(couple.clientCtx, couple.owner1.hash));
      await loadIntake(couple.clientCtx, couple.owner1.hash);
      return inner.count;
    });
    expect(outer.count).toBe(outer.result * 2);
  });

  it('logs "[queries] <method> <path> <n>" per HTTP request with LOG_QUERY_COUNTS=1', async () => {
    const couple = await makeCouple();
    process.env.LOG_QUERY_COUNTS = '1';
    const expected = (await countQueries(() => loadIntake(couple.clientCtx, couple.owner1.hash))).count;
    const server = http.createServer((_req, res) => {
      // Work started from the request inherits its scope, across timers and promises.
      setTimeout(() => void Promise.all([loadIntake(couple.clientCtx, couple.owner1.hash)]).then(() => res.end('ok')), 1);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const log = jest.spyOn(console, 'log').mockImplementation(() => undefined);
    try {
      const { port } = server.address() as { port: number };
      await Promise.all([fetch(`http://127.0.0.1:${port}/client-info/a`), fetch(`http://127.0.0.1:${port}/client-info/b`)].map((r) => r.then((x) => x.text())));
      await new Promise((resolve) => setTimeout(resolve, 20));
      const lines = log.mock.calls
        .map((call) => String(call[0]))
        .filter((line) => line.startsWith('[queries]'))
        .sort();
      expect(lines).toEqual([`[queries] GET /client-info/a ${expected}`, `[queries] GET /client-info/b ${expected}`]);
    } finally {
      log.mockRestore();
      server.close();
    }
  });
});

describe('the demo Riveras (a full married household)', () => {
  it('load completely, in the same number of queries, and read-only for them once submitted', async () => {
    const { seedDemoData } = await import('@/lib/seed/demo');
    await seedDemoData(db, { password: 'Demo-Password-1' });
    const [pat] = await db.select().from(t.users).where(eq(t.users.email, 'pat.rivera@demo.trustwell.test'));
    const [attorney] = await db.select().from(t.users).where(eq(t.users.email, 'attorney@demo.trustwell.test'));
    const [patClient] = await db.select().from(t.clients).where(eq(t.clients.userId, pat.id));
    const patCtx = ctxOf(await actorOf(pat));
    const { count, result: view } = await countQueries(() => loadIntake(patCtx, patClient.hash));
    expect(count).toBe(1);
    expect(view.spouse?.person.firstName).toBe('Sam');
    expect(view.children.map((c) => [c.person.firstName, c.owner])).toEqual([
      ['Avery', 'both'],
      ['Jamie', 'both'],
      ['Noah', 'both'],
      ['Taylor', '2'],
    ]);
    expect(view.children[2].guardian2?.firstName).toBe('Chris');
    expect(view.beneficiaries).toHaveLength(9);
    expect(view.trustees.map((tr) => [tr.person.firstName, tr.order1, tr.order2])).toEqual([
      ['Avery', 1, 1],
      ['Morgan', 2, 2],
      ['Elena', 3, null],
      ['Grace', null, 3],
    ]);
    // The financial agents serve together: Pat's as co-agents, Sam's also independently.
    expect(view.agents.filter((a) => a.type === 'financial').map((a) => [a.person.firstName, a.service1, a.service2])).toEqual([
      ['Avery', { isCollective: true, isIndependent: false }, { isCollective: true, isIndependent: true }],
      ['Elena', { isCollective: true, isIndependent: false }, null],
      ['Grace', null, { isCollective: true, isIndependent: true }],
    ]);
    expect(view.completion.percent).toBe(100);
    expect(view.latestPlan?.statusLabel).toBeTruthy();
    expect(view.abilities).toMatchObject({ canEdit: false, isSubmitted: true });
    const asAttorney = await loadIntake(ctxOf(await actorOf(attorney)), patClient.hash);
    expect(asAttorney.abilities).toMatchObject({ canEdit: true, canRevealIdentifiers: true, isLegal: true });
  });
});
