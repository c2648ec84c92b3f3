import { db } from '@/db';
import * as t from '@/db/schema';
import { newHash } from '@/db/schema/columns';
import type { Actor } from '@/lib/kernel/actor';
import { sealAccountNumber, sealIdentifier } from '@/lib/crypto';
import { placeOf } from '@/lib/encrypted-columns';
import { actorOf, ctxOf } from '../../helpers/context';
import { makeAdvisor, makeFirm, makeHousehold } from '../../helpers/factories';

/*
 * Intake fixtures: a married household under an advisor, the request contexts of the people who work on
 * it, and lists filled by direct inserts (fast; the domain functions are tested on their own).
 */
export async function makeCouple(options: { firmName?: string; spouse?: boolean } = {}) {
  const firm = await makeFirm(options.firmName ?? `Firm ${newHash().slice(0, 6)}`);
  const advisor = await makeAdvisor({ firmId: firm.id });
  const household = await makeHousehold(advisor.advisor.id, { spouse: options.spouse ?? true });
  const clientActor = await actorOf(household.user);
  const advisorActor = await actorOf(advisor.user);
  return {
    firm,
    advisor,
    household,
    owner1: household.client,
    owner2: household.spouse?.client ?? null,
    clientCtx: ctxOf(clientActor),
    advisorCtx: ctxOf(advisorActor),
    spouseCtx: household.spouse ? ctxOf(await actorOf(household.spouse.user)) : null,
    actors: { client: clientActor, advisor: advisorActor } as Record<string, Actor>,
  };
}
export type Couple = Awaited<ReturnType<typeof makeCouple>>;

async function person(values: Partial<t.NewPerson> & { ssn?: string } = {}) {
  const { ssn, ...rest } = values;
  const hash = newHash();
  const sealed = sealIdentifier(ssn, placeOf(t.persons.ssnCipher, hash));
  const [row] = await db
    .insert(t.persons)
    .values({ firstName: 'Pat', lastName: 'Doe', ...rest, hash, ssnCipher: sealed.cipher, ssnLast4: sealed.last4 })
    .returning();
  return row;
}

/** Fills a couple's lists: children (minors with a guardian), beneficiaries, trustees and agents, owned by both. */
export async function fillLists(couple: Couple, counts: { children: number; beneficiaries: number; trustees: number; agents: number }) {
  const owners = [couple.owner1.id, ...(couple.owner2 ? [couple.owner2.id] : [])];
  const guardian = await person({ firstName: 'Gina', lastName: 'Guard', phone: '5551112222' });
  for (let i = 0; i < counts.children; i++) {
    const p = await person({ firstName: `Kid${i}`, lastName: 'Doe', dob: '2015-05-05', ssn: '123456789' });
    const [child] = await db.insert(t.children).values({ personId: p.id, gender: 'female', guardian1PersonId: guardian.id }).returning();
    await db.insert(t.clientChildren).values(owners.map((clientId) => ({ clientId, childId: child.id })));
  }
  for (let i = 0; i < counts.beneficiaries; i++) {
    const p = await person({ firstName: `Heir${i}`, lastName: 'Doe', ssn: '987654321' });
    const [b] = await db.insert(t.beneficiaries).values({ type: 'person', personId: p.id }).returning();
    await db
      .insert(t.clientBeneficiaries)
      .values(owners.map((clientId) => ({ clientId, beneficiaryId: b.id, tier: 'primary' as const, sharePercent: '5.00', relationship: 'Child' })));
  }
  for (let i = 0; i < counts.trustees; i++) {
    const p = await person({ firstName: `Trustee${i}`, lastName: 'Doe', phone: '5550000000' });
    const [f] = await db.insert(t.fiduciaries).values({ personId: p.id }).returning();
    await db.insert(t.clientFiduciaries).values(owners.map((clientId) => ({ clientId, fiduciaryId: f.id, order: i + 1 })));
  }
  for (let i = 0; i < counts.agents; i++) {
    const p = await person({ firstName: `Agent${i}`, lastName: 'Doe' });
    const [a] = await db.insert(t.poaAgents).values({ personId: p.id }).returning();
    const type = (['general', 'medical', 'financial'] as const)[i % 3];
    await db.insert(t.clientPoaAgents).values(owners.map((clientId) => ({ clientId, agentId: a.id, type, order: Math.floor(i / 3) + 1 })));
  }
}

/** One record of each family list on both clients (version 1), for the doors that update or delete. */
export async function seedIntakeRecords(clientIds: number[]) {
  const kid = await person({ firstName: 'Matrix', lastName: 'Kid', dob: '2016-01-01' });
  const [child] = await db.insert(t.children).values({ personId: kid.id }).returning();
  await db.insert(t.clientChildren).values(clientIds.map((clientId) => ({ clientId, childId: child.id })));
  const heir = await person({ firstName: 'Matrix', lastName: 'Heir' });
  const [beneficiary] = await db.insert(t.beneficiaries).values({ type: 'person', personId: heir.id }).returning();
  await db
    .insert(t.clientBeneficiaries)
    .values(
      clientIds.map((clientId) => ({ clientId, beneficiaryId: beneficiary.id, tier: 'primary' as const, sharePercent: '100.00', relationship: 'Child' })),
    );
  const steward = await person({ firstName: 'Matrix', lastName: 'Trustee' });
  const [trustee] = await db.insert(t.fiduciaries).values({ personId: steward.id }).returning();
  await db.insert(t.clientFiduciaries).values(clientIds.map((clientId) => ({ clientId, fiduciaryId: trustee.id, order: 1 })));
  const helper = await person({ firstName: 'Matrix', lastName: 'Agent' });
  const [agent] = await db.insert(t.poaAgents).values({ personId: helper.id }).returning();
  await db.insert(t.clientPoaAgents).values(clientIds.map((clientId) => ({ clientId, agentId: agent.id, type: 'general' as const, order: 1 })));
  // Assets (sections 7-14), each on both clients, version 1.
  const [address] = await db.insert(t.addresses).values({ street: '1 Matrix Way', city: 'Austin', state: 'TX', zip: '78701', value: '500000.00' }).returning();
  const [property] = await db.insert(t.properties).values({ addressId: address.id }).returning();
  await db.insert(t.clientProperties).values(clientIds.map((clientId) => ({ clientId, propertyId: property.id })));
  const [company] = await db.insert(t.companies).values({ name: 'Matrix Corp', type: 'corporation' }).returning();
  await db.insert(t.clientCompanies).values(clientIds.map((clientId) => ({ clientId, companyId: company.id, sharePercent: '50.00', stockShares: 10 })));
  // The gift goes to a beneficiary of its own: the matrix also removes the first one.
  const giftee = await person({ firstName: 'Matrix', lastName: 'Giftee' });
  const [gifteeRow] = await db.insert(t.beneficiaries).values({ type: 'person', personId: giftee.id }).returning();
  await db
    .insert(t.clientBeneficiaries)
    .values(
      clientIds.map((clientId) => ({ clientId, beneficiaryId: gifteeRow.id, tier: 'contingent' as const, sharePercent: '100.00', relationship: 'Friend' })),
    );
  const [gift] = await db
    .insert(t.gifts)
    .values({ giftType: 'cash', beneficiaryId: gifteeRow.id, cashAmount: '100.00', predeceaseDistribution: 'lapse' })
    .returning();
  await db.insert(t.clientGifts).values(clientIds.map((clientId) => ({ clientId, giftId: gift.id })));
  const accountOf = async (kind: 'retirement' | 'brokerage' | 'bank' | 'annuity') => {
    const [account] = await db
      .insert(t.accounts)
      .values({ kind, company: 'Matrix Bank', type: kind === 'annuity' ? null : 'Other kind', numberLast4: '0000', value: '1.00' })
      .returning();
    await db.insert(t.clientAccounts).values(clientIds.map((clientId) => ({ clientId, accountId: account.id })));
    return account.hash;
  };
  return {
    child: child.hash,
    beneficiary: beneficiary.hash,
    trustee: trustee.hash,
    agent: agent.hash,
    property: property.hash,
    propertyAddress: address.hash,
    company: company.hash,
    gift: gift.hash,
    retirement: await accountOf('retirement'),
    brokerage: await accountOf('brokerage'),
    bank: await accountOf('bank'),
    annuity: await accountOf('annuity'),
  };
}
export type IntakeRecords = Awaited<ReturnType<typeof seedIntakeRecords>>;

/** Answers every required question of the clients (review §5), so their trust may be submitted. */
export async function answerRequiredQuestions(clientIds: number[]) {
  const { inArray } = await import('drizzle-orm');
  await db
    .update(t.clients)
    .set({
      residenceState: 'CA',
      isUsCitizen: true,
      isReceivingMedicaid: false,
      hasMentalDisorder: false,
      wantsLifeSupport: true,
      wantsCremation: false,
      isOrganDonor: true,
      hasEstatePlan: 'no',
      trustGoverningState: 'CA',
      hasTrustIntent1: true,
      hasTrustIntent2: false,
      hasTrustIntent3: true,
      hasTrustIntent4: true,
      hasTrustIntent5: false,
      hasTrustIntent6: true,
      hasTrustIntent7: false,
    })
    .where(inArray(t.clients.id, clientIds));
}

/**
 * Fills a couple's asset lists by direct inserts, each item owned by both: properties (the first the
 * client's primary residence), companies (corporations with stock), cash gifts to a new beneficiary,
 * accounts of each kind (number sealed), and the note.
 */
export async function fillAssets(couple: Couple, counts: { properties: number; companies: number; gifts: number; accounts: number }) {
  const owners = [couple.owner1.id, ...(couple.owner2 ? [couple.owner2.id] : [])];
  for (let i = 0; i < counts.properties; i++) {
    const [address] = await db
      .insert(t.addresses)
      .values({ street: `${i + 1} Main St`, city: 'Austin', state: 'TX', zip: '78701', value: '350000.10' })
      .returning();
    const [property] = await db.insert(t.properties).values({ addressId: address.id, purchaseMonth: 5, purchaseYear: 2001 }).returning();
    await db.insert(t.clientProperties).values(owners.map((clientId) => ({ clientId, propertyId: property.id, isPrimary: i === 0 })));
  }
  for (let i = 0; i < counts.companies; i++) {
    const [company] = await db
      .insert(t.companies)
      .values({ name: `Company ${i}`, type: 'corporation' })
      .returning();
    await db.insert(t.clientCompanies).values(owners.map((clientId) => ({ clientId, companyId: company.id, sharePercent: '50.00', stockShares: 1000 })));
  }
  if (counts.gifts > 0) {
    const heir = await person({ firstName: 'Gift', lastName: 'Heir' });
    const [beneficiary] = await db.insert(t.beneficiaries).values({ type: 'person', personId: heir.id }).returning();
    await db
      .insert(t.clientBeneficiaries)
      .values(owners.map((clientId) => ({ clientId, beneficiaryId: beneficiary.id, tier: 'primary' as const, sharePercent: '100.00', relationship: 'Child' })));
    for (let i = 0; i < counts.gifts; i++) {
      const [gift] = await db
        .insert(t.gifts)
        .values({ giftType: 'cash', beneficiaryId: beneficiary.id, cashAmount: '1000.00', predeceaseDistribution: 'lapse' })
        .returning();
      await db.insert(t.clientGifts).values(owners.map((clientId) => ({ clientId, giftId: gift.id })));
    }
  }
  const kinds = ['retirement', 'brokerage', 'bank', 'annuity'] as const;
  for (let i = 0; i < counts.accounts; i++) {
    const hash = newHash();
    const sealed = sealAccountNumber('ACCT-55501234', placeOf(t.accounts.numberCipher, hash));
    const kind = kinds[i % 4];
    const [account] = await db
      .insert(t.accounts)
      .values({
        hash,
        kind,
        company: 'Wells Fargo',
        type: kind === 'annuity' ? null : 'Other type',
        numberCipher: sealed.cipher,
        numberLast4: sealed.last4,
        value: '1234.56',
      })
      .returning();
    await db.insert(t.clientAccounts).values(owners.map((clientId) => ({ clientId, accountId: account.id })));
  }
  await db.insert(t.notes).values({ clientId: couple.owner1.id, body: 'Please call after 5pm.' });
}

/**
 * Records the plan's trust fee as paid outside the tests' concern (a succeeded payment of the full price),
 * so a submission finds nothing due: for tests of the submission itself, not of paying (payments-product).
 */
export async function payFeeFor(planId: number) {
  await db.insert(t.payments).values({
    estatePlanId: planId,
    amount: '1495.00',
    gateway: 'sandbox',
    chargeType: 'trust_fee',
    methodKind: 'card',
    last4: '4242',
    gatewayReference: `test-${newHash()}`,
    status: 'succeeded',
  });
}
