import { Link } from '@/components/ui/link';
import type { ReactNode } from 'react';
import { MAIN_CONTENT_ID } from '@/components/shell/header-view';
import type { Actor } from '@/lib/kernel/actor';
import { can } from '@/lib/kernel/policy';
import type { AdvisorOverviewPage } from '@/lib/overview/queries';
import type { AdvisorListState } from '@/lib/overview/rules';
import { AdvisorsTable } from './advisors-table';
import styles from './overview.module.css';

/** The dashboard title of attorneys and admins (spec §2): Admin for admins, Attorney otherwise. */
export function overviewHeading(actor: Pick<Actor, 'isAdmin'>): string {
  return actor.isAdmin ? 'Admin' : 'Attorney';
}

/**
 * The Admin / Attorney dashboard (server component): the legal team's work queue (issue 27) above the
 * all-advisors records table with its expandable rows, and for admins the Create Advisor and User
 * Management sections.
 */
export function OverviewView({
  actor,
  page,
  state,
  queue,
  keepParams,
  children,
}: {
  actor: Actor;
  page: AdvisorOverviewPage;
  state: AdvisorListState;
  /** The work queue (components/legal-queue/work-queue.tsx), loaded by the page for those who may see it. */
  queue?: ReactNode;
  /** The work queue's parameters, kept by the advisors table's links and search. */
  keepParams?: Record<string, string>;
  /** The admin-only sections (Create Advisor, User Management), loaded by the page for admins. */
  children?: ReactNode;
}) {
  return (
    <main id={MAIN_CONTENT_ID} className={`container ${styles.page}`}>
      <div>
        <h1>{overviewHeading(actor)}</h1>
        <p className={styles.lead}>Signed in as {actor.name}.</p>
      </div>
      {can(actor, 'outbox.read') || can(actor, 'audit.read') ? (
        <p className={`${styles.muted} ${styles.adminLinks}`}>
          {can(actor, 'outbox.read') ? <Link href="/outbox">Mail outbox</Link> : null}
          {can(actor, 'audit.read') ? <Link href="/audit">Audit log</Link> : null}
        </p>
      ) : null}
      {queue}
      <AdvisorsTable
        page={page}
        state={state}
        keepParams={keepParams}
        canActAsAdvisor={can(actor, 'user.impersonate')}
        canDeleteDocuments={can(actor, 'file.delete')}
      />
      {children}
    </main>
  );
}
