import { eq } from 'drizzle-orm';
import { POST as updateClientInfo } from '@/app/api/clientInfo/updateClientInfo/route';
import { POST as deleteBeneficiary } from '@/app/api/clientInfo/delete/beneficiary/route';
import { POST as deleteChild } from '@/app/api/clientInfo/delete/child/route';
import { POST as deleteFiduciary } from '@/app/api/clientInfo/delete/fiduciary/route';
import { POST as deletePoa } from '@/app/api/clientInfo/delete/poa/route';
import { POST as saveBeneficiary } from '@/app/api/clientInfo/updateOrCreate/beneficiary/route';
import { POST as saveChild } from '@/app/api/clientInfo/updateOrCreate/child/route';
import { POST as saveFiduciary } from '@/app/api/clientInfo/updateOrCreate/fiduciary/route';
import { POST as savePoa } from '@/app/api/clientInfo/updateOrCreate/poa/route';
import { POST as saveProperty } from '@/app/api/clientInfo/updateOrCreate/property/route';
import { POST as updatePersonalInfo } from '@/app/api/updatePersonalInfo/route';
import { countQueries, db } from '@/db';
import * as t from '@/db/schema';
import { newHash } from '@/db/schema/columns';
import { sealIdentifier } from '@/lib/crypto';
import { placeOf } from '@/lib/encrypted-columns';
import type { RouteHandler } from '@/lib/http/route';
import { resetDatabase } from '../helpers/db';
import { makeStaff, makeUser } from '../helpers/factories';
import { signInAs, signOut } from '../helpers/session';
import { databaseFingerprint } from '../helpers/world';
import { makeCouple, seedIntakeRecords, type Couple } from './helpers/intake';

/*
 * The compatibility routes with the earlier front end's payloads (intake §7): JSON and form posts, owners
 * numbered from hash_id's client, the answers in the spec's shape with masked SSNs and identifiers only.
 */

type Answer = Record<string, unknown> & { message?: string };

async function call(handler: RouteHandler, body: Record<string, unknown>, options: { form?: boolean } = {}) {
  const url = 'http://localhost/api/clientInfo/x/';
  const request = options.form
    ? new Request(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(Object.entries(body).map(([k, v]) => [k, v === null ? '' : String(v)])).toString(),
      })
    : new Request(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const response = await handler(request, { params: Promise.resolve({}) });
  return { status: response.status, body: (await response.json()) as Answer };
}

const LIST_KEYS = [
  'client',
  'spouse',
  'children',
  'beneficiaries1',
  'beneficiaries2',
  'beneficiariesBoth',
  'fiduciaries1',
  'fiduciaries2',
  'fiduciariesBoth',
  'poas1',
  'poas2',
  'poasBoth',
  'generalPoas1',
  'generalPoas2',
  'generalPoasBoth',
  'medicalPoas1',
  'medicalPoas2',
  'medicalPoasBoth',
  'financialPoas1',
  'financialPoas2',
  'financialPoasBoth',
];

let couple: Couple;
let h1: string;
let h2: string;
beforeEach(async () => {
  await resetDatabase();
  couple = await makeCouple();
  h1 = couple.owner1.hash;
  h2 = couple.owner2!.hash;
  await signInAs(couple.household.user);
});
afterAll(() => signOut());

describe('POST /api/clientInfo/updateOrCreate/child and /delete/child', () => {
  it("creates a child with a guardian and answers the refreshed lists in the spec's shape", async () => {
    const { status, body } = await call(saveChild, {
      hash_id: h1,
      hash_id_spouse: h2,
      hash_id_child: null,
      hash_id_existing_person: null,
      gender: 'male',
      owner: 'both',
      dob: '04/05/2016',
      first_name: 'Noah',
      middle_name: '',
      last_name: 'Doe',
      suffix: null,
      has_guardian_1: true,
      guardian_1_first_name: 'Morgan',
      guardian_1_last_name: 'Ellis',
      guardian_1_phone: '(408) 555-0130',
      guardian_1_email: 'morgan@example.com',
      has_guardian_2: false,
      guardian_2_first_name: 'Ignored',
      multi_guardian_specifics: '',
    });
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual([...LIST_KEYS].sort());
    expect(body.children).toEqual([
      expect.objectContaining({
        owner: 'both',
        first_name: 'Noah',
        dob: '2016-04-05',
        gender: 'male',
        has_guardian_1: true,
        guardian_1_first_name: 'Morgan',
        guardian_1_phone: '4085550130',
        has_guardian_2: false,
        version: 1,
      }),
    ]);
    expect(body.client).toMatchObject({ hash_id: h1 });

    const child = (body.children as { hash_id: string }[])[0];
    // No version: the legacy save applies to the current one.
    const updated = await call(saveChild, {
      hash_id: h1,
      hash_id_spouse: h2,
      hash_id_child: child.hash_id,
      owner: '1',
      dob: '04/05/2016',
      first_name: 'Noah',
      last_name: 'Doe',
      has_guardian_1: 1,
      guardian_1_first_name: 'Morgan',
      guardian_1_last_name: 'Ellis',
    });
    expect(updated.body.children).toEqual([expect.objectContaining({ owner: '1', version: 2, guardian_1_phone: '4085550130' })]);

    const removed = await call(deleteChild, { hash_id: h1, hash_id_spouse: h2, hash_id_child: child.hash_id });
    expect(removed.status).toBe(200);
    expect(removed.body.children).toEqual([]);
  });

  it("numbers the owners from hash_id's client: the spouse's page saving owner 1 saves for the spouse", async () => {
    const { body } = await call(saveFiduciary, {
      hash_id: h2,
      hash_id_spouse: h1,
      owner: '1',
      first_name: 'Tess',
      last_name: 'Trust',
      phone: '5551234567',
      email: '',
      order1: 2,
    });
    expect(body.client).toMatchObject({ hash_id: h2 });
    expect(body.fiduciaries1).toEqual([expect.objectContaining({ owner: '1', first_name: 'Tess', order1: 2, order2: null })]);
    // The household's own numbering: the trustee is owner 2's.
    const [pivot] = await db.select().from(t.clientFiduciaries);
    expect(pivot).toMatchObject({ clientId: couple.owner2!.id, order: 2 });
    // Seen from owner 1's page it is on list 2.
    const fromOwner1 = await call(saveFiduciary, { hash_id: h1, hash_id_spouse: h2, owner: '1', first_name: 'Other', last_name: 'Trustee', order1: 1 });
    expect(fromOwner1.body.fiduciaries2).toEqual([expect.objectContaining({ first_name: 'Tess', order2: 2 })]);
  });

  it("answers 404 and writes nothing for a household outside the caller's scope", async () => {
    const other = await makeCouple();
    const before = await databaseFingerprint();
    const { status, body } = await call(saveChild, { hash_id: other.owner1.hash, owner: '1', first_name: 'X', last_name: 'Y', dob: '01/01/2015' });
    expect({ status, body }).toEqual({ status: 404, body: { message: 'The record was not found.' } });
    expect(await databaseFingerprint()).toEqual(before);
  });

  it('answers 422 with the field errors for an invalid payload', async () => {
    const { status, body } = await call(saveChild, { hash_id: h1, owner: 'both', first_name: '', last_name: 'Doe', dob: '13/45/2015' });
    expect(status).toBe(422);
    expect(body.errors).toMatchObject({ first_name: 'First name is required.', dob: 'Please enter a valid date (MM/DD/YYYY).' });
  });
});

describe('POST /api/clientInfo/updateOrCreate/beneficiary and /delete/beneficiary', () => {
  it('saves an entity with separate values per client; the identifier leaves masked only', async () => {
    const { status, body } = await call(saveBeneficiary, {
      hash_id: h1,
      hash_id_beneficiary: '',
      hash_id_existing_person: '',
      hash_id_spouse: h2,
      owner: 'both',
      type: 'entity',
      name: 'Bay Area Food Bank',
      identifier: '94-1234567',
      date: '03/15/1978',
      is_trust: false,
      tier1: 'primary',
      share_percent1: 40,
      relationship1: 'Charity',
      is_per_stirpes1: 0,
      omission_reason1: null,
      tier2: 'contingent',
      share_percent2: '50.5',
      relationship2: 'Charity',
      is_per_stirpes2: 0,
      omission_reason2: null,
    });
    expect(status).toBe(200);
    expect(body.beneficiariesBoth).toEqual([
      expect.objectContaining({
        type: 'entity',
        name: 'Bay Area Food Bank',
        identifier: 'XXX-XX-4567',
        identifier_kind: 'tin',
        date: '1978-03-15',
        tier1: 'primary',
        share_percent1: '40.00',
        tier2: 'contingent',
        share_percent2: '50.50',
      }),
    ]);
    expect(JSON.stringify(body)).not.toContain('941234567');
    const hash = (body.beneficiariesBoth as { hash_id: string }[])[0].hash_id;
    const removed = await call(deleteBeneficiary, { hash_id: h1, hash_id_spouse: h2, hash_id_beneficiary: hash });
    expect(removed.body.beneficiariesBoth).toEqual([]);
  });

  it('reads a form post of a person beneficiary omitted by one client', async () => {
    const { status, body } = await call(
      saveBeneficiary,
      {
        hash_id: h1,
        hash_id_spouse: h2,
        owner: 'both',
        type: 'person',
        first_name: 'Marco',
        last_name: 'Doe',
        dob: '10/03/1965',
        ssn: '123-45-6789',
        tier1: 'omitted',
        share_percent1: '20',
        relationship1: 'Sibling',
        is_per_stirpes1: '1',
        omission_reason1: 'Provided for.',
        tier2: 'primary',
        share_percent2: '100',
        relationship2: 'Sibling',
        is_per_stirpes2: 'true',
      },
      { form: true },
    );
    expect(status).toBe(200);
    expect(body.beneficiariesBoth).toEqual([
      expect.objectContaining({
        ssn: 'XXX-XX-6789',
        tier1: 'omitted',
        share_percent1: '0.00',
        is_per_stirpes1: false,
        omission_reason1: 'Provided for.',
        tier2: 'primary',
        is_per_stirpes2: true,
      }),
    ]);
    expect(JSON.stringify(body)).not.toContain('123456789');
  });
});

describe('POST /api/clientInfo/updateOrCreate/poa and /delete/poa', () => {
  it('saves an agent under type1/type2 and deletes it from one type', async () => {
    const saved = await call(savePoa, {
      hash_id: h1,
      hash_id_spouse: h2,
      owner: 'both',
      first_name: 'Avery',
      last_name: 'Doe',
      phone: '4085550122',
      email: 'avery@example.com',
      type1: 'medical',
      order1: 1,
      type2: 'medical',
      order2: 2,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.medicalPoasBoth).toEqual([expect.objectContaining({ type: 'medical', type1: 'medical', type2: 'medical', order1: 1, order2: 2 })]);
    expect(saved.body.poasBoth).toHaveLength(1);
    const mismatch = await call(savePoa, { hash_id: h1, owner: '1', first_name: 'A', last_name: 'B', type1: 'medical', type2: 'general', order1: 1 });
    expect(mismatch.status).toBe(422);
    const hash = (saved.body.medicalPoasBoth as { hash_id: string }[])[0].hash_id;
    const wrongType = await call(deletePoa, { hash_id: h1, hash_id_spouse: h2, hash_id_poa: hash, type: 'general' });
    expect(wrongType.status).toBe(404);
    const removed = await call(deletePoa, { hash_id: h1, hash_id_spouse: h2, hash_id_poa: hash, type: 'medical' });
    expect(removed.status).toBe(200);
    expect(removed.body.medicalPoasBoth).toEqual([]);
  });

  it("is_collective1/2 and is_independent1/2 say how each client's agents of the type serve, for the whole list", async () => {
    const first = await call(savePoa, { hash_id: h1, hash_id_spouse: h2, owner: '1', first_name: 'Ann', last_name: 'Doe', type1: 'general', order1: 1 });
    expect(first.body.generalPoas1).toEqual([
      expect.objectContaining({ is_collective: false, is_collective1: false, is_independent1: false, is_collective2: null }),
    ]);
    // A form post from the spouse's page (hash_id is Sam): owner 2 is Pat, so is_collective2 is Pat's list.
    const second = await call(
      savePoa,
      {
        hash_id: h2,
        hash_id_spouse: h1,
        owner: 'both',
        first_name: 'Ben',
        last_name: 'Doe',
        type1: 'general',
        order1: 1,
        type2: 'general',
        order2: 2,
        is_collective1: 0,
        is_collective2: 1,
        is_independent2: 'true',
      },
      { form: true },
    );
    expect(second.status).toBe(200);
    expect(second.body.generalPoasBoth).toEqual([
      expect.objectContaining({ first_name: 'Ben', is_collective1: false, is_independent1: false, is_collective2: true, is_independent2: true }),
    ]);
    // Ann (Pat's alone, owner 2 from Sam's page) now serves with Ben: the choice is Pat's whole list's.
    expect(second.body.generalPoas2).toEqual([
      expect.objectContaining({ first_name: 'Ann', is_collective2: true, is_independent2: true, is_collective: true }),
    ]);
    const stored = await db
      .select({ clientId: t.clientPoaAgents.clientId, isCollective: t.clientPoaAgents.isCollective, isIndependent: t.clientPoaAgents.isIndependent })
      .from(t.clientPoaAgents);
    expect(stored.filter((r) => r.clientId === couple.owner1.id).every((r) => r.isCollective && r.isIndependent)).toBe(true);
    expect(stored.filter((r) => r.clientId === couple.owner2!.id)).toEqual([{ clientId: couple.owner2!.id, isCollective: false, isIndependent: false }]);
    const wrong = await call(savePoa, { hash_id: h1, owner: '1', first_name: 'Cy', last_name: 'Doe', type1: 'general', order1: 3, is_collective1: 'perhaps' });
    expect(wrong.status).toBe(422);
  });

  it('refuses the financial type for a client of alpha 1 with a clear message', async () => {
    const alpha = await makeCouple({ firmName: 'Alpha 1' });
    await signInAs(alpha.household.user);
    const before = await databaseFingerprint();
    const { status, body } = await call(savePoa, {
      hash_id: alpha.owner1.hash,
      owner: '1',
      first_name: 'Fin',
      last_name: 'Agent',
      type1: 'financial',
      order1: 1,
    });
    expect({ status, body }).toEqual({ status: 403, body: { message: 'The Financial Durable Power of Attorney is not available for this client.' } });
    expect(await databaseFingerprint()).toEqual(before);
  });
});

describe('POST /api/clientInfo/delete/fiduciary', () => {
  it('deletes a trustee and a stale version is refused', async () => {
    const records = await seedIntakeRecords([couple.owner1.id, couple.owner2!.id]);
    const stale = await call(deleteFiduciary, { hash_id: h1, hash_id_spouse: h2, hash_id_fiduciary: records.trustee, version: 7 });
    expect(stale).toEqual({ status: 409, body: { message: 'This record was changed by someone else. Reload to see the latest version.' } });
    const removed = await call(deleteFiduciary, { hash_id: h1, hash_id_spouse: h2, hash_id_fiduciary: records.trustee });
    expect(removed.body.fiduciariesBoth).toEqual([]);
  });
});

describe('POST /api/ClientInfo/updateClientInfo and /api/updatePersonalInfo/', () => {
  it("saves one client's spouse choice, then the other's, answering { client }", async () => {
    const first = await call(updateClientInfo, { hash: h1, is_spouse_beneficiary: true, is_spouse_poa_general: 1 });
    expect(first.status).toBe(200);
    expect(Object.keys(first.body)).toEqual(['client']);
    expect(first.body.client).toMatchObject({ hash_id: h1, is_spouse_beneficiary: true, is_spouse_poa_general: true, is_spouse_poa_medical: null });
    const second = await call(updateClientInfo, { hash: h2, is_spouse_beneficiary: false });
    expect(second.body.client).toMatchObject({ hash_id: h2, is_spouse_beneficiary: false });
  });

  it('saves the estate plan answers it sends and keeps the others', async () => {
    await call(updateClientInfo, {
      hash: h2,
      has_estate_plan: 'yes',
      estate_plan_type: 'Trust',
      trust_name: 'Old Trust',
      trust_governing_state: 'CA',
      has_trust_intent_1: true,
    });
    const { body } = await call(updateClientInfo, { hash: h2, trust_name: 'New Trust', has_trust_intent_6: 0 });
    expect(body.client).toMatchObject({
      has_estate_plan: 'yes',
      estate_plan_type: 'Trust',
      trust_name: 'New Trust',
      trust_governing_state: 'CA',
      has_trust_intent_1: true,
      has_trust_intent_6: false,
    });
    const no = await call(updateClientInfo, { hash: h2, has_estate_plan: 'no' });
    expect(no.body.client).toMatchObject({ has_estate_plan: 'no', estate_plan_type: null, trust_name: null });
    // is_trust_submitted is the submission (tests/integration/review-submit.test.ts); this household has no plan.
    const submit = await call(updateClientInfo, { hash: h2, is_trust_submitted: 1 });
    expect(submit.status).toBe(409);
    expect(submit.body).toEqual({ message: 'No estate plan found - Please contact support' });
  });

  it('saves personal info and answers the client with the SSN masked', async () => {
    const { status, body } = await call(updatePersonalInfo, {
      hash_id: h1,
      first_name: 'Pat',
      middle_name: null,
      last_name: 'Rivera',
      suffix: '',
      phone: '(408) 555-0120',
      dob: '02/20/1968',
      ssn: '234-56-7890',
      gender: 'male',
      residence_state: 'CA',
      is_us_citizen: 1,
      is_receiving_medicaid: 0,
      has_mental_disorder: 0,
      wants_life_support: 1,
      wants_cremation: 0,
      is_organ_donor: null,
    });
    expect(status).toBe(200);
    expect(body.client).toMatchObject({
      hash_id: h1,
      first_name: 'Pat',
      phone: '4085550120',
      dob: '1968-02-20',
      ssn: 'XXX-XX-7890',
      is_us_citizen: true,
      is_organ_donor: null,
      residence_state: 'CA',
    });
    expect(JSON.stringify(body)).not.toContain('234567890');
    const [client] = await db.select({ version: t.clients.version }).from(t.clients).where(eq(t.clients.id, couple.owner1.id));
    expect(client.version).toBe(2);
  });

  it('answers 401 to guests', async () => {
    signOut();
    expect((await call(updatePersonalInfo, { hash_id: h1 })).status).toBe(401);
  });
});

describe("the client object in the spec's shapes (intake §3 Client, platform §3 Person)", () => {
  /** Gives both clients an SSN and the household two plans (an older one, then the latest). */
  async function fillClientRecords() {
    for (const [clientId, ssn] of [
      [couple.owner1.id, '123456789'],
      [couple.owner2!.id, '987654321'],
    ] as const) {
      const [client] = await db.select({ personId: t.clients.personId }).from(t.clients).where(eq(t.clients.id, clientId));
      const [person] = await db.select({ hash: t.persons.hash }).from(t.persons).where(eq(t.persons.id, client.personId));
      const sealed = sealIdentifier(ssn, placeOf(t.persons.ssnCipher, person.hash));
      await db
        .update(t.persons)
        .set({ ssnCipher: sealed.cipher, ssnLast4: sealed.last4, middleName: 'Quinn', suffix: 'Jr.', dob: '1968-02-20', phone: '4085550120' })
        .where(eq(t.persons.id, client.personId));
    }
    const old = {
      hash: newHash(),
      clientId: couple.owner1.id,
      status: 'complete' as const,
      createdAt: new Date('2024-01-01T00:00:00Z'),
      updatedAt: new Date('2024-02-01T00:00:00Z'),
    };
    const latest = {
      hash: newHash(),
      clientId: couple.owner1.id,
      status: 'incomplete' as const,
      createdAt: new Date('2026-01-01T00:00:00Z'),
      updatedAt: new Date('2026-01-02T03:04:05.678Z'),
    };
    await db.insert(t.estatePlans).values([latest, old]);
    return { old, latest };
  }

  const UNMASKED = /123-?45-?6789|987-?65-?4321/;

  it('answers person, spouse.person, is_type_other, estate_plans (the last the latest) and advisor.firms on every kind of call', async () => {
    const plans = await fillClientRecords();
    const { body } = await call(saveChild, { hash_id: h2, owner: '1', first_name: 'Noah', last_name: 'Doe', dob: '04/05/2016' });
    const [person1] = await db.select().from(t.persons).where(eq(t.persons.id, couple.household.person.id));
    const estatePlans = [
      { hash: plans.old.hash, type: 'trust', status: 'complete', status_full: 'Complete', updated_at: '2024-02-01T00:00:00.000Z', files: [] },
      { hash: plans.latest.hash, type: 'trust', status: 'incomplete', status_full: 'In Progress', updated_at: '2026-01-02T03:04:05.678Z', files: [] },
    ];
    // Named from the spouse's page: client is the spouse, its spouse the household's owner 1.
    expect(body.client).toMatchObject({
      hash_id: h2,
      ssn: 'XXX-XX-4321',
      person: { contact_info: { email: expect.any(String), phone: '4085550120' }, personal_info: { dob: '1968-02-20', masked_ssn: 'XXX-XX-4321' } },
      spouse: {
        hash: h1,
        person: {
          name: {
            full: `${person1.firstName} Quinn ${person1.lastName} Jr.`,
            first_name: person1.firstName,
            middle_name: 'Quinn',
            last_name: person1.lastName,
            suffix: 'Jr.',
            initials: `${person1.firstName[0]}Q${person1.lastName[0]}`.toUpperCase(),
          },
          contact_info: { email: couple.household.user.email, phone: '4085550120' },
          personal_info: { dob: '1968-02-20', masked_ssn: 'XXX-XX-6789' },
        },
      },
      is_type_other: false,
      estate_plans: estatePlans,
      advisor: { hash: couple.advisor.advisor.hash, firms: [{ id: couple.firm.hash, name: couple.firm.name }] },
    });
    expect(body.spouse).toMatchObject({ hash_id: h1, spouse: { hash: h2 }, estate_plans: estatePlans });
    // Firm ids are public hashes, never the numeric id.
    expect(typeof (body.client as { advisor: { firms: { id: unknown }[] } }).advisor.firms[0].id).toBe('string');

    // The asset calls' full data, the client record call and the personal info call answer the same object.
    const property = await call(saveProperty, { hash_id: h1, owner: '1', street: '1 Main St', city: 'Austin', state: 'TX', zip: '78701' });
    expect(property.body.client).toMatchObject({
      hash_id: h1,
      spouse: { hash: h2 },
      estate_plans: estatePlans,
      person: { personal_info: { masked_ssn: 'XXX-XX-6789' } },
    });
    const record = await call(updateClientInfo, { hash: h1, has_estate_plan: 'yes', estate_plan_type: 'Pour-over will' });
    expect(record.body.client).toMatchObject({
      estate_plan_type: 'Pour-over will',
      is_type_other: true,
      spouse: { hash: h2 },
      advisor: { hash: couple.advisor.advisor.hash },
    });
    const personal = await call(updatePersonalInfo, {
      hash_id: h1,
      first_name: 'Pat',
      middle_name: 'Quinn',
      last_name: 'Rivera',
      suffix: 'Jr.',
      phone: '4085550199',
    });
    expect(personal.body.client).toMatchObject({ person: { name: { full: 'Pat Quinn Rivera Jr.', initials: 'PQR' }, contact_info: { phone: '4085550199' } } });

    for (const answer of [body, property.body, record.body, personal.body]) {
      const text = JSON.stringify(answer);
      expect(text).not.toMatch(UNMASKED);
      expect(text).not.toContain('unmasked_ssn');
    }
  });

  it('never sends the full SSN to the client, the advisor or their staff; attorneys and admins get unmasked_ssn, audited', async () => {
    await fillClientRecords();
    const staff = await makeStaff([couple.advisor.advisor.id]);
    for (const user of [couple.household.user, couple.advisor.user, staff.user]) {
      await signInAs(user);
      const { status, body } = await call(updateClientInfo, { hash: h1, is_spouse_beneficiary: true });
      expect(status).toBe(200);
      expect(JSON.stringify(body)).not.toMatch(UNMASKED);
      expect((body.client as { person: { personal_info: object } }).person.personal_info).not.toHaveProperty('unmasked_ssn');
    }
    for (const flags of [{ isAdmin: true }, { isLegal: true }]) {
      const { user } = await makeUser(flags);
      await signInAs(user);
      const { status, body } = await call(saveFiduciary, { hash_id: h1, owner: '1', first_name: 'Tess', last_name: 'Trust', order1: 1 });
      expect(status).toBe(200);
      expect(body.client).toMatchObject({
        person: { personal_info: { masked_ssn: 'XXX-XX-6789', unmasked_ssn: '123-45-6789' } },
        spouse: { person: { personal_info: { unmasked_ssn: '987-65-4321' } } },
      });
      expect(body.spouse).toMatchObject({ person: { personal_info: { unmasked_ssn: '987-65-4321' } } });
      // Only the client objects carry it.
      const { client, spouse, ...lists } = body;
      expect([client, spouse]).toHaveLength(2);
      expect(JSON.stringify(lists)).not.toMatch(UNMASKED);
      const reveals = await db.select().from(t.auditLog).where(eq(t.auditLog.actorUserId, user.id));
      expect(reveals.filter((row) => row.action === 'identifier.reveal')).toEqual([
        expect.objectContaining({ targetType: 'person', meta: { kind: 'person', via: 'legacy answer' } }),
        expect.objectContaining({ targetType: 'person', meta: { kind: 'person', via: 'legacy answer' } }),
      ]);
    }
  });

  it('reads the extras in one statement, for the routes only', async () => {
    const { loadIntake } = await import('@/lib/intake/load');
    const { loadLegacyClientExtras } = await import('@/lib/legacy/client-extras');
    const view = await loadIntake(couple.clientCtx, h1);
    const { count, result } = await countQueries(() => loadLegacyClientExtras(couple.clientCtx, view));
    expect(count).toBe(1);
    expect(Object.keys(result.advisors).sort()).toEqual([h1, h2].sort());
  });
});

describe('the server actions', () => {
  it('answer the refreshed view, the success text, and the stale-version conflict with its status', async () => {
    const { loadIntake } = await import('@/lib/intake/load');
    const { updateEstatePlanInfoAction, upsertChildAction } = await import('@/lib/actions/intake');
    const view = await loadIntake(couple.clientCtx, h1);
    const answers = { version: view.client.version, has_estate_plan: false };
    const ok = await updateEstatePlanInfoAction({
      client_hash: h1,
      client1: answers,
      client2: { version: view.spouse!.version, has_estate_plan: true, estate_plan_type: 'Will' },
    } as never);
    expect(ok).toMatchObject({
      ok: true,
      message: 'Current & new estate plan info updated successfully',
      data: { client: { hasEstatePlan: 'no' }, spouse: { estatePlanType: 'Will' } },
    });
    const stale = await updateEstatePlanInfoAction({ client_hash: h1, client1: answers } as never);
    expect(stale).toEqual({ ok: false, status: 409, message: 'This record was changed by someone else. Reload to see the latest version.' });
    const missing = await upsertChildAction({ client_hash: h1, hash: 'abc', owner: '1', first_name: 'A', last_name: 'B', dob: '01/01/2015' } as never);
    expect(missing).toMatchObject({ ok: false, status: 422, fieldErrors: { version: 'The record version is missing. Reload the page and try again.' } });
  });

  it("save how a client's agents serve (the PoA dialog's 'Agents Serve')", async () => {
    const { upsertAgentAction } = await import('@/lib/actions/intake');
    const agent = { client_hash: h1, type: 'medical', owner: 'both', same_values: false, first_name: 'Ann', last_name: 'Doe' };
    const saved = await upsertAgentAction({
      ...agent,
      values1: { order: 1, is_collective: true, is_independent: false },
      values2: { order: 1, is_collective: true, is_independent: true },
    } as never);
    expect(saved).toMatchObject({
      ok: true,
      data: { agents: [{ type: 'medical', service1: { isCollective: true, isIndependent: false }, service2: { isCollective: true, isIndependent: true } }] },
    });
    const wrong = await upsertAgentAction({ ...agent, values1: { order: 1, is_collective: 'yes' } } as never);
    expect(wrong).toMatchObject({ ok: false, status: 422 });
  });
});
