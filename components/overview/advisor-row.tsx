import { Link } from '@/components/ui/link';
import { Fragment, type ReactNode } from 'react';
import { ActAsAdvisorButton } from '@/components/admin/act-as-advisor-button';
import { EmailAddress, Td, Tr } from '@/components/ui/table';
import type { AdvisorOverviewRow } from '@/lib/overview/queries';
import { advisorPanelId } from './overview-ids';
import { ExpandToggle } from './expand-toggle';
import styles from './overview.module.css';

const activityDate = new Intl.DateTimeFormat('en-US', {
  month: '2-digit',
  day: '2-digit',
  year: 'numeric',
  timeZone: process.env.APP_TIME_ZONE || 'America/New_York',
});

type AdvisorRowProps = {
  advisor: AdvisorOverviewRow;
  open: boolean;
  onToggle: () => void;
  /** Admins get 'Act as Advisor' (issue 21; spec §2). */
  canActAsAdvisor: boolean;
  /** The open row's panel: that advisor's households. */
  children: ReactNode;
};

/** One advisor: the figures row with its expand toggle and actions, and under it, when open, the panel row. */
export function AdvisorRow({ advisor, open, onToggle, canActAsAdvisor, children }: AdvisorRowProps) {
  return (
    <Fragment>
      <Tr className={open ? styles.openRow : undefined}>
        <Td>
          <ExpandToggle
            open={open}
            controls={advisorPanelId(advisor.hash)}
            label={`${open ? 'Collapse' : 'Expand'} ${advisor.name}'s clients`}
            onClick={onToggle}
          />
        </Td>
        <Td>
          <span className={styles.advisorName}>{advisor.name}</span>
          <small>
            <EmailAddress address={advisor.email} />
          </small>
        </Td>
        <Td>{advisor.firms.length ? advisor.firms.join(', ') : '—'}</Td>
        <Td>{advisor.clients}</Td>
        <Td>{advisor.submitted}</Td>
        <Td>{advisor.inReview}</Td>
        <Td>{advisor.lastActivity ? <time dateTime={advisor.lastActivity}>{activityDate.format(new Date(advisor.lastActivity))}</time> : 'None'}</Td>
        <Td>
          <span className={styles.actions}>
            <Link href={`/dashboard?advisor=${encodeURIComponent(advisor.hash)}`}>
              View clients<span className="visually-hidden"> of {advisor.name}</span>
            </Link>
            {canActAsAdvisor ? <ActAsAdvisorButton userHash={advisor.userHash} name={advisor.name} /> : null}
          </span>
        </Td>
      </Tr>
      {open ? (
        <tr className={styles.panelRow}>
          <td colSpan={8} id={advisorPanelId(advisor.hash)}>
            {children}
          </td>
        </tr>
      ) : null}
    </Fragment>
  );
}
