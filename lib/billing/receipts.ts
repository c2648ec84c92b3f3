import 'server-only';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { db } from '@/db';
import { advisors, clients, invoices, payments, persons, users, type Payment } from '@/db/schema';
import { formatChargeDate } from '@/lib/format/card';
import type { Actor } from '@/lib/kernel/actor';
import type { RequestContext } from '@/lib/kernel/context';
import { AppError } from '@/lib/kernel/errors';
import { assertCan } from '@/lib/kernel/policy';
import { advisorScope, clientScope } from '@/lib/kernel/scope';
import { personName } from '@/lib/people/person-name';
import { personNameColumns } from '@/lib/people/person-name-columns';
import { describeMethod } from './method-input';

/*
 * Receipts: every payment the app recorded, as its payer can read and print it again later (issue 27:
 * paid invoices no longer vanish). A payment is the household's (the trust fee, the annual charge) or an
 * advisor's (the balance, auto-pay); it is reached within the actor's scope of that household or advisor,
 * like every other record, and out of scope it does not exist (404).
 */

export type ReceiptStatus = 'paid' | 'pending' | 'returned';

/** A payment as a list shows it: when, how much, for what, its state and its receipt's address. */
export type PaymentSummary = { hash: string; paidOn: string; amount: string; description: string; status: ReceiptStatus };

export type ReceiptView = PaymentSummary & {
  /** The gateway reference, as the e-mailed receipt gives it. */
  reference: string;
  method: string;
  /** Whose payment it is: the advisor's name, or the household's. */
  payer: string;
  /** What it paid: the invoices it closed, or the one charge. */
  lines: { description: string; amount: string }[];
};

const DESCRIPTIONS: Record<string, string> = {
  trust_fee: 'Trust fee',
  annual_charge: 'Annual charge for amendments and revisions',
  advisor_balance: 'Outstanding balance',
  auto_pay: 'Invoice paid by auto-pay',
  setup_charge: 'Payment method verification',
};

function statusOf(payment: Pick<Payment, 'status'>): ReceiptStatus {
  return payment.status === 'pending' ? 'pending' : payment.status === 'failed' ? 'returned' : 'paid';
}

function summaryOf(payment: Payment): PaymentSummary {
  return {
    hash: payment.hash,
    paidOn: formatChargeDate(payment.createdAt),
    amount: payment.amount,
    description: DESCRIPTIONS[payment.chargeType] ?? 'Payment',
    status: statusOf(payment),
  };
}

/** Payments inside the actor's scope: a household's through clientScope, an advisor's through advisorScope. */
function paymentScope(actor: Actor) {
  return sql`(
    (${payments.clientId} is not null and exists (select 1 from ${clients} where ${clients.id} = ${payments.clientId} and ${clientScope(actor)}))
    or (${payments.advisorId} is not null and ${advisorScope(actor, { id: payments.advisorId })})
  )`;
}

/** The receipt of payment `hash`, within the actor's scope ('payment.receipt'); 404 outside it. */
export async function getReceipt(ctx: RequestContext, hash: string): Promise<ReceiptView> {
  assertCan(ctx.actor, 'payment.receipt');
  const [row] = await db
    .select({
      payment: payments,
      advisorName: sql<
        string | null
      >`(select concat_ws(' ', ap.first_name, ap.last_name) from ${advisors} a join ${users} au on au.id = a.user_id join ${persons} ap on ap.id = au.person_id where a.id = ${payments.advisorId})`,
    })
    .from(payments)
    .where(and(eq(payments.hash, hash), paymentScope(ctx.actor)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  const { payment } = row;
  const paid = payment.advisorId
    ? await db
        .select({ description: invoices.description, amount: invoices.amount })
        .from(invoices)
        .where(eq(invoices.paymentId, payment.id))
        .orderBy(invoices.id)
    : [];
  const summary = summaryOf(payment);
  return {
    ...summary,
    reference: payment.gatewayReference ?? '',
    method: describeMethod({ kind: payment.methodKind, brand: payment.brand, last4: payment.last4, bankAccountType: null }),
    payer: row.advisorName ?? (payment.clientId ? await householdName(payment.clientId) : ''),
    lines: paid.length ? paid : [{ description: summary.description, amount: payment.amount }],
  };
}

/** The household's own payments, newest first (Settings, Payments): the trust fee and the annual charges. */
export async function ownPayments(actor: Actor, limit = 50): Promise<PaymentSummary[]> {
  if (!actor.householdClientIds.length) return [];
  const rows = await db
    .select()
    .from(payments)
    .where(and(inArray(payments.clientId, actor.householdClientIds), paymentScope(actor)))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(limit);
  return rows.filter((p) => p.chargeType !== 'setup_charge').map(summaryOf);
}

async function householdName(clientId: number): Promise<string> {
  const [row] = await db.select(personNameColumns).from(clients).innerJoin(persons, eq(persons.id, clients.personId)).where(eq(clients.id, clientId));
  return row ? personName(row) : '';
}
