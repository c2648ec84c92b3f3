'use client';

import type { EstatePlanStatus } from '@/db/schema';
import { standingText, stepStates, turnaroundText } from '@/lib/estate-plans/next-steps';
import { digitsOnly, formatPhone } from '@/lib/format/phone';
import type { AdvisorContact } from '@/lib/intake/types';
import { useIntake } from '../intake-context';
import styles from './what-happens-next.module.css';

/** What the server adds to the household's view for the panel: configuration and the documents' count. */
export type NextStepsInfo = {
  /** ATTORNEY_TURNAROUND_BUSINESS_DAYS (lib/config/turnaround.ts). */
  turnaroundDays: number;
  /** Where a household without an advisor writes (SUPPORT_EMAIL). */
  supportEmail: string;
  /** Documents on the latest plan: with Complete, the documents are ready (lib/estate-plans/next-steps.ts). */
  latestPlanDocuments: number;
};

export const NEXT_STEPS_TITLE = 'What happens next';

/**
 * The household's own view of what follows the submission (issue 27), under the banner 'Trust {status}':
 * the four steps with the current one marked from the latest plan's status, where the trust stands, the
 * expected turnaround while the attorney's work lies ahead, and whom to ask (the advisor, else support).
 * It reads the status from the page's view, so it appears the moment the submission's answer arrives.
 */
export function WhatHappensNext({ info }: { info: NextStepsInfo }) {
  const { view } = useIntake();
  if (!view.abilities.isSubmitted) return null;
  const status = (view.latestPlan?.status ?? null) as EstatePlanStatus | null;
  const turnaround = turnaroundText(status, info.turnaroundDays);
  return (
    <section aria-labelledby="next-steps-title" className={`${styles.panel} no-print`}>
      <h2 id="next-steps-title">{NEXT_STEPS_TITLE}</h2>
      <p className={styles.standing}>{standingText(status, info.latestPlanDocuments)}</p>
      <ol className={styles.steps} aria-label="Steps after you submit">
        {stepStates(status).map((step, i) => (
          <li key={step.key} className={styles.step} data-state={step.state} aria-current={step.state === 'current' ? 'step' : undefined}>
            <span className={styles.marker} aria-hidden="true">
              {step.state === 'done' ? '✓' : i + 1}
            </span>
            <span className={styles.stepBody}>
              <span className={styles.stepTitle}>
                {step.title}
                {/* The check mark is only seen; the current step says 'Now' to everyone (and is aria-current). */}
                {step.state === 'done' ? <span className="visually-hidden"> (done)</span> : null}
                {step.state === 'current' ? <span className={styles.now}>Now</span> : null}
              </span>
              <span className={styles.stepText}>{step.text}</span>
            </span>
          </li>
        ))}
      </ol>
      {turnaround ? <p className={styles.turnaround}>{turnaround}</p> : null}
      <Contact advisor={view.advisor} supportEmail={info.supportEmail} />
    </section>
  );
}

/** Whom to ask: the household's advisor (name, e-mail, phone when known), else the support address. */
function Contact({ advisor, supportEmail }: { advisor: AdvisorContact | null; supportEmail: string }) {
  if (!advisor) {
    return (
      <p className={styles.contact}>
        Questions? Write to <a href={`mailto:${supportEmail}`}>{supportEmail}</a>.
      </p>
    );
  }
  const digits = digitsOnly(advisor.phone);
  return (
    <p className={styles.contact}>
      Questions? Contact your advisor, <strong>{advisor.name}</strong>: <a href={`mailto:${advisor.email}`}>{advisor.email}</a>
      {digits ? (
        <>
          {' '}
          or <a href={`tel:${digits.length === 10 ? `+1${digits}` : digits}`}>{formatPhone(advisor.phone)}</a>
        </>
      ) : null}
      .
    </p>
  );
}
