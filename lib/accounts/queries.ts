import { eq } from 'drizzle-orm';
import { db, type Queryable } from '@/db';
import { advisors } from '@/db/schema';

// Public hashes are base64url (db/schema/columns.ts); anything else cannot name an advisor.
export const ADVISOR_HASH_SHAPE = /^[A-Za-z0-9_-]{1,64}$/;

/** The id of the advisor a referral hash names, or null for a blank, malformed or unknown hash. */
export async function findReferringAdvisorId(hash: string | null | undefined, q: Queryable = db): Promise<number | null> {
  if (!hash || !ADVISOR_HASH_SHAPE.test(hash)) return null;
  const [advisor] = await q.select({ id: advisors.id }).from(advisors).where(eq(advisors.hash, hash)).limit(1);
  return advisor?.id ?? null;
}
