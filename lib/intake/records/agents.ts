import 'server-only';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Tx } from '@/db';
import { clientPoaAgents, persons, poaAgents } from '@/db/schema';
import { AppError } from '@/lib/kernel/errors';
import type { Household } from '@/lib/kernel/scope';
import type { DeleteAgentInput, UpsertAgentInput } from '@/lib/validation/intake';
import { FINANCIAL_POA_UNAVAILABLE } from '../firm-rules';
import { personShape, personView } from '../load/person-shape';
import { firstOrder } from '../load/pivots';
import { recordList } from '../load/record-list';
import { aliased, as, columnsOf, recordColumns } from '../load/subqueries';
import type { Pivot } from '../owners';
import type { AgentService, AgentView, PoaType } from '../types';
import { clientIdsOf, deleteVersioned, householdShowsFinancialPoa, updateVersioned } from '../write-steps';
import { defineRecord, type Row, type SaveStep } from './define';
import { inHousehold } from './find';
import { ALREADY_ON_LIST_MESSAGE, loadHouseholdPerson } from './persons';

type StoredAgent = { id: number; version: number; personId: number };
type AgentValuesInput = UpsertAgentInput['values1'];

/**
 * Agents of the durable powers of attorney (intake §6): one agent row per person in the household, shared
 * by the types it serves; each owning client's order under one type, and how that client's agents of the
 * type serve (a choice of the whole list). The financial type is refused (403) for clients of the firms
 * that hide it. A delete removes the agent from one type's list; the row goes when no type is left.
 */
export const agentRecord = defineRecord<UpsertAgentInput, StoredAgent, DeleteAgentInput>({
  table: poaAgents,
  columns: { id: poaAgents.id, version: poaAgents.version, personId: poaAgents.personId },
  pivot: {
    table: clientPoaAgents,
    record: clientPoaAgents.agentId,
    terms: { order: clientPoaAgents.order, isCollective: clientPoaAgents.isCollective, isIndependent: clientPoaAgents.isIndependent },
    scope: (input, household) => and(eq(clientPoaAgents.type, input.type), inArray(clientPoaAgents.clientId, clientIdsOf(household)))!,
    fixed: (input) => ({ type: input.type }),
  },
  owned: (input) => ({ owner: input.owner, sameValues: input.same_values, values1: input.values1, values2: input.values2 }),
  // A person already on the type's list is refused by `existing`: the row itself is shared by the types.
  person: { column: poaAgents.personId, contact: ['phone', 'email'], unique: false },
  audit: { noun: 'agent', type: 'poa_agent', once: 'poa', meta: (input) => ({ poaType: input.type }) },
  guard: (tx, household, input) => assertPoaTypeAvailable(tx, household, input.type),
  existing: existingAgent,
  values: ({ personId }) => ({ personId }),
  terms: serviceTerms,
  afterPivots: async ({ tx, input, wanted, desired }) => {
    // A service sent becomes the whole list's (of the clients it was sent for).
    for (const p of wanted) {
      const sent = p.values as AgentValuesInput;
      if (sent.is_collective === undefined && sent.is_independent === undefined) continue;
      const { isCollective, isIndependent } = desired.find((d) => d.clientId === p.clientId)!.values as AgentService;
      await tx
        .update(clientPoaAgents)
        .set({ isCollective, isIndependent })
        .where(and(eq(clientPoaAgents.clientId, p.clientId), eq(clientPoaAgents.type, input.type)));
    }
  },
  beforeDelete: async (tx, agent, input, household) => {
    if (!(await servesUnder(tx, household, agent.id, input.type))) throw new AppError('NOT_FOUND');
  },
  remove: async (tx, agent, input, household) => {
    await tx
      .delete(clientPoaAgents)
      .where(and(eq(clientPoaAgents.agentId, agent.id), eq(clientPoaAgents.type, input.type), inArray(clientPoaAgents.clientId, clientIdsOf(household))));
    const [left] = await tx.select({ clientId: clientPoaAgents.clientId }).from(clientPoaAgents).where(eq(clientPoaAgents.agentId, agent.id)).limit(1);
    if (left) await updateVersioned(tx, poaAgents, agent.id, input.version);
    else await deleteVersioned(tx, poaAgents, agent.id, input.version);
  },
});

/** Refuses the financial type for a household whose advisor's first firm hides it (apsi, alpha 1). */
export async function assertPoaTypeAvailable(tx: Tx, household: Household, type: PoaType): Promise<void> {
  if (type === 'financial' && !(await householdShowsFinancialPoa(tx, household))) throw new AppError('FORBIDDEN', FINANCIAL_POA_UNAVAILABLE);
}

/** Whether the agent is on the household's list of one type. */
async function servesUnder(tx: Tx, household: Household, agentId: number, type: PoaType): Promise<boolean> {
  const rows = await tx
    .select({ clientId: clientPoaAgents.clientId })
    .from(clientPoaAgents)
    .where(and(eq(clientPoaAgents.agentId, agentId), eq(clientPoaAgents.type, type), inArray(clientPoaAgents.clientId, clientIdsOf(household))));
  return rows.length > 0;
}

/**
 * An update addresses the agent under its own type's list. A new agent linked to a person who already
 * serves the household under another type reuses that agent row (its person is still a link); a person
 * already on this type's list is refused.
 */
async function existingAgent({
  tx,
  household,
  input,
  stored,
}: Omit<SaveStep<UpsertAgentInput, StoredAgent>, 'personId' | 'hash'>): Promise<{ stored: StoredAgent | null; version: number | undefined; linked: boolean }> {
  if (stored && !(await servesUnder(tx, household, stored.id, input.type))) throw new AppError('NOT_FOUND');
  if (stored || !input.existing_person_hash) return { stored, version: input.version, linked: false };
  const person = await loadHouseholdPerson(tx, household, input.existing_person_hash);
  const [agent] = await tx
    .select({ id: poaAgents.id, version: poaAgents.version, personId: poaAgents.personId })
    .from(poaAgents)
    .where(and(eq(poaAgents.personId, person.id), inHousehold(agentRecord, household)))
    .limit(1);
  if (!agent) return { stored: null, version: input.version, linked: false };
  if (await servesUnder(tx, household, agent.id, input.type)) {
    throw new AppError('VALIDATION', ALREADY_ON_LIST_MESSAGE, { existing_person_hash: ALREADY_ON_LIST_MESSAGE });
  }
  return { stored: agent, version: undefined, linked: true };
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

/**
 * How agents serve is a choice of the client's whole list of this type (docs/decisions.md, co-agents): not
 * sent, an agent keeps its own (or, new on the list, takes the list's); sent, it becomes the list's.
 * 'Independently' qualifies co-agents only.
 */
async function serviceTerms({ tx, input, id, wanted, current }: SaveStep<UpsertAgentInput, StoredAgent> & { id: number; current: Pivot<Row>[] }) {
  const desired: Pivot<Row>[] = [];
  for (const p of wanted) {
    const sent = p.values as AgentValuesInput;
    const before = (current.find((c) => c.clientId === p.clientId)?.values as AgentService | undefined) ?? (await listService(tx, p.clientId, input.type, id));
    const isCollective = sent.is_collective ?? before?.isCollective ?? false;
    const isIndependent = isCollective && (sent.is_independent ?? before?.isIndependent ?? false);
    desired.push({ clientId: p.clientId, values: { order: sent.order, isCollective, isIndependent } });
  }
  return desired;
}

// How the list is read (the intake's load) -------------------------------------------------------------------
const ag = aliased(poaAgents, 'ag');
const ca = aliased(clientPoaAgents, 'ca');
const p = aliased(persons, 'p');
const POA_ORDER: Record<PoaType, number> = { general: 0, medical: 1, financial: 2 };

/** Agents, one item per agent and power-of-attorney type, by type then serve order, with each owner's service. */
export const agentList = recordList({
  shape: { ...recordColumns(ag), ...columnsOf(ca, 'type', 'clientId', 'order', 'isCollective', 'isIndependent'), person: personShape(p, false) },
  from: sql`${as(ca)} join ${as(ag)} on ${eq(ag.id, ca.agentId)} join ${as(p)} on ${eq(p.id, ag.personId)}`,
  orderBy: [ag.id, ca.type, ca.clientId],
  terms: (r) => ({ order: r.order, isCollective: r.isCollective, isIndependent: r.isIndependent }),
  key: (r) => `${r.id}:${r.type}`,
  view: ({ row, owner, values1: terms1, values2: terms2 }): AgentView => ({
    hash: row.hash,
    version: row.version,
    type: row.type,
    owner,
    person: personView(row.person),
    order1: terms1?.order ?? null,
    order2: terms2?.order ?? null,
    service1: terms1 ? { isCollective: terms1.isCollective, isIndependent: terms1.isIndependent } : null,
    service2: terms2 ? { isCollective: terms2.isCollective, isIndependent: terms2.isIndependent } : null,
  }),
  order: (a, b) => POA_ORDER[a.type] - POA_ORDER[b.type] || firstOrder(a.order1, a.order2) - firstOrder(b.order1, b.order2),
});
