import 'server-only';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Tx } from '@/db';
import { clientPoaAgents, poaAgents } from '@/db/schema';
import { audit } from '@/lib/kernel/audit';
import type { Household } from '@/lib/kernel/scope';
import { AppError } from '@/lib/kernel/errors';
import type { RequestContext } from '@/lib/kernel/context';
import type { UpsertAgentInput } from '@/lib/validation/intake';
import { FINANCIAL_POA_UNAVAILABLE } from './firm-rules';
import type { Pivot } from './owners';
import type { AgentService, IntakeView, PoaType } from './types';
import {
  ALREADY_ON_LIST_MESSAGE,
  applyPivots,
  clientIdsOf,
  deleteOrphanPersons,
  householdOwned,
  householdShowsFinancialPoa,
  createOnceKey,
  intakeWrite,
  loadHouseholdPerson,
  pivotsFor,
  resolveRecordPerson,
  updateVersioned,
  type WriteOptions,
} from './write';

type StoredAgent = { id: number; version: number; personId: number };
export type AgentTerms = { order: number | null; isCollective: boolean; isIndependent: boolean };

function inHousehold(household: Household) {
  return sql`exists (select 1 from ${clientPoaAgents} where ${clientPoaAgents.agentId} = ${poaAgents.id} and ${inArray(clientPoaAgents.clientId, clientIdsOf(household))})`;
}

/** An agent of this household (under any type) by public hash; NOT_FOUND for any other. */
export async function findAgent(tx: Tx, household: Household, hash: string): Promise<StoredAgent> {
  const [row] = await tx
    .select({ id: poaAgents.id, version: poaAgents.version, personId: poaAgents.personId })
    .from(poaAgents)
    .where(and(eq(poaAgents.hash, hash), inHousehold(household)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** The household's pivots of one agent under one type. */
export async function agentPivots(tx: Tx, household: Household, agentId: number, type: PoaType): Promise<Pivot<AgentTerms>[]> {
  const rows = await tx
    .select({
      clientId: clientPoaAgents.clientId,
      order: clientPoaAgents.order,
      isCollective: clientPoaAgents.isCollective,
      isIndependent: clientPoaAgents.isIndependent,
    })
    .from(clientPoaAgents)
    .where(and(eq(clientPoaAgents.agentId, agentId), eq(clientPoaAgents.type, type), inArray(clientPoaAgents.clientId, clientIdsOf(household))));
  return rows.map(({ clientId, ...values }) => ({ clientId, values }));
}

/** How a client's other agents of this type serve (the list's choice), or null when the agent is the first. */
async function listService(tx: Tx, clientId: number, type: PoaType, agentId: number): Promise<AgentService | null> {
  const [row] = await tx
    .select({ isCollective: clientPoaAgents.isCollective, isIndependent: clientPoaAgents.isIndependent })
    .from(clientPoaAgents)
    .where(and(eq(clientPoaAgents.clientId, clientId), eq(clientPoaAgents.type, type), ne(clientPoaAgents.agentId, agentId)))
    .orderBy(clientPoaAgents.order, clientPoaAgents.agentId)
    .limit(1);
  return row ?? null;
}

/** Refuses the financial type for a household whose advisor's first firm hides it (apsi, alpha 1). */
export async function assertPoaTypeAvailable(tx: Tx, household: Household, type: PoaType): Promise<void> {
  if (type === 'financial' && !(await householdShowsFinancialPoa(tx, household))) throw new AppError('FORBIDDEN', FINANCIAL_POA_UNAVAILABLE);
}

/**
 * Creates or updates an agent under one power-of-attorney type: the person (linked, own or new; name,
 * phone, email), the agent row (one per person in the household, shared by the types it serves), each
 * owning client's order for this type through the owner engine, and, when sent, how that client's agents
 * of this type serve (set on the whole list). The financial type is refused (403) for
 * clients of the firms that hide it. Answers the refreshed intake.
 */
export async function upsertAgent(ctx: RequestContext, input: UpsertAgentInput, options: WriteOptions = {}): Promise<IntakeView> {
  return intakeWrite(
    ctx,
    input.client_hash,
    async (tx, household) => {
      await assertPoaTypeAvailable(tx, household, input.type);
      const owned = householdOwned({ owner: input.owner, sameValues: input.same_values, values1: input.values1, values2: input.values2 }, household, options);
      const wanted = pivotsFor(owned, household);

      let stored = input.hash ? await findAgent(tx, household, input.hash) : null;
      // An update addresses the agent under its own type's list.
      if (stored && (await agentPivots(tx, household, stored.id, input.type)).length === 0) throw new AppError('NOT_FOUND');
      let version = input.version;
      let reused = false;
      if (!stored && input.existing_person_hash) {
        // A person already serving the household under another type keeps one agent row for all types.
        const person = await loadHouseholdPerson(tx, household, input.existing_person_hash);
        const [agent] = await tx
          .select({ id: poaAgents.id, version: poaAgents.version, personId: poaAgents.personId })
          .from(poaAgents)
          .where(and(eq(poaAgents.personId, person.id), inHousehold(household)))
          .limit(1);
        if (agent) {
          if ((await agentPivots(tx, household, agent.id, input.type)).length) {
            throw new AppError('VALIDATION', ALREADY_ON_LIST_MESSAGE, { existing_person_hash: ALREADY_ON_LIST_MESSAGE });
          }
          stored = agent;
          version = undefined;
          reused = true;
        }
      }

      const personId = await resolveRecordPerson(tx, household, {
        // A reused agent row is still a link: its person keeps its filled name, phone and email.
        currentPersonId: reused ? null : (stored?.personId ?? null),
        linkHash: input.existing_person_hash,
        personVersion: input.person_version,
        fields: {
          firstName: input.first_name,
          middleName: input.middle_name,
          lastName: input.last_name,
          suffix: input.suffix,
          phone: input.phone,
          email: input.email,
        },
      });

      let agentId: number;
      if (stored) {
        await updateVersioned(tx, poaAgents, stored.id, version, { personId });
        agentId = stored.id;
      } else {
        const [row] = await tx.insert(poaAgents).values({ personId }).returning({ id: poaAgents.id });
        agentId = row.id;
      }

      const current = await agentPivots(tx, household, agentId, input.type);
      // How agents serve is a choice of the client's whole list of this type (docs/decisions.md, co-agents):
      // not sent, an agent keeps its own (or, new on the list, takes the list's); sent, it becomes the list's.
      // 'Independently' qualifies co-agents only.
      const desired: Pivot<AgentTerms>[] = [];
      const chosen: Pivot<AgentService>[] = [];
      for (const p of wanted) {
        const before = current.find((c) => c.clientId === p.clientId)?.values ?? (await listService(tx, p.clientId, input.type, agentId));
        const isCollective = p.values.is_collective ?? before?.isCollective ?? false;
        const isIndependent = isCollective && (p.values.is_independent ?? before?.isIndependent ?? false);
        desired.push({ clientId: p.clientId, values: { order: p.values.order, isCollective, isIndependent } });
        if (p.values.is_collective !== undefined || p.values.is_independent !== undefined)
          chosen.push({ clientId: p.clientId, values: { isCollective, isIndependent } });
      }
      const byClient = (clientId: number) =>
        and(eq(clientPoaAgents.agentId, agentId), eq(clientPoaAgents.type, input.type), eq(clientPoaAgents.clientId, clientId));
      await applyPivots(current, desired, {
        insert: (p) => tx.insert(clientPoaAgents).values({ ...p.values, clientId: p.clientId, agentId, type: input.type }),
        update: (p) => tx.update(clientPoaAgents).set(p.values).where(byClient(p.clientId)),
        remove: (clientIds) =>
          tx
            .delete(clientPoaAgents)
            .where(and(eq(clientPoaAgents.agentId, agentId), eq(clientPoaAgents.type, input.type), inArray(clientPoaAgents.clientId, clientIds))),
      });

      for (const { clientId, values } of chosen) {
        await tx
          .update(clientPoaAgents)
          .set(values)
          .where(and(eq(clientPoaAgents.clientId, clientId), eq(clientPoaAgents.type, input.type)));
      }

      if (stored && stored.personId !== personId) await deleteOrphanPersons(tx, [stored.personId]);
      await audit(tx, ctx, input.hash ? 'intake.agent.update' : 'intake.agent.create', { type: 'poa_agent', id: agentId }, { poaType: input.type });
    },
    createOnceKey('poa', input, options),
  );
}
