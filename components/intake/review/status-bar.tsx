'use client';

import { useRouter } from 'next/navigation';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/field';
import { useCall, useMessage } from '@/components/ui/call-provider';
import type { EstatePlanStatus } from '@/db/schema';
import { updatePlanStatusAction } from '@/lib/actions/plans';
import { acknowledgePaymentAction } from '@/lib/actions/payments';
import { attorneyChoices, canAcknowledgePayment } from '@/lib/estate-plans/status-machine';
import { PAYMENT_ACKNOWLEDGED_MESSAGE } from '@/lib/validation/payments';
import { statusLabel } from '@/lib/estate-plans/statuses';
import { STATUS_UPDATED_MESSAGE } from '@/lib/validation/plans';
import { useIntake } from '../intake-context';
import styles from './review.module.css';

export const NO_PLAN_TEXT = 'No estate plan found - Please contact support';
export const CONFIRM_STATUS_TITLE = 'Confirm Status Update';
export const ACKNOWLEDGE_LABEL = 'Acknowledge Payment';

/**
 * The latest plan's status, shown once on the page and once on the review whoever the viewer is: the
 * banner 'Trust {status_full}' once submitted ('Under Attorney Review' with no plan, platform §4), before
 * that 'Plan status: {status}', or the spec's text when there is no plan. The attorney's control below
 * (StatusBar) changes it without repeating it.
 */
export function PlanStatus() {
  const { view } = useIntake();
  const plan = view.latestPlan;
  if (view.abilities.isSubmitted) {
    return (
      <p className={styles.banner} role="status">
        {plan ? `Trust ${plan.statusLabel}` : 'Under Attorney Review'}
      </p>
    );
  }
  return (
    <p className={styles.planStatus}>
      {plan ? (
        <>
          Plan status: <span className={styles.planStatusValue}>{plan.statusLabel}</span>
        </>
      ) : (
        NO_PLAN_TEXT
      )}
    </p>
  );
}

/**
 * The attorney's status control (intake §4, attorneys and admins): a list of the attorney-stage statuses
 * the status machine allows from the latest plan's (which PlanStatus shows above it), Save (after 'Confirm
 * Status Update' from old to new) and Cancel. Nothing to change without a plan (PlanStatus says so). The
 * server decides again; a refusal shows its message in the Error dialog.
 */
export function StatusBar() {
  const { view } = useIntake();
  const call = useCall();
  const { confirm, showMessage } = useMessage();
  const router = useRouter();
  const selectId = useId();
  const [choice, setChoice] = useState('');
  const plan = view.latestPlan;
  if (!view.abilities.isLegal || !plan) return null;
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

  // A fee paid outside the app (a check): the plan becomes Paid in Full so it can continue (platform §4).
  const acknowledge = async () => {
    const ok = await confirm({
      title: ACKNOWLEDGE_LABEL,
      message: `Mark the trust fee of this estate plan as paid outside the app? Its status becomes ${statusLabel('paid')}.`,
      confirmLabel: ACKNOWLEDGE_LABEL,
    });
    if (!ok) return;
    const result = await call(() => acknowledgePaymentAction({ plan_hash: plan.hash }));
    if (!result.ok) return;
    router.refresh();
    await showMessage({ title: PAYMENT_ACKNOWLEDGED_MESSAGE, tone: 'success' });
  };

  return (
    <div className={`${styles.statusBar} no-print`} role="group" aria-label="Estate plan status">
      <label htmlFor={selectId} className="visually-hidden">
        New status
      </label>
      <Select id={selectId} value={choice} onChange={(e) => setChoice(e.target.value)} className={styles.statusSelect} disabled={choices.length === 0}>
        <option value="">{choices.length ? 'Change status to…' : 'No change available'}</option>
        {choices.map((code) => (
          <option key={code} value={code}>
            {statusLabel(code)}
          </option>
        ))}
      </Select>
      <Button size="sm" onClick={save} disabled={!choice}>
        Save
      </Button>
      <Button size="sm" variant="secondary" onClick={() => setChoice('')} disabled={!choice}>
        Cancel
      </Button>
      {canAcknowledgePayment(current) ? (
        <Button size="sm" variant="secondary" onClick={acknowledge}>
          {ACKNOWLEDGE_LABEL}
        </Button>
      ) : null}
    </div>
  );
}
