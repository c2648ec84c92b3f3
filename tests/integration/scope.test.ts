import { loadActor } from '@/lib/auth/actor';
import { listHouseholds } from '@/lib/clients/queries';
import { makeAdvisor, makeFirm, makeHousehold, makeStaff, makeUser } from '../helpers/factories';

/*
 * Who sees which households: an advisor their own; staff the advisors they work for; a firm supervisor the
 * firm's advisors; legal and admin everyone; clients no dashboard at all.
 */
async function actorOf(user: { hash: string; sessionVersion: number }) {
  return (await loadActor({ uid: user.hash, sv: user.sessionVersion }))!;
}

async function visible(user: { hash: string; sessionVersion: number }) {
  return (await listHouseholds(await actorOf(user))).map((h) => h.hash).sort();
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
    await expect(listHouseholds(await actorOf(world.peersCouple.user))).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});
