import type { AgentService, ClientView, IntakeView } from './types';

/*
 * The review page's display texts (intake §2, "Display texts in Review") and the other words it composes:
 * pure, shared by the review, its print title and the estate summary diagram.
 */

/** Life support: 'Used to maintain life' or 'Terminated'. */
export function lifeSupportText(value: boolean | null): string {
  return value === null ? 'Unanswered' : value ? 'Used to maintain life' : 'Terminated';
}

/** The current plan: 'Living Trust' for Trust, 'Will Only' for Will, 'None' when there is no plan, else the other type. */
export function currentPlanText(client: Pick<ClientView, 'hasEstatePlan' | 'estatePlanType'>): string {
  if (client.hasEstatePlan === null) return 'Unanswered';
  if (client.hasEstatePlan === 'no') return 'None';
  const type = (client.estatePlanType ?? '').trim();
  if (type.toLowerCase() === 'trust') return 'Living Trust';
  if (type.toLowerCase() === 'will') return 'Will Only';
  return type || 'Unanswered';
}

/** How agents serve: 'Together as co-agents' (', served independently') or 'In the order listed'. */
export function agentServiceText(service: AgentService): string {
  if (!service.isCollective) return 'In the order listed';
  return service.isIndependent ? 'Together as co-agents, served independently' : 'Together as co-agents';
}

export function yesNoText(value: boolean | null | undefined): string {
  return value === null || value === undefined ? 'Unanswered' : value ? 'Yes' : 'No';
}

/**
 * The new trust's name for the print title and the diagram: 'The Rivera Family Trust' for a couple who share
 * a last name, 'The Rivera and Kim Family Trust' otherwise, 'The Jordan Blake Living Trust' for one person.
 */
export function trustTitle(view: Pick<IntakeView, 'client' | 'spouse'>): string {
  const a = view.client.person;
  const b = view.spouse?.person;
  if (!b) return `The ${[a.firstName, a.lastName].filter(Boolean).join(' ')} Living Trust`;
  const names = a.lastName.trim().toLowerCase() === b.lastName.trim().toLowerCase() ? a.lastName : `${a.lastName} and ${b.lastName}`;
  return `The ${names} Family Trust`;
}

// One formatter for every render: Date#toLocaleDateString builds a new one per call (a fifth of a millisecond).
const longDate = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

/** The long date of the print title, e.g. 'November 23, 2026'. */
export function printDate(today: Date = new Date()): string {
  return longDate.format(today);
}
