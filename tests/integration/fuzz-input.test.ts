import { NextRequest } from 'next/server';
import fs from 'node:fs';
import path from 'node:path';
import { db } from '@/db';
import * as t from '@/db/schema';
import { issueLoginToken } from '@/lib/auth/login-token';
import { documentStore } from '@/lib/files/store';
import { PEER_HEADER } from '@/lib/http/request';
import { TEST_PASSWORD } from '../helpers/factories';
import { signInAs, signOut } from '../helpers/session';
import { buildWorld, databaseFingerprint, sessionOf, type RoleName, type World } from '../helpers/world';
import { seedIntakeRecords, type IntakeRecords } from './helpers/intake';

/*
 * Issue 18: input that is not what a field expects must be refused with a 4xx `{ message }`, never a 500.
 * Every POST compatibility route (found by walking app/, as the authorization matrix does) is called as a
 * role that reaches its record, with a valid payload in which one field at a time is replaced by: the
 * value with a NUL character, a lone NUL, a very long string, an object (with a `toString` that is no
 * function), an array, a number, a boolean and null; and with bodies that are no object at all. Each
 * answer must be below 500; a refusal must be JSON `{ message }` and leave the database as it was.
 */

const root = path.resolve(__dirname, '../..');

function walk(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return walk(full);
    return entry.name === 'route.ts' ? [full] : [];
  });
}

/** `app/api/clientInfo/updateOrCreate/child/route.ts` → `/api/clientInfo/updateOrCreate/child` (route groups dropped). */
const urlPathOf = (file: string) =>
  `/${path
    .relative(path.join(root, 'app'), path.dirname(file))
    .split(path.sep)
    .filter((s) => s && !/^\(.*\)$/.test(s))
    .join('/')}`;

type Handler = (request: Request, ctx: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;
type Prepared = { records: IntakeRecords; invite?: string };
type Case = {
  role: RoleName;
  body: (w: World, p: Prepared) => Record<string, unknown>;
  /** A url-encoded form post (only strings can be sent). */
  form?: boolean;
  /** The route answers with redirects (login, logout): only "no 5xx" is asked of it. */
  redirects?: boolean;
  /** A refused sign-in counts toward the brakes (a login_attempts row): the one write a refusal may make. */
  countsAttempts?: boolean;
};

const owner1 = (w: World) => w.household.client.hash;
const owner2 = (w: World) => w.household.spouse!.client.hash;
const intakeName = { first_name: 'Fuzz', middle_name: '', last_name: 'Person', suffix: '' };
let emails = 0;
const uniqueEmail = () => `fuzz${++emails}-${Date.now()}@test.example`;
const family = (w: World) => ({ hash_id: owner1(w), hash_id_spouse: owner2(w) });

/** A valid payload for each POST route (the earlier front end's shapes, docs/api.md). */
const CASES: Record<string, Case> = {
  '/api/updatePersonalInfo': {
    role: 'client',
    body: (w) => ({
      hash_id: owner2(w),
      ...intakeName,
      phone: '5551234567',
      dob: '01/02/1970',
      ssn: '123-45-6789',
      gender: 'female',
      residence_state: 'CA',
      is_us_citizen: 1,
      is_receiving_medicaid: 0,
      has_mental_disorder: 0,
      wants_life_support: 1,
      wants_cremation: 0,
      is_organ_donor: 1,
    }),
  },
  '/api/clientInfo/updateClientInfo': { role: 'client', body: (w) => ({ hash: owner2(w), is_spouse_beneficiary: 1, has_estate_plan: 'no' }) },
  '/api/clientInfo/updateOrCreate/child': {
    role: 'client',
    body: (w) => ({
      ...family(w),
      hash_id_child: '',
      hash_id_existing_person: null,
      owner: 'both',
      gender: 'female',
      dob: '01/02/2015',
      ...intakeName,
      has_guardian_1: true,
      guardian_1_first_name: 'Guardian',
      guardian_1_last_name: 'Person',
    }),
  },
  '/api/clientInfo/delete/child': { role: 'client', body: (w, p) => ({ ...family(w), hash_id_child: p.records.child }) },
  '/api/clientInfo/updateOrCreate/beneficiary': {
    role: 'client',
    body: (w) => ({
      ...family(w),
      owner: 'both',
      type: 'entity',
      name: 'Fuzz Charity',
      identifier: '12-3456789',
      is_trust: false,
      tier1: 'primary',
      share_percent1: 50,
      relationship1: 'Charity',
      is_per_stirpes1: 0,
      tier2: 'primary',
      share_percent2: '40',
      relationship2: 'Charity',
    }),
  },
  '/api/clientInfo/delete/beneficiary': { role: 'client', body: (w, p) => ({ ...family(w), hash_id_beneficiary: p.records.beneficiary }) },
  '/api/clientInfo/updateOrCreate/fiduciary': {
    role: 'client',
    body: (w) => ({ ...family(w), owner: 'both', ...intakeName, phone: '(555) 123-4567', email: 'f@test.example', order1: 1, order2: 2 }),
  },
  '/api/clientInfo/delete/fiduciary': { role: 'client', body: (w, p) => ({ ...family(w), hash_id_fiduciary: p.records.trustee }) },
  '/api/clientInfo/updateOrCreate/poa': {
    role: 'client',
    body: (w) => ({ ...family(w), owner: '1', ...intakeName, phone: '5551234567', email: 'a@test.example', type1: 'financial', order1: 1 }),
  },
  '/api/clientInfo/delete/poa': { role: 'client', body: (w, p) => ({ ...family(w), hash_id_poa: p.records.agent, type: 'general' }) },
  '/api/clientInfo/updateOrCreate/property': {
    role: 'client',
    body: (w) => ({
      ...family(w),
      hash_id_property: '',
      owner: 'both',
      is_primary: 'both',
      street: '9 Fuzz Rd',
      unit: '',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
      value: '250,000.50',
      purchase_month: 4,
      purchase_year: 2001,
    }),
  },
  '/api/clientInfo/delete/property': { role: 'client', body: (w, p) => ({ ...family(w), hash_id_property: p.records.property }) },
  '/api/clientInfo/updateOrCreate/company': {
    role: 'client',
    body: (w) => ({
      ...family(w),
      hash_id_company: '',
      hash_id_address: '',
      owner: 'both',
      name: 'Fuzz Inc',
      type: 'corporation',
      street: '1 Main',
      unit: '',
      city: '',
      state: '',
      zip: '',
      value: '',
      share_percent1: '50',
      stock_shares1: '100',
      share_percent2: '50',
      stock_shares2: '100',
    }),
  },
  '/api/clientInfo/delete/company': { role: 'client', body: (w, p) => ({ ...family(w), hash_id_company: p.records.company }) },
  '/api/clientInfo/updateOrCreate/gift': {
    role: 'client',
    body: (w, p) => ({
      ...family(w),
      hash_id_gift: '',
      owner: 'both',
      gift_type: 'Cash Amount',
      hash_id_bene: p.records.beneficiary,
      hash_id_address: '',
      cash_amount: '1,000',
      specific_item: '',
      predecease_distribution: 'equally',
    }),
  },
  '/api/clientInfo/delete/gift': { role: 'client', body: (w, p) => ({ ...family(w), hash_id_gift: p.records.gift }) },
  ...Object.fromEntries(
    (['retirement', 'brokerage', 'bank', 'annuity'] as const).flatMap((kind): [string, Case][] => [
      [
        `/api/clientInfo/updateOrCreate/${kind}Account`,
        {
          role: 'client',
          body: (w) => ({ ...family(w), hash_id_account: '', owner: '1', company: 'Vanguard', type: 'Other kind', number: '12-34', value: '1,000' }),
        },
      ],
      [`/api/clientInfo/delete/${kind}Account`, { role: 'client', body: (w, p) => ({ ...family(w), hash_id_account: p.records[kind] }) }],
    ]),
  ),
  '/api/clientInfo/updateOrCreate/note': { role: 'client', body: (w) => ({ note: 'Fuzz note', hash: owner1(w), hash2: owner2(w) }) },
  '/api/attorney/updateStatus': { role: 'legal', body: (w) => ({ estate_plan_id: w.plan.hash, status: 'canceled' }) },
  '/api/advisor/fetch': { role: 'advisor', body: (w) => ({ advisor_id: w.advisor.advisor.hash }) },
  '/api/getInvites': { role: 'advisor', body: (w) => ({ advisor_id: w.advisor.advisor.hash }) },
  '/api/sendInvite': { role: 'advisor', body: (w) => ({ advisor_id: w.advisor.advisor.hash, client_name: 'Fuzz Invitee', client_email: uniqueEmail() }) },
  '/api/resendInvite/[id]': { role: 'advisor', body: () => ({}) },
  // The admin back office (issue 21). Delete Client answers 404 to everyone unless the admin is listed in
  // CLIENT_DELETE_ALLOWED_EMAILS (not set here), so its fuzz is of the refusals.
  '/api/createAdvisor': {
    role: 'admin',
    body: () => ({
      first_name: 'Fuzz',
      middle_name: '',
      last_name: 'Advisor',
      suffix: '',
      email: uniqueEmail(),
      phone: '5551234567',
      firm_id: '',
      firm_name: 'Fuzz Firm',
      is_firm_supervisor: false,
      is_waiving_fee: false,
      staff_advisors: [],
    }),
  },
  '/api/admin/updateUser': {
    role: 'admin',
    body: (w) => ({
      user_id: w.users.advisor.hash,
      email: uniqueEmail(),
      phone: '5559876543',
      is_firm_supervisor: false,
      is_waiving_fee: false,
      staff_advisors: [],
    }),
  },
  '/api/admin/resetPassword': { role: 'admin', body: (w) => ({ user_id: w.users.advisor.hash }) },
  '/api/admin/delete/client': { role: 'admin', body: (w) => ({ hash: owner1(w) }) },
  '/api/impersonate/[userId]': { role: 'admin', body: () => ({}) },
  // The upload takes multipart (its file cases are in document-routes.test.ts); JSON and forms carry no file.
  '/api/file/[planHash]/upload': { role: 'legal', body: () => ({ newFile: 'not a file' }) },
  // Payments (issue 22): the world's household is not answered and its advisor has no invoice or stored
  // method, so a valid payload stops before any charge (422 / 409); the fuzz is of the parsing.
  '/api/estatePlan/createAndPay': {
    role: 'client',
    body: (w) => ({
      user_type: 'client',
      client_id: owner1(w),
      type: 'trust',
      processor: 'lawpay',
      charge_type: 'card',
      name: 'Fuzz Payer',
      card_number: '4242 4242 4242 4242',
      exp_month: '12',
      exp_year: '2039',
      cvv: '123',
      street: '1 Main St',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
      is_saving: 1,
    }),
  },
  '/api/estatePlan/[hash]/acknowledgePayment': { role: 'legal', body: () => ({}) },
  '/api/billing/processLawpayPayment': {
    role: 'advisor',
    body: (w) => ({
      user_type: 'advisor',
      advisor_id: w.advisor.advisor.hash,
      charge_type: 'bank',
      is_saving: 1,
      name: 'Fuzz Advisor',
      routing_number: '000000013',
      account_number: '123456789012',
      account_type: 'checking',
    }),
  },
  '/api/billing/removeStoredPaymentMethod': { role: 'advisor', body: (w) => ({ advisor_id: w.advisor.advisor.hash }) },
  '/api/advisorCreateClient': {
    role: 'advisor',
    body: (w) => ({
      client_count: 1,
      advisor_id: w.advisor.advisor.hash,
      client_1_first_name: 'Fuzz',
      client_1_last_name: 'Client',
      client_1_email: uniqueEmail(),
      client_1_mobile_phone: '(555) 123-4567',
    }),
  },
  '/api/createClient': {
    role: 'guest',
    body: () => ({
      ...intakeName,
      email: uniqueEmail(),
      phone: '5551234567',
      password: 'Fuzz-Password-1',
      password_confirmation: 'Fuzz-Password-1',
      advisor_hash: '',
      invite: 'an-invite-token',
    }),
  },
  '/api/user/update/name': {
    role: 'client',
    body: () => ({ nickname: '', first_name: 'Renamed', middle_name: '', last_name: 'Person', suffix: '', password_check: TEST_PASSWORD }),
  },
  '/api/user/update/email': { role: 'client', body: () => ({ contact_info: { email: uniqueEmail(), phone: '5551234567' }, password_check: TEST_PASSWORD }) },
  '/api/user/update/phone': {
    role: 'client',
    body: () => ({ contact_info: { email: 'ignored@test.example', phone: '5559876543' }, password_check: TEST_PASSWORD }),
  },
  '/api/user/update/password': {
    role: 'client',
    body: () => ({ password_check: TEST_PASSWORD, new_password: 'Brand-New-Password-9', new_password_confirmation: 'Brand-New-Password-9' }),
  },
  '/api/login': {
    role: 'guest',
    form: true,
    redirects: true,
    body: (w) => ({ _token: issueLoginToken(), email: w.users.advisor.email, password: TEST_PASSWORD }),
  },
  '/api/logout': { role: 'client', form: true, redirects: true, body: () => ({ _token: 'x' }) },
  // Passkeys (issue 31): the options (a challenge row on success only) and a signed answer that names no
  // passkey of the world (refused 401, counted toward the brakes like a wrong password).
  '/api/login/passkey/options': { role: 'guest', body: () => ({ second_step: false }) },
  '/api/login/passkey': {
    role: 'guest',
    countsAttempts: true,
    body: () => ({
      response: {
        id: 'AAAAAAAAAAAAAAAAAAAAAA',
        rawId: 'AAAAAAAAAAAAAAAAAAAAAA',
        type: 'public-key',
        response: { clientDataJSON: 'eyJ0eXBlIjoid2ViYXV0aG4uZ2V0In0', authenticatorData: 'AAAA', signature: 'AAAA' },
      },
    }),
  },
  // The sign-in's second step (issue 31): a form post that always redirects (no password checked here).
  '/api/login/code': { role: 'guest', form: true, redirects: true, body: () => ({ _token: issueLoginToken(), code: '123456' }) },
  // The LawPay webhook never parses its body (LAWPAY_WEBHOOK_SECRET unset here: every call is 404); its path
  // is fuzzed below with the other path parameters.
  '/api/webhooks/lawpay/[secret]': { role: 'guest', body: () => ({}) },
  // The one-click unsubscribe reads its token from the query string and drops the body: without a token every
  // call is 404 and writes nothing (the token's forgeries are tested in notifications.test.ts).
  '/api/notifications/unsubscribe': { role: 'guest', body: () => ({ 'List-Unsubscribe': 'One-Click' }) },
};

/**
 * Routes left out, with the reason. next-auth's catch-all is the library's own endpoint, not a compatibility
 * route; its bad-input cases (a body that does not parse, fields that are not text, a callbackUrl that is no
 * URL) are tested in nextauth-input.test.ts.
 */
const NOT_FUZZED: Record<string, string> = { '/api/auth/[...nextauth]': "next-auth's own endpoint" };

const NUL = '\u0000';
const LONG = 'x'.repeat(20_000);
/** What replaces a field: [name, value, only for string fields]. */
const WRONG_VALUES: [string, unknown, boolean][] = [
  ['value + NUL', NUL, true],
  ['a lone NUL', NUL, true],
  ['a 20,000-character string', LONG, true],
  ['an object with a toString that is no function', { toString: 'x' }, false],
  ['an empty object', {}, false],
  ['an array', ['x'], false],
  ['a number', 12345, false],
  ['a boolean', true, false],
  ['null', null, false],
];
/** Whole bodies that are no object (JSON routes). */
const WRONG_BODIES: [string, string][] = [
  ['null', 'null'],
  ['an array', '[{"a":1}]'],
  ['a string', '"x\\u0000"'],
  ['a number', '42'],
  ['broken JSON', '{"a":'],
];

type Mutation = { what: string; body: string; contentType: string };

/** Every field path of a payload (nested objects included), with its value. */
function fields(value: Record<string, unknown>, prefix: string[] = []): [string[], unknown][] {
  return Object.entries(value).flatMap(([key, v]) =>
    v && typeof v === 'object' && !Array.isArray(v) ? fields(v as Record<string, unknown>, [...prefix, key]) : [[[...prefix, key], v] as [string[], unknown]],
  );
}

function replaced(body: Record<string, unknown>, at: string[], value: unknown): Record<string, unknown> {
  const copy = structuredClone(body);
  let node = copy;
  for (const key of at.slice(0, -1)) node = node[key] as Record<string, unknown>;
  node[at.at(-1)!] = value;
  return copy;
}

/** One field at a time replaced, each time in a fresh valid payload (so e-mails and login tokens stay unused). */
function mutations(entry: Case, valid: () => Record<string, unknown>): Mutation[] {
  const out: Mutation[] = [];
  const encode = (body: Record<string, unknown>) =>
    entry.form
      ? { body: new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)])).toString(), contentType: 'application/x-www-form-urlencoded' }
      : { body: JSON.stringify(body), contentType: 'application/json' };
  for (const [at, original] of fields(valid())) {
    for (const [name, wrong, forStrings] of WRONG_VALUES) {
      if (entry.form && typeof wrong !== 'string') continue;
      if (forStrings && typeof original !== 'string') continue;
      const value = name === 'value + NUL' ? `${String(original)}${NUL}` : wrong;
      out.push({ what: `${at.join('.')} = ${name}`, ...encode(replaced(valid(), at, value)) });
    }
  }
  if (!entry.form) for (const [name, body] of WRONG_BODIES) out.push({ what: `body = ${name}`, body, contentType: 'application/json' });
  return out;
}

let peer = 0;
/** Each call from its own address, so the per-address brakes never decide an answer here. */
const nextAddress = () => {
  peer += 1;
  return `198.19.${Math.floor(peer / 250)}.${(peer % 250) + 1}`;
};

async function call(handler: Handler, urlPath: string, mutation: Mutation) {
  const headers = { host: 'localhost:3000', origin: 'http://localhost:3000', 'content-type': mutation.contentType, [PEER_HEADER]: nextAddress() };
  const request = new NextRequest(`http://localhost:3000${urlPath}`, { method: 'POST', headers, body: mutation.body });
  return handler(request, { params: Promise.resolve({}) });
}

const routes = walk(path.join(root, 'app'))
  .map((file) => ({ file, urlPath: urlPathOf(file) }))
  .filter(({ file }) => /export\s[^;]*\bPOST\b/.test(fs.readFileSync(file, 'utf8')));

describe('fuzzed input on every POST route', () => {
  it('has a payload for every POST route, and every payload names a route', () => {
    const found = routes
      .map((r) => r.urlPath)
      .filter((p) => !(p in NOT_FUZZED))
      .sort();
    expect(found.filter((p) => !(p in CASES))).toEqual([]);
    expect(Object.keys(CASES).filter((p) => !found.includes(p))).toEqual([]);
  });

  describe.each(routes.filter((r) => !(r.urlPath in NOT_FUZZED)).map((r) => [r.urlPath, r.file] as const))('%s', (urlPath, file) => {
    it('answers a 4xx { message } (never a 5xx) and writes nothing when it refuses', async () => {
      const entry = CASES[urlPath];
      const handler = ((await import(file)) as { POST: Handler }).POST;
      const world = await buildWorld();
      const prepared: Prepared = { records: await seedIntakeRecords([world.household.client.id, world.household.spouse!.client.id]) };
      const session = sessionOf(world, entry.role);
      const list = mutations(entry, () => entry.body(world, prepared));

      const problems: string[] = [];
      const spy = jest.spyOn(console, 'error').mockImplementation(() => {});
      try {
        for (const mutation of list) {
          if (session) await signInAs(session.user, session.impersonator);
          else signOut();
          const before = await databaseFingerprint();
          const response = await call(handler, urlPath, mutation);
          const status = response.status;
          if (status >= 500) {
            problems.push(`${mutation.what}: ${status} ${await response.text()}`);
            continue;
          }
          if (entry.redirects || status < 400) continue;
          const text = await response.text();
          let message: unknown;
          try {
            message = (JSON.parse(text) as { message?: unknown }).message;
          } catch {
            message = undefined;
          }
          if (typeof message !== 'string' || message === '') problems.push(`${mutation.what}: ${status} without a JSON message: ${text.slice(0, 200)}`);
          const after = await databaseFingerprint();
          const changed = Object.keys(after).filter((table) => after[table] !== before[table] && !(entry.countsAttempts && table === 'login_attempts'));
          if (changed.length) problems.push(`${mutation.what}: ${status} but ${changed.join(', ')} changed`);
        }
      } finally {
        spy.mockRestore();
        signOut();
      }
      expect(problems).toEqual([]);
    }, 300_000);
  });
});

/*
 * Issue 26 item 7: path parameters. Next hands a route its decoded path parameters, so they can hold a NUL
 * (`/api/file/<plan>/%00/view/get` answered 500: the NUL reached PostgreSQL), and percent-encoding it could
 * not decode stays as it was. Every method of every route with a `[param]` segment (found by walking app/)
 * is called as a role that reaches its record, with one parameter at a time replaced; each answer must be a
 * 4xx JSON `{ message }` that leaves the database as it was. Then the valid parameters get the route's usual
 * answer, so the fuzz is known to reach past the permission check.
 */
type ParamCase = {
  role: RoleName;
  /** Records the call needs besides the world (created once, before the calls). */
  prepare?: (w: World) => Promise<Record<string, string>>;
  params: (w: World, p: Record<string, string>) => Record<string, string | string[]>;
  /** A url-encoded form body (next-auth's POST); else none. */
  form?: boolean;
  /** The answer to the valid parameters. */
  valid: number;
  /** next-auth's own endpoint answers in its own shapes: only "a 4xx, nothing written" is asked of it. */
  notJson?: boolean;
};

const SAMPLE_PDF = new Uint8Array(fs.readFileSync(path.join(root, 'tests/fixtures/files/sample.pdf')));
/** A document on the world's plan, uploaded by the attorney. */
async function withDocument(w: World): Promise<Record<string, string>> {
  const stored = await documentStore().put(SAMPLE_PDF, { name: 'Fuzz.pdf', contentType: 'application/pdf' });
  const [file] = await db
    .insert(t.files)
    .values({
      estatePlanId: w.plan.id,
      name: 'Fuzz.pdf',
      contentType: 'application/pdf',
      size: SAMPLE_PDF.byteLength,
      storage: stored.storage,
      storageKey: stored.key,
      createdByUserId: w.users.legal.id,
    })
    .returning();
  return { file: file.hash };
}
const WEBHOOK_SECRET = 'fuzz-webhook-secret-0123456789abcdef';

const PARAM_CASES: Record<string, ParamCase> = {
  'GET /api/file/[planHash]/[fileHash]/view/get': {
    role: 'legal',
    prepare: withDocument,
    params: (w, p) => ({ planHash: w.plan.hash, fileHash: p.file }),
    valid: 200,
  },
  'DELETE /api/file/[planHash]/[fileHash]/delete': {
    role: 'admin',
    prepare: withDocument,
    params: (w, p) => ({ planHash: w.plan.hash, fileHash: p.file }),
    valid: 200,
  },
  // Without a file (this fuzz sends no body): the valid address reaches the body's check.
  'POST /api/file/[planHash]/upload': { role: 'legal', params: (w) => ({ planHash: w.plan.hash }), valid: 422 },
  'GET /api/plan-summary/[clientHash]': { role: 'client', params: (w) => ({ clientHash: w.household.client.hash }), valid: 200 },
  'POST /api/impersonate/[userId]': { role: 'admin', params: (w) => ({ userId: w.users.advisor.hash }), valid: 200 },
  'POST /api/estatePlan/[hash]/acknowledgePayment': { role: 'legal', params: (w) => ({ hash: w.plan.hash }), valid: 200 },
  'GET /api/estatePlan/[hash]/amountDue': { role: 'client', params: (w) => ({ hash: w.plan.hash }), valid: 200 },
  'POST /api/resendInvite/[id]': {
    role: 'advisor',
    prepare: async (w) => {
      const [invite] = await db
        .insert(t.invites)
        .values({ advisorId: w.advisor.advisor.id, clientName: 'Fuzz Invitee', clientEmail: uniqueEmail(), sentAt: new Date(Date.now() - 600_000) })
        .returning();
      return { invite: invite.hash };
    },
    params: (_w, p) => ({ id: p.invite }),
    valid: 200,
  },
  'POST /api/webhooks/lawpay/[secret]': {
    role: 'guest',
    prepare: async () => {
      process.env.LAWPAY_WEBHOOK_SECRET = WEBHOOK_SECRET;
      return {};
    },
    params: () => ({ secret: WEBHOOK_SECRET }),
    valid: 202,
  },
  'GET /api/auth/[...nextauth]': { role: 'guest', params: () => ({ nextauth: ['session'] }), valid: 200, notJson: true },
  'POST /api/auth/[...nextauth]': { role: 'guest', params: () => ({ nextauth: ['signout'] }), form: true, valid: 302, notJson: true },
};

/** What replaces one path parameter (a catch-all's list becomes a list of it). */
const WRONG_PARAMS: [string, string][] = [
  ['a NUL', NUL],
  ['a hash + NUL', `abc${NUL}`],
  ['undecoded %00', '%00'],
  ['undecoded %ff', '%ff'],
  ['a lone %', '%'],
  ['a 20,000-character string', LONG],
  ['65 characters', 'A'.repeat(65)],
  ['..', '..'],
  ['empty', ''],
  ['a slash', 'a/b'],
];

const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
const dynamicRoutes = walk(path.join(root, 'app'))
  .map((file) => ({ file, urlPath: urlPathOf(file) }))
  .filter(({ urlPath }) => urlPath.includes('['))
  .flatMap(({ file, urlPath }) => {
    const source = fs.readFileSync(file, 'utf8');
    return HTTP_METHODS.filter((method) => new RegExp(`export\\s[^;]*\\b${method}\\b`).test(source)).map((method) => ({
      id: `${method} ${urlPath}`,
      file,
      method,
      urlPath,
    }));
  });

/** The URL of a route with these parameters in its segments, encoded as a browser would send them. */
const urlOf = (urlPath: string, params: Record<string, string | string[]>) =>
  urlPath.replace(/\[(?:\.\.\.)?(\w+)\]/g, (_m, name: string) => {
    const value = params[name];
    return (Array.isArray(value) ? value : [value]).map((part) => encodeURIComponent(part)).join('/');
  });

describe('fuzzed path parameters on every dynamic route', () => {
  it('has a case for every method of every route with a path parameter, and every case names one', () => {
    const found = dynamicRoutes.map((r) => r.id).sort();
    expect(found.filter((id) => !(id in PARAM_CASES))).toEqual([]);
    expect(Object.keys(PARAM_CASES).filter((id) => !found.includes(id))).toEqual([]);
  });

  describe.each(dynamicRoutes.map((r) => [r.id, r] as const))('%s', (id, { file, method, urlPath }) => {
    afterAll(() => {
      delete process.env.LAWPAY_WEBHOOK_SECRET;
    });

    it('answers a 4xx { message } to a parameter that cannot be an address, and writes nothing', async () => {
      const entry = PARAM_CASES[id];
      const handler = ((await import(file)) as Record<string, Handler>)[method];
      const world = await buildWorld();
      const prepared = entry.prepare ? await entry.prepare(world) : {};
      const session = sessionOf(world, entry.role);
      const valid = entry.params(world, prepared);
      const send = (params: Record<string, string | string[]>) => {
        const headers: Record<string, string> = { host: 'localhost:3000', origin: 'http://localhost:3000', [PEER_HEADER]: nextAddress() };
        if (entry.form) headers['content-type'] = 'application/x-www-form-urlencoded';
        const request = new NextRequest(`http://localhost:3000${urlOf(urlPath, params)}`, { method, headers, body: entry.form ? '' : undefined });
        return handler(request, { params: Promise.resolve(params) });
      };

      const problems: string[] = [];
      const spy = jest.spyOn(console, 'error').mockImplementation(() => {});
      try {
        if (session) await signInAs(session.user, session.impersonator);
        else signOut();
        const before = await databaseFingerprint();
        for (const [name, validValue] of Object.entries(valid)) {
          for (const [what, wrong] of WRONG_PARAMS) {
            // Next never hands a catch-all an empty segment (it redirects `//` to `/`); next-auth takes it for
            // a missing action and answers 500, which no request can reach.
            if (Array.isArray(validValue) && wrong === '') continue;
            const params = { ...valid, [name]: Array.isArray(validValue) ? [wrong] : wrong };
            const response = await send(params);
            const text = await response.text();
            const label = `${name} = ${what}: ${response.status}`;
            if (response.status < 400 || response.status >= 500) problems.push(`${label} ${text.slice(0, 200)}`);
            else if (!entry.notJson) {
              let message: unknown;
              try {
                message = (JSON.parse(text) as { message?: unknown }).message;
              } catch {
                message = undefined;
              }
              if (typeof message !== 'string' || message === '') problems.push(`${label} without a JSON message: ${text.slice(0, 200)}`);
            }
            if (JSON.stringify(await databaseFingerprint()) !== JSON.stringify(before)) problems.push(`${label} but the database changed`);
          }
        }
        expect(problems).toEqual([]);
        expect((await send(valid)).status).toBe(entry.valid);
      } finally {
        spy.mockRestore();
        signOut();
      }
    }, 120_000);
  });
});

/** What a server component does: renders, redirects, answers 404 (notFound), or fails (the error's name). */
async function pageOutcome(render: () => Promise<unknown>): Promise<string> {
  try {
    await render();
    return 'rendered';
  } catch (error) {
    const digest = String((error as { digest?: string }).digest ?? '');
    if (digest.startsWith('NEXT_REDIRECT')) return `redirect ${digest.split(';')[2]}`;
    if (digest.startsWith('NEXT_HTTP_ERROR_FALLBACK;404')) return 'not found';
    return `failed: ${(error as Error).name} ${(error as Error).message.slice(0, 120)}`;
  }
}

describe('query strings and addresses of the pages', () => {
  let world: World;
  beforeAll(async () => {
    world = await buildWorld();
  }, 60_000);
  afterAll(() => signOut());

  it("the dashboard's search drops a NUL (it lists as for the search without it)", async () => {
    const { default: DashboardPage } = await import('@/app/(workspace)/dashboard/page');
    await signInAs(world.advisor.user);
    for (const q of [NUL, `Ri${NUL}vera`, [NUL, 'x'], LONG]) {
      expect({ q, outcome: await pageOutcome(() => DashboardPage({ searchParams: Promise.resolve({ q }) })) }).toEqual({ q, outcome: 'rendered' });
    }
    const { parseListState } = await import('@/lib/advisors/rules');
    expect(parseListState({ q: `Ri${NUL}vera` }).q).toBe('Rivera');
  });

  it("the outbox's recipient filter drops a NUL", async () => {
    const { default: OutboxPage } = await import('@/app/(workspace)/outbox/page');
    await signInAs(world.admin.user);
    expect(await pageOutcome(() => OutboxPage({ searchParams: Promise.resolve({ to: `a${NUL}@test.example` }) }))).toBe('rendered');
  });

  it('an address that cannot be a hash is not found (a NUL never reaches the query)', async () => {
    const { default: ClientInfoByIdPage } = await import('@/app/(workspace)/client-info/[id]/page');
    const { default: NewClientPage } = await import('@/app/(workspace)/new-client/[advisorHash]/page');
    await signInAs(world.advisor.user);
    for (const id of [NUL, `${world.household.client.hash}${NUL}`, LONG]) {
      expect(await pageOutcome(() => ClientInfoByIdPage({ params: Promise.resolve({ id }) }))).toBe('not found');
      expect(await pageOutcome(() => NewClientPage({ params: Promise.resolve({ advisorHash: id }) }))).toBe('not found');
    }
    // The well-formed address still opens.
    expect(await pageOutcome(() => ClientInfoByIdPage({ params: Promise.resolve({ id: world.household.client.hash }) }))).toBe('rendered');
  });

  it('any "what if" the address asks for renders the page (an unknown scenario draws the plan as written)', async () => {
    const { default: ClientInfoByIdPage } = await import('@/app/(workspace)/client-info/[id]/page');
    await signInAs(world.advisor.user);
    const id = world.household.client.hash;
    for (const whatIf of [NUL, LONG, `predeceased:${NUL}`, ['second-death', NUL], '', 'first-death:1']) {
      expect(await pageOutcome(() => ClientInfoByIdPage({ params: Promise.resolve({ id }), searchParams: Promise.resolve({ whatIf }) }))).toBe('rendered');
    }
  });
});
