import { eq } from 'drizzle-orm';
import type { Database, Tx } from '@/db';
import * as t from '@/db/schema';
import { sealIdentifier } from '@/lib/crypto';
import { hashPassword } from '@/lib/auth/password';
import { putObject } from '@/lib/files/storage';

/** The demo accounts; all share one password, printed on start and listed in the README. */
export const DEMO_PASSWORD = 'Trustwell-demo-2026';
export const DEMO_ACCOUNTS = [
  { role: 'Admin', email: 'admin@demo.trustwell.test' },
  { role: 'Attorney', email: 'attorney@demo.trustwell.test' },
  { role: 'Advisor (firm supervisor)', email: 'alice.morgan@demo.trustwell.test' },
  { role: 'Advisor', email: 'ben.carter@demo.trustwell.test' },
  { role: 'Staff', email: 'casey.lee@demo.trustwell.test' },
  { role: 'Client (half-finished intake)', email: 'jordan.blake@demo.trustwell.test' },
  { role: 'Client (married, submitted)', email: 'pat.rivera@demo.trustwell.test' },
  { role: 'Spouse (married, submitted)', email: 'sam.rivera@demo.trustwell.test' },
] as const;

type PersonInput = Partial<typeof t.persons.$inferInsert> & { firstName: string; lastName: string };

async function person(tx: Tx, p: PersonInput & { ssn?: string }) {
  const { ssn, ...rest } = p;
  const sealed = sealIdentifier(ssn);
  const [row] = await tx.insert(t.persons).values({ ...rest, ssnCipher: sealed.cipher, ssnLast4: sealed.last4 }).returning();
  return row;
}

async function user(tx: Tx, passwordHash: string, p: PersonInput & { email: string; ssn?: string }, flags: Partial<typeof t.users.$inferInsert> = {}) {
  const personRow = await person(tx, p);
  const [row] = await tx.insert(t.users).values({ personId: personRow.id, email: p.email, passwordHash, ...flags }).returning();
  return { user: row, person: personRow };
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

/** Loads the demo firm, people, households, plans, files, invites and invoices. Idempotent. */
export async function seedDemoData(db: Database): Promise<boolean> {
  if (await hasDemoData(db)) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const letter = await putObject(new TextEncoder().encode('Engagement letter for the Rivera Family Trust.\n'));
  const draft = await putObject(new TextEncoder().encode('%PDF-1.4\n% Draft trust document placeholder for the demo.\n%%EOF\n'));

  await db.transaction(async (tx) => {
    const [firm] = await tx.insert(t.firms).values({ name: 'Harbor Wealth Partners' }).returning();

    await user(tx, passwordHash, { firstName: 'Evan', lastName: 'Price', email: DEMO_ACCOUNTS[0].email, phone: '4155550100' }, { isAdmin: true });
    const attorney = await user(tx, passwordHash, { firstName: 'Dana', lastName: 'Whitfield', email: DEMO_ACCOUNTS[1].email, phone: '4155550101' }, { isLegal: true });

    const alice = await user(tx, passwordHash, { firstName: 'Alice', lastName: 'Morgan', email: DEMO_ACCOUNTS[2].email, phone: '4155550102' }, { isAdvisory: true, isFirmSupervisor: true });
    const ben = await user(tx, passwordHash, { firstName: 'Ben', lastName: 'Carter', email: DEMO_ACCOUNTS[3].email, phone: '4155550103' }, { isAdvisory: true });
    const casey = await user(tx, passwordHash, { firstName: 'Casey', lastName: 'Lee', email: DEMO_ACCOUNTS[4].email, phone: '4155550104' }, { isAdvisory: true });

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

    // A single client, halfway through the intake.
    const jordan = await user(tx, passwordHash, { firstName: 'Jordan', lastName: 'Blake', email: DEMO_ACCOUNTS[5].email, phone: '5035550110', dob: '1979-04-12', ssn: '123456789' });
    const [jordanClient] = await tx
      .insert(t.clients)
      .values({ personId: jordan.person.id, userId: jordan.user.id, advisorId: aliceAdvisor.id, gender: 'female', residenceState: 'OR', isUsCitizen: true, isReceivingMedicaid: false })
      .returning();
    await tx.insert(t.estatePlans).values({ clientId: jordanClient.id, status: 'incomplete' });
    const jordanChild = await person(tx, { firstName: 'Riley', lastName: 'Blake', dob: '2014-09-02' });
    const [jordanChildRow] = await tx.insert(t.children).values({ personId: jordanChild.id, gender: 'male' }).returning();
    await tx.insert(t.clientChildren).values({ clientId: jordanClient.id, childId: jordanChildRow.id });

    // A married couple with a complete, submitted intake under attorney review.
    const pat = await user(tx, passwordHash, { firstName: 'Pat', lastName: 'Rivera', email: DEMO_ACCOUNTS[6].email, phone: '4085550120', dob: '1968-02-20', ssn: '234567890' });
    const sam = await user(tx, passwordHash, { firstName: 'Sam', lastName: 'Rivera', email: DEMO_ACCOUNTS[7].email, phone: '4085550121', dob: '1970-11-05', ssn: '345678901' });
    const answers = {
      advisorId: aliceAdvisor.id,
      residenceState: 'CA',
      isUsCitizen: true,
      isReceivingMedicaid: false,
      hasMentalDisorder: false,
      wantsLifeSupport: true,
      wantsCremation: false,
      isOrganDonor: true,
      hasEstatePlan: 'no' as const,
      trustGoverningState: 'CA',
      hasTrustIntent1: true,
      hasTrustIntent2: false,
      hasTrustIntent3: true,
      hasTrustIntent4: true,
      hasTrustIntent5: true,
      hasTrustIntent6: true,
      hasTrustIntent7: false,
      isSpouseBeneficiary: true,
      isSpousePoaGeneral: true,
      isSpousePoaMedical: true,
      isSpousePoaFinancial: true,
      isTrustSubmitted: true,
    };
    const [patClient] = await tx.insert(t.clients).values({ ...answers, personId: pat.person.id, userId: pat.user.id, gender: 'male' }).returning();
    const [samClient] = await tx.insert(t.clients).values({ ...answers, personId: sam.person.id, userId: sam.user.id, gender: 'female', spouseId: patClient.id }).returning();
    await tx.update(t.clients).set({ spouseId: samClient.id }).where(eq(t.clients.id, patClient.id));
    const both = [patClient.id, samClient.id];

    const guardian = await person(tx, { firstName: 'Morgan', lastName: 'Ellis', phone: '4085550130', email: 'morgan.ellis@example.com' });
    const kids = [];
    for (const kid of [
      { firstName: 'Avery', lastName: 'Rivera', dob: '2001-06-15', gender: 'female' as const, guardian: false },
      { firstName: 'Jamie', lastName: 'Rivera', dob: '2012-03-30', gender: 'male' as const, guardian: true },
    ]) {
      const p = await person(tx, { firstName: kid.firstName, lastName: kid.lastName, dob: kid.dob, ssn: kid.guardian ? undefined : '456789012' });
      const [child] = await tx.insert(t.children).values({ personId: p.id, gender: kid.gender, guardian1PersonId: kid.guardian ? guardian.id : null }).returning();
      await tx.insert(t.clientChildren).values(both.map((clientId) => ({ clientId, childId: child.id })));
      const [bene] = await tx.insert(t.beneficiaries).values({ type: 'person', personId: p.id }).returning();
      await tx.insert(t.clientBeneficiaries).values(
        both.map((clientId) => ({ clientId, beneficiaryId: bene.id, tier: 'primary' as const, sharePercent: '50.00', relationship: 'Child', isPerStirpes: true })),
      );
      kids.push({ person: p, bene });
    }
    const [charity] = await tx
      .insert(t.beneficiaries)
      .values({ type: 'entity', entityName: 'Bay Area Food Bank', ...(() => { const s = sealIdentifier('941234567'); return { entityIdentifierCipher: s.cipher, entityIdentifierLast4: s.last4 }; })() })
      .returning();
    await tx.insert(t.clientBeneficiaries).values(both.map((clientId) => ({ clientId, beneficiaryId: charity.id, tier: 'contingent' as const, sharePercent: '100.00', relationship: 'Other' })));

    const [trustee] = await tx.insert(t.fiduciaries).values({ personId: kids[0].person.id }).returning();
    await tx.insert(t.clientFiduciaries).values(both.map((clientId) => ({ clientId, fiduciaryId: trustee.id, order: 1 })));
    const [agent] = await tx.insert(t.poaAgents).values({ personId: kids[0].person.id }).returning();
    await tx.insert(t.clientPoaAgents).values(
      both.flatMap((clientId) => (['general', 'medical', 'financial'] as const).map((type) => ({ clientId, agentId: agent.id, type, order: 1 }))),
    );

    const [home] = await tx.insert(t.addresses).values({ street: '1200 Alameda Ave', city: 'San Jose', state: 'CA', zip: '95126', value: '1450000.00' }).returning();
    const [homeProperty] = await tx.insert(t.properties).values({ addressId: home.id, purchaseMonth: 5, purchaseYear: 2004 }).returning();
    await tx.insert(t.clientProperties).values(both.map((clientId) => ({ clientId, propertyId: homeProperty.id, isPrimary: true })));
    const [office] = await tx.insert(t.addresses).values({ street: '88 Market St', unit: 'Suite 4', city: 'San Jose', state: 'CA', zip: '95113', value: '350000.00' }).returning();
    const [company] = await tx.insert(t.companies).values({ name: 'Rivera Design LLC', type: 'limited liability company', addressId: office.id }).returning();
    await tx.insert(t.clientCompanies).values(both.map((clientId) => ({ clientId, companyId: company.id, sharePercent: '50.00' })));
    const [gift] = await tx.insert(t.gifts).values({ giftType: 'cash', beneficiaryId: kids[1].bene.id, cashAmount: '25000.00', predeceaseDistribution: 'bloodline' }).returning();
    await tx.insert(t.clientGifts).values(both.map((clientId) => ({ clientId, giftId: gift.id })));
    for (const account of [
      { kind: 'retirement' as const, company: 'Fidelity', type: 'Traditional IRA', number: '7000123456', value: '412000.00', owners: [patClient.id] },
      { kind: 'retirement' as const, company: 'Vanguard', type: 'Roth IRA', number: '7000654321', value: '188500.50', owners: [samClient.id] },
      { kind: 'brokerage' as const, company: 'Charles Schwab', type: 'Joint', number: '5555000111', value: '260000.00', owners: both },
      { kind: 'bank' as const, company: 'Wells Fargo', type: 'Checkings', number: '0001112223', value: '42000.00', owners: both },
      { kind: 'annuity' as const, company: 'Pacific Life', type: null, number: '9990001112', value: '120000.00', owners: [patClient.id] },
    ]) {
      const sealed = sealIdentifier(account.number);
      const [row] = await tx
        .insert(t.accounts)
        .values({ kind: account.kind, company: account.company, type: account.type, numberCipher: sealed.cipher, numberLast4: sealed.last4, value: account.value })
        .returning();
      await tx.insert(t.clientAccounts).values(account.owners.map((clientId) => ({ clientId, accountId: row.id })));
    }
    await tx.insert(t.notes).values({ clientId: patClient.id, body: 'Please confirm whether the office building should go into the trust or stay with the LLC.' });

    const [plan] = await tx.insert(t.estatePlans).values({ clientId: patClient.id, status: 'preparing' }).returning();
    await tx.insert(t.estatePlanStatusChanges).values([
      { estatePlanId: plan.id, fromStatus: null, toStatus: 'incomplete' },
      { estatePlanId: plan.id, fromStatus: 'incomplete', toStatus: 'paid', changedByUserId: pat.user.id },
      { estatePlanId: plan.id, fromStatus: 'paid', toStatus: 'sent', changedByUserId: pat.user.id },
      { estatePlanId: plan.id, fromStatus: 'sent', toStatus: 'preparing', changedByUserId: attorney.user.id },
    ]);
    await tx.insert(t.files).values([
      { estatePlanId: plan.id, name: 'Engagement Letter.txt', contentType: 'text/plain', size: 47, storageKey: letter.key },
      { estatePlanId: plan.id, name: 'Rivera Family Trust - Draft for Attorney Review.pdf', contentType: 'application/pdf', size: 64, storageKey: draft.key, createdByUserId: attorney.user.id },
    ]);

    // Invites: one joined, one fresh (can't be resent yet), one that may be resent.
    const now = Date.now();
    await tx.insert(t.invites).values([
      { advisorId: aliceAdvisor.id, clientName: 'Jordan Blake', clientEmail: DEMO_ACCOUNTS[5].email, sentAt: new Date(now - 20 * 86_400_000), joinedUserId: jordan.user.id },
      { advisorId: aliceAdvisor.id, clientName: 'Taylor Nguyen', clientEmail: 'taylor.nguyen@example.com', sentAt: new Date(now - 2 * 86_400_000) },
      { advisorId: benAdvisor.id, clientName: 'Chris Patel', clientEmail: 'chris.patel@example.com', sentAt: new Date(now) },
    ]);

    await tx.insert(t.invoices).values([
      { advisorId: aliceAdvisor.id, clientId: patClient.id, estatePlanId: plan.id, description: 'Living trust - Rivera household', amount: '995.00', amountPaid: '995.00', status: 'paid' },
      { advisorId: aliceAdvisor.id, clientId: jordanClient.id, description: 'Living trust - Jordan Blake', amount: '995.00', status: 'open' },
      { advisorId: aliceAdvisor.id, description: 'Attorney support - Rivera household', amount: '249.50', status: 'open' },
    ]);
  });
  return true;
}
