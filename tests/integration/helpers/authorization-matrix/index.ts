import { NextRequest } from 'next/server';
import fs from 'node:fs';
import path from 'node:path';
import type { DoorPermission } from '@/lib/http/context';
import { PEER_HEADER } from '@/lib/http/request';
import type { ActionResult } from '@/lib/http/result';
import { setRequestHeaders } from '../../../helpers/fake-headers';
import { signInAs, signOut } from '../../../helpers/session';
import { buildWorld, databaseFingerprint, ROLES, sessionOf, type RoleName, type World } from '../../../helpers/world';
import { answerRequiredQuestions, seedIntakeRecords, type IntakeRecords } from '../intake';

/*
 * The authorization matrix: every door of the app (each route handler and each server action, found by
 * walking the source tree) called as every role, with the answer each must give. A refusal (401, 403, 404)
 * must also leave the database exactly as it was. A door added without an entry here fails the test, so
 * no door ships without its authorization being decided and checked.
 *
 * This module is the machinery and what several areas share; each area's doors are a table beside it
 * (intake.ts, assets.ts, ...), matrix.ts joins them, and each area runs as its own test file
 * (tests/integration/authorization-matrix-<area>.test.ts) so Jest spreads them over its workers;
 * authorization-matrix-doors.test.ts checks the whole matrix against the doors of the tree.
 */

export const root = path.resolve(__dirname, '../../../..');
const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

export type Door = {
  id: string;
  file: string;
  permission: DoorPermission | undefined;
  /** Set by lib/http/route.ts gatewayRoute: the door skips the origin check (see ANY_ORIGIN below). */
  anyOrigin?: boolean;
  invoke: (args: CallArgs) => Promise<number>;
};
export type CallArgs = {
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

export function walk(dir: string): string[] {
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

export const isServerActionFile = (source: string) => /^(?:\s*(?:\/\/[^\n]*\n|\/\*[\s\S]*?\*\/))*\s*['"]use server['"]/.test(source);

let peer = 0;
/** Each call comes from its own address, so the per-address brakes never decide an answer here. */
function nextAddress(): string {
  peer += 1;
  return `198.18.${Math.floor(peer / 250)}.${(peer % 250) + 1}`;
}

/**
 * Every door of the tree, or (given the ids wanted) only the files that may hold them are loaded: a route
 * file whose path one of the ids names, a server action file one of them starts with.
 */
export async function discoverDoors(wanted?: string[]): Promise<Door[]> {
  const doors: Door[] = [];
  const files = [...walk(path.join(root, 'app')), ...walk(path.join(root, 'lib')), ...walk(path.join(root, 'components'))];
  const wantedRoute = (file: string) => !wanted || wanted.some((id) => id.endsWith(` ${urlPathOf(file)}`));
  const wantedActions = (rel: string) => !wanted || wanted.some((id) => id.startsWith(`action ${rel.split(path.sep).join('/')}#`));
  for (const file of files) {
    const rel = path.relative(root, file);
    if (path.basename(file) === 'route.ts' && rel.startsWith(`app${path.sep}`)) {
      if (!wantedRoute(file)) continue;
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
    } else if (wantedActions(rel) && isServerActionFile(fs.readFileSync(file, 'utf8'))) {
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

export type Expectation = Record<RoleName, number>;
export type Prepared = {
  intake?: IntakeRecords;
  invite?: string;
  emailChangeToken?: string;
  file?: string;
  annualCharge?: string;
  /** A notice of each world user's, by user id (the bell's doors). */
  notices?: Record<number, string>;
  unsubscribeToken?: string;
  /** A passkey of each world user's, its public hash by user id (Settings' passkey doors). */
  passkeys?: Record<number, string>;
};
export type Entry = {
  permission: DoorPermission;
  /** Records the call needs besides the world (created once per world, before the fingerprint). */
  prepare?: (world: World) => Promise<Prepared>;
  args: (world: World, role: RoleName, prepared: Prepared) => CallArgs;
  expect: Expectation;
};

export const every = (status: number): Expectation => Object.fromEntries(ROLES.map((r) => [r, status])) as Expectation;

let emails = 0;
/** A new number for this file's unique addresses and tokens. */
export const serial = () => ++emails;
export const uniqueEmail = () => `matrix${serial()}-${Date.now()}@test.example`;

/** The household's own people and team may write; other households' people and advisors get 404. */
export const intakeWrite: Expectation = { ...every(200), guest: 401, otherHouseholdClient: 404, otherAdvisor: 404, otherFirm: 404 };
export const owner1 = (w: World) => w.household.client.hash;
export const owner2 = (w: World) => w.household.spouse!.client.hash;
export const withRecords = async (w: World): Promise<Prepared> => ({ intake: await seedIntakeRecords([w.household.client.id, w.household.spouse!.client.id]) });
export const records = (p: Prepared) => p.intake!;

/** Attorneys and admins only; an admin acting as an advisor acts with the advisor's roles. */
export const legalOnly: Expectation = { ...every(403), guest: 401, legal: 200, admin: 200 };
export const answered = async (w: World): Promise<Prepared> => {
  await answerRequiredQuestions([w.household.client.id, w.household.spouse!.client.id]);
  return {};
};
export const acknowledgements = (w: World) => [owner1(w), owner2(w)].map((client_hash) => ({ client_hash, statements: [1, 2, 3] }));

/** The advisor's team may act (advisor, staff, firm supervisor, admin, admin acting as the advisor); other
 * advisors and firms get 404; roles without the permission (clients, attorneys) 403. */
export const advisorTeam: Expectation = {
  ...every(200),
  guest: 401,
  client: 403,
  spouse: 403,
  otherHouseholdClient: 403,
  otherAdvisor: 404,
  otherFirm: 404,
  legal: 403,
};
export const advisorHash = (w: World) => w.advisor.advisor.hash;

/**
 * The doors that answer any origin (gatewayRoute): called by another site's server, never by our pages,
 * reading no session. A door opts out of the origin check only by being named here.
 */
export const ANY_ORIGIN = ['POST /api/notifications/unsubscribe', 'POST /api/webhooks/lawpay/[secret]'];

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

/**
 * The matrix's tests for one part of it (an area's doors): every role against every door of the part, then
 * the part's state-changing doors from another origin, and the part's doors that answer any origin. One
 * world is built per door (and again after each call that changed it), so the parts run on parallel workers.
 */
export function describeMatrix(part: Record<string, Entry>) {
  let doors: Door[] = [];
  beforeAll(async () => {
    doors = await discoverDoors(Object.keys(part));
  }, 60_000);

  describe.each(Object.keys(part))('authorization matrix: %s', (doorId) => {
    const entry = part[doorId];
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

  const stateChanging = Object.keys(part).filter((id) => !id.startsWith('GET ') && !ANY_ORIGIN.includes(id));
  const anyOrigin = ANY_ORIGIN.filter((id) => id in part);

  if (stateChanging.length)
    describe.each(stateChanging)('authorization matrix, from another origin: %s', (doorId) => {
      const entry = part[doorId];
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
  if (anyOrigin.length)
    describe.each(anyOrigin)('authorization matrix, from another origin (answered): %s', (doorId) => {
      const entry = part[doorId];
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
}
