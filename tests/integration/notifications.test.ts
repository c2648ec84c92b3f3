import { and, asc, eq, inArray } from 'drizzle-orm';
import { db } from '@/db';
import * as t from '@/db/schema';
import { createClientAccount } from '@/lib/accounts/create-client-account';
import { payTrustFee } from '@/lib/checkout/pay-trust-fee';
import { updatePlanStatus } from '@/lib/estate-plans/update-plan-status';
import { submitTrust } from '@/lib/intake/submit-trust';
import type { RequestContext } from '@/lib/kernel/context';
import { systemContext } from '@/lib/kernel/system-context';
import { sendNotificationMailJob } from '@/lib/notifications/jobs/send-notification-mail';
import { notify } from '@/lib/notifications';
import { saveEmailChoices, unsubscribe } from '@/lib/notifications/preferences';
import { sendNotificationMail } from '@/lib/notifications/send-mail';
import { unsubscribeToken } from '@/lib/notifications/unsubscribe-token';
import { SandboxGateway } from '@/lib/payments/sandbox-gateway';
import { payTrustFeeSchema } from '@/lib/validation/payments';
import { submitTrustSchema, updatePlanStatusSchema } from '@/lib/validation/plans';
import { resetDatabase } from '../helpers/db';
import { actorOf, ctxOf, guestCtx } from '../helpers/context';
import { makeUser } from '../helpers/factories';
import { runQueuedJobs } from '../helpers/jobs';
import { approveCard } from '../helpers/payment-fixtures';
import { databaseFingerprint } from '../helpers/world';
import { answerRequiredQuestions, makeCouple, payFeeFor, type Couple } from './helpers/intake';

let couple: Couple;
let plan: t.EstatePlan;
let legal: RequestContext;
let legalUser: t.User;

beforeEach(async () => {
  await resetDatabase();
  couple = await makeCouple();
  [plan] = await db.insert(t.estatePlans).values({ clientId: couple.owner1.id }).returning();
  await payFeeFor(plan.id);
  await answerRequiredQuestions([couple.owner1.id, couple.owner2!.id]);
  legalUser = (await makeUser({ isLegal: true })).user;
  legal = ctxOf(await actorOf(legalUser));
});

const submit = () =>
  submitTrust(
    couple.clientCtx,
    submitTrustSchema.parse({
      client_hash: couple.owner1.hash,
      acknowledgements: [couple.owner1, couple.owner2!].map((c) => ({ client_hash: c.hash, statements: [1, 2, 3] })),
    }),
  );
const moveTo = (status: string) => updatePlanStatus(legal, updatePlanStatusSchema.parse({ plan_hash: plan.hash, status }));
const noticesOf = (kind: string) =>
  db
    .select({ userId: t.notifications.userId, title: t.notifications.title, link: t.notifications.link, eventKey: t.notifications.eventKey })
    .from(t.notifications)
    .where(eq(t.notifications.kind, kind))
    .orderBy(asc(t.notifications.id));
const outbox = () => db.select().from(t.mailOutbox).orderBy(asc(t.mailOutbox.id));
const householdUsers = () => [couple.household.user.id, couple.household.spouse!.user.id];

describe('a status change', () => {
  beforeEach(async () => {
    await submit();
    await db.delete(t.notifications);
  });

  it('tells both clients and the advisor of record, with the page to open, and nobody else', async () => {
    await moveTo('awaiting');
    const notices = await noticesOf('plan-status');
    expect(notices.map((n) => n.userId).sort()).toEqual([...householdUsers(), couple.advisor.user.id].sort());
    for (const n of notices) expect(n.link).toBe(`/client-info/${couple.owner1.hash}`);
    expect(notices.find((n) => n.userId === couple.household.user.id)!.title).toBe('Your trust is now In Client Contact');
    expect(notices.find((n) => n.userId === couple.advisor.user.id)!.title).toMatch(/: trust is now In Client Contact$/);
  });

  it('sends one mail per recipient, with a button to the page and a one-click unsubscribe', async () => {
    await moveTo('awaiting');
    // The submission's notices were cleared above: their jobs find nothing to send.
    await runQueuedJobs(sendNotificationMailJob);
    const mails = (await outbox()).filter((m) => m.subject.includes('In Client Contact'));
    expect(mails.map((m) => m.to).sort()).toEqual([couple.household.user.email, couple.household.spouse!.user.email, couple.advisor.user.email].sort());
    const clientMail = mails.find((m) => m.to === couple.household.user.email)!;
    expect(clientMail.subject).toBe('Your trust is now In Client Contact');
    expect(clientMail.text).toContain(`/client-info/${couple.owner1.hash}`);
    expect(clientMail.html).toContain('View your trust');
    expect(clientMail.headers).toMatchObject({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    expect(clientMail.headers!['List-Unsubscribe']).toMatch(/^<http.*\/api\/notifications\/unsubscribe\?token=/);
  });

  it('mails each notice once under a retried job and two servers at once', async () => {
    await moveTo('awaiting');
    const ids = (await db.select({ id: t.notifications.id }).from(t.notifications)).map((r) => r.id);
    const ctx = systemContext('test');
    // Two servers take the same notice at the same moment, then a retry runs it again.
    const outcomes = await Promise.all(ids.flatMap((id) => [sendNotificationMail(ctx, id, null), sendNotificationMail(ctx, id, null)]));
    for (const id of ids) await sendNotificationMail(ctx, id, null);
    expect(outcomes.filter((o) => o === 'queued')).toHaveLength(ids.length);
    expect(await outbox()).toHaveLength(ids.length);
  });

  it('is told once when the same event is raised again', async () => {
    await moveTo('awaiting');
    const [first] = await db.select().from(t.notifications).limit(1);
    const again = await notify(db, { key: first.eventKey, kind: 'plan-status', title: 'x', body: 'y', link: '/' }, householdUsers());
    expect(again).toBe(0);
    expect(await noticesOf('plan-status')).toHaveLength(3);
  });

  it('reaches no disabled login', async () => {
    await db.update(t.users).set({ disabledAt: new Date() }).where(eq(t.users.id, couple.household.spouse!.user.id));
    await moveTo('awaiting');
    expect((await noticesOf('plan-status')).map((n) => n.userId)).not.toContain(couple.household.spouse!.user.id);
  });

  it('keeps the notice in the bell but sends no mail for a kind switched off', async () => {
    await saveEmailChoices(couple.clientCtx, { email: { 'plan-status': false } });
    await moveTo('awaiting');
    await runQueuedJobs(sendNotificationMailJob);
    expect((await outbox()).map((m) => m.to)).not.toContain(couple.household.user.email);
    const [mine] = await db.select().from(t.notifications).where(eq(t.notifications.userId, couple.household.user.id));
    expect(mine).toMatchObject({ emailSkipped: 'switched-off' });
  });
});

describe('a submission', () => {
  it('tells the legal team (every active attorney, no one else), once', async () => {
    const other = (await makeUser({ isLegal: true })).user;
    const retired = (await makeUser({ isLegal: true })).user;
    await db.update(t.users).set({ disabledAt: new Date() }).where(eq(t.users.id, retired.id));
    await submit();
    const notices = await noticesOf('trust-submitted');
    expect(notices.map((n) => n.userId).sort()).toEqual([legalUser.id, other.id].sort());
    expect(notices[0].title).toMatch(/submitted a trust for review$/);
  });
});

describe('a trust fee payment', () => {
  it('tells the spouse and the advisor (the payer has the receipt) and the legal team, once', async () => {
    // A household of its own whose fee is due (the one above has it paid).
    const due = await makeCouple();
    await db.insert(t.estatePlans).values({ clientId: due.owner1.id });
    await answerRequiredQuestions([due.owner1.id, due.owner2!.id]);
    const input = payTrustFeeSchema.parse({
      client_hash: due.owner1.hash,
      acknowledgements: [due.owner1, due.owner2!].map((o) => ({ client_hash: o.hash, statements: [1, 2, 3] })),
      method: approveCard,
    });
    await payTrustFee(due.clientCtx, input, { gateway: new SandboxGateway() });
    const payment = await noticesOf('payment');
    expect(payment.map((n) => n.userId).sort()).toEqual([due.household.spouse!.user.id, due.advisor.user.id].sort());
    expect((await noticesOf('client-paid')).map((n) => n.userId)).toEqual([legalUser.id]);
    expect(new Set(payment.map((n) => n.eventKey)).size).toBe(1);
  });
});

describe('an invited client joining', () => {
  it('tells the advisor of record, and a sign-up without an advisor tells nobody', async () => {
    const account = (email: string, advisor_hash: string) => ({
      first_name: 'Joining',
      middle_name: '',
      last_name: 'Client',
      suffix: '' as const,
      email,
      phone: '5551234567',
      password: 'Joining-Password-1',
      advisor_hash,
    });
    await createClientAccount(guestCtx('198.51.100.7'), account(`joins-${Date.now()}@test.example`, couple.advisor.advisor.hash));
    await createClientAccount(guestCtx('198.51.100.8'), account(`alone-${Date.now()}@test.example`, ''));
    const notices = await noticesOf('client-joined');
    expect(notices.map((n) => n.userId)).toEqual([couple.advisor.user.id]);
    expect(notices[0].title).toBe('Joining Client joined Trustwell');
  });
});

describe('an unsubscribe link', () => {
  it('turns off its kind only, for its user only, without signing in', async () => {
    const token = unsubscribeToken(couple.household.user.hash, 'plan-status');
    await expect(unsubscribe(guestCtx(), token)).resolves.toMatchObject({ kind: 'plan-status', label: 'Trust status changes' });
    const choices = await db.select().from(t.notificationPreferences);
    expect(choices).toEqual([expect.objectContaining({ userId: couple.household.user.id, kind: 'plan-status', channel: 'email', enabled: false })]);
  });

  it('refuses a link this server did not sign, and one for security mail, writing nothing', async () => {
    const good = unsubscribeToken(couple.household.user.hash, 'plan-status');
    const before = await databaseFingerprint();
    for (const token of [`${good.slice(0, -2)}xx`, `${couple.household.user.hash}.payment.${good.split('.')[2]}`, 'nonsense', '', null, 'a'.repeat(500)]) {
      await expect(unsubscribe(guestCtx(), token)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    }
    await expect(unsubscribe(guestCtx(), unsubscribeToken(couple.household.user.hash, 'security'))).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await databaseFingerprint()).toEqual(before);
  });
});

describe('the Notifications tab', () => {
  it("offers a client only the client's kinds and refuses another role's", async () => {
    await expect(saveEmailChoices(couple.clientCtx, { email: { 'client-joined': false } })).rejects.toMatchObject({ code: 'VALIDATION' });
    const saved = await saveEmailChoices(couple.clientCtx, { email: { payment: false } });
    expect(saved.map((c) => c.kind)).toEqual(['plan-status', 'document-uploaded', 'payment', 'intake-reminder', 'funding-reminder']);
    expect(saved.find((c) => c.kind === 'payment')!.enabled).toBe(false);
    const rows = await db
      .select()
      .from(t.notificationPreferences)
      .where(and(eq(t.notificationPreferences.userId, couple.household.user.id), inArray(t.notificationPreferences.kind, ['payment'])));
    expect(rows).toHaveLength(1);
  });
});
