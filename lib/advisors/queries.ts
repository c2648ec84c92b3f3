import 'server-only';
import { and, eq } from 'drizzle-orm';
import { db } from '@/db';
import { advisors, persons, users } from '@/db/schema';
import { HASH_SHAPE } from '@/db/schema/columns';
import type { Permission } from '@/lib/kernel/policy';
import { can } from '@/lib/kernel/policy';
import { advisorScope } from '@/lib/kernel/scope';
import type { PublicContext } from '@/lib/kernel/context';
import { personName } from '@/lib/people/person-name';
import { personNameColumns } from '@/lib/people/person-name-columns';

/** An advisor by hash with their name, within the actor's scope for the permission; null otherwise. */
export async function advisorDisplay(ctx: PublicContext, hash: string, permission: Permission) {
  const actor = ctx.actor;
  if (!actor || !can(actor, permission) || !HASH_SHAPE.test(hash)) return null;
  const [row] = await db
    .select({
      id: advisors.id,
      hash: advisors.hash,
      ...personNameColumns,
    })
    .from(advisors)
    .innerJoin(users, eq(users.id, advisors.userId))
    .innerJoin(persons, eq(persons.id, users.personId))
    .where(and(eq(advisors.hash, hash), advisorScope(actor)))
    .limit(1);
  return row ? { id: row.id, hash: row.hash, name: personName(row), isOwn: row.id === actor.advisorId } : null;
}
