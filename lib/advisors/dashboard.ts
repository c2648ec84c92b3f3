import 'server-only';
import { formatChargeDate } from '@/lib/format/card';
import Big from 'big.js';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { LIST_PAGE_SIZE, pageOf, type InvoicePages, type ListPageInfo } from '@/lib/validation/list-page';
import { db } from '@/db';
import { clampedOffset } from '@/db/paging';
import { advisorFirms, advisors, firms, persons, users } from '@/db/schema';
import type { Actor } from '@/lib/kernel/actor';
import { assertCan, hasGlobalReach } from '@/lib/kernel/policy';
import { advisorScope } from '@/lib/kernel/scope';
import { AppError } from '@/lib/kernel/errors';
import type { RequestContext } from '@/lib/kernel/context';
import { INVITE_PAGE_SIZE, invitePageSql, toInvitePage, type InvitePage } from '@/lib/invites/invites';
import { personName } from '@/lib/people/person-name';
import { personNameColumns } from '@/lib/people/person-name-columns';
import { listClientPage, listedHouseholdCount, type ClientListRow, type ClientPage } from './client-list';
import { withCompletion } from '@/lib/intake/completion-cache';
import { ADVISOR_ID } from '@/lib/billing/feature-lock';
import { lockStateOf, type LockState } from '@/lib/billing/lock';
import { getPaymentGateway } from '@/lib/payments/gateway';
import type { PaymentFormConfig } from '@/lib/payments/types';
import { canSendReminder, stalledAfterDays, type ClientListState } from './rules';

/** An advisor as the dashboard names it; `householdCount` is the client list's row count (My Team only, else 0). */
export type AdvisorSummary = { id: number; hash: string; name: string; householdCount: number; isOwn: boolean };
export type TeamFirm = { hash: string; name: string; requiresSecondFactor: boolean };

export type InvoiceView = { hash: string; description: string; amount: string; amountPaid: string; amountDue: string; createdAt: string };
/** A paid invoice in the history: when it was paid and the receipt of the payment that paid it (null before receipts were kept). */
export type PaidInvoiceView = { hash: string; description: string; amount: string; paidOn: string; receiptHash: string | null };

export type AdvisorBilling = {
  outstanding: string;
  unpaidInvoices: number;
  maxInvoices: number;
  lock: LockState;
  invoices: InvoiceView[];
  /** The open invoices' page shown (oldest first) and how many there are in all (issue 32). */
  openPage: ListPageInfo;
  /** One page of the paid invoices, newest paid first. */
  paidInvoices: PaidInvoiceView[];
  paidPage: ListPageInfo;
  isAutoPay: boolean;
  isWaivingFee: boolean;
  paymentMethod: { brand: string | null; last4: string; kind: string } | null;
  /** 'Sandbox — no real money moves' while the sandbox gateway is in use (shown on the payment form). */
  gatewayLabel: string | null;
  /** How the payment form takes the numbers (lib/payments/types.ts PaymentFormConfig). */
  paymentForm: PaymentFormConfig;
  /** The viewer is an admin acting as someone: no method may be kept or removed. */
  impersonating: boolean;
};

export type DashboardData = {
  heading: string;
  tableTitle: string;
  /** The advisor selector's choices (only when more than one advisor is in the actor's scope). */
  advisorChoices: AdvisorSummary[];
  selected: AdvisorSummary | null;
  page: Omit<ClientPage, 'rows'> & { rows: (ClientListRow & { canRemind: boolean })[] };
  stalledDays: number;
  billing: AdvisorBilling | null;
  /** My Team: the firm's advisors with their household counts (firm supervisors). */
  team: AdvisorSummary[] | null;
  /** The supervisor's firms and their second-factor rule (issue 31), shown under My Team. */
  teamFirms: TeamFirm[];
  invites: InvitePage | null;
  /** The selected advisor's own sign-up link (the referral discount). */
  joinPath: string | null;
};

/**
 * The advisors an actor reaches (own, as staff, as firm supervisor), with names and household counts. The
 * counts are shown only in My Team (supervisors), and count what the client list lists for that advisor
 * (households, lib/advisors/client-list.ts); everyone else gets 0 without counting (thousands of index entries).
 */
export async function advisorsInScope(actor: Actor): Promise<AdvisorSummary[]> {
  if (!actor.advisorIds.length) return [];
  const counted = actor.roles.includes('supervisor');
  const rows = await db
    .select({
      id: advisors.id,
      hash: advisors.hash,
      ...personNameColumns,
      householdCount: counted ? sql<number>`(${listedHouseholdCount(actor, sql`${advisors.id}`)})` : sql<number>`0`,
    })
    .from(advisors)
    .innerJoin(users, eq(users.id, advisors.userId))
    .innerJoin(persons, eq(persons.id, users.personId))
    .where(and(inArray(advisors.id, actor.advisorIds), advisorScope(actor)))
    .orderBy(asc(persons.lastName), asc(persons.firstName), asc(advisors.id));
  return rows.map((r) => ({ id: r.id, hash: r.hash, name: personName(r), householdCount: Number(r.householdCount), isOwn: r.id === actor.advisorId }));
}

/** The advisor a global user (attorney, admin) asked for by hash, or null. */
async function anyAdvisor(actor: Actor, hash: string): Promise<AdvisorSummary | null> {
  if (!hash) return null;
  const [r] = await db
    .select({
      id: advisors.id,
      hash: advisors.hash,
      ...personNameColumns,
    })
    .from(advisors)
    .innerJoin(users, eq(users.id, advisors.userId))
    .innerJoin(persons, eq(persons.id, users.personId))
    .where(and(eq(advisors.hash, hash), advisorScope(actor)))
    .limit(1);
  return r ? { id: r.id, hash: r.hash, name: personName(r), householdCount: 0, isOwn: r.id === actor.advisorId } : null;
}

/**
 * An advisor's balance, invoices, auto-pay and stored method (Outstanding Balance, Disable Auto-Pay), in one
 * statement: the payment calls' answers (lib/advisors/advisor-account.ts) list the first API_INVOICES open
 * invoices, as they did, with the balance of all of them.
 */
export async function advisorBilling(advisorId: number): Promise<AdvisorBilling> {
  return (await billingAndInvites(advisorId, null, { open: 1, paid: 1 }, API_INVOICES)).billing;
}

/** How many open invoices the compatibility answers list (their earlier bound; the balance counts them all). */
export const API_INVOICES = 200;

/** Where a list of `total` rows stands for a requested page (the same clamp as the statement's offset). */
function pageInfo(total: number, requested: number, size: number): ListPageInfo {
  const { page, pageCount } = pageOf(total, requested, size);
  return { page, pageCount, total };
}

/**
 * The billing and, when `invitesAt` is given, a page of the advisor's invites as seen at `now` (invitePageSql, as
 * the card's calls read it) in the same statement: on the embedded database every statement queues behind the others'.
 * The invoice lists are paged in SQL (issue 32): the open ones oldest first, the paid ones newest paid first,
 * each page read from its index (invoices_advisor_status_created_idx, invoices_advisor_paid_idx) and each
 * count from the same index; the outstanding balance is summed in SQL over every open invoice (numeric, no
 * float), not over the page shown.
 */
async function billingAndInvites(
  advisorId: number,
  invitesAt: { page: number; now: Date } | null,
  pages: InvoicePages,
  openSize = LIST_PAGE_SIZE,
): Promise<{ billing: AdvisorBilling; invites: InvitePage | null }> {
  const size = LIST_PAGE_SIZE;
  const openCount = sql`(select count(*)::int from invoices c where c.advisor_id = ${advisorId} and c.status = 'open')`;
  const paidCount = sql`(select count(*)::int from invoices c where c.advisor_id = ${advisorId} and c.status = 'paid')`;
  const [advisor] = await db
    .select({
      maxInvoices: advisors.maxInvoices,
      isAutoPay: advisors.isAutoPay,
      isWaivingFee: advisors.isWaivingFee,
      unpaid: sql<number>`${openCount}`,
      paidCount: sql<number>`${paidCount}`,
      // Amounts as text, so no decimal passes through a float.
      outstanding: sql<string>`(select coalesce(sum(o.amount - o.amount_paid), 0)::text from invoices o where o.advisor_id = ${advisorId} and o.status = 'open')`,
      open: sql<{ hash: string; description: string; amount: string; amount_paid: string; created_at: string }[]>`(
        select coalesce(json_agg(json_build_object('hash', i.hash, 'description', i.description, 'amount', i.amount::text, 'amount_paid', i.amount_paid::text, 'created_at', i.created_at) order by i.created_at, i.id), '[]'::json)
          from (select * from invoices inv where inv.advisor_id = ${advisorId} and inv.status = 'open' order by inv.created_at, inv.id
                 limit ${openSize}::int offset ${clampedOffset(openCount, pages.open, openSize)}) i)`,
      paid: sql<{ hash: string; description: string; amount: string; paid_at: string; receipt: string | null }[]>`(
        select coalesce(json_agg(json_build_object('hash', i.hash, 'description', i.description, 'amount', i.amount::text, 'paid_at', i.paid_at, 'receipt', i.receipt) order by i.paid_at desc, i.id desc), '[]'::json)
          from (select inv.id, inv.hash, inv.description, inv.amount, inv.paid_at, pay.hash as receipt
                  from invoices inv left join payments pay on pay.id = inv.payment_id
                 where inv.advisor_id = ${advisorId} and inv.status = 'paid'
                 order by inv.paid_at desc, inv.id desc limit ${size}::int offset ${clampedOffset(paidCount, pages.paid, size)}) i)`,
      method: sql<{ brand: string | null; last4: string; kind: string } | null>`(
        select json_build_object('brand', pm.brand, 'last4', pm.last4, 'kind', pm.kind) from payment_methods pm
         where pm.advisor_id = ${ADVISOR_ID} order by pm.created_at desc, pm.id desc limit 1)`,
      invites: invitesAt === null ? sql<null>`null` : invitePageSql(advisorId, { page: invitesAt.page, size: INVITE_PAGE_SIZE }),
    })
    .from(advisors)
    .where(eq(advisors.id, advisorId))
    .limit(1);
  if (!advisor) throw new AppError('NOT_FOUND');
  const parse = <T>(v: unknown): T => (typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));
  const list = parse<{ hash: string; description: string; amount: string; amount_paid: string; created_at: string }[]>(advisor.open).map((i) => ({
    hash: i.hash,
    description: i.description,
    amount: new Big(i.amount).toFixed(2),
    amountPaid: new Big(i.amount_paid).toFixed(2),
    amountDue: new Big(i.amount).minus(i.amount_paid).toFixed(2),
    createdAt: new Date(i.created_at).toISOString(),
  }));
  const paidInvoices = parse<{ hash: string; description: string; amount: string; paid_at: string; receipt: string | null }[]>(advisor.paid).map((i) => ({
    hash: i.hash,
    description: i.description,
    amount: new Big(i.amount).toFixed(2),
    paidOn: formatChargeDate(new Date(i.paid_at)),
    receiptHash: i.receipt,
  }));
  const method = parse<{ brand: string | null; last4: string; kind: string } | null>(advisor.method);
  const unpaid = Number(advisor.unpaid);
  const paidTotal = Number(advisor.paidCount);
  const invites = invitesAt && advisor.invites !== null ? toInvitePage(advisor.invites, { page: invitesAt.page, size: INVITE_PAGE_SIZE }, invitesAt.now) : null;
  const billing: AdvisorBilling = {
    outstanding: new Big(advisor.outstanding).toFixed(2),
    unpaidInvoices: unpaid,
    maxInvoices: advisor.maxInvoices,
    lock: lockStateOf(unpaid, advisor.maxInvoices),
    invoices: list,
    openPage: pageInfo(unpaid, pages.open, openSize),
    paidInvoices,
    paidPage: pageInfo(paidTotal, pages.paid, LIST_PAGE_SIZE),
    isAutoPay: advisor.isAutoPay,
    isWaivingFee: advisor.isWaivingFee,
    paymentMethod: method ? { brand: method.brand, last4: method.last4, kind: method.kind } : null,
    gatewayLabel: getPaymentGateway().label,
    paymentForm: getPaymentGateway().form,
    impersonating: false,
  };
  return { billing, invites };
}

/** The firm supervisor's team: the advisors of the supervisor's firms (within the scope), with household counts. */
async function teamOf(actor: Actor, inScope: AdvisorSummary[]): Promise<{ team: AdvisorSummary[]; firms: TeamFirm[] } | null> {
  if (!actor.roles.includes('supervisor') || actor.advisorId === null) return null;
  // One statement: each peer with their firm (a peer in two of the supervisor's firms is two rows).
  const firmPeers = await db
    .select({ advisorId: advisorFirms.advisorId, firmHash: firms.hash, firmName: firms.name, requires: firms.requiresSecondFactor })
    .from(advisorFirms)
    .innerJoin(firms, eq(firms.id, advisorFirms.firmId))
    .where(sql`${advisorFirms.firmId} in (select af.firm_id from advisor_firms af where af.advisor_id = ${actor.advisorId})`);
  const ids = new Set(firmPeers.map((r) => r.advisorId));
  const teamFirms = new Map(firmPeers.map((r) => [r.firmHash, { hash: r.firmHash, name: r.firmName, requiresSecondFactor: r.requires }]));
  return { team: inScope.filter((a) => ids.has(a.id)), firms: [...teamFirms.values()].sort((a, b) => a.name.localeCompare(b.name)) };
}

/**
 * Everything the dashboard shows, in a fixed number of queries whatever the number of households: the
 * advisors in scope, one client page (filtered, searched, sorted and paged in SQL, completion from the
 * cache), and for a selected advisor the billing with the invites (one statement); My Team for firm supervisors.
 */
export async function loadDashboard(ctx: RequestContext, state: ClientListState, invoicePages: InvoicePages = { open: 1, paid: 1 }): Promise<DashboardData> {
  const { actor } = ctx;
  assertCan(actor, 'dashboard.view');
  const global = hasGlobalReach(actor);
  const stalledDays = stalledAfterDays();

  let choices: AdvisorSummary[] = [];
  let selected: AdvisorSummary | null = null;
  if (global) {
    selected = await anyAdvisor(actor, state.advisor);
  } else {
    choices = await advisorsInScope(actor);
    selected = choices.find((a) => a.hash === state.advisor) ?? choices.find((a) => a.isOwn) ?? choices[0] ?? null;
  }

  const [page, selectedBilling, team] = await Promise.all([
    listClientPage(actor, { advisorIds: selected ? [selected.id] : global ? null : [], state, stalledDays }),
    selected ? billingAndInvites(selected.id, { page: 1, now: ctx.now }, invoicePages) : Promise.resolve(null),
    global ? Promise.resolve(null) : teamOf(actor, choices),
  ]);
  const billing = selectedBilling ? { ...selectedBilling.billing, impersonating: actor.impersonator !== null } : null;
  const invites = selectedBilling?.invites ?? null;
  const rows = await withCompletion(ctx, page.rows);
  const { now } = ctx;
  const heading = actor.isAdmin ? 'Admin' : actor.isLegal ? 'Attorney' : 'Dashboard';
  const tableTitle = selected ? (selected.isOwn ? 'My Clients' : `${selected.name}'s Clients`) : 'Clients';
  return {
    heading,
    tableTitle,
    advisorChoices: choices.length > 1 ? choices : [],
    selected,
    page: { ...page, rows: rows.map((r) => ({ ...r, canRemind: !r.submitted && canSendReminder(r.reminderSentAt, now) })) },
    stalledDays,
    billing,
    team: team && team.team.length ? team.team : null,
    teamFirms: team?.firms ?? [],
    invites,
    joinPath: selected ? `/join/${selected.hash}` : null,
  };
}
