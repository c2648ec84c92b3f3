import 'server-only';
import { eq } from 'drizzle-orm';
import { db } from '@/db';
import { clients } from '@/db/schema';
import type { Actor } from '@/lib/kernel/actor';

/**
 * Whether a signed-in visitor gets the advisor discount: a client whose own client row is linked to an
 * advisor, by the advisor's sign-up link or an invitation (the same rule that says 'Discounts will be
 * applied to your services.' at sign-up, create-client-account.ts). Everyone else, guests included, does not.
 */
export async function earnsAdvisorDiscount(actor: Pick<Actor, 'isClient' | 'clientId'> | null): Promise<boolean> {
  if (!actor?.isClient || actor.clientId === null) return false;
  const [row] = await db.select({ advisorId: clients.advisorId }).from(clients).where(eq(clients.id, actor.clientId)).limit(1);
  return row !== undefined && row.advisorId !== null;
}
