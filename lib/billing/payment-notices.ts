import 'server-only';
import type { Tx } from '@/db';
import { formatUsd } from '@/lib/money';
import { householdAudience, legalTeam, notify } from '@/lib/notifications';
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
