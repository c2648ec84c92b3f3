import { inArray } from 'drizzle-orm';
import { db } from '@/db';
import * as t from '@/db/schema';
import { listHouseholdActivity, listOwnActivity } from '@/lib/activity/household-activity';
import { audit } from '@/lib/kernel/audit';
import type { RequestContext } from '@/lib/kernel/context';
import { AppError } from '@/lib/kernel/errors';
import { actorOf, ctxOf } from '../helpers/context';
import { buildWorld, databaseFingerprint, ROLES, sessionOf, type RoleName, type World } from '../helpers/world';

/*
 * The authorization matrix of a household's activity (issue 29): the two reads (the staff view of the
 * matrix household, and the reader's own household in plain words) called as every role of the matrix's
 * world, with the answer each must give, and nothing written by either. The reads are page reads, not doors
 * (no action or route), so they are checked here rather than in authorization-matrix/*.ts.
 */

let world: World;
const ctxs = new Map<RoleName, RequestContext>();

/** An answer as a door would give it: 200, or the status of the refusal. */
async function statusOf(call: () => Promise<unknown>): Promise<number> {
  try {
    await call();
    return 200;
  } catch (error) {
    if (error instanceof AppError) return { UNAUTHENTICATED: 401, FORBIDDEN: 403, NOT_FOUND: 404 }[error.code as string] ?? 500;
    throw error;
  }
}

beforeAll(async () => {
  world = await buildWorld();
  for (const role of ROLES) {
    const session = sessionOf(world, role);
    // A guest has no actor: the reads' permission check answers 401 (the pages send a guest to sign in).
    ctxs.set(
      role,
      session
        ? ctxOf(await actorOf(session.user, session.impersonator))
        : ({ actor: null, ip: '203.0.113.9', userAgent: 'jest', now: new Date() } as unknown as RequestContext),
    );
  }
  // Rows in the matrix household (a staff-only note among them) and in the other household.
  const legal = ctxs.get('legal')!;
  await audit(db, ctxs.get('client')!, 'intake.child.update', { type: 'client', id: world.household.client.id });
  await audit(db, legal, 'file.view', { type: 'estate_plan', id: world.plan.id }, { name: 'Trust.pdf' });
  await audit(db, legal, 'intake.note.save', { type: 'client', id: world.household.client.id });
  await audit(db, ctxs.get('otherHouseholdClient')!, 'intake.child.update', { type: 'client', id: world.otherHousehold.client.id });
}, 120_000);

const STAFF_VIEW: Record<RoleName, number> = {
  guest: 401,
  client: 403,
  spouse: 403,
  otherHouseholdClient: 403,
  advisor: 403,
  otherAdvisor: 403,
  staff: 403,
  firmSupervisor: 403,
  otherFirm: 403,
  legal: 200,
  admin: 200,
  // Acting as the advisor, with the advisor's roles.
  adminImpersonating: 403,
};

const OWN_VIEW: Record<RoleName, number> = {
  ...STAFF_VIEW,
  client: 200,
  spouse: 200,
  otherHouseholdClient: 200,
  legal: 403,
  admin: 403,
};

describe('the staff view of a household', () => {
  it.each([...ROLES])('%s', async (role) => {
    const before = await databaseFingerprint();
    const status = await statusOf(() => listHouseholdActivity(ctxs.get(role)!, world.household.client.hash, {}));
    expect({ role, status }).toEqual({ role, status: STAFF_VIEW[role] });
    expect(await databaseFingerprint()).toEqual(before);
  });

  it('an attorney or admin reads every row of that household and none of another', async () => {
    const page = await listHouseholdActivity(ctxs.get('admin')!, world.household.spouse!.client.hash, {});
    expect(page.rows.map((r) => r.action).sort()).toEqual(['file.view', 'intake.child.update', 'intake.note.save']);
  });
});

describe("a client's own activity", () => {
  it.each([...ROLES])('%s', async (role) => {
    const before = await databaseFingerprint();
    const status = await statusOf(() => listOwnActivity(ctxs.get(role)!, {}));
    expect({ role, status }).toEqual({ role, status: OWN_VIEW[role] });
    expect(await databaseFingerprint()).toEqual(before);
  });

  it.each(['client', 'spouse', 'otherHouseholdClient'] as const)('%s reads only their household, never a staff-only row', async (role) => {
    const page = await listOwnActivity(ctxs.get(role)!, {});
    const ids = page.rows.map((r) => r.id);
    const rows = ids.length ? await db.select().from(t.auditLog).where(inArray(t.auditLog.id, ids)) : [];
    const own = role === 'otherHouseholdClient' ? world.otherHousehold.household.id : world.household.household.id;
    expect(rows.every((r) => r.householdId === own)).toBe(true);
    expect(rows.map((r) => r.action)).not.toContain('intake.note.save');
    expect(rows.length).toBe(role === 'otherHouseholdClient' ? 1 : 2);
  });
});
