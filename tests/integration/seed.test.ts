import { and, count, eq, inArray, like, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { db, getHandle } from '@/db';
import { announceDemoAccounts, loadDemoData, prepareDatabase } from '@/lib/startup/prepare';
import { DemoDataRefused, markProductionDatabase } from '@/lib/startup/production';
import * as t from '@/db/schema';
import { authenticate } from '@/lib/auth/authenticate';
import { loadActor } from '@/lib/auth/actor';
import { listClientPage } from '@/lib/advisors/client-list';
import { DEFAULT_LIST_STATE } from '@/lib/advisors/rules';
import type { Actor } from '@/lib/kernel/actor';
import { decrypt } from '@/lib/crypto';
import { placeOf } from '@/lib/encrypted-columns';
import { sumMoney } from '@/lib/money';
import { refreshStaleCompletions } from '@/lib/intake/completion-cache';
import { systemContext } from '@/lib/kernel/system-context';
import { createClientAccount } from '@/lib/accounts/create-client-account';
import { DEMO_ACCOUNTS, demoAdvisorLinks, generateDemoPassword, seedDemoData } from '@/lib/seed/demo';
import { readDemoPassword } from '@/lib/seed/demo-accounts-file';
import { sniffDocumentType } from '@/lib/files/document-types';
import { storeFor } from '@/lib/files/store';
import { guestCtx } from '../helpers/context';
import { resetDatabase } from '../helpers/db';

/** Every household the dashboard lists for the actor (every advisor in reach, one page of up to 100). */
async function listed(actor: Actor) {
  return (await listClientPage(actor, { advisorIds: null, state: { ...DEFAULT_LIST_STATE, size: 100 }, stalledDays: 30 })).rows;
}

// The demo-accounts file goes to a scratch folder, never to ./.data.
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'trustwell-demo-accounts-'));
const file = path.join(scratch, 'demo-accounts.txt');
process.env.DEMO_ACCOUNTS_FILE = file;
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

/** What `fn` printed with console.log, as one string. */
async function printed(fn: () => Promise<unknown>): Promise<string> {
  const log = jest.spyOn(console, 'log').mockImplementation(() => undefined);
  try {
    await fn();
    return log.mock.calls.map((call) => call.join(' ')).join('\n');
  } finally {
    log.mockRestore();
  }
}

const signIn = async (email: string, password: string) => (await authenticate({ email, password, ip: '127.0.0.1' })).claims;

describe('the demo password', () => {
  it('is readable and strong: three pronounceable blocks and four digits (about 63 bits)', () => {
    const password = generateDemoPassword();
    expect(password).toMatch(/^[A-Z][a-z]{4}-[A-Z][a-z]{4}-[A-Z][a-z]{4}-\d{4}$/);
    const bits = 3 * Math.log2(16 * 5 * 16 * 5 * 16) + Math.log2(10_000);
    expect(bits).toBeGreaterThan(60);
  });

  it('is random each time', () => {
    const passwords = Array.from({ length: 200 }, generateDemoPassword);
    expect(new Set(passwords).size).toBe(200);
    expect(passwords).not.toContain('Trustwell-demo-2026');
  });
});

describe('demo data', () => {
  let password: string;

  beforeAll(async () => {
    // What start-up does on an empty database, before any job worker has run (no job queues yet): seed with
    // a fresh password and write it down. The demo's payment queues its receipt's mail job as it is written.
    await db.execute(sql`drop schema if exists pgboss cascade`);
    password = (await loadDemoData(db))!;
    expect(password).toEqual(expect.any(String));
  }, 60_000);

  it('is idempotent, and keeps the password it was seeded with', async () => {
    const before = await db.select({ n: count() }).from(t.persons);
    const written = fs.readFileSync(file, 'utf8');
    expect(await seedDemoData(db)).toBeNull();
    expect(await loadDemoData(db)).toBeNull();
    const after = await db.select({ n: count() }).from(t.persons);
    expect(after).toEqual(before);
    expect(fs.readFileSync(file, 'utf8')).toBe(written);
  });

  it.each(DEMO_ACCOUNTS.map((a) => [a.role, a.email]))('%s (%s) can sign in with the demo password', async (_role, email) => {
    expect(await loadActor(await signIn(email, password))).not.toBeNull();
  });

  it('no longer accepts the password that used to be published', async () => {
    await expect(signIn(DEMO_ACCOUNTS[1].email, 'Trustwell-demo-2026')).rejects.toThrow('Invalid email or password.');
  });

  it('writes the password, the accounts with their roles and the advisor links to the demo-accounts file, mode 600', async () => {
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const text = fs.readFileSync(file, 'utf8');
    expect(text).toContain(`Password for all demo accounts: ${password}\n`);
    for (const account of DEMO_ACCOUNTS) expect(text).toMatch(new RegExp(`${account.role.replace(/[()]/g, '\\$&')}\\s+${account.email}`));
    for (const link of await demoAdvisorLinks(db)) expect(text).toMatch(new RegExp(`${link.email}\\s+https?://\\S+${link.path}\\n`));
    expect(readDemoPassword(await demoAdvisorLinks(db))).toBe(password);
  });

  it('prints the accounts with the password read back from the file on a later start of the embedded demo', async () => {
    const out = await printed(() => announceDemoAccounts(db, null, true));
    expect(out).toContain(`password for all: ${password}; also in ${file}`);
    for (const account of DEMO_ACCOUNTS) expect(out).toContain(account.email);
    expect(out).toMatch(/\/join\/[A-Za-z0-9_-]{16,}/);
  });

  it('describes each account as it is now, not as it was seeded (issue 27)', async () => {
    const lineOf = (out: string, email: string) => out.split('\n').find((l) => l.includes(email)) ?? '';
    // The start refreshes the completion figures before it announces the accounts (prepareDatabase).
    await refreshStaleCompletions(systemContext('test'));
    const out = await printed(() => announceDemoAccounts(db, null, true));
    expect(lineOf(out, 'ben.carter@')).toMatch(/now: 3 households, 3 unpaid invoices, features locked$/);
    // Half-finished, honestly (issue 27): personal 6 of 7 and the children of six equal shares.
    expect(lineOf(out, 'jordan.blake@')).toMatch(/now: In Progress, intake 30% complete$/);
    expect(lineOf(out, 'pat.rivera@')).toMatch(/now: Under Attorney Review/);
    // Ben pays: the next start says so.
    const ben = (await loadActor(await signIn(DEMO_ACCOUNTS[3].email, password)))!;
    await db.update(t.invoices).set({ status: 'paid' }).where(eq(t.invoices.advisorId, ben.advisorId!));
    const later = await printed(() => announceDemoAccounts(db, null, true));
    expect(lineOf(later, 'ben.carter@')).toMatch(/now: 3 households, 0 unpaid invoices$/);
    await db.update(t.invoices).set({ status: 'open' }).where(eq(t.invoices.advisorId, ben.advisorId!));
  });

  it('on PostgreSQL prints the accounts and where the password is, never the password (it signs in as the admin)', async () => {
    for (const given of [password, null]) {
      const out = await printed(() => announceDemoAccounts(db, given, false));
      expect(out).not.toContain(password);
      expect(out).toContain(`Demo accounts (password for all: in ${file}; printed only for the embedded demo)`);
      for (const account of DEMO_ACCOUNTS) expect(out).toContain(account.email);
    }
  });

  it('without the file (seeded on another machine) prints the accounts and where the password is', async () => {
    const kept = `${file}.kept`;
    fs.renameSync(file, kept);
    try {
      const out = await printed(() => announceDemoAccounts(db));
      expect(out).toContain('password: not found in');
      expect(out).toContain('demo-accounts.txt of the machine that seeded this database');
      expect(out).not.toContain(password);
      for (const account of DEMO_ACCOUNTS) expect(out).toContain(account.email);
    } finally {
      fs.renameSync(kept, file);
    }
  });

  it('does not take the password from a file written for another database', async () => {
    const original = fs.readFileSync(file, 'utf8');
    try {
      // Another database's advisors have other random hashes.
      const links = await demoAdvisorLinks(db);
      fs.writeFileSync(
        file,
        links.reduce((text, link) => text.replace(link.path, '/join/someOtherDatabaseHash0'), original),
      );
      expect(readDemoPassword(links)).toBeNull();
      expect(await printed(() => announceDemoAccounts(db))).toContain('password: not found in');
    } finally {
      fs.writeFileSync(file, original);
    }
  });

  it('lists the demo advisors’ sign-up links, which earn the discount', async () => {
    const links = await demoAdvisorLinks(db);
    expect(links.map((l) => l.email)).toEqual([DEMO_ACCOUNTS[2].email, DEMO_ACCOUNTS[3].email]);
    for (const link of links) expect(link.path).toMatch(/^\/join\/[A-Za-z0-9_-]{16,}$/);

    const advisorHash = links[0].path.split('/').pop()!;
    const input = {
      first_name: 'Rae',
      middle_name: '',
      last_name: 'Quinn',
      suffix: '' as const,
      email: 'rae.quinn@example.test',
      phone: '5551230000',
      password: 'Sturdy-Pass-42',
      advisor_hash: advisorHash,
    };
    await expect(createClientAccount(guestCtx(), input)).resolves.toEqual({ discounted: true });
  });

  it('stores SSNs only encrypted, bound to their row, with the last four for display', async () => {
    const plain = await db
      .select()
      .from(t.persons)
      .where(or(like(t.persons.ssnCipher, '%123456789%'), eq(t.persons.ssnLast4, '6789')));
    expect(plain).toHaveLength(1);
    expect(plain[0].ssnCipher).not.toContain('123456789');
    expect(plain[0].ssnCipher).toMatch(/^v2:/);
    expect(decrypt(plain[0].ssnCipher!, placeOf(t.persons.ssnCipher, plain[0].hash))).toBe('123456789');
    const [other] = await db.select().from(t.persons).where(eq(t.persons.ssnLast4, '7890'));
    expect(() => decrypt(plain[0].ssnCipher!, placeOf(t.persons.ssnCipher, other.hash))).toThrow();
  });

  it('stores entity identifiers with their kind and whole account numbers, encrypted at their place', async () => {
    const entities = await db.select().from(t.beneficiaries).where(eq(t.beneficiaries.type, 'entity')).orderBy(t.beneficiaries.id);
    expect(entities.map((e) => [e.entityName, e.entityIdentifierKind, e.entityIdentifierLast4, e.isTrust])).toEqual([
      ['Rivera Education Trust', 'tin', '6789', true],
      ['Bay Area Food Bank', 'ein', '4567', false],
    ]);
    expect(entities.map((e) => decrypt(e.entityIdentifierCipher!, placeOf(t.beneficiaries.entityIdentifierCipher, e.hash)))).toEqual([
      '123456789',
      '941234567',
    ]);
    const accounts = await db.select().from(t.accounts).orderBy(t.accounts.id);
    expect(accounts.map((a) => [a.kind, a.numberLast4, decrypt(a.numberCipher!, placeOf(t.accounts.numberCipher, a.hash))])).toEqual([
      ['retirement', '3456', '7000123456'],
      ['retirement', '4321', '7000654321'],
      ['brokerage', '0111', 'SCH-5555 0111'],
      ['brokerage', '5678', 'Z12-345678'],
      ['bank', '2223', '0001112223'],
      ['bank', '9991', '4440009991'],
      ['annuity', '1112', 'PL-9990001112'],
      ['annuity', '4903', '21 884 903'],
    ]);
  });

  it('has a married couple under attorney review with files, and a half-finished single client', async () => {
    const supervisor = await signIn(DEMO_ACCOUNTS[2].email, password);
    const rows = await listed((await loadActor(supervisor))!);
    expect(rows.map((r) => [r.name, r.spouseName, r.statusLabel])).toEqual(
      expect.arrayContaining([
        ['Pat Rivera', 'Sam Elise Rivera', 'Under Attorney Review'],
        ['Jordan Blake', null, 'In Progress'],
        ['Taylor Nguyen', null, 'N/A'],
      ]),
    );
    const files = await db.select().from(t.files);
    expect(files).toHaveLength(2);
    expect(files.filter((f) => f.createdByUserId === null)).toHaveLength(1);
  });

  it('stores the two demo files through the document store, readable and of the recorded type and size', async () => {
    const files = await db.select().from(t.files).orderBy(t.files.id);
    for (const file of files) {
      expect(file.storage).toBe('local');
      const bytes = await storeFor(file.storage).get(file.storageKey);
      expect(bytes.byteLength).toBe(file.size);
      expect(sniffDocumentType(bytes)).toBe(file.contentType);
    }
  });

  describe('the Riveras: every intake section filled, owned by Pat (1), Sam (2) or both', () => {
    let pat: number;
    let sam: number;
    beforeAll(async () => {
      const [household] = await db
        .select({ owner1: t.households.owner1ClientId, owner2: t.households.owner2ClientId })
        .from(t.households)
        .innerJoin(t.clients, eq(t.clients.id, t.households.owner1ClientId))
        .innerJoin(t.users, eq(t.users.id, t.clients.userId))
        .where(eq(t.users.email, DEMO_ACCOUNTS[6].email));
      pat = household.owner1;
      sam = household.owner2!;
      const [samUser] = await db
        .select({ clientId: t.clients.id })
        .from(t.clients)
        .innerJoin(t.users, eq(t.users.id, t.clients.userId))
        .where(eq(t.users.email, DEMO_ACCOUNTS[7].email));
      expect(samUser.clientId).toBe(sam);
    });

    /** The owner code of each item of a pivot: '1', '2' or 'both'. */
    async function ownersOf(
      pivot: typeof t.clientChildren | typeof t.clientGifts | typeof t.clientAccounts | typeof t.clientProperties,
      itemColumn: AnyPgColumn,
    ) {
      const rows = await db.select({ item: itemColumn, clientId: pivot.clientId }).from(pivot);
      const byItem = new Map<unknown, Set<number>>();
      for (const r of rows) byItem.set(r.item, (byItem.get(r.item) ?? new Set()).add(r.clientId));
      return new Set(
        [...byItem.values()].filter((owners) => owners.has(pat) || owners.has(sam)).map((owners) => (owners.size === 2 ? 'both' : owners.has(pat) ? '1' : '2')),
      );
    }

    it('answers every personal and estate plan question for both, and submitted the trust', async () => {
      const clients = await db
        .select()
        .from(t.clients)
        .where(inArray(t.clients.id, [pat, sam]));
      // 'Do you have any children?' is the household's, answered on owner 1's row only (Sam's stays null).
      const householdAnswers = (key: string, id: number) => key === 'hasChildren' && id === sam;
      for (const client of clients) {
        for (const [key, value] of Object.entries(client))
          if (key !== 'userId' && key !== 'advisorId' && !householdAnswers(key, client.id)) expect([key, value]).not.toEqual([key, null]);
        expect(client).toMatchObject({
          hasEstatePlan: 'yes',
          estatePlanType: 'Trust',
          trustTimesAmended: 1,
          isTrustSubmitted: true,
          residenceState: 'CA',
          trustGoverningState: 'CA',
        });
      }
      const [plan] = await db
        .select()
        .from(t.estatePlans)
        .where(inArray(t.estatePlans.clientId, [pat, sam]));
      expect(plan).toMatchObject({ clientId: pat, status: 'preparing', submittedAt: expect.any(Date) });
      const consents = await db.select().from(t.planConsents).where(eq(t.planConsents.estatePlanId, plan.id));
      expect(consents.map((c) => `${c.clientId === pat ? 'pat' : 'sam'}:${c.statement}`).sort()).toEqual([
        'pat:1',
        'pat:2',
        'pat:3',
        'sam:1',
        'sam:2',
        'sam:3',
      ]);
      const [note] = await db
        .select()
        .from(t.notes)
        .where(inArray(t.notes.clientId, [pat, sam]));
      expect(note.clientId).toBe(pat);
    });

    it('has an adult and two minors with guardians (a second guardian on one), and a child of Sam’s', async () => {
      const kids = await db
        .select({
          dob: t.persons.dob,
          guardian1: t.children.guardian1PersonId,
          guardian2: t.children.guardian2PersonId,
          specifics: t.children.multiGuardianSpecifics,
        })
        .from(t.children)
        .innerJoin(t.persons, eq(t.persons.id, t.children.personId))
        .where(sql`exists (select 1 from client_children cc where cc.child_id = ${t.children.id} and cc.client_id in (${pat}, ${sam}))`);
      const minors = kids.filter((k) => new Date(k.dob!).getTime() > Date.now() - 18 * 365.25 * 86_400_000);
      expect(kids.length).toBeGreaterThanOrEqual(3);
      expect(minors).toHaveLength(2);
      expect(minors.every((k) => k.guardian1 !== null)).toBe(true);
      expect(minors.filter((k) => k.guardian2 !== null && k.specifics)).toHaveLength(1);
      expect(await ownersOf(t.clientChildren, t.clientChildren.childId)).toEqual(new Set(['both', '2']));
    });

    it('has beneficiaries in every tier, each client’s tiers adding up to 100, an omitted one with a reason', async () => {
      const shares = await db
        .select()
        .from(t.clientBeneficiaries)
        .where(inArray(t.clientBeneficiaries.clientId, [pat, sam]));
      for (const clientId of [pat, sam]) {
        const mine = shares.filter((s) => s.clientId === clientId);
        expect(new Set(mine.map((s) => s.tier))).toEqual(new Set(['primary', 'contingent', 'tertiary', 'omitted']));
        for (const tier of ['primary', 'contingent', 'tertiary'] as const) {
          expect(sumMoney(mine.filter((s) => s.tier === tier).map((s) => s.sharePercent!))).toBe('100.00');
        }
        expect(mine.filter((s) => s.tier === 'omitted').every((s) => s.omissionReason && s.sharePercent === '0.00')).toBe(true);
        expect(mine.some((s) => s.isPerStirpes)).toBe(true);
      }
      const types = await db.selectDistinct({ type: t.beneficiaries.type }).from(t.beneficiaries);
      expect(types.map((r) => r.type).sort()).toEqual(['entity', 'person']);
    });

    it('has successor trustees in order and agents for the three kinds of power of attorney', async () => {
      const trustees = await db.select().from(t.clientFiduciaries).where(eq(t.clientFiduciaries.clientId, pat)).orderBy(t.clientFiduciaries.order);
      expect(trustees.map((r) => r.order)).toEqual([1, 2, 3]);
      const agents = await db
        .select()
        .from(t.clientPoaAgents)
        .where(inArray(t.clientPoaAgents.clientId, [pat, sam]));
      for (const clientId of [pat, sam]) {
        for (const type of ['general', 'medical', 'financial'] as const) {
          expect(
            agents
              .filter((a) => a.clientId === clientId && a.type === type)
              .map((a) => a.order)
              .sort(),
          ).toEqual([1, 2]);
        }
      }
    });

    it('has properties with one primary residence per owner, companies, gifts of every type and accounts', async () => {
      const primaries = await db
        .select()
        .from(t.clientProperties)
        .where(and(eq(t.clientProperties.isPrimary, true), inArray(t.clientProperties.clientId, [pat, sam])));
      expect(primaries.map((p) => p.clientId).sort()).toEqual([pat, sam].sort());
      expect(await ownersOf(t.clientProperties, t.clientProperties.propertyId)).toEqual(new Set(['both', '1', '2']));
      const companies = await db
        .select({ type: t.companies.type, stockShares: t.clientCompanies.stockShares, sharePercent: t.clientCompanies.sharePercent })
        .from(t.clientCompanies)
        .innerJoin(t.companies, eq(t.companies.id, t.clientCompanies.companyId));
      expect(companies.filter((c) => c.type === 'corporation').map((c) => c.stockShares)).toEqual([600_000, 400_000]);
      expect(companies.filter((c) => c.type !== 'corporation').every((c) => c.stockShares === null)).toBe(true);
      const gifts = await db.select({ type: t.gifts.giftType }).from(t.gifts);
      expect(new Set(gifts.map((g) => g.type))).toEqual(new Set(['property', 'cash', 'item']));
      expect(await ownersOf(t.clientGifts, t.clientGifts.giftId)).toEqual(new Set(['both', '1', '2']));
      expect(await ownersOf(t.clientAccounts, t.clientAccounts.accountId)).toEqual(new Set(['both', '1', '2']));
    });
  });

  it('leaves sections of the single client empty: a child, no beneficiaries or assets', async () => {
    const [jordan] = await db
      .select({ id: t.clients.id })
      .from(t.clients)
      .innerJoin(t.users, eq(t.users.id, t.clients.userId))
      .where(eq(t.users.email, DEMO_ACCOUNTS[5].email));
    const [household] = await db.select().from(t.households).where(eq(t.households.owner1ClientId, jordan.id));
    expect(household.owner2ClientId).toBeNull();
    expect(await db.select().from(t.clientChildren).where(eq(t.clientChildren.clientId, jordan.id))).toHaveLength(1);
    for (const pivot of [
      t.clientBeneficiaries,
      t.clientProperties,
      t.clientCompanies,
      t.clientGifts,
      t.clientAccounts,
      t.clientFiduciaries,
      t.clientPoaAgents,
    ]) {
      expect(await db.select().from(pivot).where(eq(pivot.clientId, jordan.id))).toEqual([]);
    }
  });

  it('links the invites to the client records they stand for', async () => {
    const invites = await db
      .select({ email: t.invites.clientEmail, joined: t.invites.joinedUserId, client: t.persons.email })
      .from(t.invites)
      .leftJoin(t.clients, eq(t.clients.id, t.invites.clientId))
      .leftJoin(t.persons, eq(t.persons.id, t.clients.personId))
      .orderBy(t.invites.id);
    expect(invites.map((i) => [i.email, i.joined !== null, i.client])).toEqual([
      [DEMO_ACCOUNTS[5].email, true, DEMO_ACCOUNTS[5].email],
      ['taylor.nguyen@example.com', false, 'taylor.nguyen@example.com'],
      ['chris.patel@example.com', false, null],
    ]);
  });

  it('gives the firm a supervisor, a second advisor and a staff user who reach the same clients', async () => {
    const staff = (await loadActor(await signIn(DEMO_ACCOUNTS[4].email, password)))!;
    expect(staff.roles).toEqual(['staff']);
    expect(staff.advisorIds).toHaveLength(2);
    const ben = (await loadActor(await signIn(DEMO_ACCOUNTS[3].email, password)))!;
    // Ben is not a supervisor: Alice's clients are outside his scope; his own three households are listed.
    expect((await listed(ben)).map((r) => r.name).sort()).toEqual(['Grace Evans', 'Luis Diaz', 'Mei Chen']);
  });

  /*
   * Issue 27: the demo obeys the billing rules it demonstrates, because it is seeded through them. A
   * household's trust fee is paid once: by the client, or invoiced to an advisor who covers it — never both,
   * never twice — and every invoice names a household of the advisor it bills.
   */
  it('obeys the billing rules: each trust fee paid once (by the client or invoiced to the advisor), invoices name the advisor’s own households', async () => {
    const plans = await db
      .select({
        id: t.estatePlans.id,
        payments: sql<number>`(select count(*)::int from payments p where p.estate_plan_id = ${t.estatePlans.id} and p.charge_type = 'trust_fee' and p.status in ('succeeded', 'pending'))`,
        invoices: sql<number>`(select count(*)::int from invoices i where i.estate_plan_id = ${t.estatePlans.id})`,
      })
      .from(t.estatePlans);
    expect(plans.length).toBeGreaterThan(0);
    expect(plans.filter((p) => p.payments + p.invoices > 1)).toEqual([]);

    const invoices = await db
      .select({ advisorId: t.invoices.advisorId, planId: t.invoices.estatePlanId, householdAdvisor: t.clients.advisorId, waives: t.advisors.isWaivingFee })
      .from(t.invoices)
      .innerJoin(t.advisors, eq(t.advisors.id, t.invoices.advisorId))
      .leftJoin(t.estatePlans, eq(t.estatePlans.id, t.invoices.estatePlanId))
      .leftJoin(t.clients, eq(t.clients.id, t.estatePlans.clientId));
    expect(invoices).toHaveLength(3);
    for (const invoice of invoices) {
      expect(invoice.planId).not.toBeNull();
      expect(invoice.householdAdvisor).toBe(invoice.advisorId);
      expect(invoice.waives).toBe(true);
    }
    // Ben's three unpaid invoices lock his features (max_invoices 3), as the README says.
    const ben = (await loadActor(await signIn(DEMO_ACCOUNTS[3].email, password)))!;
    const [benRow] = await db.select().from(t.advisors).where(eq(t.advisors.id, ben.advisorId!));
    expect(
      await db
        .select({ n: count() })
        .from(t.invoices)
        .where(and(eq(t.invoices.advisorId, benRow.id), eq(t.invoices.status, 'open'))),
    ).toEqual([{ n: benRow.maxInvoices }]);
  });

  it('the Riveras paid their trust fee through the payment path: one charge, its payment and receipt', async () => {
    const [pat] = await db
      .select({ id: t.clients.id })
      .from(t.clients)
      .innerJoin(t.users, eq(t.users.id, t.clients.userId))
      .where(eq(t.users.email, DEMO_ACCOUNTS[6].email));
    const pays = await db.select().from(t.payments).where(eq(t.payments.clientId, pat.id));
    expect(pays).toEqual([expect.objectContaining({ chargeType: 'trust_fee', amount: '995.00', status: 'succeeded', brand: 'Visa', last4: '4242' })]);
    expect(await db.select().from(t.sandboxCharges)).toHaveLength(1);
    const receipts = await db
      .select()
      .from(t.mailOutbox)
      .where(and(eq(t.mailOutbox.to, DEMO_ACCOUNTS[6].email), like(t.mailOutbox.subject, '%receipt%')));
    expect(receipts).toHaveLength(1);
  });
});

describe('a production database refuses demo data', () => {
  const saved = { seed: process.env.SEED_DEMO_DATA, appEnv: process.env.APP_ENV };
  afterEach(() => {
    process.env.SEED_DEMO_DATA = saved.seed;
    if (saved.appEnv === undefined) delete process.env.APP_ENV;
    else process.env.APP_ENV = saved.appEnv;
  });
  const marks = () => db.select().from(t.productionMark);
  const users = async () => (await db.select({ n: count() }).from(t.users))[0].n;

  it('APP_ENV=production: a start with SEED_DEMO_DATA=1 stops with a clear message, seeds nothing, and marks the database', async () => {
    await resetDatabase();
    process.env.APP_ENV = 'production';
    process.env.SEED_DEMO_DATA = '1';
    await expect(printed(() => prepareDatabase())).rejects.toThrow(
      new DemoDataRefused('Refusing to load the demo data: APP_ENV=production. Its accounts share one password that signs in as an admin.'),
    );
    expect(await users()).toBe(0);
    expect(await marks()).toHaveLength(1);
  }, 60_000);

  it('a marked database refuses it without APP_ENV (npm run db:seed from a shell that forgot it, or SEED_DEMO_DATA=1)', async () => {
    await resetDatabase();
    await db.insert(t.productionMark).values({});
    delete process.env.APP_ENV;
    await expect(loadDemoData(db)).rejects.toThrow(/this database is marked production \(migrated with APP_ENV=production\)/);
    process.env.SEED_DEMO_DATA = '1';
    await expect(printed(() => prepareDatabase())).rejects.toThrow(DemoDataRefused);
    expect(await users()).toBe(0);
  }, 60_000);

  it('an empty database marked production is not seeded by default, and the start goes on', async () => {
    await resetDatabase();
    await db.insert(t.productionMark).values({});
    delete process.env.SEED_DEMO_DATA;
    const out = await printed(() => prepareDatabase());
    expect(await users()).toBe(0);
    expect(out).not.toContain('Demo accounts');
  }, 60_000);

  it('a database holding the demo accounts is not marked production: APP_ENV=production is refused', async () => {
    await resetDatabase();
    await seedDemoData(db);
    process.env.APP_ENV = 'production';
    await expect(markProductionDatabase(db)).rejects.toThrow(/holds the demo accounts \(admin@demo\.trustwell\.test and the others\)/);
    expect(await marks()).toEqual([]);
    delete process.env.APP_ENV;
    // Without APP_ENV nothing is marked, and the mark, once written, is reported.
    expect(await markProductionDatabase(db)).toBe(false);
  }, 60_000);
});

describe('start-up on a new database', () => {
  const seedSetting = process.env.SEED_DEMO_DATA;
  afterEach(() => {
    process.env.SEED_DEMO_DATA = seedSetting;
  });

  it('with SEED_DEMO_DATA=0 seeds nothing and prints no accounts', async () => {
    await resetDatabase();
    process.env.SEED_DEMO_DATA = '0';
    const out = await printed(() => prepareDatabase());
    expect(await db.select({ n: count() }).from(t.users)).toEqual([{ n: 0 }]);
    expect(out).not.toContain('Demo accounts');
  }, 60_000);

  it('seeds with a new random password, rewrites the file and prints it; the previous password stops working', async () => {
    const previous = readFileOrEmpty().match(/^Password for all demo accounts: (\S+)$/m)?.[1];
    await resetDatabase();
    process.env.SEED_DEMO_DATA = '1';
    const out = await printed(() => prepareDatabase());
    const password = fs.readFileSync(file, 'utf8').match(/^Password for all demo accounts: (\S+)$/m)![1];
    expect(password).not.toBe(previous);
    expect(out).toContain('[db] Demo data loaded.');
    // Printed only for the embedded demo; on PostgreSQL the start-up names the file.
    if (getHandle().driver === 'pglite') expect(out).toContain(`Demo accounts (password for all: ${password}; also in ${file})`);
    else expect(out).not.toContain(password);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    await expect(signIn(DEMO_ACCOUNTS[0].email, password)).resolves.toBeTruthy();
    if (previous) await expect(signIn(DEMO_ACCOUNTS[1].email, previous)).rejects.toThrow('Invalid email or password.');
  }, 60_000);
});

function readFileOrEmpty(): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

describe('demo data: the Nakamuras, married and ready to submit', () => {
  it('have every required answer, an In Progress plan and no submission yet', async () => {
    const [lee] = await db
      .select({ hash: t.clients.hash, id: t.clients.id })
      .from(t.clients)
      .innerJoin(t.users, eq(t.users.id, t.clients.userId))
      .where(eq(t.users.email, DEMO_ACCOUNTS[8].email));
    expect(lee).toBeDefined();
    const actor = (await loadActor(await signIn(DEMO_ACCOUNTS[8].email, readFileOrEmpty().match(/^Password for all demo accounts: (\S+)$/m)![1])))!;
    const { loadIntake } = await import('@/lib/intake/load');
    const { unansweredQuestions } = await import('@/lib/intake/required');
    const view = await loadIntake({ actor, ip: 'test', userAgent: 'jest', now: new Date() }, lee.hash);
    expect(view.spouse).not.toBeNull();
    for (const c of [view.client, view.spouse!]) expect(unansweredQuestions(c, true)).toEqual([]);
    // Ready to submit: every section the figure weighs is complete (issue 27's rules), children included.
    expect(view.hasChildren).toBe(true);
    expect(view.completion.percent).toBe(100);
    expect(view.latestPlan).toMatchObject({ status: 'incomplete' });
    expect(view.abilities).toMatchObject({ isSubmitted: false, canSubmit: true });
  });
});
