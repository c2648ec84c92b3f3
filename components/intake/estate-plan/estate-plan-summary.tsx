'use client';

import type { ReactNode } from 'react';
import { formatUsDate } from '@/lib/format/date';
import { unansweredIntents } from '@/lib/intake/required';
import type { ClientView } from '@/lib/intake/types';
import { useIntake } from '../intake-context';
import { stateName } from '../shared/state-options';
import { SummaryList } from '../shared/summary-list';
import type { SummaryItem } from '../shared/summary-list';
import { Unanswered } from '../shared/unanswered';
import { intentsFor, planTypeText } from './intents';
import styles from './estate-plan.module.css';

const yesNo = (value: boolean | 'yes' | 'no' | null): string | null => (value === null ? null : value === true || value === 'yes' ? 'Yes' : 'No');

/**
 * One client's current and new estate plan info, read-only (intake §4): 'Unanswered' for each missing
 * required answer (red once errors are shown) and the count of unanswered trust intents.
 */
export function EstatePlanSummary({ client }: { client: ClientView }) {
  const { hasSpouse } = useIntake();
  const required = (text: string | null | undefined): ReactNode => (text ? text : <Unanswered />);
  const optional = (text: string | null | undefined): ReactNode => (text ? text : '—');
  const isTrust = client.hasEstatePlan === 'yes' && client.estatePlanType === 'Trust';
  const open = unansweredIntents(client, hasSpouse);
  const state = stateName(client.trustGoverningState);

  const current: SummaryItem[] = [
    { label: 'Has a Current Plan', value: required(yesNo(client.hasEstatePlan)) },
    // 'Living Trust', 'Will Only', the other type, or 'None' without a plan (intake §2).
    { label: 'Plan Type', value: client.hasEstatePlan === 'yes' ? required(planTypeText(client)) : optional(planTypeText(client)) },
    ...(isTrust
      ? [
          { label: 'Trust Name', value: required(client.trustName) },
          { label: 'Trust Date', value: required(formatUsDate(client.trustDate)) },
          { label: 'Times Amended', value: required(client.trustTimesAmended === null ? null : String(client.trustTimesAmended)) },
          { label: 'Reason for Replacing', value: required(client.trustReplacementReason) },
          { label: 'Assets Owned by the Trust', value: required(yesNo(client.isAssetsTrustOwned)) },
        ]
      : []),
  ];

  const intents: SummaryItem[] = [
    { label: 'Governing State', value: optional(state) },
    {
      label: 'Trust Intents',
      value: open === 0 ? 'All answered' : <Unanswered text={`${open} unanswered`} />,
    },
    ...intentsFor(hasSpouse).map((intent, index) => ({
      key: `intent-${intent.number}`,
      label: `${intent.number}. ${intent.short(state)}`,
      value: required(yesNo(client.intents[index])),
    })),
    { label: 'Other Intentions', value: optional(client.trustIntentOther) },
  ];

  return (
    <>
      <h4 className={styles.subheading}>Current Estate Plan</h4>
      <SummaryList items={current} />
      <h4 className={styles.subheading}>New Trust</h4>
      <SummaryList items={intents} />
    </>
  );
}
