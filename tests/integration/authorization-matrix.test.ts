import { eq } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import fs from 'node:fs';
import path from 'node:path';
import { db } from '@/db';
import * as t from '@/db/schema';
import { hashEmailChangeToken } from '@/lib/account-settings/update-email';
import { hashPasswordToken } from '@/lib/auth/password-rules';
import { issueLoginToken } from '@/lib/auth/login-token';
import { sealIdentifier } from '@/lib/crypto';
import { placeOf } from '@/lib/encrypted-columns';
import { documentStore } from '@/lib/files/store';
import type { DoorPermission } from '@/lib/http/context';
import { PEER_HEADER } from '@/lib/http/request';
import type { ActionResult } from '@/lib/http/result';
import { setRequestHeaders } from '../helpers/fake-headers';
import { TEST_PASSWORD } from '../helpers/factories';
import { signInAs, signOut } from '../helpers/session';
import { buildWorld, databaseFingerprint, ROLES, sessionOf, type RoleName, type World } from '../helpers/world';
import { answerRequiredQuestions, payFeeFor, seedIntakeRecords, type IntakeRecords } from './helpers/intake';

/*
 * The authorization matrix: every door of the app (each route handler and each server action, found by
 * walking the source tree) called as every role, with the answer each must give. A refusal (401, 403, 404)
 * must also leave the database exactly as it was. A door added without an entry here fails the test, so
 * no door ships without its authorization being decided and checked.
 */

const root = path.resolve(__dirname, '../..');
const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

type Door = {
  id: string;
  file: string;
  permission: DoorPermission | undefined;
  /** Set by lib/http/route.ts gatewayRoute: the door skips the origin check (see ANY_ORIGIN below). */
  anyOrigin?: boolean;
  invoke: (args: CallArgs) => Promise<number>;
};
type CallArgs = {
  body?: Record<string, unknown>;
  form?: Record<string, string>;
  path?: string;
  params?: Record<string, string | string[]>;
  input?: unknown;
  /** A multipart body (the document upload); its content type with the boundary comes from the body. */
  multipart?: FormData;
  /** Request headers over the defaults (the app's own origin, a fresh client address). */
  headers?: Record<string, string>;
};

function walk(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : walk(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

/** `app/api/user/update/name/route.ts` → `/api/user/update/name` (route groups dropped). */
function urlPathOf(file: string): string {
  const segments = path
    .relative(path.join(root, 'app'), path.dirname(file))
    .split(path.sep)
    .filter((s) => s && !/^\(.*\)$/.test(s));
  return `/${segments.join('/')}`;
}

const isServerActionFile = (source: string) => /^(?:\s*(?:\/\/[^\n]*\n|\/\*[\s\S]*?\*\/))*\s*['"]use server['"]/.test(source);

let peer = 0;
/** Each call comes from its own address, so the per-address brakes never decide an answer here. */
function nextAddress(): string {
  peer += 1;
  return `198.18.${Math.floor(peer / 250)}.${(peer % 250) + 1}`;
}

async function discoverDoors(): Promise<Door[]> {
  const doors: Door[] = [];
  const files = [...walk(path.join(root, 'app')), ...walk(path.join(root, 'lib')), ...walk(path.join(root, 'components'))];
  for (const file of files) {
    const rel = path.relative(root, file);
    if (path.basename(file) === 'route.ts' && rel.startsWith(`app${path.sep}`)) {
      const mod = (await import(file)) as Record<string, unknown>;
      for (const method of HTTP_METHODS) {
        const handler = mod[method] as ((request: Request, ctx: unknown) => Promise<Response>) & { permission?: DoorPermission; anyOrigin?: true };
        if (typeof handler !== 'function') continue;
        const urlPath = urlPathOf(file);
        doors.push({
          id: `${method} ${urlPath}`,
          file: rel,
          permission: handler.permission,
          anyOrigin: handler.anyOrigin === true,
          invoke: async ({ body, form, multipart, path: callPath, params, headers: extra }) => {
            const address = nextAddress();
            const headers: Record<string, string> = { host: 'localhost:3000', origin: 'http://localhost:3000', [PEER_HEADER]: address, ...extra };
            let payload: BodyInit | undefined;
            if (multipart) {
              payload = multipart;
            } else if (form) {
              headers['content-type'] = 'application/x-www-form-urlencoded';
              payload = new URLSearchParams(form).toString();
            } else if (body && method !== 'GET') {
              headers['content-type'] = 'application/json';
              payload = JSON.stringify(body);
            }
            // Next hands route handlers a NextRequest (next-auth reads its nextUrl).
            const request = new NextRequest(`http://localhost:3000${callPath ?? urlPath}`, { method, headers, body: payload });
            const response = await handler(request, { params: Promise.resolve(params ?? {}) });
            return response.status;
          },
        });
      }
    } else if (isServerActionFile(fs.readFileSync(file, 'utf8'))) {
      const mod = (await import(file)) as Record<string, unknown>;
      for (const [name, fn] of Object.entries(mod)) {
        if (typeof fn !== 'function') continue;
        const action = fn as ((input: unknown) => Promise<ActionResult<unknown>>) & { permission?: DoorPermission };
        doors.push({
          id: `action ${rel.split(path.sep).join('/')}#${name}`,
          file: rel,
          permission: action.permission,
          invoke: async ({ input, headers: extra }) => {
            setRequestHeaders({ host: 'localhost:3000', origin: 'http://localhost:3000', [PEER_HEADER]: nextAddress(), ...extra });
            const result = await action(input);
            return result.ok ? 200 : result.status;
          },
        });
      }
    }
  }
  return doors;
}

// ---- What each door must answer, per role --------------------------------------------------------------

type Expectation = Record<RoleName, number>;
type Prepared = { intake?: IntakeRecords; invite?: string; emailChangeToken?: string; file?: string; annualCharge?: string };
type Entry = {
  permission: DoorPermission;
  /** Records the call needs besides the world (created once per world, before the fingerprint). */
  prepare?: (world: World) => Promise<Prepared>;
  args: (world: World, role: RoleName, prepared: Prepared) => CallArgs;
  expect: Expectation;
};

const every = (status: number): Expectation => Object.fromEntries(ROLES.map((r) => [r, status])) as Expectation;
/** Signed-in users acting on their own account: guests 401, an admin acting as someone 403 (settings are the real user's). */
const ownAccount: Expectation = { ...every(200), guest: 401, adminImpersonating: 403 };

let emails = 0;
const uniqueEmail = () => `matrix${++emails}-${Date.now()}@test.example`;

const signUp = () => ({
  first_name: 'Matrix',
  middle_name: '',
  last_name: 'Person',
  suffix: '',
  email: uniqueEmail(),
  phone: '5551234567',
  password: 'Matrix-Password-1',
  password_confirmation: 'Matrix-Password-1',
  advisor_hash: '',
});
const nameChange = { nickname: '', first_name: 'Renamed', middle_name: '', last_name: 'Person', suffix: '', password_check: TEST_PASSWORD };
const emailChange = () => ({ contact_info: { email: uniqueEmail(), phone: '5551234567' }, password_check: TEST_PASSWORD });
const phoneChange = { contact_info: { email: 'ignored@test.example', phone: '5559876543' }, password_check: TEST_PASSWORD };
const passwordChange = { password_check: TEST_PASSWORD, new_password: 'Brand-New-Password-9', new_password_confirmation: 'Brand-New-Password-9' };

// ---- Intake (client-info sections 1-6): every door writes to the matrix household ------------------------

/** The household's own people and team may write; other households' people and advisors get 404. */
const intakeWrite: Expectation = { ...every(200), guest: 401, otherHouseholdClient: 404, otherAdvisor: 404, otherFirm: 404 };
const owner1 = (w: World) => w.household.client.hash;
const owner2 = (w: World) => w.household.spouse!.client.hash;
const withRecords = async (w: World): Promise<Prepared> => ({ intake: await seedIntakeRecords([w.household.client.id, w.household.spouse!.client.id]) });
const records = (p: Prepared) => p.intake!;
const intakeName = { first_name: 'Matrix', middle_name: '', last_name: 'Person', suffix: '' };
const personalInfo = (w: World) => ({
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
});
const estatePlanAnswers = {
  version: 1,
  has_estate_plan: 'yes',
  estate_plan_type: 'Trust',
  trust_name: 'Matrix Trust',
  trust_date: '01/01/2010',
  trust_times_amended: 1,
  trust_replacement_reason: 'Restate.',
  is_assets_trust_owned: 'no',
  trust_governing_state: 'CA',
  has_trust_intent_1: true,
};
const childInput = (w: World) => ({
  client_hash: owner1(w),
  owner: 'both',
  ...intakeName,
  dob: '01/02/2015',
  gender: 'male',
  guardian1: { ...intakeName, first_name: 'Guardian' },
});
const beneficiaryInput = (w: World) => ({
  client_hash: owner1(w),
  type: 'person',
  owner: 'both',
  same_values: false,
  values1: { tier: 'primary', share_percent: '50', relationship: 'Child' },
  values2: { tier: 'contingent', share_percent: '25', relationship: 'Friend' },
  ...intakeName,
});
const trusteeInput = (w: World) => ({
  client_hash: owner1(w),
  owner: '1',
  values1: { order: 1 },
  ...intakeName,
  phone: '5551234567',
  email: 'trustee@test.example',
});
const agentInput = (w: World) => ({ client_hash: owner1(w), type: 'medical', owner: '2', values2: { order: 1 }, ...intakeName });
const deleteOf = (key: 'child' | 'beneficiary' | 'trustee') => (w: World, _role: RoleName, p: Prepared) => ({
  input: { client_hash: owner1(w), hash: records(p)[key], version: 1 },
});

const INTAKE: Record<string, Entry> = {
  'action lib/actions/intake.ts#updatePersonalInfoAction': { permission: 'intake.write', args: (w) => ({ input: personalInfo(w) }), expect: intakeWrite },
  'action lib/actions/intake.ts#updateEstatePlanInfoAction': {
    permission: 'intake.write',
    args: (w) => ({ input: { client_hash: owner1(w), client1: estatePlanAnswers, client2: { ...estatePlanAnswers, has_estate_plan: 'no' } } }),
    expect: intakeWrite,
  },
  'action lib/actions/intake.ts#setSpouseChoiceAction': {
    permission: 'intake.write',
    args: (w) => ({ input: { client_hash: owner2(w), version: 1, is_spouse_beneficiary: true, is_spouse_poa_financial: false } }),
    expect: intakeWrite,
  },
  'action lib/actions/intake.ts#setHasChildrenAction': {
    permission: 'intake.write',
    args: (w) => ({ input: { client_hash: owner2(w), has_children: true } }),
    expect: intakeWrite,
  },
  'action lib/actions/intake.ts#upsertChildAction': { permission: 'intake.write', args: (w) => ({ input: childInput(w) }), expect: intakeWrite },
  'action lib/actions/intake.ts#deleteChildAction': { permission: 'intake.write', prepare: withRecords, args: deleteOf('child'), expect: intakeWrite },
  'action lib/actions/intake.ts#upsertBeneficiaryAction': { permission: 'intake.write', args: (w) => ({ input: beneficiaryInput(w) }), expect: intakeWrite },
  'action lib/actions/intake.ts#deleteBeneficiaryAction': {
    permission: 'intake.write',
    prepare: withRecords,
    args: deleteOf('beneficiary'),
    expect: intakeWrite,
  },
  'action lib/actions/intake.ts#upsertTrusteeAction': { permission: 'intake.write', args: (w) => ({ input: trusteeInput(w) }), expect: intakeWrite },
  'action lib/actions/intake.ts#deleteTrusteeAction': { permission: 'intake.write', prepare: withRecords, args: deleteOf('trustee'), expect: intakeWrite },
  'action lib/actions/intake.ts#upsertAgentAction': { permission: 'intake.write', args: (w) => ({ input: agentInput(w) }), expect: intakeWrite },
  'action lib/actions/intake.ts#deleteAgentAction': {
    permission: 'intake.write',
    prepare: withRecords,
    args: (w, _role, p) => ({ input: { client_hash: owner1(w), hash: records(p).agent, version: 1, type: 'general' } }),
    expect: intakeWrite,
  },
  // The compatibility routes, with the earlier front end's payloads (intake §7).
  'POST /api/updatePersonalInfo': {
    permission: 'intake.write',
    args: (w) => ({ body: { ...personalInfo(w), client_hash: undefined, version: undefined, hash_id: owner2(w), is_us_citizen: 1, wants_cremation: 0 } }),
    expect: intakeWrite,
  },
  'POST /api/clientInfo/updateClientInfo': {
    permission: 'intake.write',
    args: (w) => ({ body: { hash: owner2(w), is_spouse_beneficiary: 1, has_estate_plan: 'no' } }),
    expect: intakeWrite,
  },
  'POST /api/clientInfo/updateOrCreate/child': {
    permission: 'intake.write',
    args: (w) => ({
      body: {
        hash_id: owner1(w),
        hash_id_spouse: owner2(w),
        hash_id_child: '',
        hash_id_existing_person: null,
        owner: 'both',
        gender: 'female',
        dob: '01/02/2015',
        ...intakeName,
        has_guardian_1: true,
        guardian_1_first_name: 'Guardian',
        guardian_1_last_name: 'Person',
      },
    }),
    expect: intakeWrite,
  },
  'POST /api/clientInfo/delete/child': {
    permission: 'intake.write',
    prepare: withRecords,
    args: (w, _r, p) => ({ body: { hash_id: owner1(w), hash_id_spouse: owner2(w), hash_id_child: records(p).child } }),
    expect: intakeWrite,
  },
  'POST /api/clientInfo/updateOrCreate/beneficiary': {
    permission: 'intake.write',
    args: (w) => ({
      body: {
        hash_id: owner1(w),
        hash_id_spouse: owner2(w),
        owner: 'both',
        type: 'entity',
        name: 'Matrix Charity',
        identifier: '12-3456789',
        is_trust: false,
        tier1: 'primary',
        share_percent1: 50,
        relationship1: 'Charity',
        is_per_stirpes1: 0,
        tier2: 'primary',
        share_percent2: '40',
        relationship2: 'Charity',
      },
    }),
    expect: intakeWrite,
  },
  'POST /api/clientInfo/delete/beneficiary': {
    permission: 'intake.write',
    prepare: withRecords,
    args: (w, _r, p) => ({ body: { hash_id: owner1(w), hash_id_spouse: owner2(w), hash_id_beneficiary: records(p).beneficiary } }),
    expect: intakeWrite,
  },
  'POST /api/clientInfo/updateOrCreate/fiduciary': {
    permission: 'intake.write',
    args: (w) => ({
      body: {
        hash_id: owner1(w),
        hash_id_spouse: owner2(w),
        owner: 'both',
        ...intakeName,
        phone: '(555) 123-4567',
        email: 'f@test.example',
        order1: 1,
        order2: 2,
      },
    }),
    expect: intakeWrite,
  },
  'POST /api/clientInfo/delete/fiduciary': {
    permission: 'intake.write',
    prepare: withRecords,
    args: (w, _r, p) => ({ body: { hash_id: owner1(w), hash_id_spouse: owner2(w), hash_id_fiduciary: records(p).trustee } }),
    expect: intakeWrite,
  },
  'POST /api/clientInfo/updateOrCreate/poa': {
    permission: 'intake.write',
    args: (w) => ({
      body: {
        hash_id: owner1(w),
        hash_id_spouse: owner2(w),
        owner: '1',
        ...intakeName,
        phone: '5551234567',
        email: 'a@test.example',
        type1: 'financial',
        order1: 1,
      },
    }),
    expect: intakeWrite,
  },
  'POST /api/clientInfo/delete/poa': {
    permission: 'intake.write',
    prepare: withRecords,
    args: (w, _r, p) => ({ body: { hash_id: owner1(w), hash_id_spouse: owner2(w), hash_id_poa: records(p).agent, type: 'general' } }),
    expect: intakeWrite,
  },
};

// ---- The review page: submission, the attorney's status change, the reveal of a full SSN -----------------

/** Submitting: the household and its advisory team (and an admin acting as the advisor); attorneys 403. */
const submitExpect: Expectation = { ...intakeWrite, legal: 403 };
/** Attorneys and admins only; an admin acting as an advisor acts with the advisor's roles. */
const legalOnly: Expectation = { ...every(403), guest: 401, legal: 200, admin: 200 };
const answered = async (w: World): Promise<Prepared> => {
  await answerRequiredQuestions([w.household.client.id, w.household.spouse!.client.id]);
  return {};
};
/** Answered, and the fee paid (a submission with a fee due is refused, 402). */
const answeredAndPaid = async (w: World): Promise<Prepared> => {
  await answered(w);
  await payFeeFor(w.plan.id);
  return {};
};
const withSsn = async (w: World): Promise<Prepared> => {
  const sealed = sealIdentifier('123456789', placeOf(t.persons.ssnCipher, w.household.person.hash));
  await db.update(t.persons).set({ ssnCipher: sealed.cipher, ssnLast4: sealed.last4 }).where(eq(t.persons.id, w.household.person.id));
  return {};
};
const acknowledgements = (w: World) => [owner1(w), owner2(w)].map((client_hash) => ({ client_hash, statements: [1, 2, 3] }));

const REVIEW: Record<string, Entry> = {
  'action lib/actions/plans.ts#submitTrustAction': {
    permission: 'plan.submit',
    prepare: answeredAndPaid,
    args: (w) => ({ input: { client_hash: owner2(w), acknowledgements: acknowledgements(w) } }),
    expect: submitExpect,
  },
  // From In Progress the attorney may only cancel (lib/estate-plans/status-machine.ts).
  'action lib/actions/plans.ts#updatePlanStatusAction': {
    permission: 'plan.status.update',
    args: (w) => ({ input: { plan_hash: w.plan.hash, status: 'canceled', from_status: 'incomplete' } }),
    expect: legalOnly,
  },
  'action lib/actions/plans.ts#revealIdentifiersAction': {
    permission: 'identifiers.reveal',
    prepare: withSsn,
    args: (w) => ({ input: { client_hash: owner1(w), items: [{ kind: 'person', hash: w.household.person.hash }] } }),
    expect: legalOnly,
  },
  'POST /api/attorney/updateStatus': {
    permission: 'plan.status.update',
    args: (w) => ({ body: { estate_plan_id: w.plan.hash, status: 'canceled' } }),
    expect: legalOnly,
  },
};

// Sections 7-14: assets and the note.
const propertyInput = (w: World) => ({
  client_hash: owner1(w),
  owner: 'both',
  is_primary1: true,
  street: '9 Matrix Rd',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
  value: '250,000',
  purchase_year: 2001,
});
const companyInput = (w: World) => ({
  client_hash: owner1(w),
  owner: '1',
  name: 'Matrix LLC',
  type: 'limited liability company',
  values1: { share_percent: '100' },
});
const giftInput = (w: World, p: Prepared) => ({
  client_hash: owner1(w),
  owner: 'both',
  gift_type: 'cash',
  beneficiary_hash: records(p).beneficiary,
  cash_amount: '1,000',
  predecease_distribution: 'bloodline',
});
const accountInput = (w: World) => ({
  client_hash: owner1(w),
  kind: 'bank',
  owner: '2',
  company: 'Wells Fargo',
  type: 'Savings',
  number: 'AB-1234 5678',
  value: '12,000.50',
});
const deleteAsset = (key: 'property' | 'company' | 'gift') => (w: World, _role: RoleName, p: Prepared) => ({
  input: { client_hash: owner1(w), hash: records(p)[key], version: 1 },
});
const accountRoutes = (['retirement', 'brokerage', 'bank', 'annuity'] as const).flatMap((kind): [string, Entry][] => [
  [
    `POST /api/clientInfo/updateOrCreate/${kind}Account`,
    {
      permission: 'intake.write',
      args: (w) => ({
        body: {
          hash_id: owner1(w),
          hash_id_spouse: owner2(w),
          hash_id_account: '',
          owner: '1',
          company: 'Vanguard',
          type: 'Other kind',
          number: '12-34',
          value: '1,000',
        },
      }),
      expect: intakeWrite,
    },
  ],
  [
    `POST /api/clientInfo/delete/${kind}Account`,
    {
      permission: 'intake.write',
      prepare: withRecords,
      args: (w, _r, p) => ({ body: { hash_id: owner1(w), hash_id_spouse: owner2(w), hash_id_account: records(p)[kind] } }),
      expect: intakeWrite,
    },
  ],
]);
const ASSET_DOORS: Record<string, Entry> = {
  'action lib/actions/intake.ts#upsertPropertyAction': { permission: 'intake.write', args: (w) => ({ input: propertyInput(w) }), expect: intakeWrite },
  'action lib/actions/intake.ts#deletePropertyAction': { permission: 'intake.write', prepare: withRecords, args: deleteAsset('property'), expect: intakeWrite },
  'action lib/actions/intake.ts#upsertCompanyAction': { permission: 'intake.write', args: (w) => ({ input: companyInput(w) }), expect: intakeWrite },
  'action lib/actions/intake.ts#deleteCompanyAction': { permission: 'intake.write', prepare: withRecords, args: deleteAsset('company'), expect: intakeWrite },
  'action lib/actions/intake.ts#upsertGiftAction': {
    permission: 'intake.write',
    prepare: withRecords,
    args: (w, _r, p) => ({ input: giftInput(w, p) }),
    expect: intakeWrite,
  },
  'action lib/actions/intake.ts#deleteGiftAction': { permission: 'intake.write', prepare: withRecords, args: deleteAsset('gift'), expect: intakeWrite },
  'action lib/actions/intake.ts#upsertAccountAction': { permission: 'intake.write', args: (w) => ({ input: accountInput(w) }), expect: intakeWrite },
  'action lib/actions/intake.ts#deleteAccountAction': {
    permission: 'intake.write',
    prepare: withRecords,
    args: (w, _r, p) => ({ input: { client_hash: owner1(w), kind: 'annuity', hash: records(p).annuity, version: 1 } }),
    expect: intakeWrite,
  },
  'action lib/actions/intake.ts#saveNoteAction': {
    permission: 'intake.write',
    args: (w) => ({ input: { client_hash: owner2(w), body: 'Matrix note' } }),
    expect: intakeWrite,
  },
  'POST /api/clientInfo/updateOrCreate/property': {
    permission: 'intake.write',
    args: (w) => ({
      body: {
        hash_id: owner1(w),
        hash_id_spouse: owner2(w),
        hash_id_property: '',
        owner: 'both',
        is_primary: 'both',
        street: '9 Matrix Rd',
        unit: '',
        city: 'Austin',
        state: 'TX',
        zip: '78701',
        value: '250,000',
        purchase_month: 4,
        purchase_year: 2001,
      },
    }),
    expect: intakeWrite,
  },
  'POST /api/clientInfo/delete/property': {
    permission: 'intake.write',
    prepare: withRecords,
    args: (w, _r, p) => ({ body: { hash_id: owner1(w), hash_id_spouse: owner2(w), hash_id_property: records(p).property } }),
    expect: intakeWrite,
  },
  'POST /api/clientInfo/updateOrCreate/company': {
    permission: 'intake.write',
    args: (w) => ({
      body: {
        hash_id: owner1(w),
        hash_id_spouse: owner2(w),
        hash_id_company: '',
        hash_id_address: '',
        owner: 'both',
        name: 'Matrix Inc',
        type: 'corporation',
        street: '',
        unit: '',
        city: '',
        state: '',
        zip: '',
        value: '',
        share_percent1: '50',
        stock_shares1: '100',
        share_percent2: '50',
        stock_shares2: '100',
      },
    }),
    expect: intakeWrite,
  },
  'POST /api/clientInfo/delete/company': {
    permission: 'intake.write',
    prepare: withRecords,
    args: (w, _r, p) => ({ body: { hash_id: owner1(w), hash_id_spouse: owner2(w), hash_id_company: records(p).company } }),
    expect: intakeWrite,
  },
  'POST /api/clientInfo/updateOrCreate/gift': {
    permission: 'intake.write',
    prepare: withRecords,
    args: (w, _r, p) => ({
      body: {
        hash_id: owner1(w),
        hash_id_spouse: owner2(w),
        hash_id_gift: '',
        owner: 'both',
        gift_type: 'property',
        hash_id_bene: records(p).beneficiary,
        hash_id_address: records(p).propertyAddress,
        cash_amount: '',
        specific_item: '',
        predecease_distribution: 'equally',
      },
    }),
    expect: intakeWrite,
  },
  'POST /api/clientInfo/delete/gift': {
    permission: 'intake.write',
    prepare: withRecords,
    args: (w, _r, p) => ({ body: { hash_id: owner1(w), hash_id_spouse: owner2(w), hash_id_gift: records(p).gift } }),
    expect: intakeWrite,
  },
  ...Object.fromEntries(accountRoutes),
  'POST /api/clientInfo/updateOrCreate/note': {
    permission: 'intake.write',
    args: (w) => ({ body: { note: 'Matrix note', hash: owner1(w), hash2: owner2(w) } }),
    expect: intakeWrite,
  },
};

// ---- Advisor workspace: the world's advisor (whose couple is the matrix household) ------------------------

/** The advisor's team may act (advisor, staff, firm supervisor, admin, admin acting as the advisor); other
 * advisors and firms get 404; roles without the permission (clients, attorneys) 403. */
const advisorTeam: Expectation = {
  ...every(200),
  guest: 401,
  client: 403,
  spouse: 403,
  otherHouseholdClient: 403,
  otherAdvisor: 404,
  otherFirm: 404,
  legal: 403,
};
/** Reading the advisor's data: attorneys too. */
const advisorRead: Expectation = { ...advisorTeam, legal: 200 };
const advisorHash = (w: World) => w.advisor.advisor.hash;
const newClients = () => ({
  clients: [
    {
      first_name: 'Matrix',
      middle_name: '',
      last_name: 'Client',
      suffix: '',
      email: uniqueEmail(),
      mobile_phone: '5551234567',
      date_of_birth: '01/02/1970',
      social_security_number: '123-45-6789',
      gender: 'male',
    },
  ],
});
const legacyNewClients = (w: World) => ({
  client_count: 1,
  advisor_id: advisorHash(w),
  client_1_first_name: 'Matrix',
  client_1_last_name: 'Client',
  client_1_email: uniqueEmail(),
  client_1_mobile_phone: '(555) 123-4567',
});
/** An invite sent ten minutes ago, so it may be resent. */
const withOldInvite = async (w: World): Promise<Prepared> => {
  const [invite] = await db
    .insert(t.invites)
    .values({ advisorId: w.advisor.advisor.id, clientName: 'Matrix Invitee', clientEmail: uniqueEmail(), sentAt: new Date(Date.now() - 10 * 60 * 1000) })
    .returning();
  return { invite: invite.hash };
};

const ADVISOR_WORKSPACE: Record<string, Entry> = {
  'action lib/actions/advisors.ts#createClientsAction': {
    permission: 'client.create',
    args: (w) => ({ input: { advisor_id: advisorHash(w), ...newClients() } }),
    expect: advisorTeam,
  },
  'action lib/actions/advisors.ts#sendInviteAction': {
    permission: 'invite.send',
    args: (w) => ({ input: { advisor_id: advisorHash(w), client_name: 'Matrix Invitee', client_email: uniqueEmail() } }),
    expect: advisorTeam,
  },
  'action lib/actions/advisors.ts#resendInviteAction': {
    permission: 'invite.send',
    prepare: withOldInvite,
    args: (_w, _r, p) => ({ input: { id: p.invite } }),
    expect: advisorTeam,
  },
  'action lib/actions/advisors.ts#listInvitesAction': {
    permission: 'invite.send',
    args: (w) => ({ input: { advisor_id: advisorHash(w) } }),
    expect: advisorTeam,
  },
  'action lib/actions/advisors.ts#sendReminderAction': {
    permission: 'client.remind',
    args: (w) => ({ input: { client_hash: owner1(w) } }),
    expect: advisorTeam,
  },
  // The advisors overview's expansion (issue 20): attorneys and admins read any advisor's households; no one else.
  'action lib/actions/overview.ts#advisorClientsAction': {
    permission: 'advisors.list',
    args: (w) => ({ input: { advisor_id: advisorHash(w) } }),
    expect: { ...every(403), guest: 401, legal: 200, admin: 200 },
  },
  'POST /api/advisor/fetch': { permission: 'advisor.read', args: (w) => ({ body: { advisor_id: advisorHash(w) } }), expect: advisorRead },
  'POST /api/getInvites': { permission: 'invite.send', args: (w) => ({ body: { advisor_id: advisorHash(w) } }), expect: advisorTeam },
  'POST /api/sendInvite': {
    permission: 'invite.send',
    args: (w) => ({ body: { advisor_id: advisorHash(w), client_name: 'Matrix Invitee', client_email: uniqueEmail() } }),
    expect: advisorTeam,
  },
  'POST /api/resendInvite/[id]': {
    permission: 'invite.send',
    prepare: withOldInvite,
    args: (_w, _r, p) => ({ path: `/api/resendInvite/${p.invite}`, params: { id: p.invite! } }),
    expect: advisorTeam,
  },
  'POST /api/advisorCreateClient': { permission: 'client.create', args: (w) => ({ body: legacyNewClients(w) }), expect: advisorTeam },
};

// ---- Documents (issue 20): the matrix household's plan --------------------------------------------------

const SAMPLE_PDF = new Uint8Array(fs.readFileSync(path.join(root, 'tests/fixtures/files/sample.pdf')));
/** The plan under attorney review: files may be added only in the attorney-stage statuses. */
const withAttorneyStagePlan = async (w: World): Promise<Prepared> => {
  await db.update(t.estatePlans).set({ status: 'preparing' }).where(eq(t.estatePlans.id, w.plan.id));
  return {};
};
/** A document on the plan, uploaded by the attorney (it has a creator, so an admin may delete it). */
const withDocument = async (w: World): Promise<Prepared> => {
  const stored = await documentStore().put(SAMPLE_PDF, { name: 'Matrix.pdf', contentType: 'application/pdf' });
  const [file] = await db
    .insert(t.files)
    .values({
      estatePlanId: w.plan.id,
      name: 'Matrix.pdf',
      contentType: 'application/pdf',
      size: SAMPLE_PDF.byteLength,
      storage: stored.storage,
      storageKey: stored.key,
      createdByUserId: w.users.legal.id,
    })
    .returning();
  return { file: file.hash };
};
const pdfForm = () => {
  const form = new FormData();
  form.append('newFile', new File([SAMPLE_PDF], 'Matrix Upload.pdf', { type: 'application/pdf' }));
  return form;
};
const fileParams = (w: World, p: Prepared) => ({ planHash: w.plan.hash, fileHash: p.file! });

const DOCUMENTS: Record<string, Entry> = {
  // Attorneys, admins and the household's advisory side; clients may not add documents.
  'POST /api/file/[planHash]/upload': {
    permission: 'file.upload',
    prepare: withAttorneyStagePlan,
    args: (w) => ({ path: `/api/file/${w.plan.hash}/upload`, params: { planHash: w.plan.hash }, multipart: pdfForm() }),
    expect: { ...advisorTeam, legal: 200 },
  },
  // Everyone whose scope reaches the household.
  'GET /api/file/[planHash]/[fileHash]/view/get': {
    permission: 'file.view',
    prepare: withDocument,
    args: (w, _r, p) => ({ path: `/api/file/${w.plan.hash}/${p.file}/view/get`, params: fileParams(w, p) }),
    expect: { ...intakeWrite },
  },
  // Admins only (an admin acting as the advisor has the advisor's rights).
  'DELETE /api/file/[planHash]/[fileHash]/delete': {
    permission: 'file.delete',
    prepare: withDocument,
    args: (w, _r, p) => ({ path: `/api/file/${w.plan.hash}/${p.file}/delete`, params: fileParams(w, p) }),
    expect: { ...every(403), guest: 401, admin: 200 },
  },
};

/** A pending email change of the world's advisor, and its link's token. */
const withEmailChange = async (w: World): Promise<Prepared> => {
  const token = `matrix${++emails}${Date.now()}`;
  await db.insert(t.emailChanges).values({
    userId: w.users.advisor.id,
    oldEmail: w.users.advisor.email,
    newEmail: uniqueEmail(),
    tokenHash: hashEmailChangeToken(token),
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  return { emailChangeToken: token };
};

// ---- The admin back office (issue 21) --------------------------------------------------------------------

/** Admins only; an admin acting as an advisor acts with the advisor's roles (403), guests 401. */
const adminOnly: Expectation = { ...every(403), guest: 401, admin: 200 };
const newAdvisor = () => ({
  first_name: 'Matrix',
  middle_name: '',
  last_name: 'Advisor',
  suffix: '',
  email: uniqueEmail(),
  phone: '5551234567',
  firm_id: '',
  firm_name: 'Matrix New Firm',
  is_firm_supervisor: false,
  is_waiving_fee: true,
  staff_advisors: [],
});
const userEdit = (w: World) => ({
  user_id: w.users.advisor.hash,
  email: uniqueEmail(),
  phone: '5559876543',
  is_firm_supervisor: true,
  is_waiving_fee: true,
  staff_advisors: [],
});
/** A link to choose a password, for the world's advisor. */
const withPasswordLink = async (w: World): Promise<Prepared> => {
  const token = `matrixpasswordlink${++emails}${Date.now()}`;
  await db.insert(t.passwordTokens).values({
    userId: w.users.advisor.id,
    purpose: 'reset',
    tokenHash: hashPasswordToken(token),
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  return { emailChangeToken: token };
};
const newPassword = { password: 'Matrix-Chosen-Password-1', password_confirmation: 'Matrix-Chosen-Password-1' };
/** The admin acts as the world's advisor; the admin acting as that advisor acts as the advisor's client. */
const actAsTarget = (w: World, role: RoleName) => (role === 'adminImpersonating' ? w.household.user.hash : w.users.advisor.hash);
const actAsExpect: Expectation = { ...adminOnly, adminImpersonating: 200 };

/** The hidden Delete Client tool: the world's admin is the configured account. */
const withDeleteAllowed = async (w: World): Promise<Prepared> => {
  process.env.CLIENT_DELETE_ALLOWED_EMAILS = w.users.admin.email;
  return {};
};

const ADMIN_DOORS: Record<string, Entry> = {
  'POST /api/admin/delete/client': { permission: 'client.delete', prepare: withDeleteAllowed, args: (w) => ({ body: { hash: owner1(w) } }), expect: adminOnly },
  'action lib/actions/admin.ts#deleteClientAction': {
    permission: 'client.delete',
    prepare: withDeleteAllowed,
    args: (w) => ({ input: { hash: owner1(w) } }),
    expect: adminOnly,
  },
  'POST /api/createAdvisor': { permission: 'advisor.create', args: () => ({ body: newAdvisor() }), expect: adminOnly },
  'action lib/actions/admin.ts#createAdvisorAction': { permission: 'advisor.create', args: () => ({ input: newAdvisor() }), expect: adminOnly },
  'POST /api/admin/updateUser': { permission: 'user.update', args: (w) => ({ body: userEdit(w) }), expect: adminOnly },
  'action lib/actions/admin.ts#updateUserAction': { permission: 'user.update', args: (w) => ({ input: userEdit(w) }), expect: adminOnly },
  'action lib/actions/admin.ts#listUsersAction': { permission: 'user.update', args: () => ({ input: { q: 'matrix', page: 1 } }), expect: adminOnly },
  'POST /api/admin/resetPassword': { permission: 'user.resetPassword', args: (w) => ({ body: { user_id: w.users.advisor.hash } }), expect: adminOnly },
  'action lib/actions/admin.ts#resetPasswordAction': {
    permission: 'user.resetPassword',
    args: (w) => ({ input: { user_id: w.users.advisor.hash } }),
    expect: adminOnly,
  },
  'POST /api/impersonate/[userId]': {
    permission: 'own',
    args: (w, role) => ({ path: `/api/impersonate/${actAsTarget(w, role)}`, params: { userId: actAsTarget(w, role) }, form: {} }),
    expect: actAsExpect,
  },
  'action lib/actions/admin.ts#actAsAction': { permission: 'own', args: (w, role) => ({ input: { user_id: actAsTarget(w, role) } }), expect: actAsExpect },
  // Forgot password answers everyone alike (no enumeration); a password link's token is its own permission.
  'action lib/actions/passwords.ts#forgotPasswordAction': { permission: 'public', args: () => ({ input: { email: uniqueEmail() } }), expect: every(200) },
  'action lib/actions/passwords.ts#setPasswordAction': {
    permission: 'public',
    prepare: withPasswordLink,
    args: (_w, _r, p) => ({ input: { token: p.emailChangeToken, ...newPassword } }),
    expect: every(200),
  },
};

// ---- Payments (issue 22): the Payment Due modal, the acknowledgement, the advisor's balance and method ------

const approveCard = {
  charge_type: 'card',
  name: 'Matrix Payer',
  card_number: '4242424242424242',
  expiry: '12/39',
  cvv: '123',
  street: '1 Main St',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
};
const legacyCard = {
  charge_type: 'card',
  name: 'Matrix Payer',
  card_number: '4242424242424242',
  exp_month: '12',
  exp_year: '2039',
  cvv: '123',
  street: '1 Main St',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
};
/** Paying: the household and its advisory team (an admin acting as the advisor too: it keeps no method); attorneys 403. */
const payExpect: Expectation = { ...intakeWrite, legal: 403 };
/** An open invoice for the world's advisor, so there is a balance to pay. */
const withInvoice = async (w: World): Promise<Prepared> => {
  await db.insert(t.invoices).values({ advisorId: w.advisor.advisor.id, description: 'Matrix invoice', amount: '995.00' });
  return {};
};
/** A stored method for the world's advisor (the sandbox's, so its removal there works too). */
const withStoredMethod = async (w: World): Promise<Prepared> => {
  await db.insert(t.sandboxPaymentMethods).values({ id: 'sbx_pm_matrix', kind: 'card', brand: 'Visa', last4: '4242', expMonth: 12, expYear: 2039 });
  await db
    .insert(t.paymentMethods)
    .values({ advisorId: w.advisor.advisor.id, gateway: 'sandbox', token: 'sbx_pm_matrix', kind: 'card', brand: 'Visa', last4: '4242' });
  await db.update(t.advisors).set({ isAutoPay: true }).where(eq(t.advisors.id, w.advisor.advisor.id));
  return {};
};
/** The household's annual charge (a client's saved card, the plan's recurring charge). */
const withAnnualCharge = async (w: World): Promise<Prepared> => {
  const [method] = await db
    .insert(t.paymentMethods)
    .values({ clientId: w.household.client.id, gateway: 'sandbox', token: 'sbx_pm_annual', kind: 'card', brand: 'Visa', last4: '4242' })
    .returning();
  const [charge] = await db
    .insert(t.recurringCharges)
    .values({ estatePlanId: w.plan.id, paymentMethodId: method.id, amount: '95.00', nextChargeOn: new Date(Date.now() + 365 * 86_400_000) })
    .returning();
  return { annualCharge: charge.hash };
};
/** A household's own money setting: its client and spouse; no one else finds it (404); never while impersonating (403). */
const householdOwn: Expectation = { ...every(404), guest: 401, client: 200, spouse: 200, adminImpersonating: 403 };
/** Money settings (removing a method, turning auto-pay off): the advisor's team, never while impersonating (403). */
const methodRemoval: Expectation = { ...advisorTeam, adminImpersonating: 403 };

const PAYMENTS: Record<string, Entry> = {
  'action lib/actions/payments.ts#amountDueAction': { permission: 'intake.read', args: (w) => ({ input: { plan_hash: w.plan.hash } }), expect: intakeWrite },
  'GET /api/estatePlan/[hash]/amountDue': {
    permission: 'intake.read',
    args: (w) => ({ path: `/api/estatePlan/${w.plan.hash}/amountDue`, params: { hash: w.plan.hash } }),
    expect: intakeWrite,
  },
  'action lib/actions/payments.ts#payTrustFeeAction': {
    permission: 'plan.pay',
    prepare: answered,
    args: (w) => ({ input: { client_hash: owner1(w), acknowledgements: acknowledgements(w), save_method: false, method: approveCard } }),
    expect: payExpect,
  },
  'POST /api/estatePlan/createAndPay': {
    permission: 'plan.pay',
    prepare: answered,
    args: (w) => ({ body: { user_type: 'client', client_id: owner1(w), type: 'trust', processor: 'lawpay', ...legacyCard } }),
    expect: payExpect,
  },
  'action lib/actions/payments.ts#acknowledgePaymentAction': {
    permission: 'plan.payment.acknowledge',
    args: (w) => ({ input: { plan_hash: w.plan.hash } }),
    expect: legalOnly,
  },
  'POST /api/estatePlan/[hash]/acknowledgePayment': {
    permission: 'plan.payment.acknowledge',
    args: (w) => ({ path: `/api/estatePlan/${w.plan.hash}/acknowledgePayment`, params: { hash: w.plan.hash }, body: {} }),
    expect: legalOnly,
  },
  'action lib/actions/payments.ts#payBalanceAction': {
    permission: 'advisor.pay',
    prepare: withInvoice,
    args: (w) => ({ input: { advisor_id: advisorHash(w), enable_auto_pay: false, method: approveCard } }),
    expect: advisorTeam,
  },
  'POST /api/billing/processLawpayPayment': {
    permission: 'advisor.pay',
    prepare: withInvoice,
    args: (w) => ({ body: { user_type: 'advisor', advisor_id: advisorHash(w), is_saving: 0, ...legacyCard } }),
    expect: advisorTeam,
  },
  'action lib/actions/payments.ts#disableAutoPayAction': {
    permission: 'advisor.pay',
    prepare: withStoredMethod,
    args: (w) => ({ input: { advisor_id: advisorHash(w) } }),
    expect: methodRemoval,
  },
  'action lib/actions/payments.ts#removeStoredPaymentMethodAction': {
    permission: 'advisor.pay',
    prepare: withStoredMethod,
    args: (w) => ({ input: { advisor_id: advisorHash(w) } }),
    expect: methodRemoval,
  },
  'action lib/actions/payments.ts#cancelAnnualChargeAction': {
    permission: 'own',
    prepare: withAnnualCharge,
    args: (_w, _r, p) => ({ input: { charge_hash: p.annualCharge } }),
    expect: householdOwn,
  },
  'POST /api/billing/removeStoredPaymentMethod': {
    permission: 'advisor.pay',
    prepare: withStoredMethod,
    args: (w) => ({ body: { advisor_id: advisorHash(w) } }),
    expect: methodRemoval,
  },
};

// ---- Servers that are not browsers: the payment gateway's webhook ----------------------------------------

const WEBHOOK_SECRET = 'matrix-webhook-secret-0123456789abcdef';
const withWebhookSecret = async (): Promise<Prepared> => {
  process.env.LAWPAY_WEBHOOK_SECRET = WEBHOOK_SECRET;
  return {};
};

const GATEWAY_DOORS: Record<string, Entry> = {
  // The secret in the path is the credential: with it anyone (the gateway holds no session) queues a
  // settlement poll; the session, if any, is not read. Its refusals (404) are in lawpay-webhook.test.ts.
  'POST /api/webhooks/lawpay/[secret]': {
    permission: 'public',
    prepare: withWebhookSecret,
    args: () => ({
      path: `/api/webhooks/lawpay/${WEBHOOK_SECRET}`,
      params: { secret: WEBHOOK_SECRET },
      body: { type: 'transaction.completed', data: { status: 'COMPLETED' } },
    }),
    expect: every(202),
  },
};

/**
 * The doors that answer any origin (gatewayRoute): called by another site's server, never by our pages,
 * reading no session. A door opts out of the origin check only by being named here.
 */
const ANY_ORIGIN = ['POST /api/webhooks/lawpay/[secret]'];

const MATRIX: Record<string, Entry> = {
  ...INTAKE,
  ...GATEWAY_DOORS,
  ...ADMIN_DOORS,
  ...REVIEW,
  ...PAYMENTS,
  ...ASSET_DOORS,
  ...ADVISOR_WORKSPACE,
  ...DOCUMENTS,
  // Sign-up is open to anyone; a signed-in user may create another account (audited under them).
  'POST /api/createClient': { permission: 'public', args: () => ({ body: signUp() }), expect: every(200) },
  'action lib/actions/accounts.ts#createClientAccountAction': { permission: 'public', args: () => ({ input: signUp() }), expect: every(200) },
  // The form post always answers with a redirect (to the landing page, or back with an error code).
  'POST /api/login': {
    permission: 'public',
    args: (world) => ({ form: { _token: issueLoginToken(), email: world.users.advisor.email, password: TEST_PASSWORD } }),
    expect: every(303),
  },
  'POST /api/logout': { permission: 'public', args: () => ({ form: {} }), expect: every(303) },
  // next-auth's own endpoints: the session read answers everyone; a sign-out without its CSRF token is
  // sent to the sign-out page and changes nothing.
  'GET /api/auth/[...nextauth]': { permission: 'public', args: () => ({ path: '/api/auth/session', params: { nextauth: ['session'] } }), expect: every(200) },
  'POST /api/auth/[...nextauth]': {
    permission: 'public',
    args: () => ({ path: '/api/auth/signout', params: { nextauth: ['signout'] }, form: {} }),
    expect: every(302),
  },
  'POST /api/user/update/name': { permission: 'own', args: () => ({ body: nameChange }), expect: ownAccount },
  'POST /api/user/update/email': { permission: 'own', args: () => ({ body: emailChange() }), expect: ownAccount },
  'POST /api/user/update/phone': { permission: 'own', args: () => ({ body: phoneChange }), expect: ownAccount },
  'POST /api/user/update/password': { permission: 'own', args: () => ({ body: passwordChange }), expect: ownAccount },
  'action lib/actions/settings.ts#updateNameAction': { permission: 'own', args: () => ({ input: nameChange }), expect: ownAccount },
  'action lib/actions/settings.ts#updateEmailAction': { permission: 'own', args: () => ({ input: emailChange() }), expect: ownAccount },
  'action lib/actions/settings.ts#updatePhoneAction': { permission: 'own', args: () => ({ input: phoneChange }), expect: ownAccount },
  'action lib/actions/settings.ts#updatePasswordAction': { permission: 'own', args: () => ({ input: passwordChange }), expect: ownAccount },
  // The link sent to a new email address: its token is the permission, whoever (if anyone) is signed in.
  'action lib/actions/settings.ts#confirmEmailChangeAction': {
    permission: 'public',
    prepare: withEmailChange,
    args: (_w, _r, p) => ({ input: { token: p.emailChangeToken } }),
    expect: every(200),
  },
};

// ---- The test -----------------------------------------------------------------------------------------

let doors: Door[] = [];
beforeAll(async () => {
  doors = await discoverDoors();
}, 60_000);

describe('authorization matrix: the doors', () => {
  it('finds the doors by walking the tree (routes and server actions)', () => {
    expect(doors.length).toBeGreaterThanOrEqual(Object.keys(MATRIX).length);
    expect(doors.some((d) => d.id.startsWith('action '))).toBe(true);
    expect(doors.some((d) => d.id.startsWith('POST /api/'))).toBe(true);
  });

  it('has an entry for every door, and every entry names a door that exists', () => {
    const found = doors.map((d) => d.id).sort();
    expect(found.filter((id) => !(id in MATRIX))).toEqual([]);
    expect(Object.keys(MATRIX).filter((id) => !found.includes(id))).toEqual([]);
  });

  it('every door declares the permission the matrix expects (no door is written without deciding it)', () => {
    for (const door of doors) expect({ door: door.id, permission: door.permission }).toEqual({ door: door.id, permission: MATRIX[door.id]?.permission });
  });

  it('only the doors listed in ANY_ORIGIN skip the origin check, and each of them is public', () => {
    expect(doors.filter((d) => d.anyOrigin).map((d) => d.id)).toEqual(ANY_ORIGIN);
    for (const id of ANY_ORIGIN) expect({ id, permission: MATRIX[id]?.permission }).toEqual({ id, permission: 'public' });
  });

  it('no server action is defined inline: every one lives in a "use server" file that exports wrapped doors only', () => {
    const inline = [...walk(path.join(root, 'app')), ...walk(path.join(root, 'components')), ...walk(path.join(root, 'lib'))].filter((file) => {
      const source = fs.readFileSync(file, 'utf8');
      return /['"]use server['"]/.test(source) && !isServerActionFile(source);
    });
    expect(inline.map((f) => path.relative(root, f))).toEqual([]);
  });
});

describe.each(Object.keys(MATRIX))('authorization matrix: %s', (doorId) => {
  const entry = MATRIX[doorId];
  let world: World;
  let fresh = false;
  let prepared: { world: World; records: Prepared } | null = null;

  beforeAll(async () => {
    world = await buildWorld();
    fresh = true;
  }, 60_000);

  it.each([...ROLES])(
    '%s',
    async (role) => {
      const door = doors.find((d) => d.id === doorId);
      if (!door) throw new Error(`No door ${doorId}`);
      // A successful call may have changed what the next role's call depends on (a new password, a new
      // email): start every call after a success from a newly built world.
      if (!fresh) world = await buildWorld();
      if (prepared?.world !== world) prepared = { world, records: entry.prepare ? await entry.prepare(world) : {} };
      const session = sessionOf(world, role);
      if (session) await signInAs(session.user, session.impersonator);
      else signOut();

      const before = await databaseFingerprint();
      const spy = jest.spyOn(console, 'error').mockImplementation(() => {});
      let status: number;
      try {
        status = await door.invoke(entry.args(world, role, prepared.records));
      } finally {
        spy.mockRestore();
      }
      expect({ role, status }).toEqual({ role, status: entry.expect[role] });
      const refused = status === 401 || status === 403 || status === 404;
      if (refused) {
        expect(await databaseFingerprint()).toEqual(before);
      } else {
        fresh = false;
      }
    },
    30_000,
  );
});

// ---- The cross-origin column ---------------------------------------------------------------------------

/*
 * Every state-changing door (every route but GET, every server action) called from a page of another
 * origin of the same site, as a role it would otherwise let in: 403, and nothing written. A page on
 * another port of the host (its Origin), and a browser's own verdict (Sec-Fetch-Site: same-site, here with
 * the app's Origin, so that header alone decides). SameSite=Lax cookies travel with both, so only this
 * check stands between such a page and the signed-in user's data.
 */
const FOREIGN_ORIGINS: [string, Record<string, string>][] = [
  ['Origin http://localhost:8899', { origin: 'http://localhost:8899' }],
  ['Sec-Fetch-Site: same-site', { 'sec-fetch-site': 'same-site' }],
];
const refusal = (status: number) => status === 401 || status === 403 || status === 404;
const stateChanging = Object.keys(MATRIX).filter((id) => !id.startsWith('GET ') && !ANY_ORIGIN.includes(id));

describe.each(stateChanging)('authorization matrix, from another origin: %s', (doorId) => {
  const entry = MATRIX[doorId];
  // The first role the door lets in, so the origin is the only reason for a refusal.
  const role = ROLES.find((r) => !refusal(entry.expect[r]))!;
  let world: World;
  let prepared: Prepared;

  beforeAll(async () => {
    world = await buildWorld();
    prepared = entry.prepare ? await entry.prepare(world) : {};
  }, 60_000);

  it.each(FOREIGN_ORIGINS)(
    `as ${role}, with %s: 403 and nothing written`,
    async (_case, headers) => {
      const door = doors.find((d) => d.id === doorId);
      if (!door) throw new Error(`No door ${doorId}`);
      const session = sessionOf(world, role);
      if (session) await signInAs(session.user, session.impersonator);
      else signOut();
      const before = await databaseFingerprint();
      const status = await door.invoke({ ...entry.args(world, role, prepared), headers });
      expect({ role, status }).toEqual({ role, status: 403 });
      expect(await databaseFingerprint()).toEqual(before);
    },
    30_000,
  );
});

/* The doors that answer any origin give their usual answer from another site, as every role. */
describe.each(ANY_ORIGIN)('authorization matrix, from another origin (answered): %s', (doorId) => {
  const entry = MATRIX[doorId];
  let world: World;
  let prepared: Prepared;

  beforeAll(async () => {
    world = await buildWorld();
    prepared = entry.prepare ? await entry.prepare(world) : {};
  }, 60_000);

  it.each(FOREIGN_ORIGINS.flatMap(([name, headers]) => ROLES.map((role) => [name, role, headers] as const)))(
    'with %s, as %s: its usual answer',
    async (_case, role, headers) => {
      const door = doors.find((d) => d.id === doorId);
      if (!door) throw new Error(`No door ${doorId}`);
      const session = sessionOf(world, role);
      if (session) await signInAs(session.user, session.impersonator);
      else signOut();
      const status = await door.invoke({ ...entry.args(world, role, prepared), headers });
      expect({ role, status }).toEqual({ role, status: entry.expect[role] });
    },
    30_000,
  );
});
