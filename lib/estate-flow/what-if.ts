import type { IntakeView } from '@/lib/intake/types';
import { flowOf } from './flow';
import { scenarios } from './scenarios';
import type { EstateFlowResult, Scenario } from './types';

/*
 * What the review's "what if" switch needs from one request (issue 30): the scenarios to offer and the flow
 * of the one asked for in the page's address (`?whatIf=<scenario id>`), computed on the server with the
 * request's clock. One flow per render, never all of them: the drawing of a big couple's every scenario
 * would grow with scenarios × beneficiaries (docs/decisions.md, "What if on the review").
 */

export type WhatIf = {
  /** Every scenario of the household, in the order the switch lists them (after "As written"). */
  scenarios: Scenario[];
  /** The flow of the scenario asked for; null when none is, or for an id the household does not offer (the plan as written). */
  flow: EstateFlowResult | null;
};

/** The `whatIf` of a page's address as one id: the first when repeated, null when absent or empty. */
export function whatIfParam(value: string | string[] | undefined): string | null {
  const first = Array.isArray(value) ? value[0] : value;
  return first ? first : null;
}

/** The scenarios and the flow asked for (any other id, such as the switch's 'as-written', has none). */
export function whatIfOf(view: Pick<IntakeView, 'client' | 'spouse' | 'children' | 'beneficiaries' | 'trustees'>, requested: string | null, now: Date): WhatIf {
  const flow = requested ? flowOf(view, requested, now) : null;
  return { scenarios: scenarios(view), flow };
}
