import 'server-only';
import { eq } from 'drizzle-orm';
import type { Queryable, Tx } from '@/db';
import { advisors } from '@/db/schema';
import { formatUsd } from '@/lib/money';
import { householdAudience, legalTeam, notify, type NotificationEvent } from '@/lib/notifications';
import type { AttemptOutcome } from '@/lib/payments/attempt-types';

/*
 * What a trust fee's payment tells (issue 29), once per payment (its gateway reference names the event):
 * the household and its advisor that it went through, the legal team that a client paid. The payer is
 * not told again: the receipt mail is theirs (attempt-books.ts).
 */
export async function tellTrustFeePaid(tx: Tx, clientId: number, outcome: AttemptOutcome): Promise<void> {
  const audience = await householdAudience(tx, clientId);
  if (!audience) return;
  const amount = formatUsd(outcome.amount);
  const pending = outcome.state === 'pending';
  const key = `trust-fee:${outcome.gateway}:${outcome.reference}`;
  const link = `/client-info/${audience.owner1Hash}`;
  const notPayer = (ids: (number | null)[]) => ids.filter((id) => id !== outcome.payerUserId);
  const received = pending ? 'was received and is being collected from the bank' : 'went through';
  await notify(
    tx,
    {
      key,
      kind: 'payment',
      link,
      title: `Trust fee payment of ${amount}`,
      body: `A payment of ${amount} toward your trust fee ${received}.`,
      action: 'View your trust',
    },
    notPayer(audience.clientUserIds),
  );
  await notify(
    tx,
    {
      key,
      kind: 'payment',
      link,
      title: `${audience.householdName} paid ${amount}`,
      body: `A payment of ${amount} toward ${audience.householdName}'s trust fee ${received}.`,
      action: 'Open the client',
    },
    notPayer([audience.advisorUserId]),
  );
  await notify(
    tx,
    {
      key,
      kind: 'client-paid',
      link,
      title: `${audience.householdName} paid ${amount}`,
      body: `${audience.householdName} paid ${amount} toward their trust fee.`,
      action: 'Open the trust',
    },
    await legalTeam(tx),
  );
}

/** A recorded payment as the notices read it (a `payments` row). */
export type PaymentNoticeRow = { id: number; hash: string; amount: string; chargeType: string; advisorId: number | null; clientId: number | null };

/** What a client's payment paid for, in the household's words. */
function clientPurpose(chargeType: string): string {
  return chargeType === 'annual_charge' ? 'the annual charge for amendments and revisions' : 'your trust fee';
}

/** The login of the advisor whose own payment (balance, auto-pay) or invoice it is. */
export async function advisorUserId(q: Queryable, advisorId: number): Promise<number | null> {
  const [row] = await q.select({ userId: advisors.userId }).from(advisors).where(eq(advisors.id, advisorId));
  return row?.userId ?? null;
}

/*
 * A payment's later news (issue 29), from the settlement job, named by the payment row so that the job run
 * twice, or by two servers, tells once: `payment-settled:<id>`, `payment-returned:<id>`. A client's payment
 * is told to the household (both spouses) and their advisor of record; an advisor's own payment to the
 * advisor. The link is the payment's receipt, which each of them may open (lib/billing/receipts.ts).
 */

/** An eCheck cleared: everyone who hears of the payment, by mail too (nobody was told of this yet). */
export async function tellPaymentSettled(tx: Tx, payment: PaymentNoticeRow): Promise<void> {
  const amount = formatUsd(payment.amount);
  const key = `payment-settled:${payment.id}`;
  const link = `/receipts/${payment.hash}`;
  if (payment.clientId !== null) {
    const audience = await householdAudience(tx, payment.clientId);
    if (!audience) return;
    const what = clientPurpose(payment.chargeType);
    await notify(
      tx,
      {
        key,
        kind: 'payment',
        link,
        title: `Your bank payment of ${amount} has cleared`,
        body: `Your bank payment of ${amount} toward ${what} has cleared.`,
        action: 'View the receipt',
      },
      audience.clientUserIds,
    );
    await notify(
      tx,
      {
        key,
        kind: 'payment',
        link,
        title: `${audience.householdName}: bank payment of ${amount} cleared`,
        body: `${audience.householdName}'s bank payment of ${amount} toward ${what.replace('your ', 'their ')} has cleared.`,
        action: 'View the receipt',
      },
      [audience.advisorUserId],
    );
    return;
  }
  if (payment.advisorId === null) return;
  await notify(
    tx,
    {
      key,
      kind: 'payment',
      link,
      title: `Your bank payment of ${amount} has cleared`,
      body: `Your bank payment of ${amount} toward your outstanding balance has cleared.`,
      action: 'View the receipt',
    },
    [await advisorUserId(tx, payment.advisorId)],
  );
}

/**
 * An eCheck returned. `mailedUserId` is the login the return was mailed to directly (attempt-books.ts): its
 * notice is the bell's only; the others (the other spouse, the advisor) are mailed the notice. `reason` is
 * the gateway's sentence for the payer: the advisor of a household is not shown it.
 */
export async function tellPaymentReturned(tx: Tx, payment: PaymentNoticeRow, reason: string, mailedUserId: number | null): Promise<void> {
  const amount = formatUsd(payment.amount);
  const key = `payment-returned:${payment.id}`;
  const link = `/receipts/${payment.hash}`;
  const split = async (event: Omit<NotificationEvent, 'key' | 'kind' | 'link'>, ids: (number | null)[]) => {
    await notify(
      tx,
      { ...event, key, kind: 'payment', link, mail: false },
      ids.filter((id) => id === mailedUserId),
    );
    await notify(
      tx,
      { ...event, key, kind: 'payment', link },
      ids.filter((id) => id !== mailedUserId),
    );
  };
  if (payment.clientId !== null) {
    const audience = await householdAudience(tx, payment.clientId);
    if (!audience) return;
    const what = clientPurpose(payment.chargeType);
    await split(
      {
        title: `Your bank payment of ${amount} was returned`,
        body: `Your bank payment of ${amount} toward ${what} was returned by the bank.\n\n${reason}`,
        action: 'View the payment',
      },
      audience.clientUserIds,
    );
    await split(
      {
        title: `${audience.householdName}: bank payment of ${amount} returned`,
        body: `${audience.householdName}'s bank payment of ${amount} toward ${what.replace('your ', 'their ')} was returned by the bank. They were asked to pay again.`,
        action: 'View the payment',
      },
      [audience.advisorUserId],
    );
    return;
  }
  if (payment.advisorId === null) return;
  await split(
    {
      title: `Your bank payment of ${amount} was returned`,
      body: `Your bank payment of ${amount} toward your outstanding balance was returned by the bank.\n\n${reason}\n\nThe invoices it paid are open again.`,
      action: 'View the payment',
    },
    [await advisorUserId(tx, payment.advisorId)],
  );
}

/**
 * The annual charge went through (or, by bank, was received): the household and the advisor, once per
 * charge (its reference). The client the receipt went to sees it in the bell only.
 */
export async function tellAnnualCharged(tx: Tx, clientId: number, outcome: AttemptOutcome, receiptUserId: number | null): Promise<void> {
  const audience = await householdAudience(tx, clientId);
  if (!audience) return;
  const amount = formatUsd(outcome.amount);
  const key = `payment:${outcome.gateway}:${outcome.reference}`;
  const received = outcome.state === 'pending' ? 'was received and is being collected from the bank' : 'went through';
  const event = {
    key,
    kind: 'payment' as const,
    link: `/client-info/${audience.owner1Hash}`,
    title: `Annual charge of ${amount}`,
    body: `The annual charge of ${amount} for amendments and revisions to your trust ${received}.`,
    action: 'View your trust',
  };
  await notify(
    tx,
    { ...event, mail: false },
    audience.clientUserIds.filter((id) => id === receiptUserId),
  );
  await notify(
    tx,
    event,
    audience.clientUserIds.filter((id) => id !== receiptUserId),
  );
  await notify(
    tx,
    {
      ...event,
      title: `${audience.householdName}: annual charge of ${amount}`,
      body: `The annual charge of ${amount} for amendments and revisions to ${audience.householdName}'s trust ${received}.`,
      action: 'Open the client',
    },
    [audience.advisorUserId],
  );
}

/**
 * The annual charge was refused. The job mails the client of the stored method directly each day it
 * retries (annual-charge.ts); the notice is raised once per period (`annual-charge-failed:<row>:<period>`),
 * not each day: the bell for that client, the notice by mail for the other spouse and the advisor.
 */
export async function tellAnnualChargeFailed(
  tx: Tx,
  failed: { clientId: number; recurringId: number; period: string; amount: string; reason: string; mailedUserId: number | null },
): Promise<void> {
  const audience = await householdAudience(tx, failed.clientId);
  if (!audience) return;
  const amount = formatUsd(failed.amount);
  const event = {
    key: `annual-charge-failed:${failed.recurringId}:${failed.period}`,
    kind: 'payment' as const,
    link: '/settings?tab=payments',
    title: `The annual charge of ${amount} could not be made`,
    body: `The annual charge of ${amount} for amendments and revisions could not be made. ${failed.reason}\n\nWe will try again tomorrow. You can change the payment method in Settings, Payments.`,
    action: 'Open Settings',
  };
  await notify(
    tx,
    { ...event, mail: false },
    audience.clientUserIds.filter((id) => id === failed.mailedUserId),
  );
  await notify(
    tx,
    event,
    audience.clientUserIds.filter((id) => id !== failed.mailedUserId),
  );
  await notify(
    tx,
    {
      ...event,
      link: `/client-info/${audience.owner1Hash}`,
      title: `${audience.householdName}: annual charge of ${amount} refused`,
      body: `The annual charge of ${amount} for ${audience.householdName}'s amendments and revisions could not be made with their stored payment method. It is tried again daily.`,
      action: 'Open the client',
    },
    [audience.advisorUserId],
  );
}
