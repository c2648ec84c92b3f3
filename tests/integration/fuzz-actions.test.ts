import { eq } from 'drizzle-orm';
import fs from 'node:fs';
import path from 'node:path';
import { db } from '@/db';
import * as t from '@/db/schema';
import { unsubscribeToken } from '@/lib/notifications/unsubscribe-token';
import { hashEmailChangeToken } from '@/lib/account-settings/update-email';
import { hashPasswordToken } from '@/lib/auth/password-rules';
import { sealIdentifier } from '@/lib/crypto';
import { sealTotpSecret } from '@/lib/auth/second-factor/factors';
import { registrationOptions, relyingParty } from '@/lib/auth/second-factor/passkeys';
import { newTotpSecret, totpCodeAt } from '@/lib/auth/second-factor/totp';
import { placeOf } from '@/lib/encrypted-columns';
import { ACTION_INPUT_MESSAGE } from '@/lib/http/action';
import { PEER_HEADER } from '@/lib/http/request';
import type { ActionResult } from '@/lib/http/result';
import { CURRENT_PASSWORD_INCORRECT } from '@/lib/validation/fields';
import { setRequestHeaders } from '../helpers/fake-headers';
import { TEST_PASSWORD } from '../helpers/factories';
import { signInAs, signOut } from '../helpers/session';
import { softAuthenticator } from '../helpers/soft-authenticator';
import { buildWorld, databaseFingerprint, sessionOf, type RoleName, type World } from '../helpers/world';
import { answerRequiredQuestions, payFeeFor, seedIntakeRecords, type IntakeRecords } from './helpers/intake';

/*
 * Issue 26 item 7: no 500 from any input, over the server actions. Next decodes an action's argument list
 * from the request body, so a caller can send any list: none, null, a string, two objects, and (through
 * React's `$` references) a Map, a Date, a promise, a function or FormData in place of any value. Every
 * server action (each export of a 'use server' file, found by walking the tree as the authorization matrix
 * finds doors, so a new one is fuzzed or fails here) is called as a role that reaches its record with:
 *   - argument lists that are not one object of fields;
 *   - its valid input with one field at a time (nested ones too) replaced by a NUL, a `$` string, 20,000
 *     characters, an object, an array, a number, a boolean, null, undefined, or such a decoded reference.
 * Each call must return (never throw) either a success or the action's failure shape with a 4xx status and
 * a message; a refusal must leave the database as it was.
 */

const root = path.resolve(__dirname, '../..');

function walk(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : walk(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

const isServerActionFile = (source: string) => /^(?:\s*(?:\/\/[^\n]*\n|\/\*[\s\S]*?\*\/))*\s*['"]use server['"]/.test(source);

type Action = (...args: unknown[]) => Promise<ActionResult<unknown>>;
type Prepared = {
  records?: IntakeRecords;
  token?: string;
  invite?: string;
  annualCharge?: string;
  notice?: string;
  totpSecret?: string;
  passkeyResponse?: unknown;
  passkey?: string;
};
type Case = {
  role: RoleName;
  /** Records the call needs besides the world (created once, before the calls). */
  prepare?: (w: World) => Promise<Prepared>;
  input: (w: World, p: Prepared) => Record<string, unknown>;
};

const owner1 = (w: World) => w.household.client.hash;
const owner2 = (w: World) => w.household.spouse!.client.hash;
const advisorHash = (w: World) => w.advisor.advisor.hash;
const records = (p: Prepared) => p.records!;
const intakeName = { first_name: 'Fuzz', middle_name: '', last_name: 'Person', suffix: '' };
let serial = 0;
const uniqueEmail = () => `fuzz-action${++serial}-${Date.now()}@test.example`;

const withRecords = async (w: World): Promise<Prepared> => ({ records: await seedIntakeRecords([w.household.client.id, w.household.spouse!.client.id]) });
const answered = async (w: World): Promise<Prepared> => {
  await answerRequiredQuestions([w.household.client.id, w.household.spouse!.client.id]);
  return {};
};
/** A confirmed authenticator app of the world's advisor (an admin's reset removes it). */
const withAdvisorTotp = async (w: World): Promise<Prepared> => {
  const hash = `fuzztotp${++serial}${Date.now()}`;
  await db.insert(t.totpFactors).values({ hash, userId: w.users.advisor.id, secretCipher: sealTotpSecret(newTotpSecret(), hash), confirmedAt: new Date() });
  return {};
};
/** An authenticator app of the world's client: begun (confirmed false) or set up; its secret for the codes. */
const withTotp =
  (confirmed: boolean) =>
  async (w: World): Promise<Prepared> => {
    const totpSecret = newTotpSecret();
    const hash = `fuzztotp${++serial}${Date.now()}`;
    await db
      .insert(t.totpFactors)
      .values({ hash, userId: w.users.client.id, secretCipher: sealTotpSecret(totpSecret, hash), confirmedAt: confirmed ? new Date() : null });
    return { totpSecret };
  };
/** A software authenticator's answer to a registration challenge issued to the world's client (issue 31). */
const withPasskeyChallenge = async (w: World): Promise<Prepared> => {
  const client = w.users.client;
  const options = await registrationOptions({ id: client.id, hash: client.hash, email: client.email, name: 'Fuzz Client' }, new Date());
  return { passkeyResponse: softAuthenticator(relyingParty().origin).register(options) };
};
/** A passkey of the world's client, by its public hash. */
const withPasskey = async (w: World): Promise<Prepared> => {
  const [row] = await db
    .insert(t.passkeys)
    .values({ userId: w.users.client.id, credentialId: `fuzz-credential-${++serial}-${Date.now()}`, publicKey: 'AAAA', name: 'Fuzz key' })
    .returning({ hash: t.passkeys.hash });
  return { passkey: row.hash };
};
const acknowledgements = (w: World) => [owner1(w), owner2(w)].map((client_hash) => ({ client_hash, statements: [1, 2, 3] }));
const card = {
  charge_type: 'card',
  name: 'Fuzz Payer',
  card_number: '4242424242424242',
  expiry: '12/39',
  cvv: '123',
  street: '1 Main St',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
};
const estatePlanAnswers = {
  version: 1,
  has_estate_plan: 'yes',
  estate_plan_type: 'Trust',
  trust_name: 'Fuzz Trust',
  trust_date: '01/01/2010',
  trust_times_amended: 1,
  trust_replacement_reason: 'Restate.',
  is_assets_trust_owned: 'no',
  trust_governing_state: 'CA',
  has_trust_intent_1: true,
};
const passwordChange = { password_check: TEST_PASSWORD, new_password: 'Brand-New-Password-9', new_password_confirmation: 'Brand-New-Password-9' };

/** A valid input for each action, and a role that reaches its record (the authorization matrix's shapes). */
const CASES: Record<string, Case> = {
  'lib/actions/accounts.ts#createClientAccountAction': {
    role: 'guest',
    input: () => ({
      ...intakeName,
      email: uniqueEmail(),
      phone: '5551234567',
      password: 'Fuzz-Password-1',
      password_confirmation: 'Fuzz-Password-1',
      advisor_hash: '',
      invite: 'an-invite-token',
    }),
  },
  'lib/actions/admin.ts#createAdvisorAction': {
    role: 'admin',
    input: () => ({
      ...intakeName,
      email: uniqueEmail(),
      phone: '5551234567',
      firm_id: '',
      firm_name: 'Fuzz Firm',
      is_firm_supervisor: false,
      is_waiving_fee: false,
      staff_advisors: [],
    }),
  },
  'lib/actions/admin.ts#listUsersAction': { role: 'admin', input: () => ({ q: 'fuzz', page: 1 }) },
  'lib/actions/admin.ts#listAdvisorChoicesAction': { role: 'admin', input: () => ({}) },
  'lib/actions/admin.ts#updateUserAction': {
    role: 'admin',
    input: (w) => ({
      user_id: w.users.advisor.hash,
      email: uniqueEmail(),
      phone: '5559876543',
      is_firm_supervisor: false,
      is_waiving_fee: false,
      staff_advisors: [],
    }),
  },
  'lib/actions/admin.ts#resetPasswordAction': { role: 'admin', input: (w) => ({ user_id: w.users.advisor.hash }) },
  'lib/actions/admin.ts#resetSecondFactorAction': { role: 'admin', prepare: withAdvisorTotp, input: (w) => ({ user_id: w.users.advisor.hash }) },
  'lib/actions/admin.ts#actAsAction': { role: 'admin', input: (w) => ({ user_id: w.users.advisor.hash }) },
  'lib/actions/admin.ts#deleteClientAction': {
    role: 'admin',
    prepare: async (w) => {
      process.env.CLIENT_DELETE_ALLOWED_EMAILS = w.users.admin.email;
      return {};
    },
    input: (w) => ({ hash: owner1(w) }),
  },
  'lib/actions/advisors.ts#createClientsAction': {
    role: 'advisor',
    input: (w) => ({
      advisor_id: advisorHash(w),
      clients: [
        {
          ...intakeName,
          email: uniqueEmail(),
          mobile_phone: '5551234567',
          date_of_birth: '01/02/1970',
          social_security_number: '123-45-6789',
          gender: 'male',
        },
      ],
    }),
  },
  'lib/actions/advisors.ts#sendInviteAction': {
    role: 'advisor',
    input: (w) => ({ advisor_id: advisorHash(w), client_name: 'Fuzz Invitee', client_email: uniqueEmail() }),
  },
  'lib/actions/advisors.ts#resendInviteAction': {
    role: 'advisor',
    prepare: async (w) => {
      const [invite] = await db
        .insert(t.invites)
        .values({ advisorId: w.advisor.advisor.id, clientName: 'Fuzz Invitee', clientEmail: uniqueEmail(), sentAt: new Date(Date.now() - 600_000) })
        .returning();
      return { invite: invite.hash };
    },
    input: (_w, p) => ({ id: p.invite, page: 1 }),
  },
  'lib/actions/advisors.ts#listInvitesAction': { role: 'advisor', input: (w) => ({ advisor_id: advisorHash(w), page: 2 }) },
  'lib/actions/advisors.ts#sendReminderAction': { role: 'advisor', input: (w) => ({ client_hash: owner1(w) }) },
  'lib/actions/advisors.ts#setFirmSecondFactorAction': { role: 'firmSupervisor', input: (w) => ({ firm_id: w.firm.hash, required: true }) },
  'lib/actions/overview.ts#advisorClientsAction': { role: 'legal', input: (w) => ({ advisor_id: advisorHash(w) }) },
  'lib/actions/passwords.ts#forgotPasswordAction': { role: 'guest', input: () => ({ email: uniqueEmail() }) },
  'lib/actions/passwords.ts#setPasswordAction': {
    role: 'guest',
    prepare: async (w) => {
      const token = `fuzzpasswordlink${++serial}${Date.now()}`;
      await db
        .insert(t.passwordTokens)
        .values({ userId: w.users.advisor.id, purpose: 'reset', tokenHash: hashPasswordToken(token), expiresAt: new Date(Date.now() + 3_600_000) });
      return { token };
    },
    input: (_w, p) => ({ token: p.token, password: 'Fuzz-Chosen-Password-1', password_confirmation: 'Fuzz-Chosen-Password-1' }),
  },
  'lib/actions/funding.ts#markFundingTaskAction': {
    role: 'client',
    prepare: async (w) => {
      const prepared = await withRecords(w);
      await db.update(t.estatePlans).set({ status: 'finalizing' }).where(eq(t.estatePlans.id, w.plan.id));
      return prepared;
    },
    input: (w, p) => ({ client_hash: owner1(w), task_key: `bank:${records(p).bank}`, status: 'not-needed', reason: 'Closed last year' }),
  },
  'lib/actions/notifications.ts#openNotificationAction': {
    role: 'client',
    prepare: async (w) => {
      const [row] = await db
        .insert(t.notifications)
        .values({ userId: w.users.client.id, kind: 'plan-status', eventKey: 'fuzz', title: 'A notice', body: 'Something changed.', link: '/dashboard' })
        .returning({ hash: t.notifications.hash });
      return { notice: row.hash };
    },
    input: (_w, p) => ({ hash: p.notice }),
  },
  'lib/actions/notifications.ts#markAllReadAction': { role: 'client', input: () => ({}) },
  'lib/actions/notifications.ts#saveEmailChoicesAction': { role: 'client', input: () => ({ email: { 'plan-status': false, payment: true } }) },
  'lib/actions/notifications.ts#unsubscribeAction': {
    role: 'guest',
    input: (w) => ({ token: unsubscribeToken(w.users.client.hash, 'plan-status') }),
  },
  'lib/actions/settings.ts#updateNameAction': {
    role: 'client',
    input: () => ({ nickname: '', ...intakeName, password_check: TEST_PASSWORD }),
  },
  'lib/actions/settings.ts#updateEmailAction': {
    role: 'client',
    input: () => ({ contact_info: { email: uniqueEmail(), phone: '5551234567' }, password_check: TEST_PASSWORD }),
  },
  'lib/actions/settings.ts#updatePhoneAction': {
    role: 'client',
    input: () => ({ contact_info: { email: 'ignored@test.example', phone: '5559876543' }, password_check: TEST_PASSWORD }),
  },
  'lib/actions/settings.ts#updatePasswordAction': { role: 'client', input: () => passwordChange },
  'lib/actions/settings.ts#endSessionAction': { role: 'client', input: () => ({ session: 'A'.repeat(22) }) },
  'lib/actions/settings.ts#endOtherSessionsAction': { role: 'client', input: () => ({}) },
  'lib/actions/settings.ts#beginTotpAction': { role: 'client', input: () => ({}) },
  // The code steps: an authenticator app of the client's, begun (to confirm) or set up (to renew or turn off).
  'lib/actions/settings.ts#confirmTotpAction': {
    role: 'client',
    prepare: withTotp(false),
    input: (_w, p) => ({ code: totpCodeAt(p.totpSecret!, new Date()) }),
  },
  'lib/actions/settings.ts#renewRecoveryCodesAction': {
    role: 'client',
    prepare: withTotp(true),
    input: (_w, p) => ({ code: totpCodeAt(p.totpSecret!, new Date()) }),
  },
  'lib/actions/settings.ts#disableTotpAction': {
    role: 'client',
    prepare: withTotp(true),
    input: (_w, p) => ({ password_check: TEST_PASSWORD, code: totpCodeAt(p.totpSecret!, new Date()) }),
  },
  // Passkeys (issue 31): a real answer to a challenge of the client's; a passkey of theirs to rename or remove.
  'lib/actions/settings.ts#beginPasskeyAction': { role: 'client', input: () => ({}) },
  'lib/actions/settings.ts#addPasskeyAction': {
    role: 'client',
    prepare: withPasskeyChallenge,
    input: (_w, p) => ({ name: 'Fuzz laptop', response: p.passkeyResponse }),
  },
  'lib/actions/settings.ts#renamePasskeyAction': { role: 'client', prepare: withPasskey, input: (_w, p) => ({ passkey: p.passkey, name: 'Fuzz phone' }) },
  // Removing one asks the password and a second proof: here a code from the client's authenticator app.
  'lib/actions/settings.ts#removePasskeyAction': {
    role: 'client',
    prepare: async (w) => ({ ...(await withTotp(true)(w)), ...(await withPasskey(w)) }),
    input: (_w, p) => ({ passkey: p.passkey, password_check: TEST_PASSWORD, code: totpCodeAt(p.totpSecret!, new Date()) }),
  },
  'lib/actions/settings.ts#confirmPasskeyOptionsAction': { role: 'client', prepare: withPasskey, input: () => ({}) },
  'lib/actions/settings.ts#confirmEmailChangeAction': {
    role: 'guest',
    prepare: async (w) => {
      const token = `fuzzemailchange${++serial}${Date.now()}`;
      await db.insert(t.emailChanges).values({
        userId: w.users.advisor.id,
        oldEmail: w.users.advisor.email,
        newEmail: uniqueEmail(),
        tokenHash: hashEmailChangeToken(token),
        expiresAt: new Date(Date.now() + 3_600_000),
      });
      return { token };
    },
    input: (_w, p) => ({ token: p.token }),
  },
  'lib/actions/plans.ts#submitTrustAction': {
    role: 'client',
    prepare: async (w) => {
      await answered(w);
      await payFeeFor(w.plan.id);
      return {};
    },
    input: (w) => ({ client_hash: owner2(w), acknowledgements: acknowledgements(w) }),
  },
  'lib/actions/plans.ts#updatePlanStatusAction': {
    role: 'legal',
    input: (w) => ({ plan_hash: w.plan.hash, status: 'canceled', from_status: 'incomplete' }),
  },
  'lib/actions/plans.ts#revealIdentifiersAction': {
    role: 'legal',
    prepare: async (w) => {
      const sealed = sealIdentifier('123456789', placeOf(t.persons.ssnCipher, w.household.person.hash));
      await db.update(t.persons).set({ ssnCipher: sealed.cipher, ssnLast4: sealed.last4 }).where(eq(t.persons.id, w.household.person.id));
      return {};
    },
    input: (w) => ({ client_hash: owner1(w), items: [{ kind: 'person', hash: w.household.person.hash }] }),
  },
  'lib/actions/payments.ts#amountDueAction': { role: 'client', input: (w) => ({ plan_hash: w.plan.hash }) },
  'lib/actions/payments.ts#payTrustFeeAction': {
    role: 'client',
    prepare: answered,
    input: (w) => ({ client_hash: owner1(w), acknowledgements: acknowledgements(w), save_method: false, method: card }),
  },
  'lib/actions/payments.ts#acknowledgePaymentAction': { role: 'legal', input: (w) => ({ plan_hash: w.plan.hash }) },
  'lib/actions/payments.ts#payBalanceAction': {
    role: 'advisor',
    prepare: async (w) => {
      await db.insert(t.invoices).values({ advisorId: w.advisor.advisor.id, description: 'Fuzz invoice', amount: '995.00' });
      return {};
    },
    input: (w) => ({ advisor_id: advisorHash(w), enable_auto_pay: false, method: card }),
  },
  'lib/actions/payments.ts#disableAutoPayAction': {
    role: 'advisor',
    prepare: async (w) => {
      await db.update(t.advisors).set({ isAutoPay: true }).where(eq(t.advisors.id, w.advisor.advisor.id));
      return {};
    },
    input: (w) => ({ advisor_id: advisorHash(w) }),
  },
  'lib/actions/payments.ts#cancelAnnualChargeAction': {
    role: 'client',
    prepare: async (w) => {
      const [method] = await db
        .insert(t.paymentMethods)
        .values({ clientId: w.household.client.id, gateway: 'sandbox', token: 'sbx_pm_fuzz_annual', kind: 'card', brand: 'Visa', last4: '4242' })
        .returning();
      const [charge] = await db
        .insert(t.recurringCharges)
        .values({ estatePlanId: w.plan.id, paymentMethodId: method.id, amount: '95.00', nextChargeOn: new Date(Date.now() + 365 * 86_400_000) })
        .returning();
      return { annualCharge: charge.hash };
    },
    input: (_w, p) => ({ charge_hash: p.annualCharge }),
  },
  'lib/actions/payments.ts#removeStoredPaymentMethodAction': {
    role: 'advisor',
    prepare: async (w) => {
      await db.insert(t.sandboxPaymentMethods).values({ id: 'sbx_pm_fuzz', kind: 'card', brand: 'Visa', last4: '4242', expMonth: 12, expYear: 2039 });
      await db
        .insert(t.paymentMethods)
        .values({ advisorId: w.advisor.advisor.id, gateway: 'sandbox', token: 'sbx_pm_fuzz', kind: 'card', brand: 'Visa', last4: '4242' });
      return {};
    },
    input: (w) => ({ advisor_id: advisorHash(w) }),
  },
  'lib/actions/intake.ts#updatePersonalInfoAction': {
    role: 'client',
    input: (w) => ({
      client_hash: owner2(w),
      version: 1,
      ...intakeName,
      phone: '5551234567',
      dob: '01/02/1970',
      ssn: '123-45-6789',
      gender: 'female',
      residence_state: 'CA',
      is_us_citizen: true,
      is_receiving_medicaid: false,
      has_mental_disorder: false,
      wants_life_support: true,
      wants_cremation: false,
      is_organ_donor: true,
    }),
  },
  'lib/actions/intake.ts#updateEstatePlanInfoAction': {
    role: 'client',
    input: (w) => ({ client_hash: owner1(w), client1: estatePlanAnswers, client2: { ...estatePlanAnswers, has_estate_plan: 'no' } }),
  },
  'lib/actions/intake.ts#setSpouseChoiceAction': {
    role: 'client',
    input: (w) => ({ client_hash: owner2(w), version: 1, is_spouse_beneficiary: true, is_spouse_poa_financial: false }),
  },
  'lib/actions/intake.ts#setHasChildrenAction': {
    role: 'client',
    input: (w) => ({ client_hash: owner2(w), has_children: true }),
  },
  'lib/actions/intake.ts#upsertChildAction': {
    role: 'client',
    input: (w) => ({
      client_hash: owner1(w),
      owner: 'both',
      ...intakeName,
      dob: '01/02/2015',
      gender: 'male',
      guardian1: { ...intakeName, first_name: 'Guardian' },
    }),
  },
  'lib/actions/intake.ts#deleteChildAction': {
    role: 'client',
    prepare: withRecords,
    input: (w, p) => ({ client_hash: owner1(w), hash: records(p).child, version: 1 }),
  },
  'lib/actions/intake.ts#upsertBeneficiaryAction': {
    role: 'client',
    input: (w) => ({
      client_hash: owner1(w),
      type: 'person',
      owner: 'both',
      same_values: false,
      values1: { tier: 'primary', share_percent: '50', relationship: 'Child' },
      values2: { tier: 'contingent', share_percent: '25', relationship: 'Friend' },
      ...intakeName,
    }),
  },
  'lib/actions/intake.ts#deleteBeneficiaryAction': {
    role: 'client',
    prepare: withRecords,
    input: (w, p) => ({ client_hash: owner1(w), hash: records(p).beneficiary, version: 1 }),
  },
  'lib/actions/intake.ts#upsertTrusteeAction': {
    role: 'client',
    input: (w) => ({ client_hash: owner1(w), owner: '1', values1: { order: 1 }, ...intakeName, phone: '5551234567', email: 'trustee@test.example' }),
  },
  'lib/actions/intake.ts#deleteTrusteeAction': {
    role: 'client',
    prepare: withRecords,
    input: (w, p) => ({ client_hash: owner1(w), hash: records(p).trustee, version: 1 }),
  },
  'lib/actions/intake.ts#upsertAgentAction': {
    role: 'client',
    input: (w) => ({ client_hash: owner1(w), type: 'medical', owner: '2', values2: { order: 1 }, ...intakeName }),
  },
  'lib/actions/intake.ts#deleteAgentAction': {
    role: 'client',
    prepare: withRecords,
    input: (w, p) => ({ client_hash: owner1(w), hash: records(p).agent, version: 1, type: 'general' }),
  },
  'lib/actions/intake.ts#upsertPropertyAction': {
    role: 'client',
    input: (w) => ({
      client_hash: owner1(w),
      owner: 'both',
      is_primary1: true,
      street: '9 Fuzz Rd',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
      value: '250,000',
      purchase_year: 2001,
    }),
  },
  'lib/actions/intake.ts#deletePropertyAction': {
    role: 'client',
    prepare: withRecords,
    input: (w, p) => ({ client_hash: owner1(w), hash: records(p).property, version: 1 }),
  },
  'lib/actions/intake.ts#upsertCompanyAction': {
    role: 'client',
    input: (w) => ({ client_hash: owner1(w), owner: '1', name: 'Fuzz LLC', type: 'limited liability company', values1: { share_percent: '100' } }),
  },
  'lib/actions/intake.ts#deleteCompanyAction': {
    role: 'client',
    prepare: withRecords,
    input: (w, p) => ({ client_hash: owner1(w), hash: records(p).company, version: 1 }),
  },
  'lib/actions/intake.ts#upsertGiftAction': {
    role: 'client',
    prepare: withRecords,
    input: (w, p) => ({
      client_hash: owner1(w),
      owner: 'both',
      gift_type: 'cash',
      beneficiary_hash: records(p).beneficiary,
      cash_amount: '1,000',
      predecease_distribution: 'bloodline',
    }),
  },
  'lib/actions/intake.ts#deleteGiftAction': {
    role: 'client',
    prepare: withRecords,
    input: (w, p) => ({ client_hash: owner1(w), hash: records(p).gift, version: 1 }),
  },
  'lib/actions/intake.ts#upsertAccountAction': {
    role: 'client',
    input: (w) => ({ client_hash: owner1(w), kind: 'bank', owner: '2', company: 'Wells Fargo', type: 'Savings', number: 'AB-1234 5678', value: '12,000.50' }),
  },
  'lib/actions/intake.ts#deleteAccountAction': {
    role: 'client',
    prepare: withRecords,
    input: (w, p) => ({ client_hash: owner1(w), kind: 'annuity', hash: records(p).annuity, version: 1 }),
  },
  'lib/actions/intake.ts#saveNoteAction': { role: 'client', input: (w) => ({ client_hash: owner2(w), body: 'Fuzz note' }) },
};

const NUL = '\u0000';
const LONG = 'x'.repeat(20_000);
/** What React's decoding of `$` references can hand an action in place of a value. */
const decodedReferences = (): [string, unknown][] => [
  ['a Map ($Q)', new Map([['a', 1]])],
  ['a Set ($W)', new Set(['a'])],
  ['a Date ($D)', new Date(0)],
  ['a bigint ($n)', 10n],
  ['a promise ($@)', Promise.resolve('x')],
  ['a function ($h)', () => 'x'],
  ['FormData ($K)', new FormData()],
];
/** What replaces a field: [name, value, only for string fields]. */
const wrongValues = (): [string, unknown, boolean][] => [
  ['value + NUL', NUL, true],
  ['a lone NUL', NUL, false],
  ['a $ string', '$F1', false],
  ['a $$ string', '$$x', true],
  ['a 20,000-character string', LONG, false],
  ['an object with a toString that is no function', { toString: 'x' }, false],
  ['an empty object', {}, false],
  ['an array', ['x'], false],
  ['a number', 12345, false],
  ['a boolean', true, false],
  ['null', null, false],
  ['undefined', undefined, false],
  ...decodedReferences().map(([name, value]): [string, unknown, boolean] => [name, value, false]),
];
/** Whole argument lists that are not one object of fields. */
const wrongArgumentLists = (valid: Record<string, unknown>): [string, unknown[]][] => [
  ['[]', []],
  ['[null]', [null]],
  ['[undefined]', [undefined]],
  ['[a string]', ['x']],
  ['[a $ string]', ['$F1']],
  ['[a number]', [42]],
  ['[an array]', [[valid]]],
  ['[the input, a second argument]', [valid, valid]],
  ['[{}]', [{}]],
  ...decodedReferences().map(([name, value]): [string, unknown[]] => [`[${name}]`, [value]]),
];

/** Every field path of an input (nested objects and the objects in lists included), with its value. */
function fields(value: Record<string, unknown> | unknown[], prefix: (string | number)[] = []): [(string | number)[], unknown][] {
  return Object.entries(value).flatMap(([key, v]) => {
    const at = [...prefix, Array.isArray(value) ? Number(key) : key];
    const nested = v && typeof v === 'object' && (Array.isArray(v) ? v.some((item) => item && typeof item === 'object') : true);
    return nested ? [[at, v] as [(string | number)[], unknown], ...fields(v as Record<string, unknown>, at)] : [[at, v] as [(string | number)[], unknown]];
  });
}

function replaced(input: Record<string, unknown>, at: (string | number)[], value: unknown): Record<string, unknown> {
  const copy = structuredClone(input);
  let node: Record<string | number, unknown> = copy;
  for (const key of at.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[at.at(-1)!] = value;
  return copy;
}

type Call = { what: string; args: unknown[] };

/** The calls for one action: wrong argument lists, then one field at a time replaced, each in a fresh valid input. */
function callsFor(valid: () => Record<string, unknown>): Call[] {
  const calls: Call[] = wrongArgumentLists(valid()).map(([what, args]) => ({ what: `arguments ${what}`, args }));
  for (const [at, original] of fields(valid())) {
    for (const [name, wrong, forStrings] of wrongValues()) {
      if (forStrings && typeof original !== 'string') continue;
      const value = name === 'value + NUL' ? `${String(original)}${NUL}` : name === 'a $$ string' ? `$${String(original)}` : wrong;
      calls.push({ what: `${at.join('.')} = ${name}`, args: [replaced(valid(), at, value)] });
    }
  }
  return calls;
}

let peer = 0;
/** Each call from its own address, so the per-address brakes never decide an answer here. */
const nextAddress = () => {
  peer += 1;
  return `198.20.${Math.floor(peer / 250)}.${(peer % 250) + 1}`;
};

/**
 * The one refusal that writes, on purpose: a wrong current password (any text in password_check is one) is
 * counted by the sign-in brakes like a failed sign-in, in login_attempts (lib/account-settings/own-account.ts).
 */
// A refused current password counts toward the sign-in brakes (a login attempt); so does the right password
// of a refused code (turning the authenticator app off checks the password first).
const countedAttempt = (result: ActionResult<unknown>) =>
  !result.ok && (result.fieldErrors?.password_check === CURRENT_PASSWORD_INCORRECT || result.fieldErrors?.code !== undefined);

/** What one call did: its answer, or what it threw. */
async function invoke(action: Action, args: unknown[]): Promise<{ result?: ActionResult<unknown>; thrown?: unknown }> {
  setRequestHeaders({ host: 'localhost:3000', origin: 'http://localhost:3000', [PEER_HEADER]: nextAddress() });
  try {
    return { result: await action(...args) };
  } catch (thrown) {
    return { thrown };
  }
}

/** What is wrong with an answer ('' when nothing): a throw, a 5xx, a failure without a 4xx status and a message. */
function problemWith({ result, thrown }: { result?: ActionResult<unknown>; thrown?: unknown }): string {
  if (thrown !== undefined) return `threw ${String((thrown as Error)?.message ?? thrown).slice(0, 200)}`;
  if (!result || typeof result !== 'object') return `answered ${String(result)}`;
  if (result.ok) return '';
  if (!(result.status >= 400 && result.status < 500)) return `${result.status} ${result.message}`;
  if (typeof result.message !== 'string' || result.message === '') return `${result.status} without a message`;
  return '';
}

async function discoverActions(): Promise<{ id: string; action: Action }[]> {
  const found: { id: string; action: Action }[] = [];
  for (const dir of ['app', 'lib', 'components']) {
    for (const file of walk(path.join(root, dir))) {
      if (!isServerActionFile(fs.readFileSync(file, 'utf8'))) continue;
      const mod = (await import(file)) as Record<string, unknown>;
      const rel = path.relative(root, file).split(path.sep).join('/');
      for (const [name, fn] of Object.entries(mod)) if (typeof fn === 'function') found.push({ id: `${rel}#${name}`, action: fn as Action });
    }
  }
  return found;
}

let actions: { id: string; action: Action }[] = [];
beforeAll(async () => {
  actions = await discoverActions();
}, 60_000);
afterAll(() => {
  delete process.env.CLIENT_DELETE_ALLOWED_EMAILS;
  signOut();
});

describe('fuzzed input on every server action', () => {
  it('has an input for every server action, and every input names an action', () => {
    const found = actions.map((a) => a.id).sort();
    expect(found.length).toBeGreaterThan(0);
    expect(found.filter((id) => !(id in CASES))).toEqual([]);
    expect(Object.keys(CASES).filter((id) => !found.includes(id))).toEqual([]);
  });

  describe.each(Object.keys(CASES))('%s', (id) => {
    it('answers its failure shape with a 4xx and a message (never a 5xx, never a throw) and writes nothing when it refuses', async () => {
      const entry = CASES[id];
      const action = actions.find((a) => a.id === id)?.action;
      if (!action) throw new Error(`No action ${id}`);
      // The valid input goes through as the role (so the fuzz reaches past the scope check), in a world of its own.
      const reached = await buildWorld();
      const reachedSession = sessionOf(reached, entry.role);
      if (reachedSession) await signInAs(reachedSession.user, reachedSession.impersonator);
      else signOut();
      const valid = await invoke(action, [entry.input(reached, entry.prepare ? await entry.prepare(reached) : {})]);
      expect(valid.result).toMatchObject({ ok: true });

      const world = await buildWorld();
      const prepared = entry.prepare ? await entry.prepare(world) : {};
      const session = sessionOf(world, entry.role);
      const problems: string[] = [];
      const spy = jest.spyOn(console, 'error').mockImplementation(() => {});
      try {
        // Signing in records a session, and a success may change it (a new password, acting as someone): after
        // a success the role signs in afresh. A refusal writes nothing, so the state after it is the state
        // before the next call: one fingerprint a call.
        let before: Record<string, string> | null = null;
        for (const call of callsFor(() => entry.input(world, prepared))) {
          if (!before) {
            if (session) await signInAs(session.user, session.impersonator);
            else signOut();
            before = await databaseFingerprint();
          }
          const answer = await invoke(action, call.args);
          const problem = problemWith(answer);
          if (problem) problems.push(`${call.what}: ${problem}`);
          if (answer.result && !answer.result.ok) {
            const after = await databaseFingerprint();
            const changed = Object.keys(after).filter((table) => after[table] !== before![table]);
            const allowed = countedAttempt(answer.result) ? ['login_attempts'] : [];
            if (changed.some((table) => !allowed.includes(table))) problems.push(`${call.what}: ${answer.result.status} but ${changed.join(', ')} changed`);
            before = after;
          } else {
            before = null;
          }
        }
      } finally {
        spy.mockRestore();
        signOut();
      }
      expect(problems).toEqual([]);
    }, 300_000);
  });
});

/* The audit's cases (issue 26 item 7), each by name. */
describe('the cases the audit found', () => {
  let world: World;
  beforeAll(async () => {
    world = await buildWorld();
  }, 60_000);

  const run = async (id: string, args: unknown[]) => {
    const action = actions.find((a) => a.id === id)?.action;
    if (!action) throw new Error(`No action ${id}`);
    const answer = await invoke(action, args);
    if (answer.thrown !== undefined) throw answer.thrown;
    return answer.result!;
  };

  it.each([
    ['lib/actions/passwords.ts#setPasswordAction', []],
    ['lib/actions/passwords.ts#setPasswordAction', [null]],
    ['lib/actions/passwords.ts#setPasswordAction', ['a string']],
    ['lib/actions/accounts.ts#createClientAccountAction', []],
    ['lib/actions/accounts.ts#createClientAccountAction', [null]],
    ['lib/actions/accounts.ts#createClientAccountAction', [[{ email: 'x@test.example' }]]],
  ])('a guest calling the public %s with %j gets 400 and the reason', async (id, args) => {
    signOut();
    const before = await databaseFingerprint();
    expect(await run(id, args)).toEqual({ ok: false, status: 400, message: ACTION_INPUT_MESSAGE });
    expect(await databaseFingerprint()).toEqual(before);
  });

  it.each([
    'lib/actions/intake.ts#upsertChildAction',
    'lib/actions/intake.ts#upsertBeneficiaryAction',
    'lib/actions/intake.ts#upsertTrusteeAction',
    'lib/actions/intake.ts#upsertAgentAction',
    'lib/actions/intake.ts#upsertCompanyAction',
    'lib/actions/intake.ts#upsertGiftAction',
    'lib/actions/intake.ts#upsertAccountAction',
    'lib/actions/intake.ts#updateEstatePlanInfoAction',
    'lib/actions/settings.ts#updatePasswordAction',
  ])('%s given [] or [null] by a client of the household answers 400 (it threw inside its schema)', async (id) => {
    await signInAs(world.household.user);
    for (const args of [[], [null]]) expect(await run(id, args)).toEqual({ ok: false, status: 400, message: ACTION_INPUT_MESSAGE });
  });

  it('updateEstatePlanInfoAction without client1 (or with client1 null) is a 422 on client1, not a 500', async () => {
    await signInAs(world.household.user);
    const before = await databaseFingerprint();
    for (const input of [{ client_hash: owner1(world) }, { client_hash: owner1(world), client1: null, client2: estatePlanAnswers }]) {
      const result = await run('lib/actions/intake.ts#updateEstatePlanInfoAction', [input]);
      expect(result).toMatchObject({ ok: false, status: 422 });
      expect(Object.keys((result as { fieldErrors?: object }).fieldErrors ?? {})).toContain('client1');
    }
    expect(await databaseFingerprint()).toEqual(before);
  });

  it("listUsersAction refuses a NUL in q (422 on q) before any query; PostgreSQL's text cannot hold one", async () => {
    await signInAs(world.admin.user);
    for (const q of [NUL, `fu${NUL}zz`]) {
      expect(await run('lib/actions/admin.ts#listUsersAction', [{ q, page: 1 }])).toEqual({
        ok: false,
        status: 422,
        message: 'Search contains a character that cannot be saved (NUL).',
        fieldErrors: { q: 'Search contains a character that cannot be saved (NUL).' },
      });
    }
    // The search itself still works.
    expect(await run('lib/actions/admin.ts#listUsersAction', [{ q: 'fuzz', page: 1 }])).toMatchObject({ ok: true });
  });
});
