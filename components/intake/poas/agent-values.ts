import { sameValuesOf } from '@/lib/intake/owners';
import type { AgentService, AgentView, IntakeView, PoaType } from '@/lib/intake/types';
import type { UpsertAgentForm } from '@/lib/validation/intake';
import { fiduciaryFormValues } from '../shared/fiduciary-values';

/** How agents serve, as the form's radio reads it (three choices for two stored flags). */
export type ServiceChoice = 'order' | 'together' | 'independently';

export function serviceChoiceOf(service: Pick<AgentService, 'isCollective' | 'isIndependent'> | null | undefined): ServiceChoice {
  if (!service?.isCollective) return 'order';
  return service.isIndependent ? 'independently' : 'together';
}

export function serviceOfChoice(choice: ServiceChoice): AgentService {
  return { isCollective: choice !== 'order', isIndependent: choice === 'independently' };
}

/** A client's serve order and service as the form holds them ('' when no order). */
export type AgentFormValues = { order: number | string; is_collective: boolean; is_independent: boolean };
export const EMPTY_AGENT_FORM_VALUES: AgentFormValues = { order: '', is_collective: false, is_independent: false };

/** How a client's agents of this type serve now: the list's choice (the first agent's that has one). */
export function listServiceOf(agents: readonly AgentView[], client: 1 | 2): AgentService | null {
  return agents.map((a) => (client === 1 ? a.service1 : a.service2)).find((service) => service !== null) ?? null;
}

/**
 * The agent form's values: the fiduciary's (person, owner, orders) plus each client's service, the
 * agent's own or, for a new agent, the list's. 'Same values' only when they agree: a new agent of both
 * whose clients' lists serve differently starts with separate values, so saving it changes neither list.
 */
export function agentFormValues(view: IntakeView, agent: AgentView | null, agents: readonly AgentView[], type: PoaType): UpsertAgentForm {
  const base = fiduciaryFormValues(view, agent, agents);
  const service = (client: 1 | 2) => {
    const { isCollective, isIndependent } =
      (agent ? (client === 1 ? agent.service1 : agent.service2) : null) ?? listServiceOf(agents, client) ?? serviceOfChoice('order');
    return { is_collective: isCollective, is_independent: isIndependent };
  };
  const values1 = { ...base.values1, ...service(1) };
  const values2 = { ...base.values2, ...service(2) };
  const sameValues = base.owner !== 'both' || (agent ? sameValuesOf(values1, values2) : sameValuesOf(service(1), service(2)));
  return { ...base, type, same_values: sameValues, values1, values2 } as UpsertAgentForm;
}
