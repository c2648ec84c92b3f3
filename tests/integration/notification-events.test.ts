import { and, asc, eq, inArray } from 'drizzle-orm';
import { db } from '@/db';
import * as t from '@/db/schema';
import { resetPassword } from '@/lib/admin/reset-password';
import { updateUser } from '@/lib/admin/update-user';
import { authenticate } from '@/lib/auth/authenticate';
import { startImpersonation } from '@/lib/auth/impersonate';
import { issuePasswordToken, setPasswordWithToken } from '@/lib/auth/password-tokens';
import { confirmEmailChange } from '@/lib/account-settings/confirm-email-change';
import { hashEmailChangeToken } from '@/lib/account-settings/update-email';
import { updatePassword } from '@/lib/account-settings/update-password';
import { chargeDueAnnualCharges } from '@/lib/billing/annual-charge';
import { settleOpenPayments } from '@/lib/billing/settle-payments';
import { payBalance } from '@/lib/checkout/pay-balance';
import { payTrustFee } from '@/lib/checkout/pay-trust-fee';
import { systemContext } from '@/lib/kernel/system-context';
import { sendNotificationMailJob } from '@/lib/notifications/jobs/send-notification-mail';
import { SandboxGateway } from '@/lib/payments/sandbox-gateway';
import { payBalanceSchema, payTrustFeeSchema } from '@/lib/validation/payments';
import { actorOf, ctxOf, guestCtx } from '../helpers/context';
import { makeAdvisor, makeUser, TEST_PASSWORD } from '../helpers/factories';
import { resetDatabase } from '../helpers/db';
import { runQueuedJobs } from '../helpers/jobs';
import { approveCard } from '../helpers/payment-fixtures';
import { signInAs, signOut } from '../helpers/session';
import { answerRequiredQuestions, makeCouple, type Couple } from './helpers/intake';

/*
 * Issue 29, the events that were still untold: a payment's later news (an eCheck settled or returned, the
 * annual charge made or refused), an invoice falling due, and security (password and e-mail changes in the
 * bell, a sign-in from a new browser by mail). Each: its trigger, its exact recipients, once.
 */

const gateway = new SandboxGateway();
const bank = { charge_type: 'bank', name: 'Pat Payer', routing_number: '000000013', account_number: '123456789012', account_type: 'checking' };

let couple: Couple;
let other: Couple;

beforeEach(async () => {
  await resetDatabase();
  signOut();
  couple = await makeCouple();
  // Another household, with its own advisor: neither hears anything of this one's payments.
  other = await makeCouple();
  await db.insert(t.estatePlans).values({ clientId: couple.owner1.id });
  await answerRequiredQuestions([couple.owner1.id, couple.owner2!.id]);
});

const owner1 = () => couple.household.user;
const spouse = () => couple.household.spouse!.user;
const advisor = () => couple.advisor.user;
const acks = () => [couple.owner1, couple.owner2!].map((o) => ({ client_hash: o.hash, statements: [1, 2, 3] }));
const payFee = (method: object, extra: object = {}) =>
  payTrustFee(couple.clientCtx, payTrustFeeSchema.parse({ client_hash: couple.owner1.hash, acknowledgements: acks(), method, ...extra }), { gateway });

/** The notices whose event key starts with `prefix`, in order. */
const noticesOf = async (prefix: string) =>
  (await db.select().from(t.notifications).orderBy(asc(t.notifications.id))).filter((n) => n.eventKey.startsWith(prefix));
const recipients = async (prefix: string) => (await noticesOf(prefix)).map((n) => n.userId).sort((a, b) => a - b);
const ids = (...users: { id: number }[]) => users.map((u) => u.id).sort((a, b) => a - b);
const mailsTo = async (email: string) =>
  (await db.select().from(t.mailOutbox).where(eq(t.mailOutbox.to, email)).orderBy(asc(t.mailOutbox.id))).map((m) => m.subject);
const settle = () => settleOpenPayments(systemContext('test'), gateway);
/** The bank returns every pending eCheck (the sandbox's books say failed). */
const bankReturns = () => db.update(t.sandboxCharges).set({ status: 'failed' }).where(eq(t.sandboxCharges.status, 'pending'));

describe('an eCheck of a client', () => {
  beforeEach(async () => {
    await payFee(bank);
  });

  it('settles: the household (both spouses) and their advisor are told and mailed, once however often the job runs', async () => {
    expect(await settle()).toMatchObject({ settled: 1 });
    expect(await settle()).toMatchObject({ settled: 0 });
    const [payment] = await db.select().from(t.payments).where(eq(t.payments.chargeType, 'trust_fee'));
    const notices = await noticesOf('payment-settled:');
    expect(notices.map((n) => n.eventKey)).toEqual(Array(3).fill(`payment-settled:${payment.id}`));
    expect(await recipients('payment-settled:')).toEqual(ids(owner1(), spouse(), advisor()));
    expect(notices.every((n) => n.kind === 'payment' && n.link === `/receipts/${payment.hash}`)).toBe(true);
    expect(notices.find((n) => n.userId === owner1().id)!.title).toBe('Your bank payment of $995.00 has cleared');
    expect(notices.find((n) => n.userId === advisor().id)!.body).toMatch(/bank payment of \$995\.00 toward their trust fee has cleared/);

    await runQueuedJobs(sendNotificationMailJob);
    await runQueuedJobs(sendNotificationMailJob);
    for (const user of [owner1(), spouse(), advisor()]) {
      expect((await mailsTo(user.email)).filter((s) => s.includes('has cleared') || s.includes('cleared'))).toHaveLength(1);
    }
    // Nothing of it reaches the other household.
    const others = [other.household.user.id, other.household.spouse!.user.id, other.advisor.user.id];
    expect((await db.select().from(t.notifications).where(inArray(t.notifications.userId, others))).length).toBe(0);
  });

  it('reaches no disabled login', async () => {
    await db.update(t.users).set({ disabledAt: new Date() }).where(eq(t.users.id, spouse().id));
    await settle();
    expect(await recipients('payment-settled:')).toEqual(ids(owner1(), advisor()));
  });

  it('is returned: the payer (mailed directly) sees the bell only; the other spouse and the advisor are mailed the notice', async () => {
    await bankReturns();
    expect(await settle()).toMatchObject({ returned: 1 });
    expect(await settle()).toMatchObject({ returned: 0 });
    const notices = await noticesOf('payment-returned:');
    expect(notices.map((n) => n.userId).sort((a, b) => a - b)).toEqual(ids(owner1(), spouse(), advisor()));
    expect(notices.find((n) => n.userId === owner1().id)).toMatchObject({
      emailSkipped: 'mailed-directly',
      title: 'Your bank payment of $995.00 was returned',
    });
    await runQueuedJobs(sendNotificationMailJob);
    // One mail each: the payer's is the direct one.
    expect((await mailsTo(owner1().email)).filter((s) => /returned/.test(s))).toEqual(['Your bank payment was returned']);
    expect((await mailsTo(spouse().email)).filter((s) => /returned/.test(s))).toEqual(['Your bank payment of $995.00 was returned']);
    expect((await mailsTo(advisor().email)).filter((s) => /returned/.test(s))).toEqual([expect.stringMatching(/: bank payment of \$995\.00 returned$/)]);
  });
});

describe("an advisor's invoices", () => {
  const addInvoice = async (amount: string) =>
    (
      await db
        .insert(t.invoices)
        .values({ advisorId: couple.advisor.advisor.id, description: `Invoice ${amount}`, amount })
        .returning()
    )[0];
  const payAll = (method: object, enableAutoPay = false) =>
    payBalance(couple.advisorCtx, payBalanceSchema.parse({ advisor_id: couple.advisor.advisor.hash, method, enable_auto_pay: enableAutoPay }), { gateway });

  it('a waived fee invoices the advisor: "invoice due" with the amount and the way to pay, to the advisor alone, once', async () => {
    await db.update(t.advisors).set({ isWaivingFee: true }).where(eq(t.advisors.id, couple.advisor.advisor.id));
    await payFee(approveCard, { save_method: true });
    const [invoice] = await db.select().from(t.invoices);
    const notices = await noticesOf('invoice-due:');
    expect(notices).toEqual([
      expect.objectContaining({
        userId: advisor().id,
        kind: 'invoice-due',
        eventKey: `invoice-due:${invoice.id}`,
        title: 'Invoice due: $995.00',
        link: '/dashboard#balance-title',
      }),
    ]);
    expect(notices[0].body).toContain(invoice.description);
    await runQueuedJobs(sendNotificationMailJob);
    expect(await mailsTo(advisor().email)).toContain('Invoice due: $995.00');
  });

  it('an advisor on auto-pay is not told an invoice is due: auto-pay is queued to pay it at once', async () => {
    await addInvoice('10.00');
    await payAll(approveCard, true);
    await db.update(t.advisors).set({ isWaivingFee: true }).where(eq(t.advisors.id, couple.advisor.advisor.id));
    await payFee(approveCard, { save_method: true });
    expect(await db.select().from(t.invoices).where(eq(t.invoices.status, 'open'))).toHaveLength(1);
    expect(await noticesOf('invoice-due:')).toEqual([]);
  });

  it('a balance paid by bank that settles tells the advisor; one that is returned reopens the invoices, told in the bell (the return is mailed)', async () => {
    const first = await addInvoice('100.00');
    const second = await addInvoice('0.50');
    await payAll(bank);
    await bankReturns();
    expect(await settle()).toMatchObject({ returned: 1 });
    const [payment] = await db.select().from(t.payments);
    expect(await noticesOf('payment-returned:')).toEqual([expect.objectContaining({ userId: advisor().id, emailSkipped: 'mailed-directly' })]);
    const due = await noticesOf('invoice-due:');
    expect(due.map((n) => n.eventKey)).toEqual([`invoice-due:${first.id}:returned:${payment.id}`, `invoice-due:${second.id}:returned:${payment.id}`]);
    expect(due.map((n) => n.title)).toEqual(['Invoice due again: $100.00', 'Invoice due again: $0.50']);
    expect(due.every((n) => n.userId === advisor().id && n.emailSkipped === 'mailed-directly')).toBe(true);
    await runQueuedJobs(sendNotificationMailJob);
    expect((await mailsTo(advisor().email)).filter((s) => /returned|due/i.test(s))).toEqual(['Your bank payment was returned']);

    // Paid again by bank, and this time it clears.
    await payAll(bank);
    expect(await settle()).toMatchObject({ settled: 1 });
    const settled = await noticesOf('payment-settled:');
    expect(settled).toEqual([expect.objectContaining({ userId: advisor().id, title: 'Your bank payment of $100.50 has cleared' })]);
  });
});

describe('the annual charge', () => {
  let later: Date;
  beforeEach(async () => {
    await db.update(t.advisors).set({ isWaivingFee: true }).where(eq(t.advisors.id, couple.advisor.advisor.id));
    await payFee(approveCard, { save_method: true });
    const [recurring] = await db.select().from(t.recurringCharges);
    later = new Date(recurring.nextChargeOn.getTime() + 60_000);
  });

  it('made: the client it was receipted to sees the bell; the other spouse and the advisor are mailed; once', async () => {
    expect(await chargeDueAnnualCharges(systemContext('test', later), gateway)).toMatchObject({ charged: 1 });
    expect(await chargeDueAnnualCharges(systemContext('test', later), gateway)).toMatchObject({ charged: 0 });
    const [payment] = await db.select().from(t.payments).where(eq(t.payments.chargeType, 'annual_charge'));
    const notices = await noticesOf(`payment:sandbox:${payment.gatewayReference}`);
    expect(notices.map((n) => n.userId).sort((a, b) => a - b)).toEqual(ids(owner1(), spouse(), advisor()));
    expect(notices.find((n) => n.userId === owner1().id)).toMatchObject({ emailSkipped: 'mailed-directly', title: 'Annual charge of $95.00' });
    await runQueuedJobs(sendNotificationMailJob);
    expect(await mailsTo(spouse().email)).toContain('Annual charge of $95.00');
    expect((await mailsTo(advisor().email)).filter((s) => s.endsWith('annual charge of $95.00'))).toHaveLength(1);
    expect(await mailsTo(owner1().email)).not.toContain('Annual charge of $95.00');
  });

  it('refused: the client is mailed each day it is retried, the household and the advisor are told once per period', async () => {
    await db.update(t.sandboxPaymentMethods).set({ declineCode: 'card_declined' });
    expect(await chargeDueAnnualCharges(systemContext('test', later), gateway)).toMatchObject({ failed: 1 });
    const nextDay = new Date(later.getTime() + 24 * 60 * 60 * 1000);
    expect(await chargeDueAnnualCharges(systemContext('test', nextDay), gateway)).toMatchObject({ failed: 1 });
    const notices = await noticesOf('annual-charge-failed:');
    expect(notices.map((n) => n.userId).sort((a, b) => a - b)).toEqual(ids(owner1(), spouse(), advisor()));
    expect(notices.find((n) => n.userId === owner1().id)).toMatchObject({ emailSkipped: 'mailed-directly', link: '/settings?tab=payments' });
    await runQueuedJobs(sendNotificationMailJob);
    expect((await mailsTo(owner1().email)).filter((s) => /could not be made/.test(s))).toEqual([
      'Your annual Trustwell charge could not be made',
      'Your annual Trustwell charge could not be made',
    ]);
    expect((await mailsTo(spouse().email)).filter((s) => /could not be made/.test(s))).toEqual(['The annual charge of $95.00 could not be made']);
    expect((await mailsTo(advisor().email)).filter((s) => /refused/.test(s))).toEqual([expect.stringMatching(/annual charge of \$95\.00 refused$/)]);
  });
});

describe('security', () => {
  const CHROME_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
  const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
  const signIn = (email: string, deviceCookie?: string, userAgent = CHROME_MAC) =>
    authenticate({ email, password: TEST_PASSWORD, ip: '198.51.100.23', userAgent, deviceCookie }, new Date('2026-11-28T15:04:00Z'));
  const security = async (userId: number) =>
    db
      .select()
      .from(t.notifications)
      .where(and(eq(t.notifications.userId, userId), eq(t.notifications.kind, 'security')))
      .orderBy(asc(t.notifications.id));

  it('a new browser: the first sign-in is no news, the same browser again neither, a second browser is mailed with when, what and where', async () => {
    const { user } = await makeUser();
    const first = await signIn(user.email);
    expect(await security(user.id)).toEqual([]);
    await signIn(user.email, first.deviceToken);
    expect(await security(user.id)).toEqual([]);

    await signIn(user.email, undefined, FIREFOX_WINDOWS);
    const [notice] = await security(user.id);
    expect(notice).toMatchObject({ title: 'New sign-in to your account', link: '/settings?tab=credentials', emailSkipped: null });
    expect(notice.body).toContain('11/28/2026, 10:04 AM EST');
    expect(notice.body).toContain('Firefox on Windows');
    expect(notice.body).toContain('198.51.100.23');
    await runQueuedJobs(sendNotificationMailJob);
    const [mail] = await db.select().from(t.mailOutbox).where(eq(t.mailOutbox.subject, 'New sign-in to your account'));
    expect(mail).toMatchObject({ to: user.email });
    expect(mail.text).toContain('Change your password');
    // Security mail has no unsubscribe.
    expect(mail.headers).toBeNull();
    // Another account's cookie in this browser vouches for nobody else.
    const { user: partner } = await makeUser();
    await signIn(partner.email);
    await signIn(partner.email, first.deviceToken);
    expect(await security(partner.id)).toHaveLength(1);
  });

  it('an admin acting as someone is no sign-in of theirs: nothing is told', async () => {
    const advisorUser = (await makeAdvisor()).user;
    await signIn(advisorUser.email);
    const admin = (await makeUser({ isAdmin: true })).user;
    await signInAs(admin);
    await startImpersonation(ctxOf(await actorOf(admin)), advisorUser.hash);
    expect(await security(advisorUser.id)).toEqual([]);
  });

  it('a password changed in Settings: one mail (the direct one), and the bell', async () => {
    const { user } = await makeUser();
    await signInAs(user);
    await updatePassword(ctxOf(await actorOf(user)), {
      password_check: TEST_PASSWORD,
      new_password: 'A-new-passw0rd',
      new_password_confirmation: 'A-new-passw0rd',
    } as never);
    expect(await security(user.id)).toEqual([expect.objectContaining({ title: 'Your password was changed', emailSkipped: 'mailed-directly' })]);
    await runQueuedJobs(sendNotificationMailJob);
    expect(await mailsTo(user.email)).toEqual(['Your Trustwell password was changed']);
  });

  it('a password reset from a link is mailed by its notice; an admin’s reset is in the bell beside its temporary password', async () => {
    const { user } = await makeUser();
    const token = await issuePasswordToken(db, user.id, 'reset', new Date());
    await setPasswordWithToken(guestCtx(), { token, password: 'Chosen-Pass-11', password_confirmation: 'Chosen-Pass-11' });
    expect(await security(user.id)).toEqual([expect.objectContaining({ title: 'Your password was changed', emailSkipped: null })]);
    await runQueuedJobs(sendNotificationMailJob);
    expect(await mailsTo(user.email)).toEqual(['Your password was changed']);

    // Setting the first password from an invitation's link is no news.
    const { user: invited } = await makeUser();
    const welcome = await issuePasswordToken(db, invited.id, 'set', new Date());
    await setPasswordWithToken(guestCtx(), { token: welcome, password: 'Chosen-Pass-12', password_confirmation: 'Chosen-Pass-12' });
    expect(await security(invited.id)).toEqual([]);

    const admin = (await makeUser({ isAdmin: true })).user;
    await resetPassword(ctxOf(await actorOf(admin)), { user_id: invited.hash });
    expect(await security(invited.id)).toEqual([
      expect.objectContaining({ title: 'Your password was reset by an administrator', emailSkipped: 'mailed-directly' }),
    ]);
  });

  it('an e-mail change, confirmed from the new address or made by an admin, is in the bell; the former address has the only mail', async () => {
    const { user } = await makeUser();
    const [change] = await db
      .insert(t.emailChanges)
      .values({ userId: user.id, oldEmail: user.email, newEmail: 'moved@example.com', tokenHash: 'x', expiresAt: new Date(Date.now() + 3_600_000) })
      .returning();
    // The token's hash as update-email.ts stores it.
    await db
      .update(t.emailChanges)
      .set({ tokenHash: hashEmailChangeToken('the-token') })
      .where(eq(t.emailChanges.id, change.id));
    await confirmEmailChange(guestCtx(), { token: 'the-token' });
    expect(await security(user.id)).toEqual([
      expect.objectContaining({ eventKey: `email-changed:change:${change.id}`, title: 'Your sign-in e-mail was changed', emailSkipped: 'mailed-directly' }),
    ]);

    const staffed = (await makeAdvisor()).user;
    const admin = (await makeUser({ isAdmin: true })).user;
    const [row] = await db.select({ phone: t.persons.phone }).from(t.persons).where(eq(t.persons.id, staffed.personId));
    await updateUser(ctxOf(await actorOf(admin)), {
      user_id: staffed.hash,
      email: 'advisor.moved@example.com',
      phone: row.phone ?? '',
      is_firm_supervisor: false,
      is_waiving_fee: false,
      staff_advisors: [],
    } as never);
    expect(await security(staffed.id)).toEqual([expect.objectContaining({ title: 'Your sign-in e-mail was changed', emailSkipped: 'mailed-directly' })]);
    await runQueuedJobs(sendNotificationMailJob);
    expect(await mailsTo('advisor.moved@example.com')).toEqual([]);
  });
});
