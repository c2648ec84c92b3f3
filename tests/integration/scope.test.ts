import { actorOf as loadedActorOf, claimsOf, ctxOf, guestCtx } from '../helpers/context';
import { buildWorld, ROLES, sessionOf, type RoleName, type World } from '../helpers/world';
import { eq } from 'drizzle-orm';
import { db } from '@/db';
import * as t from '@/db/schema';
import { loadActor } from '@/lib/auth/actor';
import { loadAdvisor, loadEstatePlan, loadHousehold } from '@/lib/kernel/scope';
import { listClientPage } from '@/lib/advisors/client-list';
import { loadDashboard } from '@/lib/advisors/dashboard';
import { DEFAULT_LIST_STATE } from '@/lib/advisors/rules';
import type { Actor } from '@/lib/kernel/actor';
import { makeAdvisor, makeFirm, makeHousehold, makeStaff, makeUser } from '../helpers/factories';

/*
 * Who sees which households: an advisor their own; staff the advisors they work for; a firm supervisor the
 * firm's advisors; legal and admin everyone; clients no dashboard at all.
 */
async function actorOf(user: { hash: string; sessionVersion: number }) {
  return (await loadActor(await claimsOf(user)))!;
}

/** Every household the dashboard lists for the actor (every advisor in reach, one page of up to 100). */
async function listed(actor: Actor) {
  return (await listClientPage(actor, { advisorIds: null, state: { ...DEFAULT_LIST_STATE, size: 100 }, stalledDays: 30 })).rows;
}

async function visible(user: { hash: string; sessionVersion: number }) {
  return (await listed(await actorOf(user))).map((h) => h.hash).sort();
}

describe('household scope on the dashboard', () => {
  let world: Awaited<ReturnType<typeof build>>;
  async function build() {
    const firm = await makeFirm('Scope Firm');
    const otherFirm = await makeFirm('Other Firm');
    const supervisor = await makeAdvisor({ firmId: firm.id, supervisor: true });
    const peer = await makeAdvisor({ firmId: firm.id });
    const outsider = await makeAdvisor({ firmId: otherFirm.id });
    const staff = await makeStaff([peer.advisor.id]);
    const legal = await makeUser({ isLegal: true });
    const admin = await makeUser({ isAdmin: true });
    const supervisorsClient = await makeHousehold(supervisor.advisor.id);
    const peersCouple = await makeHousehold(peer.advisor.id, { spouse: true });
    const outsidersClient = await makeHousehold(outsider.advisor.id);
    return { supervisor, peer, outsider, staff, legal, admin, supervisorsClient, peersCouple, outsidersClient };
  }
  beforeAll(async () => {
    world = await build();
  });

  it('advisors see only their own households, a married pair once', async () => {
    expect(await visible(world.peer.user)).toEqual([world.peersCouple.client.hash]);
    expect(await visible(world.outsider.user)).toEqual([world.outsidersClient.client.hash]);
  });

  it('staff see the households of the advisors they work for', async () => {
    expect(await visible(world.staff.user)).toEqual([world.peersCouple.client.hash]);
  });

  it("a firm supervisor sees every household of the firm's advisors, not other firms'", async () => {
    expect(await visible(world.supervisor.user)).toEqual([world.supervisorsClient.client.hash, world.peersCouple.client.hash].sort());
  });

  it.each(['legal', 'admin'] as const)('%s sees every household', async (who) => {
    const all = [world.supervisorsClient, world.peersCouple, world.outsidersClient].map((h) => h.client.hash).sort();
    expect(await visible(world[who].user)).toEqual(all);
  });

  it('clients are refused the dashboard listing', async () => {
    await expect(loadDashboard(ctxOf(await actorOf(world.peersCouple.user)), DEFAULT_LIST_STATE)).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});

describe('the dashboard scopes the spouse columns too', () => {
  it("does not show a spouse under another advisor through their partner's row", async () => {
    const mine = await makeAdvisor();
    const theirs = await makeAdvisor();
    // A married pair whose partners are clients of different advisors.
    const couple = await makeHousehold(mine.advisor.id, { spouse: true });
    await db.update(t.clients).set({ advisorId: theirs.advisor.id }).where(eq(t.clients.id, couple.spouse!.client.id));

    const minesView = await listed(await actorOf(mine.user));
    expect(minesView).toEqual([expect.objectContaining({ hash: couple.client.hash, spouseName: null })]);
    // The other advisor sees their own client, listed on its own (not hidden behind the lower id).
    const theirsView = await listed(await actorOf(theirs.user));
    expect(theirsView).toEqual([expect.objectContaining({ hash: couple.spouse!.client.hash, spouseName: null })]);
  });
});

describe('owner 1 is what the household row says, not the lower id', () => {
  it('loads, lists and reaches the household by its recorded owners', async () => {
    const { advisor, user } = await makeAdvisor();
    const couple = await makeHousehold(advisor.id, { spouse: true });
    const spouse = couple.spouse!.client;
    expect(spouse.id).toBeGreaterThan(couple.client.id);
    // The spouse, the higher id, becomes owner 1.
    await db.update(t.households).set({ owner1ClientId: spouse.id, owner2ClientId: couple.client.id }).where(eq(t.households.id, couple.household.id));

    const ctx = ctxOf(await loadedActorOf(user));
    for (const hash of [couple.client.hash, spouse.hash]) {
      expect(await loadHousehold(ctx, hash, 'intake.read')).toMatchObject({
        householdId: couple.household.id,
        householdHash: couple.household.hash,
        clientId: spouse.id,
        clientHash: spouse.hash,
        spouseId: couple.client.id,
        spouseHash: couple.client.hash,
      });
    }
    expect(await listed(await actorOf(user))).toEqual([
      expect.objectContaining({ hash: spouse.hash, spouseName: `${couple.person.firstName} ${couple.person.lastName}` }),
    ]);
    expect((await actorOf(couple.user)).householdClientIds).toEqual([spouse.id, couple.client.id]);
  });
});

describe('scope loaders: one SQL fragment per kind of record', () => {
  let world: World;
  beforeAll(async () => {
    world = await buildWorld();
  });

  const ctxFor = async (role: RoleName) => {
    const session = sessionOf(world, role);
    return session ? ctxOf(await loadedActorOf(session.user, session.impersonator)) : guestCtx();
  };

  // Who reaches the advisor's married household (and its plan), and the advisor.
  const reachesHousehold: Record<RoleName, boolean> = {
    guest: false,
    client: true,
    spouse: true,
    otherHouseholdClient: false,
    advisor: true,
    otherAdvisor: false,
    staff: true,
    firmSupervisor: true,
    otherFirm: false,
    legal: true,
    admin: true,
    adminImpersonating: true,
  };
  const reachesAdvisor: Record<RoleName, boolean> = { ...reachesHousehold, client: false, spouse: false };

  it.each([...ROLES])('%s', async (role) => {
    const ctx = await ctxFor(role);
    const { household, plan, advisor } = world;
    const outcome = (p: Promise<unknown>) =>
      p.then(
        () => 'found',
        (e: { code?: string }) => e.code,
      );

    const expected = reachesHousehold[role] ? 'found' : 'NOT_FOUND';
    expect(await outcome(loadHousehold(ctx, household.client.hash, 'intake.read'))).toBe(expected);
    // Either spouse's hash opens the same household, owner 1 first.
    expect(await outcome(loadHousehold(ctx, household.spouse!.client.hash, 'intake.write'))).toBe(expected);
    expect(await outcome(loadEstatePlan(ctx, plan.hash, 'file.view'))).toBe(expected);
    expect(await outcome(loadAdvisor(ctx, advisor.advisor.hash, 'advisor.read'))).toBe(reachesAdvisor[role] ? 'found' : 'NOT_FOUND');
    // Unknown hashes and permissions the role lacks look exactly like records outside the scope.
    expect(await outcome(loadHousehold(ctx, 'no-such-hash', 'intake.read'))).toBe('NOT_FOUND');
    const canChangeStatus = role === 'legal' || role === 'admin';
    expect(await outcome(loadEstatePlan(ctx, plan.hash, 'plan.status.update'))).toBe(canChangeStatus ? 'found' : 'NOT_FOUND');
  });

  it('returns the household with owner 1 first, whichever spouse is addressed', async () => {
    const ctx = ctxOf(await loadedActorOf(world.advisor.user));
    const bySpouse = await loadHousehold(ctx, world.household.spouse!.client.hash, 'intake.read');
    expect(bySpouse).toMatchObject({
      clientId: world.household.client.id,
      spouseId: world.household.spouse!.client.id,
      addressedClientId: world.household.spouse!.client.id,
    });
  });
});
