import 'server-only';
import type { Queryable } from '@/db';
import { auditLog } from '@/db/schema';
import type { AnyContext } from './context';
import { isSystemContext } from './system-context';

/**
 * Records a sensitive write: who (and the real user behind an impersonation), from which address and
 * browser, did what to which record. Call inside the write's transaction, so the row exists exactly when
 * the write does. A job's write (a system context) is recorded as System: no user, no address, and the
 * job's name as the user agent (`job:<name>`).
 */
export async function audit(
  q: Queryable,
  ctx: AnyContext,
  action: string,
  target?: { type: string; id: number },
  meta?: Record<string, unknown>,
): Promise<void> {
  const system = isSystemContext(ctx);
  await q.insert(auditLog).values({
    actorUserId: ctx.actor?.userId ?? null,
    impersonatorUserId: ctx.actor?.impersonator?.userId ?? null,
    action,
    targetType: target?.type ?? null,
    targetId: target?.id ?? null,
    ip: system ? null : ctx.ip,
    userAgent: ctx.userAgent || null,
    meta: meta ?? null,
  });
}
