import type { Queryable } from '@/db';
import { auditLog } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';

/** Records a sensitive write, with the real user behind an impersonation. Call inside the write's transaction. */
export async function audit(
  q: Queryable,
  actor: Actor | null,
  action: string,
  target?: { type: string; id: number },
  meta?: Record<string, unknown>,
): Promise<void> {
  await q.insert(auditLog).values({
    actorUserId: actor?.userId ?? null,
    impersonatorUserId: actor?.impersonator?.userId ?? null,
    action,
    targetType: target?.type ?? null,
    targetId: target?.id ?? null,
    meta: meta ?? null,
  });
}
