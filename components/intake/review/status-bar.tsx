'use client';

import { useRouter } from 'next/navigation';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useCall, useMessage } from '@/components/ui/call-provider';
import type { EstatePlanStatus } from '@/db/schema';
import { updatePlanStatusAction } from '@/lib/actions/plans';
import { attorneyChoices } from '@/lib/estate-plans/status-machine';
import { statusLabel } from '@/lib/estate-plans/statuses';
import { STATUS_UPDATED_MESSAGE } from '@/lib/validation/plans';
import { useIntake } from '../intake-context';
import styles from './review.module.css';

export const NO_PLAN_TEXT = 'No estate plan found - Please contact support';
export const CONFIRM_STATUS_TITLE = 'Confirm Status Update';

/** The banner of a submitted trust (platform §4): 'Trust {status_full}', or 'Under Attorney Review' with no plan. */
export function SubmittedBanner() {
  const { view } = useIntake();
  if (!view.abilities.isSubmitted) return null;
  return (
    <p className={styles.banner} role="status">
      {view.latestPlan ? `Trust ${view.latestPlan.statusLabel}` : 'Under Attorney Review'}
    </p>
  );
}

/**
 * The attorney's status control (intake §4, attorneys and admins): the latest plan's status, a list of the
 * attorney-stage statuses the status machine allows from it, Save (after 'Confirm Status Update' from old
 * to new) and Cancel. The server decides again; a refusal shows its message in the Error dialog.
 */
export function StatusBar() {
  const { view } = useIntake();
  const call = useCall();
  const { confirm, showMessage } = useMessage();
  const router = useRouter();
  const selectId = useId();
  const [choice, setChoice] = useState('');
  if (!view.abilities.isLegal) return null;
  const plan = view.latestPlan;
  if (!plan) {
    return (
      <p className={styles.statusBar} role="status">
        {NO_PLAN_TEXT}
      </p>
    );
  }
  const current = plan.status as EstatePlanStatus;
  const choices = attorneyChoices(current);

  const save = async () => {
    if (!choice) return;
    const next = choice as EstatePlanStatus;
    const ok = await confirm({
      title: CONFIRM_STATUS_TITLE,
      message: `Change the estate plan status from ${statusLabel(current)} to ${statusLabel(next)}?`,
      confirmLabel: 'Update Status',
    });
    if (!ok) return;
    const result = await call(() => updatePlanStatusAction({ plan_hash: plan.hash, status: next, from_status: current }));
    if (!result.ok) return;
    setChoice('');
    router.refresh();
    await showMessage({ title: STATUS_UPDATED_MESSAGE, tone: 'success' });
  };

  return (
    <div className={`${styles.statusBar} no-print`} role="group" aria-label="Estate plan status">
      <span>
        Status: <strong>{plan.statusLabel}</strong>
      </span>
      <label htmlFor={selectId} className="visually-hidden">
        New status
      </label>
      <select id={selectId} value={choice} onChange={(e) => setChoice(e.target.value)} className={styles.statusSelect} disabled={choices.length === 0}>
        <option value="">{choices.length ? 'Change status to…' : 'No change available'}</option>
        {choices.map((code) => (
          <option key={code} value={code}>
            {statusLabel(code)}
          </option>
        ))}
      </select>
      <Button size="sm" onClick={save} disabled={!choice}>
        Save
      </Button>
      <Button size="sm" variant="secondary" onClick={() => setChoice('')} disabled={!choice}>
        Cancel
      </Button>
    </div>
  );
}
