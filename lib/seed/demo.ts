import 'server-only';
import { eq, inArray, sql } from 'drizzle-orm';
import { randomInt } from 'node:crypto';
import type { Database, Tx } from '@/db';
import * as t from '@/db/schema';
import { newHash } from '@/db/schema/columns';
import { sealAccountNumber, sealIdentifier } from '@/lib/crypto';
import { placeOf } from '@/lib/encrypted-columns';
import { hashPassword } from '@/lib/auth/password';
import { chargeWithBooks } from '@/lib/billing/charge';
import { invoiceWaivedFee } from '@/lib/billing/invoice-waived-fee';
import { trustFeeOfPlan } from '@/lib/billing/trust-fee';
import { statusLabel } from '@/lib/estate-plans/statuses';
import { systemContext } from '@/lib/kernel/system-context';
import { subjectKey } from '@/lib/payments/attempts';
import { getPaymentGateway } from '@/lib/payments/gateway';
import { SANDBOX_APPROVE_CARD } from '@/lib/payments/sandbox-numbers';
import { documentStore, type StoredDocument } from '@/lib/files/store';
import { notify } from '@/lib/notifications/notify';
import { demoPdf } from './demo-pdf';
import { TRUST_RELATIONSHIP } from '@/lib/validation/lists';

/**
 * The demo accounts. They share one password, random per seeded database (never a published one): printed
 * on start and written to the demo-accounts file (lib/seed/demo-accounts-file.ts).
 */
export const DEMO_ACCOUNTS = [
  { role: 'Admin', email: 'admin@demo.trustwell.test' },
  { role: 'Attorney', email: 'attorney@demo.trustwell.test' },
  { role: 'Advisor (firm supervisor)', email: 'alice.morgan@demo.trustwell.test' },
  { role: 'Advisor', email: 'ben.carter@demo.trustwell.test' },
  { role: 'Staff', email: 'casey.lee@demo.trustwell.test' },
  { role: 'Client (half-finished intake)', email: 'jordan.blake@demo.trustwell.test' },
  { role: 'Client (married, submitted)', email: 'pat.rivera@demo.trustwell.test' },
  { role: 'Spouse (married, submitted)', email: 'sam.rivera@demo.trustwell.test' },
  { role: 'Client (married, ready to submit)', email: 'lee.nakamura@demo.trustwell.test' },
  { role: 'Spouse (married, ready to submit)', email: 'robin.nakamura@demo.trustwell.test' },
] as const;

const CONSONANTS = 'bdfghjklmnprstvz';
const VOWELS = 'aeiou';

/**
 * A readable, strong password such as `Bakol-Timer-Nuvas-4821`: three pronounceable blocks
 * (consonant-vowel-consonant-vowel-consonant, 16·5·16·5·16 choices each) and four digits, drawn with
 * node:crypto. 3 × 16.6 + 13.3 ≈ 63 bits.
 */
export function generateDemoPassword(): string {
  const pick = (letters: string) => letters[randomInt(letters.length)];
  const block = () => {
    const letters = [CONSONANTS, VOWELS, CONSONANTS, VOWELS, CONSONANTS].map(pick).join('');
    return letters[0].toUpperCase() + letters.slice(1);
  };
  return [block(), block(), block(), String(randomInt(10_000)).padStart(4, '0')].join('-');
}

type PersonInput = Partial<typeof t.persons.$inferInsert> & { firstName: string; lastName: string };

async function person(tx: Tx, p: PersonInput & { ssn?: string }) {
  const { ssn, ...rest } = p;
  // The row's hash is part of the SSN's encryption (its place), so it is chosen before the insert.
  const hash = rest.hash ?? newHash();
  const sealed = sealIdentifier(ssn, placeOf(t.persons.ssnCipher, hash));
  const [row] = await tx
    .insert(t.persons)
    .values({ ...rest, hash, ssnCipher: sealed.cipher, ssnLast4: sealed.last4 })
    .returning();
  return row;
}

async function user(tx: Tx, passwordHash: string, p: PersonInput & { email: string; ssn?: string }, flags: Partial<typeof t.users.$inferInsert> = {}) {
  const personRow = await person(tx, p);
  const [row] = await tx
    .insert(t.users)
    .values({ personId: personRow.id, email: p.email, passwordHash, ...flags })
    .returning();
  return { user: row, person: personRow };
}

/**
 * What each demo account is now, for the start-up banner: a client's plan status and completion, an
 * advisor's households and unpaid invoices (a database used for a while no longer matches the roles the
 * seed gave: the Nakamuras submitted, Ben paid). Keyed by e-mail; accounts with nothing to say are absent.
 */
export async function demoAccountStates(database: Database): Promise<Record<string, string>> {
  const emails = DEMO_ACCOUNTS.map((a) => a.email);
  const clients = await database
    .select({
      email: t.users.email,
      status: sql<t.EstatePlanStatus | null>`(select ep.status from ${t.estatePlans} ep
        where ep.client_id in (h.owner1_client_id, h.owner2_client_id) order by ep.id desc limit 1)`,
      completion: sql<number | null>`h.completion_percent`,
    })
    .from(t.users)
    .innerJoin(t.clients, eq(t.clients.userId, t.users.id))
    .innerJoin(sql`households h`, sql`${t.clients.id} in (h.owner1_client_id, h.owner2_client_id)`)
    .where(inArray(t.users.email, emails));
  const advisors = await database
    .select({
      email: t.users.email,
      households: sql<number>`(select count(*)::int from households h join clients c on c.id = h.owner1_client_id where c.advisor_id = ${t.advisors.id})`,
      unpaid: sql<number>`(select count(*)::int from invoices i where i.advisor_id = ${t.advisors.id} and i.status = 'open')`,
      max: t.advisors.maxInvoices,
    })
    .from(t.users)
    .innerJoin(t.advisors, eq(t.advisors.userId, t.users.id))
    .where(inArray(t.users.email, emails));
  const states: Record<string, string> = {};
  for (const c of clients) {
    const status = c.status ? statusLabel(c.status) : 'no plan';
    states[c.email] = c.completion === null ? status : `${status}, intake ${c.completion}% complete`;
  }
  for (const a of advisors) {
    const invoices = `${a.unpaid} unpaid invoice${a.unpaid === 1 ? '' : 's'}`;
    states[a.email] = `${a.households} household${a.households === 1 ? '' : 's'}, ${invoices}${a.unpaid >= a.max ? ', features locked' : ''}`;
  }
  return states;
}

/** Whether the demo data is already there (the admin account exists). */
export async function hasDemoData(db: Database): Promise<boolean> {
  const rows = await db.select({ id: t.users.id }).from(t.users).where(eq(t.users.email, DEMO_ACCOUNTS[0].email)).limit(1);
  return rows.length > 0;
}

/**
 * The demo advisors' sign-up links (`/join/{advisorHash}`): a client who joins through one is linked to
 * that advisor and gets the discount. Printed on start, since no screen shows an advisor's link yet.
 */
export async function demoAdvisorLinks(db: Database): Promise<{ email: string; path: string }[]> {
  const demoEmails = new Set<string>(DEMO_ACCOUNTS.map((a) => a.email));
  const rows = await db
    .select({ email: t.users.email, hash: t.advisors.hash })
    .from(t.advisors)
    .innerJoin(t.users, eq(t.users.id, t.advisors.userId))
    .orderBy(t.advisors.id);
  return rows.filter((r) => demoEmails.has(r.email)).map((r) => ({ email: r.email, path: `/join/${r.hash}` }));
}

/**
 * Loads the demo firm, people, households, plans, files, invites and invoices, every demo account with
 * `password` (a fresh random one by default). Idempotent: returns the password when it seeded, null when
 * the demo data was already there. Recording the password is the caller's job (lib/startup/prepare.ts).
 */
export async function seedDemoData(db: Database, { password = generateDemoPassword() }: { password?: string } = {}): Promise<{ password: string } | null> {
  if (await hasDemoData(db)) return null;
  const passwordHash = await hashPassword(password);
  const letterBytes = new TextEncoder().encode('Engagement letter for the Rivera Family Trust.\n');
  const draftBytes = demoPdf('Rivera Family Trust - Draft', [
    'Draft for attorney review. Demo document: not a legal instrument.',
    'Grantors: Pat Rivera and Sam Elise Rivera.',
    'Prepared by Trustwell for the demo household.',
  ]);
  const letter = { ...(await documentStore().put(letterBytes, { name: LETTER_NAME, contentType: 'text/plain' })), size: letterBytes.byteLength };
  const draft = { ...(await documentStore().put(draftBytes, { name: DRAFT_NAME, contentType: 'application/pdf' })), size: draftBytes.byteLength };

  let riverasPlan: number | null = null;
  await db.transaction(async (tx) => {
    const [firm] = await tx.insert(t.firms).values({ name: 'Harbor Wealth Partners' }).returning();

    await user(tx, passwordHash, { firstName: 'Evan', lastName: 'Price', email: DEMO_ACCOUNTS[0].email, phone: '4155550100' }, { isAdmin: true });
    const attorney = await user(
      tx,
      passwordHash,
      { firstName: 'Dana', lastName: 'Whitfield', email: DEMO_ACCOUNTS[1].email, phone: '4155550101' },
      { isLegal: true },
    );

    const alice = await user(
      tx,
      passwordHash,
      { firstName: 'Alice', lastName: 'Morgan', email: DEMO_ACCOUNTS[2].email, phone: '4155550102' },
      { isAdvisory: true, isFirmSupervisor: true },
    );
    const ben = await user(
      tx,
      passwordHash,
      { firstName: 'Ben', lastName: 'Carter', email: DEMO_ACCOUNTS[3].email, phone: '4155550103' },
      { isAdvisory: true },
    );
    const casey = await user(
      tx,
      passwordHash,
      { firstName: 'Casey', lastName: 'Lee', email: DEMO_ACCOUNTS[4].email, phone: '4155550104' },
      { isAdvisory: true },
    );

    const [aliceAdvisor] = await tx.insert(t.advisors).values({ userId: alice.user.id, maxInvoices: 5 }).returning();
    const [benAdvisor] = await tx.insert(t.advisors).values({ userId: ben.user.id, isWaivingFee: true, maxInvoices: 3 }).returning();
    await tx.insert(t.advisorFirms).values([
      { advisorId: aliceAdvisor.id, firmId: firm.id },
      { advisorId: benAdvisor.id, firmId: firm.id },
    ]);
    await tx.insert(t.staffAdvisors).values([
      { staffUserId: casey.user.id, advisorId: aliceAdvisor.id },
      { staffUserId: casey.user.id, advisorId: benAdvisor.id },
    ]);

    const jordan = await seedJordan(tx, passwordHash, aliceAdvisor.id);
    const riveras = await seedRiveras(tx, passwordHash, { advisorId: aliceAdvisor.id, attorneyUserId: attorney.user.id, letter, draft });
    riverasPlan = riveras.planId;

    // A client the advisor created before inviting them: the invite points at that record, which the invitee
    // takes over on joining.
    const taylor = await person(tx, { firstName: 'Taylor', lastName: 'Nguyen', email: 'taylor.nguyen@example.com', phone: '5035550140' });
    const [taylorClient] = await tx.insert(t.clients).values({ personId: taylor.id, advisorId: aliceAdvisor.id }).returning();
    await tx.insert(t.households).values({ owner1ClientId: taylorClient.id });

    // Invites: one joined, one fresh (can't be resent yet), one that may be resent.
    const now = Date.now();
    await tx.insert(t.invites).values([
      {
        advisorId: aliceAdvisor.id,
        clientName: 'Jordan Blake',
        clientEmail: DEMO_ACCOUNTS[5].email,
        sentAt: new Date(now - 20 * DAY),
        joinedUserId: jordan.userId,
        clientId: jordan.clientId,
      },
      {
        advisorId: aliceAdvisor.id,
        clientName: 'Taylor Nguyen',
        clientEmail: 'taylor.nguyen@example.com',
        sentAt: new Date(now - 2 * DAY),
        clientId: taylorClient.id,
      },
      { advisorId: benAdvisor.id, clientName: 'Chris Patel', clientEmail: 'chris.patel@example.com', sentAt: new Date(now) },
    ]);

    await seedOkafors(tx, aliceAdvisor.id);
    await seedNakamuras(tx, passwordHash, aliceAdvisor.id);
    // After the others, so their records keep their ids.
    await seedBenHouseholds(tx, benAdvisor.id);
  });
  // The Riveras paid their trust fee before submitting: a real charge through the payment path (the
  // sandbox), so its payment, receipt and books are what the app itself would have written.
  await payRiverasFee(db, riverasPlan);
  return { password };
}

/** The system context the demo's writes are recorded under (audit rows read "System", job seed). */
const SEED_CONTEXT = systemContext('seed-demo');

/**
 * Ben Carter covers his clients' fees (is_waiving_fee): each of his three households submitted its trust, so
 * each fee was invoiced to him by the rule the app applies at submission (invoiceWaivedFee), naming the
 * household. Three unpaid invoices reach his max_invoices: his features are locked until he pays.
 */
async function seedBenHouseholds(tx: Tx, advisorId: number): Promise<void> {
  const now = Date.now();
  const households = [
    {
      firstName: 'Mei',
      lastName: 'Chen',
      email: 'mei.chen@example.com',
      phone: '4155550180',
      dob: '1968-04-12',
      gender: 'female' as const,
      state: 'CA',
      days: 21,
    },
    {
      firstName: 'Luis',
      lastName: 'Diaz',
      email: 'luis.diaz@example.com',
      phone: '4155550181',
      dob: '1972-11-03',
      gender: 'male' as const,
      state: 'CA',
      days: 12,
    },
    {
      firstName: 'Grace',
      lastName: 'Evans',
      email: 'grace.evans@example.com',
      phone: '4155550182',
      dob: '1959-06-27',
      gender: 'female' as const,
      state: 'NV',
      days: 4,
    },
  ];
  for (const h of households) {
    const p = await person(tx, { firstName: h.firstName, lastName: h.lastName, email: h.email, phone: h.phone, dob: h.dob });
    const [client] = await tx.insert(t.clients).values({ personId: p.id, advisorId, gender: h.gender, residenceState: h.state, isUsCitizen: true }).returning();
    await tx.insert(t.households).values({ owner1ClientId: client.id });
    const submittedAt = new Date(now - h.days * DAY);
    const [plan] = await tx
      .insert(t.estatePlans)
      .values({ clientId: client.id, status: 'sent', submittedAt, createdAt: new Date(submittedAt.getTime() - 7 * DAY) })
      .returning();
    await tx.insert(t.estatePlanStatusChanges).values([
      { estatePlanId: plan.id, fromStatus: null, toStatus: 'incomplete', createdAt: new Date(submittedAt.getTime() - 7 * DAY) },
      { estatePlanId: plan.id, fromStatus: 'incomplete', toStatus: 'sent', createdAt: submittedAt },
    ]);
    await invoiceWaivedFee(SEED_CONTEXT, tx, plan.id);
  }
}

/** The Riveras' trust fee, charged once to the sandbox's approving card (not when a real gateway is configured). */
async function payRiverasFee(database: Database, planId: number | null): Promise<void> {
  const gateway = getPaymentGateway();
  if (planId === null || gateway.name !== 'sandbox') return;
  const fee = await trustFeeOfPlan(database, planId, SEED_CONTEXT.now);
  await chargeWithBooks(
    SEED_CONTEXT,
    { purpose: 'trust_fee', subject: subjectKey({ plan: planId }) },
    fee.price,
    { type: 'card', number: SANDBOX_APPROVE_CARD, expMonth: 12, expYear: new Date().getUTCFullYear() + 3, cvv: '123', name: 'Pat Rivera' },
    { gateway },
  );
}

const DAY = 86_400_000;

/** A pivot row's values for one owning client of an item. */
type Owned<V> = { clientId: number } & V;

/** A single client in the middle of the intake: personal info and a child; no beneficiaries or assets yet. */
async function seedJordan(tx: Tx, passwordHash: string, advisorId: number) {
  const jordan = await user(tx, passwordHash, {
    firstName: 'Jordan',
    lastName: 'Blake',
    email: DEMO_ACCOUNTS[5].email,
    phone: '5035550110',
    dob: '1979-04-12',
    ssn: '123456789',
  });
  const [client] = await tx
    .insert(t.clients)
    .values({
      personId: jordan.person.id,
      userId: jordan.user.id,
      advisorId,
      gender: 'female',
      residenceState: 'OR',
      isUsCitizen: true,
      isReceivingMedicaid: false,
      hasMentalDisorder: false,
      wantsLifeSupport: false,
      wantsCremation: true,
      // Organ donation, the estate plan questions and the trust intents are still Unanswered.
      // Riley is listed: the household's 'Do you have any children?' is Yes, as adding him would store.
      hasChildren: true,
    })
    .returning();
  await tx.insert(t.households).values({ owner1ClientId: client.id });
  const [plan] = await tx.insert(t.estatePlans).values({ clientId: client.id, status: 'incomplete' }).returning();
  await tx.insert(t.estatePlanStatusChanges).values({ estatePlanId: plan.id, fromStatus: null, toStatus: 'incomplete', changedByUserId: jordan.user.id });
  const riley = await person(tx, { firstName: 'Riley', lastName: 'Blake', dob: '2014-09-02' });
  const guardian = await person(tx, { firstName: 'Quinn', lastName: 'Blake', phone: '5035550111', email: 'quinn.blake@example.com' });
  const [child] = await tx.insert(t.children).values({ personId: riley.id, gender: 'male', guardian1PersonId: guardian.id }).returning();
  await tx.insert(t.clientChildren).values({ clientId: client.id, childId: child.id });
  return { userId: jordan.user.id, clientId: client.id };
}

/**
 * The Okafors: a married household the advisor works on for them (no logins yet), not submitted: personal
 * info given, two beneficiaries, no assets yet (sections 7-14 are where they stand). Seeded last, so the
 * other demo records keep their ids.
 */
async function seedOkafors(tx: Tx, advisorId: number) {
  const chidi = await person(tx, { firstName: 'Chidi', lastName: 'Okafor', email: 'chidi.okafor@example.com', phone: '6175550170', dob: '1975-03-14' });
  const amara = await person(tx, { firstName: 'Amara', lastName: 'Okafor', email: 'amara.okafor@example.com', phone: '6175550171', dob: '1977-08-22' });
  const answers = {
    advisorId,
    residenceState: 'MA',
    isUsCitizen: true,
    isReceivingMedicaid: false,
    hasMentalDisorder: false,
    wantsLifeSupport: true,
    wantsCremation: false,
    isOrganDonor: true,
  };
  const [c1] = await tx
    .insert(t.clients)
    .values({ ...answers, personId: chidi.id, gender: 'male' })
    .returning();
  const [c2] = await tx
    .insert(t.clients)
    .values({ ...answers, personId: amara.id, gender: 'female' })
    .returning();
  await tx.insert(t.households).values({ owner1ClientId: c1.id, owner2ClientId: c2.id });
  await tx.insert(t.estatePlans).values({ clientId: c1.id, status: 'incomplete' });
  const ada = await person(tx, { firstName: 'Ada', lastName: 'Okafor', dob: '2003-05-09' });
  const [b1] = await tx.insert(t.beneficiaries).values({ type: 'person', personId: ada.id }).returning();
  await tx
    .insert(t.clientBeneficiaries)
    .values([c1.id, c2.id].map((clientId) => ({ clientId, beneficiaryId: b1.id, tier: 'primary' as const, sharePercent: '100.00', relationship: 'Child' })));
  const ngozi = await person(tx, { firstName: 'Ngozi', lastName: 'Eze', dob: '1950-01-30' });
  const [b2] = await tx.insert(t.beneficiaries).values({ type: 'person', personId: ngozi.id }).returning();
  await tx.insert(t.clientBeneficiaries).values({ clientId: c2.id, beneficiaryId: b2.id, tier: 'contingent', sharePercent: '100.00', relationship: 'Parent' });
}

const LETTER_NAME = 'Engagement Letter.txt';
const DRAFT_NAME = 'Rivera Family Trust - Draft for Attorney Review.pdf';
type SeededFile = StoredDocument & { size: number };

/**
 * The Riveras: a married household whose intake is complete and submitted, under attorney review. Every
 * section is filled, with items owned by Pat (owner 1), by Sam (owner 2) and by both.
 */
async function seedRiveras(tx: Tx, passwordHash: string, ids: { advisorId: number; attorneyUserId: number; letter: SeededFile; draft: SeededFile }) {
  const pat = await user(tx, passwordHash, {
    firstName: 'Pat',
    lastName: 'Rivera',
    email: DEMO_ACCOUNTS[6].email,
    phone: '4085550120',
    dob: '1968-02-20',
    ssn: '234567890',
  });
  const sam = await user(tx, passwordHash, {
    firstName: 'Sam',
    middleName: 'Elise',
    lastName: 'Rivera',
    email: DEMO_ACCOUNTS[7].email,
    phone: '4085550121',
    dob: '1970-11-05',
    ssn: '345678901',
  });
  const answers = {
    advisorId: ids.advisorId,
    residenceState: 'CA',
    isUsCitizen: true,
    isReceivingMedicaid: false,
    hasMentalDisorder: false,
    isOrganDonor: true,
    // Current and new estate plan info: a trust made in 2009, amended once, to be replaced.
    hasEstatePlan: 'yes' as const,
    estatePlanType: 'Trust',
    trustName: 'Rivera Family Trust',
    trustDate: '2009-06-12',
    trustTimesAmended: 1,
    trustReplacementReason: 'Restate the trust to add our younger children and the family businesses.',
    isAssetsTrustOwned: 'yes' as const,
    trustGoverningState: 'CA',
    hasTrustIntent1: true,
    hasTrustIntent2: false,
    hasTrustIntent3: true,
    hasTrustIntent4: true,
    hasTrustIntent5: true,
    hasTrustIntent6: true,
    hasTrustIntent7: false,
    trustIntentOther: 'Keep the Tahoe cabin in the family for at least ten years.',
    isSpouseBeneficiary: true,
    isSpousePoaGeneral: true,
    isSpousePoaMedical: true,
    isSpousePoaFinancial: true,
    isTrustSubmitted: true,
  };
  const [patClient] = await tx
    .insert(t.clients)
    .values({ ...answers, personId: pat.person.id, userId: pat.user.id, gender: 'male', wantsLifeSupport: true, wantsCremation: false, hasChildren: true })
    .returning();
  const [samClient] = await tx
    .insert(t.clients)
    .values({ ...answers, personId: sam.person.id, userId: sam.user.id, gender: 'female', wantsLifeSupport: false, wantsCremation: true })
    .returning();
  await tx.insert(t.households).values({ owner1ClientId: patClient.id, owner2ClientId: samClient.id });
  const P = patClient.id;
  const S = samClient.id;
  const both = [P, S];

  // People who appear in several sections: stored once, linked from each.
  const morgan = await person(tx, { firstName: 'Morgan', lastName: 'Ellis', phone: '4085550130', email: 'morgan.ellis@example.com' });
  const chris = await person(tx, { firstName: 'Chris', lastName: 'Ellis', phone: '4085550131', email: 'chris.ellis@example.com' });
  const elena = await person(tx, { firstName: 'Elena', lastName: 'Rivera', phone: '2135550150', email: 'elena.rivera@example.com', dob: '1972-07-19' });
  const grace = await person(tx, { firstName: 'Grace', lastName: 'Kim', phone: '6505550160', email: 'grace.kim@example.com', dob: '1974-01-30' });
  const marco = await person(tx, { firstName: 'Marco', lastName: 'Rivera', dob: '1965-10-03' });

  // Children: one adult and two minors of both, and Sam's adult child from an earlier marriage.
  const avery = await person(tx, {
    firstName: 'Avery',
    lastName: 'Rivera',
    dob: '2001-06-15',
    ssn: '456789012',
    phone: '4085550122',
    email: 'avery.rivera@example.com',
  });
  const jamie = await person(tx, { firstName: 'Jamie', lastName: 'Rivera', dob: '2012-03-30', ssn: '567890123' });
  const noah = await person(tx, { firstName: 'Noah', lastName: 'Rivera', dob: '2015-08-09', ssn: '678901234' });
  const taylor = await person(tx, { firstName: 'Taylor', lastName: 'Brooks', dob: '1995-01-22', ssn: '789012345' });
  for (const kid of [
    { person: avery, gender: 'female' as const, owners: both },
    { person: jamie, gender: 'male' as const, owners: both, guardian1: morgan.id },
    {
      person: noah,
      gender: 'male' as const,
      owners: both,
      guardian1: morgan.id,
      guardian2: chris.id,
      specifics: 'Morgan and Chris Ellis serve together; if only one of them can serve, Morgan serves alone.',
    },
    { person: taylor, gender: 'female' as const, owners: [S] },
  ]) {
    const [child] = await tx
      .insert(t.children)
      .values({
        personId: kid.person.id,
        gender: kid.gender,
        guardian1PersonId: kid.guardian1 ?? null,
        guardian2PersonId: kid.guardian2 ?? null,
        multiGuardianSpecifics: kid.specifics ?? null,
      })
      .returning();
    await tx.insert(t.clientChildren).values(kid.owners.map((clientId) => ({ clientId, childId: child.id })));
  }

  // Beneficiaries: each client's tiers add up to 100 (omitted excluded).
  type Share = Owned<Omit<typeof t.clientBeneficiaries.$inferInsert, 'clientId' | 'beneficiaryId'>>;
  const personBeneficiary = async (personId: number, shares: Share[]) => {
    const [row] = await tx.insert(t.beneficiaries).values({ type: 'person', personId }).returning();
    await tx.insert(t.clientBeneficiaries).values(shares.map((s) => ({ ...s, beneficiaryId: row.id })));
    return row;
  };
  const entityBeneficiary = async (
    entity: { name: string; identifier: string; kind: 'ssn' | 'tin' | 'ein'; date?: string; isTrust?: boolean },
    shares: Share[],
  ) => {
    // The identifier's place includes the row's hash, so the hash is chosen before the insert.
    const hash = newHash();
    const sealed = sealIdentifier(entity.identifier, placeOf(t.beneficiaries.entityIdentifierCipher, hash));
    const [row] = await tx
      .insert(t.beneficiaries)
      .values({
        hash,
        type: 'entity',
        entityName: entity.name,
        entityIdentifierCipher: sealed.cipher,
        entityIdentifierLast4: sealed.last4,
        entityIdentifierKind: entity.kind,
        entityDate: entity.date ?? null,
        isTrust: entity.isTrust ?? false,
      })
      .returning();
    await tx.insert(t.clientBeneficiaries).values(shares.map((s) => ({ ...s, beneficiaryId: row.id })));
    return row;
  };
  const primary = (clientId: number, sharePercent: string, relationship: string): Share => ({
    clientId,
    tier: 'primary',
    sharePercent,
    relationship,
    isPerStirpes: true,
  });
  const averyBene = await personBeneficiary(avery.id, [primary(P, '25.00', 'Child'), primary(S, '25.00', 'Child')]);
  const jamieBene = await personBeneficiary(jamie.id, [primary(P, '25.00', 'Child'), primary(S, '25.00', 'Child')]);
  const noahBene = await personBeneficiary(noah.id, [primary(P, '25.00', 'Child'), primary(S, '25.00', 'Child')]);
  const taylorBene = await personBeneficiary(taylor.id, [primary(P, '25.00', 'Step-Child'), primary(S, '25.00', 'Child')]);
  await entityBeneficiary({ name: 'Rivera Education Trust', identifier: '12-3456789', kind: 'tin', date: '2018-09-01', isTrust: true }, [
    { clientId: P, tier: 'contingent', sharePercent: '60.00', relationship: TRUST_RELATIONSHIP },
    { clientId: S, tier: 'contingent', sharePercent: '50.00', relationship: TRUST_RELATIONSHIP },
  ]);
  await entityBeneficiary({ name: 'Bay Area Food Bank', identifier: '94-1234567', kind: 'ein', date: '1978-03-15' }, [
    { clientId: P, tier: 'contingent', sharePercent: '40.00', relationship: 'Other' },
    { clientId: S, tier: 'contingent', sharePercent: '50.00', relationship: 'Other' },
  ]);
  await personBeneficiary(elena.id, [{ clientId: P, tier: 'tertiary', sharePercent: '100.00', relationship: 'Sibling' }]);
  await personBeneficiary(grace.id, [{ clientId: S, tier: 'tertiary', sharePercent: '100.00', relationship: 'Sibling' }]);
  await personBeneficiary(marco.id, [
    { clientId: P, tier: 'omitted', sharePercent: '0.00', relationship: 'Sibling', omissionReason: 'Provided for during our lifetime.' },
    { clientId: S, tier: 'omitted', sharePercent: '0.00', relationship: 'Other', omissionReason: 'Provided for during our lifetime.' },
  ]);

  // Successor trustees, in order.
  for (const trustee of [
    {
      personId: avery.id,
      orders: [
        [P, 1],
        [S, 1],
      ],
    },
    {
      personId: morgan.id,
      orders: [
        [P, 2],
        [S, 2],
      ],
    },
    { personId: elena.id, orders: [[P, 3]] },
    { personId: grace.id, orders: [[S, 3]] },
  ]) {
    const [row] = await tx.insert(t.fiduciaries).values({ personId: trustee.personId }).returning();
    await tx.insert(t.clientFiduciaries).values(trustee.orders.map(([clientId, order]) => ({ clientId, fiduciaryId: row.id, order })));
  }

  // Durable powers of attorney: agents for the three types, in order; the financial agents serve together.
  const agentOf = new Map<number, number>();
  for (const personId of [avery.id, morgan.id, elena.id, grace.id]) {
    const [row] = await tx.insert(t.poaAgents).values({ personId }).returning();
    agentOf.set(personId, row.id);
  }
  type Appointment = [clientId: number, personId: number, type: 'general' | 'medical' | 'financial', order: number];
  const appointments: Appointment[] = [
    [P, avery.id, 'general', 1],
    [P, elena.id, 'general', 2],
    [S, avery.id, 'general', 1],
    [S, grace.id, 'general', 2],
    [P, avery.id, 'medical', 1],
    [P, morgan.id, 'medical', 2],
    [S, avery.id, 'medical', 1],
    [S, morgan.id, 'medical', 2],
    [P, avery.id, 'financial', 1],
    [P, elena.id, 'financial', 2],
    [S, avery.id, 'financial', 1],
    [S, grace.id, 'financial', 2],
  ];
  await tx.insert(t.clientPoaAgents).values(
    appointments.map(([clientId, personId, type, order]) => ({
      clientId,
      agentId: agentOf.get(personId)!,
      type,
      order,
      isCollective: type === 'financial',
      isIndependent: type === 'financial' && clientId === S,
    })),
  );

  // Properties: the shared home is each owner's primary residence; a cabin of Pat's and a condo of Sam's.
  const property = async (address: typeof t.addresses.$inferInsert, purchase: { month?: number; year: number }, owners: Owned<{ isPrimary: boolean }>[]) => {
    const [addressRow] = await tx.insert(t.addresses).values(address).returning();
    const [row] = await tx
      .insert(t.properties)
      .values({ addressId: addressRow.id, purchaseMonth: purchase.month ?? null, purchaseYear: purchase.year })
      .returning();
    await tx.insert(t.clientProperties).values(owners.map((o) => ({ ...o, propertyId: row.id })));
    return { address: addressRow, property: row };
  };
  await property({ street: '1200 Alameda Ave', city: 'San Jose', state: 'CA', zip: '95126', value: '1450000.00' }, { month: 5, year: 2004 }, [
    { clientId: P, isPrimary: true },
    { clientId: S, isPrimary: true },
  ]);
  const cabin = await property({ street: '42 Pine Ridge Rd', city: 'South Lake Tahoe', state: 'CA', zip: '96150', value: '690000.00' }, { year: 2016 }, [
    { clientId: P, isPrimary: false },
  ]);
  await property({ street: '77 Ocean View Blvd', unit: '3B', city: 'Santa Cruz', state: 'CA', zip: '95060', value: '540000.00' }, { month: 3, year: 1999 }, [
    { clientId: S, isPrimary: false },
  ]);

  // Companies: an LLC held half and half, and a corporation with stock.
  const company = async (
    values: Omit<typeof t.companies.$inferInsert, 'addressId'>,
    address: typeof t.addresses.$inferInsert,
    owners: Owned<{ sharePercent: string; stockShares?: number }>[],
  ) => {
    const [addressRow] = await tx.insert(t.addresses).values(address).returning();
    const [row] = await tx
      .insert(t.companies)
      .values({ ...values, addressId: addressRow.id })
      .returning();
    await tx.insert(t.clientCompanies).values(owners.map((o) => ({ ...o, companyId: row.id })));
  };
  await company(
    { name: 'Rivera Design LLC', type: 'limited liability company' },
    { street: '88 Market St', unit: 'Suite 4', city: 'San Jose', state: 'CA', zip: '95113', value: '350000.00' },
    [
      { clientId: P, sharePercent: '50.00' },
      { clientId: S, sharePercent: '50.00' },
    ],
  );
  await company(
    { name: 'Rivera Holdings, Inc.', type: 'corporation' },
    { street: '2100 Tasman Dr', city: 'Santa Clara', state: 'CA', zip: '95054', value: '1200000.00' },
    [
      { clientId: P, sharePercent: '60.00', stockShares: 600_000 },
      { clientId: S, sharePercent: '40.00', stockShares: 400_000 },
    ],
  );

  // Specific gifts of all three types.
  for (const gift of [
    {
      values: { giftType: 'property' as const, beneficiaryId: averyBene.id, addressId: cabin.address.id, predeceaseDistribution: 'bloodline' as const },
      owners: [P],
    },
    { values: { giftType: 'cash' as const, beneficiaryId: jamieBene.id, cashAmount: '25000.00', predeceaseDistribution: 'equally' as const }, owners: both },
    {
      values: {
        giftType: 'item' as const,
        beneficiaryId: noahBene.id,
        specificItem: "Grandfather's 1965 Omega Seamaster watch",
        predeceaseDistribution: 'lapse' as const,
      },
      owners: [P],
    },
    {
      values: { giftType: 'item' as const, beneficiaryId: taylorBene.id, specificItem: 'Steinway upright piano', predeceaseDistribution: 'bloodline' as const },
      owners: [S],
    },
  ]) {
    const [row] = await tx.insert(t.gifts).values(gift.values).returning();
    await tx.insert(t.clientGifts).values(gift.owners.map((clientId) => ({ clientId, giftId: row.id })));
  }

  // Accounts of every kind, owned by Pat, by Sam or by both; numbers are kept as typed, letters included.
  for (const account of [
    { kind: 'retirement' as const, company: 'Fidelity', type: 'Traditional IRA', number: '7000123456', value: '412000.00', owners: [P] },
    { kind: 'retirement' as const, company: 'Vanguard', type: 'Roth IRA', number: '7000654321', value: '188500.50', owners: [S] },
    { kind: 'brokerage' as const, company: 'Charles Schwab', type: 'Joint', number: 'SCH-5555 0111', value: '260000.00', owners: both },
    { kind: 'brokerage' as const, company: 'Fidelity', type: 'Individual', number: 'Z12-345678', value: '75000.00', owners: [S] },
    { kind: 'bank' as const, company: 'Wells Fargo', type: 'Checkings', number: '0001112223', value: '42000.00', owners: both },
    { kind: 'bank' as const, company: 'Bank of America', type: 'Savings', number: '4440009991', value: '15500.25', owners: [P] },
    { kind: 'annuity' as const, company: 'Pacific Life', type: null, number: 'PL-9990001112', value: '120000.00', owners: [P] },
    { kind: 'annuity' as const, company: 'Northwestern Mutual', type: null, number: '21 884 903', value: '500000.00', owners: [S] },
  ]) {
    const hash = newHash();
    const sealed = sealAccountNumber(account.number, placeOf(t.accounts.numberCipher, hash));
    const [row] = await tx
      .insert(t.accounts)
      .values({
        hash,
        kind: account.kind,
        company: account.company,
        type: account.type,
        numberCipher: sealed.cipher,
        numberLast4: sealed.last4,
        value: account.value,
      })
      .returning();
    await tx.insert(t.clientAccounts).values(account.owners.map((clientId) => ({ clientId, accountId: row.id })));
  }
  // The household's note and plan hang off owner 1.
  await tx.insert(t.notes).values({ clientId: P, body: 'Please confirm whether the office building should go into the trust or stay with the LLC.' });

  // Submitted ten days ago after paying; the attorney has been preparing it for a week.
  const now = Date.now();
  const [plan] = await tx
    .insert(t.estatePlans)
    .values({ clientId: P, status: 'preparing', submittedAt: new Date(now - 10 * DAY), submittedByUserId: pat.user.id, createdAt: new Date(now - 30 * DAY) })
    .returning();
  await tx.insert(t.estatePlanStatusChanges).values([
    { estatePlanId: plan.id, fromStatus: null, toStatus: 'incomplete', changedByUserId: pat.user.id, createdAt: new Date(now - 30 * DAY) },
    { estatePlanId: plan.id, fromStatus: 'incomplete', toStatus: 'paid', changedByUserId: pat.user.id, createdAt: new Date(now - 10 * DAY - 3_600_000) },
    { estatePlanId: plan.id, fromStatus: 'paid', toStatus: 'sent', changedByUserId: pat.user.id, createdAt: new Date(now - 10 * DAY) },
    { estatePlanId: plan.id, fromStatus: 'sent', toStatus: 'preparing', changedByUserId: ids.attorneyUserId, createdAt: new Date(now - 7 * DAY) },
  ]);
  // Each spouse acknowledged the three Agreement and Receipt statements before submitting.
  await tx.insert(t.planConsents).values(
    [
      { clientId: P, userId: pat.user.id },
      { clientId: S, userId: sam.user.id },
    ].flatMap(({ clientId, userId }) =>
      [1, 2, 3].map((statement) => ({
        estatePlanId: plan.id,
        clientId,
        statement,
        acknowledgedByUserId: userId,
        acknowledgedAt: new Date(now - 10 * DAY - 7_200_000),
        ip: '203.0.113.20',
        userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
      })),
    ),
  );
  await tx.insert(t.files).values([
    { estatePlanId: plan.id, name: LETTER_NAME, contentType: 'text/plain', size: ids.letter.size, storage: ids.letter.storage, storageKey: ids.letter.key },
    {
      estatePlanId: plan.id,
      name: DRAFT_NAME,
      contentType: 'application/pdf',
      size: ids.draft.size,
      storage: ids.draft.storage,
      storageKey: ids.draft.key,
      createdByUserId: ids.attorneyUserId,
    },
  ]);
  // The bell (issue 29): the couple heard of the review and of the draft through notify(), as the use cases
  // tell them; unread, with their mails queued (each with its unsubscribe link).
  const couple = [pat.user.id, sam.user.id];
  await notify(
    tx,
    {
      key: `demo:plan-status:${plan.id}`,
      kind: 'plan-status',
      title: 'Your trust is under attorney review',
      body: `The Rivera Family Trust moved to ${statusLabel('preparing')}: the attorney team is now preparing your documents.`,
      link: '/client-info',
    },
    couple,
  );
  await notify(
    tx,
    {
      key: `demo:document:${plan.id}`,
      kind: 'document-uploaded',
      title: 'A new document is ready',
      body: `The attorney uploaded "${DRAFT_NAME}" for your household.`,
      link: '/client-info',
    },
    couple,
  );
  return { owner1ClientId: P, owner2ClientId: S, planId: plan.id };
}

/**
 * The Nakamuras: a married household whose intake is answered but not submitted yet, ready for the review and
 * the submission (Agreement and Receipt). Family sections and one property are filled; there are no bank,
 * retirement or brokerage accounts, so the missing-items warning has something to say.
 */
async function seedNakamuras(tx: Tx, passwordHash: string, advisorId: number) {
  const lee = await user(tx, passwordHash, {
    firstName: 'Lee',
    lastName: 'Nakamura',
    email: DEMO_ACCOUNTS[8].email,
    phone: '5125550170',
    dob: '1975-05-14',
    ssn: '321654987',
  });
  const robin = await user(tx, passwordHash, {
    firstName: 'Robin',
    lastName: 'Nakamura',
    email: DEMO_ACCOUNTS[9].email,
    phone: '5125550171',
    dob: '1977-09-02',
    ssn: '432165098',
  });
  const answers = {
    advisorId,
    residenceState: 'TX',
    isUsCitizen: true,
    isReceivingMedicaid: false,
    hasMentalDisorder: false,
    wantsCremation: false,
    isOrganDonor: true,
    hasEstatePlan: 'yes' as const,
    estatePlanType: 'Will',
    trustGoverningState: 'TX',
    hasTrustIntent1: true,
    hasTrustIntent2: true,
    hasTrustIntent3: true,
    hasTrustIntent4: false,
    hasTrustIntent5: true,
    hasTrustIntent6: true,
    hasTrustIntent7: false,
    isSpouseBeneficiary: true,
    isSpousePoaGeneral: true,
    isSpousePoaMedical: true,
    isSpousePoaFinancial: true,
  };
  const [leeClient] = await tx
    .insert(t.clients)
    .values({ ...answers, personId: lee.person.id, userId: lee.user.id, gender: 'male', wantsLifeSupport: true, hasChildren: true })
    .returning();
  const [robinClient] = await tx
    .insert(t.clients)
    .values({ ...answers, personId: robin.person.id, userId: robin.user.id, gender: 'female', wantsLifeSupport: false })
    .returning();
  await tx.insert(t.households).values({ owner1ClientId: leeClient.id, owner2ClientId: robinClient.id });
  const both = [leeClient.id, robinClient.id];

  const ada = await person(tx, { firstName: 'Ada', lastName: 'Nakamura', dob: '2013-02-11', ssn: '543216780' });
  const nia = await person(tx, {
    firstName: 'Nia',
    lastName: 'Nakamura',
    dob: '2003-07-30',
    ssn: '654321987',
    phone: '5125550172',
    email: 'nia.nakamura@example.com',
  });
  const uche = await person(tx, { firstName: 'Uche', lastName: 'Nakamura', phone: '5125550173', email: 'uche.nakamura@example.com' });
  for (const kid of [
    { person: ada, gender: 'female' as const, guardian1: uche.id },
    { person: nia, gender: 'female' as const },
  ]) {
    const [child] = await tx
      .insert(t.children)
      .values({ personId: kid.person.id, gender: kid.gender, guardian1PersonId: kid.guardian1 ?? null })
      .returning();
    await tx.insert(t.clientChildren).values(both.map((clientId) => ({ clientId, childId: child.id })));
  }
  for (const [p, tier, share, perStirpes] of [
    [ada, 'primary', '50.00', true],
    [nia, 'primary', '50.00', true],
    [uche, 'contingent', '100.00', false],
  ] as const) {
    const [row] = await tx.insert(t.beneficiaries).values({ type: 'person', personId: p.id }).returning();
    await tx.insert(t.clientBeneficiaries).values(
      both.map((clientId) => ({
        clientId,
        beneficiaryId: row.id,
        tier,
        sharePercent: share,
        relationship: p === uche ? 'Sibling' : 'Child',
        isPerStirpes: perStirpes,
      })),
    );
  }
  for (const [p, order] of [
    [uche, 1],
    [nia, 2],
  ] as const) {
    const [row] = await tx.insert(t.fiduciaries).values({ personId: p.id }).returning();
    await tx.insert(t.clientFiduciaries).values(both.map((clientId) => ({ clientId, fiduciaryId: row.id, order })));
  }
  const [agent] = await tx.insert(t.poaAgents).values({ personId: uche.id }).returning();
  await tx
    .insert(t.clientPoaAgents)
    .values((['general', 'medical', 'financial'] as const).flatMap((type) => both.map((clientId) => ({ clientId, agentId: agent.id, type, order: 1 }))));
  const [address] = await tx
    .insert(t.addresses)
    .values({ street: '4410 Shoal Creek Blvd', city: 'Austin', state: 'TX', zip: '78756', value: '640000.00' })
    .returning();
  const [home] = await tx.insert(t.properties).values({ addressId: address.id, purchaseMonth: 8, purchaseYear: 2010 }).returning();
  await tx.insert(t.clientProperties).values(both.map((clientId) => ({ clientId, propertyId: home.id, isPrimary: true })));

  const [plan] = await tx.insert(t.estatePlans).values({ clientId: leeClient.id, status: 'incomplete' }).returning();
  await tx.insert(t.estatePlanStatusChanges).values({ estatePlanId: plan.id, fromStatus: null, toStatus: 'incomplete', changedByUserId: lee.user.id });
}
