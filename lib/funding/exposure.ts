import { probateAssetsOf, probateExposure, type ProbateExposure } from '@/lib/estate-flow';
import type { IntakeView } from '@/lib/intake/types';
import type { FundingTask } from './tasks';

/**
 * What would go through probate today (issue 30), from the funding tasks: an asset that can be held by the
 * trust counts as in it once its step is done, or marked not needed (the person said why: already titled
 * to the trust, for instance). The sums and the sentence are the estate flow's (lib/estate-flow/probate.ts).
 */
export function fundingExposure(
  view: Pick<IntakeView, 'properties' | 'companies' | 'bankAccounts' | 'brokerageAccounts'>,
  tasks: readonly FundingTask[],
): ProbateExposure {
  const finished = new Set(tasks.filter((t) => t.status === 'done' || t.status === 'not-needed').map((t) => t.key));
  return probateExposure(probateAssetsOf(view, ({ kind, hash }) => finished.has(`${kind === 'property' ? 'real-estate' : kind}:${hash}`)));
}
