import 'server-only';
import { eq } from 'drizzle-orm';
import { db, type Queryable } from '@/db';
import { advisors } from '@/db/schema';
import { ADVISOR_HASH_SHAPE } from './referral';

/** The id of the advisor a referral hash names, or null for a blank, malformed or unknown hash. */
export async function findReferringAdvisorId(hash: string | null | undefined, q: Queryable = db): Promise<number | null> {
  if (!hash || !ADVISOR_HASH_SHAPE.test(hash)) return null;
  const [advisor] = await q.select({ id: advisors.id }).from(advisors).where(eq(advisors.hash, hash)).limit(1);
  return advisor?.id ?? null;
}
