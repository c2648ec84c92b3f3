import 'server-only';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Queryable } from '@/db';
import { clients, persons, users } from '@/db/schema';

/**
 * Whether an address is not free for this user's login: another login has it, or an advisor-created
 * client record is waiting for its owner to sign up with it (taking it would block that sign-up:
 * lib/accounts/create-client-account.ts finds the record by this email).
 */
export async function emailInUse(q: Queryable, email: string, userId: number): Promise<boolean> {
  const [login] = await q
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), ne(users.id, userId)))
    .limit(1);
  if (login) return true;
  const [waiting] = await q
    .select({ id: clients.id })
    .from(clients)
    .innerJoin(persons, eq(persons.id, clients.personId))
    .where(and(isNull(clients.userId), sql`lower(trim(${persons.email})) = ${email}`))
    .limit(1);
  return Boolean(waiting);
}

/** Postgres unique_violation, also when the driver's error is wrapped (drizzle keeps it as `cause`). */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
