import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import Big from 'big.js';
import { sql } from 'drizzle-orm';
import DashboardPage from '@/app/(workspace)/dashboard/page';
import ClientInfoByIdPage from '@/app/(workspace)/client-info/[id]/page';
import ClientInfoPage from '@/app/(workspace)/client-info/page';
import { CallProvider } from '@/components/ui/call-provider';
import { db, recordQueries } from '@/db';
import * as t from '@/db/schema';
import { advisorBilling, loadDashboard } from '@/lib/advisors/dashboard';
import { DEFAULT_LIST_STATE, DEFAULT_PAGE_SIZE } from '@/lib/advisors/rules';
import { listDocumentPage } from '@/lib/files/document-page';
import { advisorsAnswer } from '@/lib/legacy/file-advisors-answer';
import { EXPANDED_DOCUMENTS_LIMIT, loadAdvisorClients } from '@/lib/overview/queries';
import { rowsOf } from '@/lib/kernel/rows';
import { formatUsd } from '@/lib/money';
import { LIST_PAGE_SIZE } from '@/lib/validation/list-page';
import { resetDatabase } from '../helpers/db';
import { actorOf, ctxOf } from '../helpers/context';
import { makeUser } from '../helpers/factories';
import { signInAs, signOut } from '../helpers/session';
import { makeCouple, type Couple } from './helpers/intake';
import { customPlan, firstStatementOf, genericPlan } from '../helpers/list-plans';

jest.mock('next/navigation', () => ({
  ...jest.requireActual('next/navigation'),
  useRouter: () => ({ push: jest.fn(), replace: jest.fn(), refresh: jest.fn(), back: jest.fn(), forward: jest.fn(), prefetch: jest.fn() }),
}));

/*
 * Issue 32: the lists that grow with a firm (a household's documents, an advisor's invoices) are paged in
 * SQL with the dashboard's page size, in a stable order across pages, with totals (the count, the balance)
 * over the whole set, and in the same number of statements for 3 rows and for 300. Rows are seeded
 * set-based (generate_series), as a firm's book would be too slow to build one by one.
 */

let couple: Couple;
beforeEach(async () => {
  await resetDatabase();
  couple = await makeCouple();
});
afterAll(() => signOut());

async function planOf(clientId: number, status: t.EstatePlanStatus = 'preparing') {
  const [row] = await db.insert(t.estatePlans).values({ clientId, status }).returning();
  return row;
}

/** `count` documents on a plan; every third shares its time with the next (the id must break the tie). */
async function seedDocuments(planId: number, count: number, prefix: string, creatorId: number | null = null) {
  await db.execute(sql`
    insert into files (hash, estate_plan_id, name, content_type, size, storage, storage_key, created_by_user_id, created_at)
    select md5(${prefix} || g::text), ${planId}, ${prefix} || ' ' || g::text || '.pdf', 'application/pdf', 10, 'local', ${prefix} || '-' || g::text,
           ${creatorId}::int, timestamptz '2026-01-01T00:00:00Z' + ((g / 3) * interval '1 hour')
      from generate_series(1, ${count}) g`);
}

/** Every document of the plans, in the list's order, straight from the table. */
async function allDocumentHashes(planIds: number[]): Promise<string[]> {
  const rows = rowsOf<{ hash: string }>(
    await db.execute(
      sql`select hash from files where estate_plan_id in (${sql.join(
        planIds.map((id) => sql`${id}`),
        sql`, `,
      )}) order by created_at desc, id desc`,
    ),
  );
  return rows.map((r) => r.hash);
}

describe("a household's documents, paged in SQL", () => {
  it('reads 300 documents 25 at a time, newest first with the id breaking ties, every document once', async () => {
    expect(LIST_PAGE_SIZE).toBe(DEFAULT_PAGE_SIZE);
    const older = await planOf(couple.owner1.id, 'complete');
    const latest = await planOf(couple.owner1.id);
    const creator = await makeUser();
    await seedDocuments(older.id, 120, 'Old', creator.user.id);
    await seedDocuments(latest.id, 180, 'New');
    const household = { householdHash: couple.household.household.hash };

    const first = await listDocumentPage(couple.advisorCtx, household);
    expect(first).toMatchObject({ total: 300, page: 1, pageCount: 12, perPlan: { [older.hash]: 120, [latest.hash]: 180 } });
    expect(first.documents).toHaveLength(25);

    const seen: string[] = [];
    for (let page = 1; page <= 12; page++) {
      const { documents } = await listDocumentPage(couple.advisorCtx, household, page);
      expect(documents).toHaveLength(25);
      seen.push(...documents.map((d) => d.hash));
    }
    expect(seen).toEqual(await allDocumentHashes([older.id, latest.id]));
    expect(new Set(seen).size).toBe(300);

    // A page past the end shows the last one; the client reads the same pages as the advisor.
    const past = await listDocumentPage(couple.advisorCtx, household, 99);
    expect(past).toMatchObject({ page: 12, pageCount: 12 });
    expect(past.documents.map((d) => d.hash)).toEqual(seen.slice(275));
    expect((await listDocumentPage(couple.clientCtx, household, 3)).documents.map((d) => d.hash)).toEqual(seen.slice(50, 75));
    // Uploaded by someone: removable, named; by the System: neither.
    expect(past.documents.some((d) => d.createdBy !== null && d.removable)).toBe(true);
    expect(first.documents.every((d) => d.createdBy === null && !d.removable)).toBe(true);
  });

  it('does not reach a household outside the scope, whatever the page', async () => {
    const plan = await planOf(couple.owner1.id);
    await seedDocuments(plan.id, 30, 'Doc');
    const outsider = await makeCouple();
    expect(await listDocumentPage(outsider.advisorCtx, { householdHash: couple.household.household.hash }, 2)).toMatchObject({
      documents: [],
      total: 0,
      page: 1,
      pageCount: 1,
    });
  });

  it('uses one statement for 3 documents and for 300, and the client-info page the same count for both', async () => {
    const plan = await planOf(couple.owner1.id);
    await seedDocuments(plan.id, 3, 'Few');
    const household = { householdHash: couple.household.household.hash };
    const few = await recordQueries(() => listDocumentPage(couple.advisorCtx, household));
    await signInAs(couple.advisor.user);
    const open = (files: string) =>
      recordQueries(() => ClientInfoByIdPage({ params: Promise.resolve({ id: couple.owner1.hash }), searchParams: Promise.resolve({ files }) }));
    const pageFew = await open('1');

    await seedDocuments(plan.id, 297, 'Many');
    const many = await recordQueries(() => listDocumentPage(couple.advisorCtx, household, 7));
    const pageMany = await open('7');
    // One statement: the plans' counts, the page's offset from their sum and the page (issue 32).
    expect(few.count).toBe(1);
    expect(many.count).toBe(few.count);
    expect(pageMany.count).toBe(pageFew.count);
    expect(many.result.documents).toHaveLength(25);
  });

  it('reads the page from files_plan_created_idx, never a plan of documents whole (EXPLAIN, with and without its values)', async () => {
    const plan = await planOf(couple.owner1.id);
    await seedDocuments(plan.id, 600, 'Plan');
    await db.execute(sql`analyze files`);
    const statement = await firstStatementOf((q) => listDocumentPage(couple.advisorCtx, { householdHash: couple.household.household.hash }, 3, q));
    for (const plan of [await customPlan(statement), await genericPlan(statement)]) {
      // Each plan's entries in the index's order under the page's limit (offset + 25), no sort of the plan's files.
      expect(plan).toMatch(/Index Scan using files_plan_created_idx on files fl/);
      expect(plan).not.toMatch(/Seq Scan on files/);
    }
  });

  it("the client's own /client-info: the household by the hash the actor statement read, no statement to find it", async () => {
    await seedDocuments((await planOf(couple.owner1.id)).id, 3, 'Own');
    await signInAs(couple.advisor.user);
    const advisors = await recordQueries(() => ClientInfoByIdPage({ params: Promise.resolve({ id: couple.owner1.hash }), searchParams: Promise.resolve({}) }));
    await signInAs(couple.household.user);
    const own = await recordQueries(() => ClientInfoPage({ searchParams: Promise.resolve({}) }));
    expect(own.statements.some((text) => /^select "hash" from "clients"/.test(text))).toBe(false);
    // The actor, the household with its lists, the documents page: the same as the advisor's view.
    expect(own.count).toBe(advisors.count);
  });
});

describe("the other readers of a household's documents carry the newest, never the whole book", () => {
  it("the overview's expansion: the newest 25 with the whole count, in the same statements for 3 and 300", async () => {
    const plan = await planOf(couple.owner1.id);
    await seedDocuments(plan.id, 3, 'Few');
    const legal = ctxOf(await actorOf((await makeUser({ isLegal: true })).user));
    const input = { advisor_id: couple.advisor.advisor.hash };
    const few = await recordQueries(() => loadAdvisorClients(legal, input));
    expect(few.result.clients[0]).toMatchObject({ documentCount: 3 });
    await seedDocuments(plan.id, 297, 'Many');
    const many = await recordQueries(() => loadAdvisorClients(legal, input));
    expect(many.count).toBe(few.count);
    expect(many.result.clients[0].documentCount).toBe(300);
    expect(many.result.clients[0].documents.map((d) => d.hash)).toEqual((await allDocumentHashes([plan.id])).slice(0, EXPANDED_DOCUMENTS_LIMIT));
  });

  it("a file call's answer: each plan's newest 25", async () => {
    const older = await planOf(couple.owner1.id, 'complete');
    const latest = await planOf(couple.owner1.id);
    await seedDocuments(older.id, 4, 'Old');
    await seedDocuments(latest.id, 300, 'New');
    const few = await recordQueries(() => advisorsAnswer(couple.owner1.id));
    const plans = few.result[0].clients[0].estate_plans;
    expect(plans.map((p) => p.files.length)).toEqual([4, 25]);
    expect(plans[1].files.map((f) => f.hash)).toEqual((await allDocumentHashes([latest.id])).slice(0, 25));
  });
});

/** `count` invoices of an advisor, set-based: amounts with cents that a float would round, some partly paid. */
async function seedInvoices(advisorId: number, count: number, status: 'open' | 'paid', prefix: string) {
  await db.execute(sql`
    insert into invoices (hash, advisor_id, description, amount, amount_paid, status, created_at, updated_at)
    select md5(${prefix} || g::text), ${advisorId}, ${prefix} || ' ' || g::text, 995.10 + (g % 7) * 0.01,
           case when ${status} = 'open' and g % 5 = 0 then 100.05 else 0 end,
           ${status}::invoice_status, timestamptz '2026-01-01T00:00:00Z' + ((g / 2) * interval '1 minute'),
           timestamptz '2026-02-01T00:00:00Z' + ((g / 2) * interval '1 minute')
      from generate_series(1, ${count}) g`);
}

async function openDue(advisorId: number): Promise<string> {
  const rows = rowsOf<{ amount: string; amount_paid: string }>(
    await db.execute(sql`select amount::text, amount_paid::text from invoices where advisor_id = ${advisorId} and status = 'open'`),
  );
  return rows.reduce((sum, r) => sum.plus(r.amount).minus(r.amount_paid), new Big(0)).toFixed(2);
}

describe("an advisor's invoices, paged in SQL", () => {
  it('pages 300 open and 300 paid invoices; the balance is every open invoice’s, not the page’s', async () => {
    const advisorId = couple.advisor.advisor.id;
    await seedInvoices(advisorId, 300, 'open', 'Open');
    await seedInvoices(advisorId, 300, 'paid', 'Paid');
    const state = { ...DEFAULT_LIST_STATE };
    const first = (await loadDashboard(couple.advisorCtx, state)).billing!;
    expect(first.unpaidInvoices).toBe(300);
    expect(first.outstanding).toBe(await openDue(advisorId));
    expect(first.invoices).toHaveLength(25);
    expect(first.openPage).toEqual({ page: 1, pageCount: 12, total: 300 });
    expect(first.paidInvoices).toHaveLength(25);
    expect(first.paidPage).toEqual({ page: 1, pageCount: 12, total: 300 });

    const open: string[] = [];
    const paid: string[] = [];
    for (let page = 1; page <= 12; page++) {
      const billing = (await loadDashboard(couple.advisorCtx, state, { open: page, paid: 13 - page })).billing!;
      expect(billing.outstanding).toBe(first.outstanding);
      open.push(...billing.invoices.map((i) => i.hash));
      paid.unshift(...billing.paidInvoices.map((i) => i.hash));
    }
    const inOrder = async (status: string, order: ReturnType<typeof sql>) =>
      rowsOf<{ hash: string }>(await db.execute(sql`select hash from invoices where advisor_id = ${advisorId} and status = ${status} order by ${order}`)).map(
        (r) => r.hash,
      );
    expect(open).toEqual(await inOrder('open', sql`created_at, id`));
    // Paid: newest paid first (the trigger's paid_at: no payment, so the invoice's last change), ties by id.
    expect(paid).toEqual(await inOrder('paid', sql`updated_at desc, id desc`));
    expect(new Set(open).size).toBe(300);
    expect(new Set(paid).size).toBe(300);

    // A page past the end shows the last; the compatibility answer lists its first 200 with the whole balance.
    const past = (await loadDashboard(couple.advisorCtx, state, { open: 40, paid: 40 })).billing!;
    expect(past.openPage.page).toBe(12);
    expect(past.invoices.map((i) => i.hash)).toEqual(open.slice(275));
    const api = await advisorBilling(advisorId);
    expect(api.invoices).toHaveLength(200);
    expect(api.outstanding).toBe(first.outstanding);
  });

  it('keeps paid_at with the row: the paying payment’s time, cleared when the invoice opens again', async () => {
    const advisorId = couple.advisor.advisor.id;
    const [invoice] = await db.insert(t.invoices).values({ advisorId, description: 'One', amount: '995.00' }).returning();
    expect(invoice.paidAt).toBeNull();
    const [payment] = await db
      .insert(t.payments)
      .values({
        advisorId,
        amount: '995.00',
        gateway: 'sandbox',
        chargeType: 'advisor_balance',
        methodKind: 'card',
        last4: '4242',
        gatewayReference: 'r-1',
        status: 'succeeded',
        createdAt: new Date('2026-03-04T05:06:07Z'),
      })
      .returning();
    const read = async () =>
      (
        await db
          .select({ paidAt: t.invoices.paidAt })
          .from(t.invoices)
          .where(sql`id = ${invoice.id}`)
      )[0].paidAt;
    await db.execute(sql`update invoices set status = 'paid', payment_id = ${payment.id}, updated_at = now() where id = ${invoice.id}`);
    expect((await read())?.toISOString()).toBe('2026-03-04T05:06:07.000Z');
    await db.execute(sql`update invoices set status = 'open', payment_id = null where id = ${invoice.id}`);
    expect(await read()).toBeNull();
  });

  it('renders the dashboard in the same statements for 3 invoices and for 300, with links to the other pages', async () => {
    const advisorId = couple.advisor.advisor.id;
    await signInAs(couple.advisor.user);
    const render = (params: Record<string, string>) =>
      recordQueries(async () => renderToStaticMarkup(createElement(CallProvider, null, await DashboardPage({ searchParams: Promise.resolve(params) }))));
    await seedInvoices(advisorId, 3, 'open', 'Few');
    await seedInvoices(advisorId, 3, 'paid', 'FewPaid');
    const few = await render({});
    expect(few.result).not.toContain('Unpaid invoice pages');

    await seedInvoices(advisorId, 297, 'open', 'Open');
    await seedInvoices(advisorId, 297, 'paid', 'Paid');
    const many = await render({ invoices: '2', paid: '3', filter: 'all' });
    expect(many.count).toBe(few.count);
    const html = many.result;
    expect(html).toContain('Page 2 of 12');
    expect(html).toContain('Page 3 of 12');
    expect(html).toContain('Invoice history (300 paid)');
    // Previous and Next are links that keep the other list's page.
    expect(html).toContain('href="/dashboard?invoices=3&amp;paid=3#unpaid-invoices"');
    expect(html).toContain('href="/dashboard?invoices=2&amp;paid=2#invoice-history"');
    expect(html).toContain(`in 300 unpaid invoices`);
    expect(html).toContain(formatUsd(await openDue(advisorId)));
  });
});
