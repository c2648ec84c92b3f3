import 'server-only';
import { and, eq, inArray } from 'drizzle-orm';
import { clientPoaAgents, poaAgents } from '@/db/schema';
import { audit } from '@/lib/kernel/audit';
import { AppError } from '@/lib/kernel/errors';
import type { RequestContext } from '@/lib/kernel/context';
import type { DeleteAgentInput } from '@/lib/validation/intake';
import type { IntakeView } from './types';
import { agentPivots, findAgent } from './upsert-agent';
import { clientIdsOf, deleteOrphanPersons, deleteVersioned, intakeWrite, updateVersioned } from './write';

/**
 * Removes an agent from one power-of-attorney type (both owners' places in that list). The agent row
 * goes when it serves under no other type, and its person when no other list uses it. A stale version
 * answers 409 and removes nothing.
 */
export async function deleteAgent(ctx: RequestContext, input: DeleteAgentInput): Promise<IntakeView> {
  return intakeWrite(ctx, input.client_hash, async (tx, household) => {
    const agent = await findAgent(tx, household, input.hash);
    if ((await agentPivots(tx, household, agent.id, input.type)).length === 0) throw new AppError('NOT_FOUND');
    await tx
      .delete(clientPoaAgents)
      .where(and(eq(clientPoaAgents.agentId, agent.id), eq(clientPoaAgents.type, input.type), inArray(clientPoaAgents.clientId, clientIdsOf(household))));
    const [left] = await tx.select({ clientId: clientPoaAgents.clientId }).from(clientPoaAgents).where(eq(clientPoaAgents.agentId, agent.id)).limit(1);
    if (left) {
      await updateVersioned(tx, poaAgents, agent.id, input.version);
    } else {
      await deleteVersioned(tx, poaAgents, agent.id, input.version);
      await deleteOrphanPersons(tx, [agent.personId]);
    }
    await audit(tx, ctx, 'intake.agent.delete', { type: 'poa_agent', id: agent.id }, { poaType: input.type });
  });
}
