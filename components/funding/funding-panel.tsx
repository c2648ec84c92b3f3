'use client';

import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { useCall } from '@/components/ui/call-provider';
import { Field, Select, TextInput } from '@/components/ui/field';
import { useNotice } from '@/components/ui/notice';
import { markFundingTaskAction } from '@/lib/actions/funding';
import { FUNDING_DISCLAIMER, FUNDING_STEPS } from '@/lib/funding/steps';
import { FUNDING_STATUS_LABELS, type FundingProgress, type FundingStatus, type FundingTask } from '@/lib/funding/tasks';
import { formatUsd } from '@/lib/money';
import { FUNDING_REASON_MAX, FUNDING_REASON_REQUIRED } from '@/lib/validation/funding';
import styles from './funding.module.css';

/** A task as the page sends it: its mark's moment already written out in the app's time zone. */
export type FundingTaskItem = Omit<FundingTask, 'changedAt'> & { changedOn: string | null };

export type FundingPanelProps = {
  clientHash: string;
  tasks: FundingTaskItem[];
  progress: FundingProgress | null;
  /** What would go through probate today, as a sentence ('$412,000 would go through probate today.'). */
  probate: string | null;
  /** Whose asset each owner is: the clients' first names. */
  owners: { '1': string; '2': string | null };
  /** The household and its advisory team mark the steps; attorneys and admins read them. */
  canEdit: boolean;
  /** The viewer is one of the household's clients: the panel speaks to them. */
  forClient: boolean;
};

const STATUS_OPTIONS = (Object.keys(FUNDING_STATUS_LABELS) as FundingStatus[]).map((value) => ({ value, label: FUNDING_STATUS_LABELS[value] }));

function ownerText(owner: FundingTask['owner'], owners: FundingPanelProps['owners']): string {
  if (owner === 'both') return owners['2'] ? `${owners['1']} and ${owners['2']}` : owners['1'];
  return (owner === '2' ? owners['2'] : owners['1']) ?? '';
}

/**
 * Funding the trust (issue 30), on the household's client-info page once the plan is being finalized: each
 * asset of the intake with the step that moves it into the trust, how to do it, and its status. The
 * household and its advisory team change a status (a reason is asked for "not needed"); the page's data
 * is read again after each change. Never printed: the review's print-out is the answers.
 */
export function FundingPanel({ clientHash, tasks, progress, probate, owners, canEdit, forClient }: FundingPanelProps) {
  if (!tasks.length) return null;
  return (
    <section aria-labelledby="funding-title" className={styles.panel} id="funding">
      <h2 id="funding-title">{forClient ? 'Fund your trust' : 'Funding the trust'}</h2>
      <p className={styles.lead}>
        {forClient
          ? 'Your trust protects only what it owns. Each asset below needs one step to move it into the trust; mark each one as you go.'
          : 'The trust protects only what it owns. Each asset of the intake needs one step to move it into the trust.'}
      </p>
      {progress ? <ProgressLine progress={progress} /> : null}
      {probate ? (
        <p className={styles.probate}>
          {probate}{' '}
          <span>
            Assets left outside the trust may have to go through probate; retirement accounts and annuities pass by their beneficiary designations and are not
            counted.
          </span>
        </p>
      ) : null}
      <ul className={styles.list}>
        {tasks.map((task) => (
          <TaskItem key={task.key} task={task} owner={ownerText(task.owner, owners)} clientHash={clientHash} canEdit={canEdit && !task.removed} />
        ))}
      </ul>
      <p className={styles.disclaimer}>{FUNDING_DISCLAIMER}</p>
    </section>
  );
}

function ProgressLine({ progress }: { progress: FundingProgress }) {
  const finished = progress.done + progress.notNeeded;
  const text = `${finished} of ${progress.total} ${progress.total === 1 ? 'step' : 'steps'} finished (${progress.percent}%)`;
  return (
    <div className={styles.progress}>
      <progress max={progress.total} value={finished} aria-label="Funding progress" aria-valuetext={text} />
      <span>{progress.open === 0 ? `All ${progress.total} steps finished.` : text}</span>
    </div>
  );
}

function TaskItem({ task, owner, clientHash, canEdit }: { task: FundingTaskItem; owner: string; clientHash: string; canEdit: boolean }) {
  const step = FUNDING_STEPS[task.kind];
  return (
    <li className={styles.item} data-status={task.status}>
      <div className={styles.head}>
        <div>
          <p className={styles.title}>
            {task.title}
            {task.value ? <span className={styles.value}> · {formatUsd(task.value)}</span> : null}
          </p>
          <p className={styles.meta}>
            {owner ? `${owner} · ` : ''}
            {task.removed ? 'No longer in the intake' : step.action}
          </p>
        </div>
        {canEdit ? (
          // Keyed by the mark's version: a change read back (anyone's) starts the control afresh.
          <StatusForm key={task.version ?? 0} task={task} clientHash={clientHash} />
        ) : (
          <span className={styles.status} data-status={task.status}>
            {FUNDING_STATUS_LABELS[task.status]}
          </span>
        )}
      </div>
      {task.status === 'not-needed' && task.reason ? <p className={styles.reason}>Why not needed: {task.reason}</p> : null}
      {task.changedBy && task.changedOn ? (
        <p className={styles.changed}>
          Marked {FUNDING_STATUS_LABELS[task.status].toLowerCase()} by {task.changedBy} on {task.changedOn}
        </p>
      ) : null}
      {task.removed ? null : (
        <details className={styles.how}>
          <summary>How to do this</summary>
          <p>{step.explanation}</p>
          {task.detail ? <p>{task.detail}</p> : null}
          <p className={styles.bringTitle}>What to have at hand</p>
          <ul>
            {step.bring.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
          <p>{step.who}</p>
        </details>
      )}
    </li>
  );
}

/** The status of one task: a change saves at once, except "Not needed", which asks why first. */
function StatusForm({ task, clientHash }: { task: FundingTaskItem; clientHash: string }) {
  const call = useCall();
  const notify = useNotice();
  const router = useRouter();
  const [status, setStatus] = useState<FundingStatus>(task.status);
  const [reason, setReason] = useState(task.reason ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const save = async (next: FundingStatus, why: string) => {
    setBusy(true);
    const result = await call(
      () => markFundingTaskAction({ client_hash: clientHash, task_key: task.key, status: next, reason: why, version: task.version ?? undefined }),
      { overlay: false },
    );
    setBusy(false);
    if (!result.ok) {
      setStatus(task.status);
      return;
    }
    notify(`${task.title}: ${FUNDING_STATUS_LABELS[next]}.`);
    router.refresh();
  };

  const choose = (next: FundingStatus) => {
    setStatus(next);
    setError(null);
    if (next !== 'not-needed') void save(next, '');
  };

  const submitReason = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) {
      setError(FUNDING_REASON_REQUIRED);
      return;
    }
    void save('not-needed', reason.trim());
  };

  // The reason is asked when "Not needed" is newly chosen; once saved it is shown under the task instead.
  const asking = status === 'not-needed' && task.status !== 'not-needed';
  return (
    <div className={styles.controls}>
      <Field label={`Status of ${task.title}`} hideLabel>
        <Select value={status} options={STATUS_OPTIONS} disabled={busy} onChange={(event) => choose(event.target.value as FundingStatus)} />
      </Field>
      {asking ? (
        <form className={styles.reasonForm} onSubmit={submitReason} noValidate>
          <Field label="Why is it not needed?" error={error ?? undefined}>
            <TextInput value={reason} maxLength={FUNDING_REASON_MAX} onChange={(event) => setReason(event.target.value)} disabled={busy} />
          </Field>
          <Button type="submit" size="sm" loading={busy}>
            Save
          </Button>
        </form>
      ) : null}
    </div>
  );
}
