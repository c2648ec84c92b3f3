import { eq, sql } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { GET as nextAuthGet } from '@/app/api/auth/[...nextauth]/route';
import { POST as advisorFetch } from '@/app/api/advisor/fetch/route';
import { POST as advisorCreateClient } from '@/app/api/advisorCreateClient/route';
import { POST as updateStatus } from '@/app/api/attorney/updateStatus/route';
import { POST as deleteAnnuity } from '@/app/api/clientInfo/delete/annuityAccount/route';
import { POST as deleteBank } from '@/app/api/clientInfo/delete/bankAccount/route';
import { POST as deleteBeneficiary } from '@/app/api/clientInfo/delete/beneficiary/route';
import { POST as deleteBrokerage } from '@/app/api/clientInfo/delete/brokerageAccount/route';
import { POST as deleteChild } from '@/app/api/clientInfo/delete/child/route';
import { POST as deleteCompany } from '@/app/api/clientInfo/delete/company/route';
import { POST as deleteFiduciary } from '@/app/api/clientInfo/delete/fiduciary/route';
import { POST as deleteGift } from '@/app/api/clientInfo/delete/gift/route';
import { POST as deletePoa } from '@/app/api/clientInfo/delete/poa/route';
import { POST as deleteProperty } from '@/app/api/clientInfo/delete/property/route';
import { POST as deleteRetirement } from '@/app/api/clientInfo/delete/retirementAccount/route';
import { POST as updateClientInfo } from '@/app/api/clientInfo/updateClientInfo/route';
import { POST as saveAnnuity } from '@/app/api/clientInfo/updateOrCreate/annuityAccount/route';
import { POST as saveBank } from '@/app/api/clientInfo/updateOrCreate/bankAccount/route';
import { POST as saveBeneficiary } from '@/app/api/clientInfo/updateOrCreate/beneficiary/route';
import { POST as saveBrokerage } from '@/app/api/clientInfo/updateOrCreate/brokerageAccount/route';
import { POST as saveChild } from '@/app/api/clientInfo/updateOrCreate/child/route';
import { POST as saveCompany } from '@/app/api/clientInfo/updateOrCreate/company/route';
import { POST as saveFiduciary } from '@/app/api/clientInfo/updateOrCreate/fiduciary/route';
import { POST as saveGift } from '@/app/api/clientInfo/updateOrCreate/gift/route';
import { POST as saveNote } from '@/app/api/clientInfo/updateOrCreate/note/route';
import { POST as savePoa } from '@/app/api/clientInfo/updateOrCreate/poa/route';
import { POST as saveProperty } from '@/app/api/clientInfo/updateOrCreate/property/route';
import { POST as saveRetirement } from '@/app/api/clientInfo/updateOrCreate/retirementAccount/route';
import { POST as createClient } from '@/app/api/createClient/route';
import { POST as getInvites } from '@/app/api/getInvites/route';
import { POST as login } from '@/app/api/login/route';
import { POST as logout } from '@/app/api/logout/route';
import { POST as resendInvite } from '@/app/api/resendInvite/[id]/route';
import { POST as sendInvite } from '@/app/api/sendInvite/route';
import { POST as updatePersonalInfo } from '@/app/api/updatePersonalInfo/route';
import { POST as updateEmail } from '@/app/api/user/update/email/route';
import { POST as updateName } from '@/app/api/user/update/name/route';
import { POST as updatePassword } from '@/app/api/user/update/password/route';
import { POST as updatePhone } from '@/app/api/user/update/phone/route';
import { POST as processPayment } from '@/app/api/billing/processLawpayPayment/route';
import { POST as removeStoredMethod } from '@/app/api/billing/removeStoredPaymentMethod/route';
import { POST as acknowledgePayment } from '@/app/api/estatePlan/[hash]/acknowledgePayment/route';
import { GET as amountDue } from '@/app/api/estatePlan/[hash]/amountDue/route';
import { POST as createAndPay } from '@/app/api/estatePlan/createAndPay/route';
import { DELETE as deleteFile } from '@/app/api/file/[planHash]/[fileHash]/delete/route';
import { GET as viewFile } from '@/app/api/file/[planHash]/[fileHash]/view/get/route';
import { POST as uploadFile } from '@/app/api/file/[planHash]/upload/route';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { localUploadsDir } from '@/lib/files/local-store';
import { db } from '@/db';
import * as t from '@/db/schema';
import { sealIdentifier } from '@/lib/crypto';
import { placeOf } from '@/lib/encrypted-columns';
import { issueLoginToken } from '@/lib/auth/login-token';
import { PEER_HEADER } from '@/lib/http/request';
import { resetDatabase } from '../helpers/db';
import { makeUser, TEST_PASSWORD } from '../helpers/factories';
import { cookieJar } from '../helpers/fake-headers';
import { signInAs, signOut } from '../helpers/session';
import { answerRequiredQuestions, payFeeFor, seedIntakeRecords } from './helpers/intake';
import { rowsOf } from '@/lib/kernel/rows';

/*
 * The compatibility routes answer exactly as before (issue 19): a fixture household's answers through every
 * compatibility route, recorded before the kernel refactor into __snapshots__/compat-snapshot.test.ts.snap
 * and compared on every run. Random hashes are named by their row (`<clients#1>`), times and dates of today
 * by a placeholder; everything else is compared as answered. The calls run in one sequence (each changes
 * what the next one sees), on a fresh database, so the row ids are the same on every run. The document and
 * payment routes joined the fixture in issue 28, recorded before the translations moved to lib/legacy; a
 * file's bytes are recorded as their size and digest with the answer's headers.
 */

type Handler = ((request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>) & { permission?: unknown };
type Recorded = {
  status: number;
  location?: string;
  cookies?: string[];
  body?: unknown;
  headers?: Record<string, string>;
  bytes?: { size: number; sha256: string };
};

/** Every public hash in the database, named by its table and id; names are kept after a row is deleted. */
const hashNames = new Map<string, string>();
async function learnHashes() {
  const tables = (await db.execute(
    sql`select table_name from information_schema.columns where table_schema = 'public' and column_name = 'hash' order by table_name`,
  )) as unknown;
  const names = rowsOf<{ table_name: string }>(tables);
  for (const { table_name: table } of names) {
    const result = (await db.execute(sql.raw(`select id::text as id, hash from "${table}"`))) as unknown;
    const rows = rowsOf<{ id: string; hash: string }>(result);
    for (const row of rows) if (!hashNames.has(row.hash)) hashNames.set(row.hash, `<${table}#${row.id}>`);
  }
}

/** The hash a placeholder names (answers are recorded normalised; a later call may need the real one). */
function hashOf(name: string): string {
  for (const [hash, n] of hashNames) if (n === name) return hash;
  throw new Error(`No hash named ${name}`);
}

function today(): string[] {
  const now = new Date();
  const day = (d: Date) => [
    d.toISOString().slice(0, 10),
    d.toLocaleDateString('en-US', { month: '2-digit', day: '2-digit', year: 'numeric' }),
    d.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' }),
    d.toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' }),
  ];
  // Around midnight a call may land on either side of it.
  return [...day(now), ...day(new Date(now.getTime() - 86_400_000)), ...day(new Date(now.getTime() + 86_400_000))];
}

/** The answer with hashes named and the moment of the run taken out. */
function normalise(value: unknown): unknown {
  let text = JSON.stringify(value);
  // Longest first, so a hash that contains another is named whole.
  for (const hash of [...hashNames.keys()].sort((a, b) => b.length - a.length)) text = text.split(hash).join(hashNames.get(hash)!);
  text = text.replace(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:?\d{2})?/g, '<time>');
  for (const date of today()) text = text.split(date).join('<today>');
  text = text.replace(/\b\d{1,2}:\d{2}(?::\d{2})? ?(?:AM|PM|am|pm)\b/g, '<clock>');
  return JSON.parse(text);
}

let peer = 0;
async function call(
  handler: Handler,
  body: Record<string, unknown> | null,
  options: { form?: boolean; params?: Record<string, string>; path?: string; method?: string; multipart?: FormData; bytes?: boolean } = {},
): Promise<Recorded> {
  peer += 1;
  const headers: Record<string, string> = {
    host: 'localhost:3000',
    origin: 'http://localhost:3000',
    [PEER_HEADER]: `198.51.100.${peer}`,
    'user-agent': 'compat-snapshot',
  };
  // The session cookie rides on the request too, for next-auth's own handler (the doors read the jar).
  if (cookieJar.size) headers.cookie = [...cookieJar.entries()].map(([k, v]) => `${k}=${v}`).join('; ');
  let payload: string | FormData | undefined;
  if (options.multipart) {
    payload = options.multipart;
  } else if (body && options.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    payload = new URLSearchParams(Object.entries(body).map(([k, v]) => [k, v === null ? '' : String(v)])).toString();
  } else if (body) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const method = options.method ?? 'POST';
  const request = new NextRequest(`http://localhost:3000${options.path ?? '/api/x/'}`, { method, headers, body: payload });
  const response = await handler(request, { params: Promise.resolve(options.params ?? {}) });
  await learnHashes();
  const recorded: Recorded = { status: response.status };
  const location = response.headers.get('location');
  if (location) recorded.location = normalise(location) as string;
  const cookies = response.headers.getSetCookie().map((c) => c.split('=')[0]);
  if (cookies.length) recorded.cookies = cookies.sort();
  if (options.bytes && response.ok) {
    // A file's bytes: its headers, its size and a digest of its bytes.
    const bytes = Buffer.from(await response.arrayBuffer());
    recorded.headers = normalise(Object.fromEntries([...response.headers.entries()].sort(([a], [b]) => a.localeCompare(b)))) as Record<string, string>;
    recorded.bytes = { size: bytes.byteLength, sha256: createHash('sha256').update(bytes).digest('hex') };
    return recorded;
  }
  const text = await response.text();
  if (text) recorded.body = normalise(JSON.parse(text));
  return recorded;
}

/** A user with fixed names and email (the factories' are unique per run). */
async function fixedUser(first: string, last: string, email: string, flags: Parameters<typeof makeUser>[0] = {}) {
  return makeUser(flags, { firstName: first, lastName: last, email, phone: '4085550100', dob: '1970-01-02' });
}

async function fixture() {
  await resetDatabase();
  hashNames.clear();
  const [firm] = await db.insert(t.firms).values({ name: 'Snapshot Firm' }).returning();
  const advisor = await fixedUser('Avery', 'Advisor', 'avery.advisor@snapshot.test', { isAdvisory: true });
  const [advisorRow] = await db.insert(t.advisors).values({ userId: advisor.user.id, maxInvoices: 3 }).returning();
  await db.insert(t.advisorFirms).values({ advisorId: advisorRow.id, firmId: firm.id });
  const pat = await fixedUser('Pat', 'Rivera', 'pat.rivera@snapshot.test');
  const sam = await fixedUser('Sam', 'Rivera', 'sam.rivera@snapshot.test');
  const [client] = await db.insert(t.clients).values({ personId: pat.person.id, userId: pat.user.id, advisorId: advisorRow.id }).returning();
  const [spouse] = await db.insert(t.clients).values({ personId: sam.person.id, userId: sam.user.id, advisorId: advisorRow.id }).returning();
  await db.insert(t.households).values({ owner1ClientId: client.id, owner2ClientId: spouse.id });
  for (const [who, ssn] of [
    [pat, '123456789'],
    [sam, '987654321'],
  ] as const) {
    const sealed = sealIdentifier(ssn, placeOf(t.persons.ssnCipher, who.person.hash));
    await db.update(t.persons).set({ ssnCipher: sealed.cipher, ssnLast4: sealed.last4 }).where(eq(t.persons.id, who.person.id));
  }
  const [plan] = await db.insert(t.estatePlans).values({ clientId: client.id }).returning();
  await payFeeFor(plan.id);
  await answerRequiredQuestions([client.id, spouse.id]);
  const records = await seedIntakeRecords([client.id, spouse.id]);
  await db.insert(t.invoices).values({ advisorId: advisorRow.id, description: 'Trust', amount: '995.00', amountPaid: '100.50' });
  const legal = await fixedUser('Lee', 'Legal', 'lee.legal@snapshot.test', { isLegal: true });
  const other = await fixedUser('Olive', 'Outsider', 'olive.outsider@snapshot.test');
  const [otherClient] = await db.insert(t.clients).values({ personId: other.person.id, userId: other.user.id, advisorId: null }).returning();
  await db.insert(t.households).values({ owner1ClientId: otherClient.id });
  await learnHashes();
  return { firm, advisor, advisorRow, pat, sam, client, spouse, plan, records, legal, otherClient };
}

beforeEach(() => signOut());
afterAll(() => signOut());

describe('the compatibility routes answer a fixture household as recorded', () => {
  it('intake: every save and delete, the client record, personal info, their errors', async () => {
    const f = await fixture();
    const h1 = f.client.hash;
    const h2 = f.spouse.hash;
    const r = f.records;
    await signInAs(f.pat.user);
    const answers: Record<string, Recorded> = {};
    const record = async (name: string, handler: Handler, body: Record<string, unknown>, options: { form?: boolean } = {}) => {
      answers[name] = await call(handler, body, options);
      return answers[name];
    };

    await record('updateOrCreate/child', saveChild, {
      hash_id: h1,
      hash_id_spouse: h2,
      hash_id_child: null,
      owner: 'both',
      dob: '04/05/2016',
      first_name: 'Noah',
      middle_name: '',
      last_name: 'Rivera',
      gender: 'male',
      has_guardian_1: true,
      guardian_1_first_name: 'Morgan',
      guardian_1_last_name: 'Ellis',
      guardian_1_phone: '(408) 555-0130',
      guardian_1_email: 'morgan@example.com',
      has_guardian_2: false,
    });
    await record(
      'updateOrCreate/child (update, form)',
      saveChild,
      { hash_id: h1, hash_id_spouse: h2, hash_id_child: r.child, owner: '1', dob: '01/01/2016', first_name: 'Matrix', last_name: 'Kid', has_guardian_1: 0 },
      { form: true },
    );
    await record('updateOrCreate/child (422)', saveChild, { hash_id: h1, owner: 'both', first_name: '', last_name: 'Doe', dob: '13/45/2015' });
    await record('updateOrCreate/child (404 other household)', saveChild, {
      hash_id: f.otherClient.hash,
      owner: '1',
      first_name: 'X',
      last_name: 'Y',
      dob: '01/01/2015',
    });
    await record('updateOrCreate/beneficiary (entity)', saveBeneficiary, {
      hash_id: h1,
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
      tier2: 'contingent',
      share_percent2: '50.5',
      relationship2: 'Charity',
      is_per_stirpes2: 0,
    });
    await record(
      'updateOrCreate/beneficiary (person, form)',
      saveBeneficiary,
      {
        hash_id: h2,
        hash_id_spouse: h1,
        owner: 'both',
        type: 'person',
        first_name: 'Marco',
        last_name: 'Rivera',
        dob: '10/03/1965',
        ssn: '123-45-6788',
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
    await record('updateOrCreate/fiduciary', saveFiduciary, {
      hash_id: h2,
      hash_id_spouse: h1,
      owner: '1',
      first_name: 'Tess',
      last_name: 'Trust',
      phone: '5551234567',
      email: '',
      order1: 2,
    });
    await record('updateOrCreate/poa', savePoa, {
      hash_id: h1,
      hash_id_spouse: h2,
      owner: 'both',
      first_name: 'Avery',
      last_name: 'Agent',
      phone: '4085550122',
      email: 'avery@example.com',
      type1: 'medical',
      order1: 1,
      type2: 'medical',
      order2: 2,
      is_collective1: 1,
    });
    await record('updateOrCreate/poa (422)', savePoa, {
      hash_id: h1,
      owner: '1',
      first_name: 'A',
      last_name: 'B',
      type1: 'medical',
      type2: 'general',
      order1: 1,
    });
    const property = await record('updateOrCreate/property', saveProperty, {
      hash_id: h1,
      hash_id_spouse: h2,
      hash_id_property: '',
      owner: 'both',
      is_primary: 2,
      street: '1 Main St',
      unit: '',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
      value: '350,000',
      purchase_month: '',
      purchase_year: 2004,
    });
    await record('updateOrCreate/property (422)', saveProperty, { hash_id: h1, owner: 'both', street: '1 Main', city: 'Austin', state: 'TX', zip: '7870' });
    await record(
      'updateOrCreate/company (form)',
      saveCompany,
      {
        hash_id: h1,
        hash_id_spouse: h2,
        hash_id_company: '',
        hash_id_address: '',
        owner: 'both',
        name: 'Acme',
        type: 'Partnership',
        street: '',
        unit: '',
        city: '',
        state: '',
        zip: '',
        value: '',
        share_percent1: '60',
        stock_shares1: '100',
        share_percent2: '40',
        stock_shares2: '',
      },
      { form: true },
    );
    const props = (property.body as { properties: { hash_id: string; hash_id_address: string }[] }).properties;
    const heirs = (property.body as { beneficiariesBoth: { hash_id: string }[] }).beneficiariesBoth.map((b) => hashOf(b.hash_id));
    await record('updateOrCreate/gift', saveGift, {
      hash_id: h1,
      hash_id_spouse: h2,
      hash_id_gift: '',
      owner: 'both',
      gift_type: 'Real Estate',
      hash_id_bene: heirs[0],
      hash_id_address: hashOf(props[0].hash_id_address),
      cash_amount: '',
      specific_item: '',
      predecease_distribution: 'bloodline',
    });
    await record('updateOrCreate/retirementAccount', saveRetirement, {
      hash_id: h1,
      hash_id_spouse: h2,
      hash_id_account: '',
      owner: '2',
      company: 'Vanguard',
      type: 'Roth IRA',
      number: 'RIRA-000-7788',
      value: '45,000',
    });
    await record('updateOrCreate/brokerageAccount', saveBrokerage, {
      hash_id: h1,
      owner: 'both',
      company: 'Schwab',
      type: 'Individual',
      number: '5555',
      value: '1,000.50',
    });
    await record('updateOrCreate/bankAccount', saveBank, {
      hash_id: h2,
      hash_id_spouse: h1,
      owner: '1',
      company: 'Chase Local',
      type: 'Checkings',
      number: '1234',
      value: '',
    });
    await record('updateOrCreate/annuityAccount', saveAnnuity, { hash_id: h1, owner: '1', company: 'MetLife', number: 'X1', value: '10' });
    await record('updateOrCreate/note', saveNote, { note: 'Call me', hash: h2, hash2: h1 });
    await record('updateClientInfo (spouse choice)', updateClientInfo, { hash: h1, is_spouse_beneficiary: true, is_spouse_poa_general: 1 });
    await record('updateClientInfo (estate plan)', updateClientInfo, {
      hash: h2,
      has_estate_plan: 'yes',
      estate_plan_type: 'Trust',
      trust_name: 'Old Trust',
      trust_governing_state: 'CA',
      has_trust_intent_1: true,
    });
    await record('updatePersonalInfo', updatePersonalInfo, {
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
      is_organ_donor: 1,
    });

    await record('delete/child', deleteChild, { hash_id: h1, hash_id_spouse: h2, hash_id_child: r.child });
    await record('delete/beneficiary', deleteBeneficiary, { hash_id: h1, hash_id_spouse: h2, hash_id_beneficiary: r.beneficiary });
    await record('delete/fiduciary (409 stale)', deleteFiduciary, { hash_id: h1, hash_id_spouse: h2, hash_id_fiduciary: r.trustee, version: 7 });
    await record('delete/fiduciary', deleteFiduciary, { hash_id: h1, hash_id_spouse: h2, hash_id_fiduciary: r.trustee });
    await record('delete/poa (404 wrong type)', deletePoa, { hash_id: h1, hash_id_spouse: h2, hash_id_poa: r.agent, type: 'medical' });
    await record('delete/poa', deletePoa, { hash_id: h1, hash_id_spouse: h2, hash_id_poa: r.agent, type: 'general' });
    await record('delete/gift', deleteGift, { hash_id: h1, hash_id_spouse: h2, hash_id_gift: r.gift });
    await record('delete/property', deleteProperty, { hash_id: h1, hash_id_spouse: h2, hash_id_property: r.property });
    await record('delete/company', deleteCompany, { hash_id: h1, hash_id_spouse: h2, hash_id_company: r.company });
    await record('delete/retirementAccount', deleteRetirement, { hash_id: h1, hash_id_account: r.retirement });
    await record('delete/brokerageAccount', deleteBrokerage, { hash_id: h1, hash_id_account: r.brokerage });
    await record('delete/bankAccount', deleteBank, { hash_id: h1, hash_id_account: r.bank });
    await record('delete/annuityAccount (404 other kind)', deleteAnnuity, { hash_id: h1, hash_id_account: r.bank });
    await record('delete/annuityAccount', deleteAnnuity, { hash_id: h1, hash_id_account: r.annuity });

    // The features lock: the advisor's open invoices reach max_invoices, the intake calls answer 403.
    await db.insert(t.invoices).values([1, 2, 3].map((n) => ({ advisorId: f.advisorRow.id, description: `Lock ${n}`, amount: '995.00' })));
    await record('updateOrCreate/child (403 features lock)', saveChild, { hash_id: h1, owner: '1', first_name: 'Locked', last_name: 'Out', dob: '01/01/2015' });
    await db.delete(t.invoices).where(sql`${t.invoices.description} like 'Lock %'`);

    // Submission through the client record call (every required answer given), then the attorney's status change.
    await answerRequiredQuestions([f.client.id, f.spouse.id]);
    await record('updateClientInfo (submit)', updateClientInfo, { hash: h1, is_trust_submitted: 1 });
    await record('updateClientInfo (submit again, 409)', updateClientInfo, { hash: h2, is_trust_submitted: 1 });
    await record('updateOrCreate/note (after submission)', saveNote, { note: 'After', hash: h1, hash2: h2 });
    await signInAs(f.legal.user);
    await record('attorney/updateStatus', updateStatus, { estate_plan_id: f.plan.hash, status: 'preparing' });
    await record('attorney/updateStatus (422 transition)', updateStatus, { estate_plan_id: f.plan.hash, status: 'complete' });
    await record('attorney/updateStatus (404)', updateStatus, { estate_plan_id: 'nope', status: 'hold' });
    signOut();
    await record('updatePersonalInfo (401 guest)', updatePersonalInfo, { hash_id: h1 });

    expect(answers).toMatchSnapshot();
  });

  it('advisor workspace: fetch, invites, creating clients', async () => {
    const f = await fixture();
    const answers: Record<string, Recorded> = {};
    await signInAs(f.advisor.user);
    const advisorHash = f.advisorRow.hash;
    answers['advisor/fetch'] = await call(advisorFetch, { advisor_id: advisorHash });
    answers['sendInvite'] = await call(sendInvite, { client_name: 'Morgan Ellis', client_email: 'Morgan@Snapshot.test', advisor_id: advisorHash });
    answers['sendInvite (422)'] = await call(sendInvite, { client_name: 'Morgan Ellis', client_email: 'not-an-email', advisor_id: advisorHash });
    answers['getInvites'] = await call(getInvites, { advisor_id: advisorHash });
    const [invite] = await db.select().from(t.invites);
    answers['resendInvite (429 too early)'] = await call(resendInvite, null, { params: { id: invite.hash } });
    await db.update(t.invites).set({ sentAt: new Date(Date.now() - 6 * 60 * 1000) });
    answers['resendInvite'] = await call(resendInvite, null, { params: { id: invite.hash } });
    const base = {
      client_count: 2,
      advisor_id: advisorHash,
      client_1_first_name: 'Robin',
      client_1_last_name: 'Okafor',
      client_1_email: 'robin@snapshot.test',
      client_1_mobile_phone: 5035550199,
      client_1_date_of_birth: '04/05/1971',
      client_1_social_security_number: '123-45-6789',
      client_1_gender: 'male',
      client_2_first_name: 'Quinn',
      client_2_last_name: 'Okafor',
      client_2_email: 'ROBIN@snapshot.test ',
      client_2_middle_name: null,
    };
    answers['advisorCreateClient (422 same emails)'] = await call(advisorCreateClient, base);
    answers['advisorCreateClient'] = await call(advisorCreateClient, { ...base, client_2_email: 'quinn@snapshot.test' });
    answers['advisor/fetch (after)'] = await call(advisorFetch, { advisor_id: advisorHash });
    await signInAs(f.pat.user);
    answers['advisor/fetch (client: 403)'] = await call(advisorFetch, { advisor_id: advisorHash });
    expect(answers).toMatchSnapshot();
  });

  it('accounts: sign-up, the settings calls, sign-in, the session, sign-out', async () => {
    const f = await fixture();
    const answers: Record<string, Recorded> = {};
    const signUp = {
      first_name: 'Nia',
      middle_name: '',
      last_name: 'Newcomer',
      suffix: '',
      email: 'nia.newcomer@snapshot.test',
      phone: '5551234567',
      password: 'Snapshot-Password-1',
      password_confirmation: 'Snapshot-Password-1',
      advisor_hash: f.advisorRow.hash,
    };
    answers['createClient'] = await call(createClient, signUp);
    answers['createClient (taken email: same answer)'] = await call(createClient, { ...signUp, email: 'pat.rivera@snapshot.test' });
    answers['createClient (422)'] = await call(createClient, { ...signUp, email: 'not-an-email', phone: '12' });
    await signInAs(f.sam.user);
    answers['user/update/name'] = await call(updateName, {
      nickname: '',
      first_name: 'Samuel',
      middle_name: '',
      last_name: 'Rivera',
      suffix: '',
      password_check: TEST_PASSWORD,
    });
    answers['user/update/name (wrong password)'] = await call(updateName, {
      nickname: '',
      first_name: 'Samuel',
      middle_name: '',
      last_name: 'Rivera',
      suffix: '',
      password_check: 'wrong',
    });
    answers['user/update/phone'] = await call(updatePhone, {
      contact_info: { email: 'ignored@snapshot.test', phone: '5559876543' },
      password_check: TEST_PASSWORD,
    });
    answers['user/update/email'] = await call(updateEmail, {
      contact_info: { email: 'sam.new@snapshot.test', phone: '5559876543' },
      password_check: TEST_PASSWORD,
    });
    answers['user/update/password'] = await call(updatePassword, {
      password_check: TEST_PASSWORD,
      new_password: 'Brand-New-Password-9',
      new_password_confirmation: 'Brand-New-Password-9',
    });
    signOut();
    answers['user/update/name (401 guest)'] = await call(updateName, { first_name: 'X' });
    answers['POST /login'] = await call(
      login,
      { _token: issueLoginToken(), email: 'pat.rivera@snapshot.test', password: TEST_PASSWORD },
      { form: true, path: '/login' },
    );
    answers['POST /login (expired form)'] = await call(login, { email: 'pat.rivera@snapshot.test', password: TEST_PASSWORD }, { form: true, path: '/login' });
    answers['POST /login (wrong password)'] = await call(
      login,
      { _token: issueLoginToken(), email: 'pat.rivera@snapshot.test', password: 'wrong', next: '/dashboard' },
      { form: true, path: '/login' },
    );
    await signInAs(f.pat.user);
    answers['GET /api/auth/session'] = await call(nextAuthGet as unknown as Handler, null, {
      method: 'GET',
      path: '/api/auth/session',
      params: { nextauth: ['session'] } as never,
    });
    answers['POST /logout'] = await call(logout, {}, { form: true, path: '/logout' });
    expect(answers).toMatchSnapshot();
  });

  it('documents and payments: the fee, paying it, acknowledging one, uploading, viewing and deleting files, the balance', async () => {
    const f = await fixture();
    const answers: Record<string, Recorded> = {};
    const admin = await fixedUser('Ada', 'Admin', 'ada.admin@snapshot.test', { isAdmin: true });
    // The fixture's fee is paid; here it is due again, so the client pays it through the call.
    await db.delete(t.payments).where(eq(t.payments.estatePlanId, f.plan.id));
    // A plan of the other household, for the attorney to acknowledge a payment made outside the app.
    const [otherPlan] = await db.insert(t.estatePlans).values({ clientId: f.otherClient.id }).returning();
    await learnHashes();
    const plan = f.plan.hash;
    const year = new Date().getFullYear() + 1;
    const card = (number: string) => ({
      charge_type: 'card',
      name: 'Pat Rivera',
      card_number: number,
      exp_month: '03',
      exp_year: String(year),
      cvv: '123',
      street: '1 Main St',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
    });
    const fee = (hash: string) => call(amountDue, null, { method: 'GET', params: { hash }, path: `/estatePlan/${hash}/amountDue` });

    await signInAs(f.pat.user);
    answers['GET amountDue'] = await fee(plan);
    answers['GET amountDue (404 other household)'] = await fee(otherPlan.hash);
    const clientPay = { user_type: 'client', client_id: f.client.hash, type: 'trust', processor: 'lawpay', is_saving: 0 };
    answers['createAndPay (422 card fields)'] = await call(createAndPay, { ...clientPay, charge_type: 'card', card_number: '12', exp_month: '', exp_year: '' });
    answers['createAndPay (402 declined)'] = await call(createAndPay, { ...clientPay, ...card('4000000000000002') });
    answers['createAndPay'] = await call(createAndPay, { ...clientPay, ...card('4242424242424242') });
    answers['createAndPay (again)'] = await call(createAndPay, { ...clientPay, ...card('4242424242424242') });
    answers['GET amountDue (paid)'] = await fee(plan);

    await signInAs(f.legal.user);
    answers['acknowledgePayment'] = await call(acknowledgePayment, {}, { params: { hash: otherPlan.hash } });
    answers['acknowledgePayment (409 paid)'] = await call(acknowledgePayment, {}, { params: { hash: otherPlan.hash } });
    answers['acknowledgePayment (404)'] = await call(acknowledgePayment, {}, { params: { hash: 'nope' } });

    // Documents: the plan is with the attorneys once submitted.
    const pdf = new Uint8Array(fs.readFileSync(path.join(__dirname, '../fixtures/files/sample.pdf')));
    const upload = (planHash: string, name: string) => {
      const form = new FormData();
      form.append('newFile', new File([pdf], name, { type: 'application/pdf' }));
      return call(uploadFile, null, { multipart: form, params: { planHash }, path: `/api/file/${planHash}/upload` });
    };
    answers['file upload'] = await upload(plan, 'Trust Agreement.pdf');
    answers['file upload (422 same name)'] = await upload(plan, 'TRUST agreement.PDF');
    answers['file upload (409 not with the attorneys)'] = await upload(otherPlan.hash, 'Other.pdf');
    const [file] = await db.select().from(t.files);
    const fileParams = { planHash: plan, fileHash: file.hash };
    answers['file view'] = await call(viewFile, null, { method: 'GET', params: fileParams, bytes: true });
    answers['file view (404)'] = await call(viewFile, null, { method: 'GET', params: { planHash: plan, fileHash: 'nope' }, bytes: true });
    answers['file delete (403 attorney)'] = await call(deleteFile, null, { method: 'DELETE', params: fileParams });
    await signInAs(f.pat.user);
    answers['file upload (403 client)'] = await upload(plan, 'From the client.pdf');
    answers['file view (client)'] = await call(viewFile, null, { method: 'GET', params: fileParams, bytes: true });
    await signInAs(admin.user);
    answers['file delete'] = await call(deleteFile, null, { method: 'DELETE', params: fileParams });
    answers['file delete (404 gone)'] = await call(deleteFile, null, { method: 'DELETE', params: fileParams });

    // The advisor's outstanding balance.
    await signInAs(f.advisor.user);
    const advisorPay = { user_type: 'advisor', advisor_id: f.advisorRow.hash, is_saving: 1 };
    answers['removeStoredPaymentMethod (409 none)'] = await call(removeStoredMethod, { advisor_id: f.advisorRow.hash });
    answers['processLawpayPayment (422)'] = await call(processPayment, { ...advisorPay, charge_type: 'bank', name: 'Avery Advisor', routing_number: '12' });
    answers['processLawpayPayment (402 declined)'] = await call(processPayment, { ...advisorPay, ...card('4000000000000002') });
    answers['processLawpayPayment'] = await call(processPayment, { ...advisorPay, ...card('4242424242424242') });
    answers['processLawpayPayment (409 nothing due)'] = await call(processPayment, { ...advisorPay, ...card('4242424242424242') });
    answers['removeStoredPaymentMethod'] = await call(removeStoredMethod, { advisor_id: f.advisorRow.hash });
    await signInAs(f.pat.user);
    answers['processLawpayPayment (403 client)'] = await call(processPayment, { ...advisorPay, ...card('4242424242424242') });
    signOut();
    answers['createAndPay (401 guest)'] = await call(createAndPay, { ...clientPay, ...card('4242424242424242') });

    fs.rmSync(localUploadsDir(), { recursive: true, force: true });
    // The annual charge's first day is a year from today: named like today's date.
    expect(JSON.parse(yearFromToday(JSON.stringify(answers)))).toMatchSnapshot();
  });
});

/** The text with the dates a year from today (either side of midnight) named `<today+1y>`. */
function yearFromToday(text: string): string {
  for (const shift of [-1, 0, 1]) {
    const d = new Date(Date.now() + shift * 86_400_000);
    d.setFullYear(d.getFullYear() + 1);
    const forms = [
      d.toISOString().slice(0, 10),
      d.toLocaleDateString('en-US', { month: '2-digit', day: '2-digit', year: 'numeric' }),
      d.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' }),
      d.toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' }),
    ];
    for (const form of forms) text = text.split(form).join('<today+1y>');
  }
  return text;
}
