import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '@/db';
import { auditLog } from '@/db/schema';
import type { AnyContext, PublicContext } from './context';
import { isSystemContext } from './system-context';

/**
 * What an audit row is about: a record's type and internal id, and optionally its household. Left out, the
 * household is found from the target by the database in the row's own INSERT (the SQL function
 * audit_household of migration 0018); a caller that deletes the target in the same write, or that knows
 * better, names it (`householdId`, null for "none").
 */
export type AuditTarget = { type: string; id: number; householdId?: number | null };

/** The household_id of a new row: the caller's, else the target's household as the database finds it. */
function householdOf(target: AuditTarget | undefined): SQL | number | null {
  if (!target) return null;
  if (target.householdId !== undefined) return target.householdId;
  return sql`audit_household(${target.type}, ${target.id}::integer)`;
}

/**
 * Records a sensitive write: who (and the real user behind an impersonation), from which address and
 * browser, did what to which record. Call inside the write's transaction, so the row exists exactly when
 * the write does. A job's write (a system context) is recorded as System: no user, no address, and the
 * job's name as the user agent (`job:<name>`).
 */
export async function audit(q: Queryable, ctx: AnyContext, action: string, target?: AuditTarget, meta?: Record<string, unknown>): Promise<void> {
  const system = isSystemContext(ctx);
  await q.insert(auditLog).values({
    actorUserId: ctx.actor?.userId ?? null,
    impersonatorUserId: ctx.actor?.impersonator?.userId ?? null,
    action,
    targetType: target?.type ?? null,
    targetId: target?.id ?? null,
    householdId: householdOf(target),
    ip: system ? null : ctx.ip,
    userAgent: ctx.userAgent || null,
    meta: meta ?? null,
  });
}

/**
 * Records a write that a mailed secret allowed (a password set from a link, a new e-mail confirmed, a
 * temporary password used): by the signed-in user when there is one (an admin who opens someone's link is
 * named), else by the account the secret was mailed for, whose mailbox it proves. Either way with the
 * request's address and browser (and `signedIn` in the meta), so every such change says who and from where.
 */
export async function auditSecretUse(
  q: Queryable,
  ctx: PublicContext,
  addresseeUserId: number,
  action: string,
  target: AuditTarget,
  meta?: Record<string, unknown>,
): Promise<void> {
  await q.insert(auditLog).values({
    actorUserId: ctx.actor?.userId ?? addresseeUserId,
    impersonatorUserId: ctx.actor?.impersonator?.userId ?? null,
    action,
    targetType: target.type,
    targetId: target.id,
    householdId: householdOf(target),
    ip: ctx.ip,
    userAgent: ctx.userAgent || null,
    meta: { ...meta, signedIn: ctx.actor !== null },
  });
}
