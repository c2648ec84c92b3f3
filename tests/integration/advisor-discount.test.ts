import { earnsAdvisorDiscount } from '@/lib/accounts/advisor-discount';
import { actorOf } from '../helpers/context';
import { resetDatabase } from '../helpers/db';
import { makeAdvisor, makeHousehold, makeUser } from '../helpers/factories';

/*
 * Who sees the discounted price on the signed-in /trust (issue 18, item 18): a client whose client row is
 * linked to an advisor (both spouses of an advisor's household), on any browser; not a client on their own,
 * an advisor, an attorney or a guest.
 */

beforeEach(async () => {
  await resetDatabase();
});

describe('the advisor discount of a signed-in visitor', () => {
  it("is earned by an advisor's clients, both spouses", async () => {
    const a = await makeAdvisor();
    const couple = await makeHousehold(a.advisor.id, { spouse: true });
    expect(await earnsAdvisorDiscount(await actorOf(couple.user))).toBe(true);
    expect(await earnsAdvisorDiscount(await actorOf(couple.spouse!.user))).toBe(true);
  });

  it('is not earned by a client without an advisor, by advisors and attorneys, or by guests', async () => {
    const alone = await makeHousehold(null);
    const a = await makeAdvisor();
    const attorney = await makeUser({ isLegal: true });
    expect(await earnsAdvisorDiscount(await actorOf(alone.user))).toBe(false);
    expect(await earnsAdvisorDiscount(await actorOf(a.user))).toBe(false);
    expect(await earnsAdvisorDiscount(await actorOf(attorney.user))).toBe(false);
    expect(await earnsAdvisorDiscount(null)).toBe(false);
  });
});
