import Link from 'next/link';
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
 * The Admin / Attorney dashboard (server component): the all-advisors records table with its expandable
 * rows, and for admins the Create Advisor and User Management sections.
 */
export function OverviewView({
  actor,
  page,
  state,
  children,
}: {
  actor: Actor;
  page: AdvisorOverviewPage;
  state: AdvisorListState;
  /** The admin-only sections (Create Advisor, User Management), loaded by the page for admins. */
  children?: ReactNode;
}) {
  return (
    <main id={MAIN_CONTENT_ID} className={`container ${styles.page}`}>
      <div>
        <h1>{overviewHeading(actor)}</h1>
        <p className={styles.lead}>Signed in as {actor.name}.</p>
      </div>
      {can(actor, 'outbox.read') ? (
        <p className={styles.muted}>
          <Link href="/outbox">Mail outbox</Link>
        </p>
      ) : null}
      <AdvisorsTable page={page} state={state} canActAsAdvisor={can(actor, 'user.impersonate')} canDeleteDocuments={can(actor, 'file.delete')} />
      {children}
    </main>
  );
}
