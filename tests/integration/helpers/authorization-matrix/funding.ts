import { eq } from 'drizzle-orm';
import { db } from '@/db';
import * as t from '@/db/schema';
import type { World } from '../../../helpers/world';
import { every, owner2, records, withRecords, type Entry, type Expectation, type Prepared } from '.';

// ---- Funding the trust (issue 30): the household and its advisory team mark the steps ----

/** The household and its advisory team; attorneys and admins read but do not mark (403); others 404. */
const fundingWrite: Expectation = { ...every(200), guest: 401, otherHouseholdClient: 404, otherAdvisor: 404, otherFirm: 404, legal: 403, admin: 403 };

/** The intake's records, with the plan being finalized (funding begins). */
const finalizing = async (w: World): Promise<Prepared> => {
  const prepared = await withRecords(w);
  await db.update(t.estatePlans).set({ status: 'finalizing' }).where(eq(t.estatePlans.id, w.plan.id));
  return prepared;
};

export const FUNDING_DOORS: Record<string, Entry> = {
  'action lib/actions/funding.ts#markFundingTaskAction': {
    permission: 'funding.update',
    prepare: finalizing,
    args: (w, _role, p) => ({ input: { client_hash: owner2(w), task_key: `bank:${records(p).bank}`, status: 'in-progress' } }),
    expect: fundingWrite,
  },
};
