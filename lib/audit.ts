import 'server-only';
import type { Queryable } from '@/db';
import { auditLog } from '@/db/schema';
import type { PublicContext } from '@/lib/http/context';

/**
 * Records a sensitive write: who (and the real user behind an impersonation), from which address and
 * browser, did what to which record. Call inside the write's transaction, so the row exists exactly when
 * the write does.
 */
export async function audit(
  q: Queryable,
  ctx: PublicContext,
  action: string,
  target?: { type: string; id: number },
  meta?: Record<string, unknown>,
): Promise<void> {
  await q.insert(auditLog).values({
    actorUserId: ctx.actor?.userId ?? null,
    impersonatorUserId: ctx.actor?.impersonator?.userId ?? null,
    action,
    targetType: target?.type ?? null,
    targetId: target?.id ?? null,
    ip: ctx.ip,
    userAgent: ctx.userAgent || null,
    meta: meta ?? null,
  });
}
