import type { Metadata } from 'next';
import Link from 'next/link';
import { AdvisorSelector } from '@/components/dashboard/advisor-selector';
import { AutoPaySection, OutstandingBalance } from '@/components/dashboard/billing-sections';
import { ClientTable } from '@/components/dashboard/client-table';
import { InvitesSection } from '@/components/dashboard/invites-section';
import { TeamSection } from '@/components/dashboard/team-section';
import styles from '@/components/dashboard/dashboard.module.css';
import { MAIN_CONTENT_ID } from '@/components/shell/site-header';
import { loadDashboard } from '@/lib/advisors/dashboard';
import { listStateQuery, parseListState } from '@/lib/advisors/rules';
import { can } from '@/lib/auth/policy';
import { resolveBaseUrl } from '@/lib/config/site';
import { requirePageContext } from '@/lib/http/page';

export const metadata: Metadata = { title: 'Dashboard', robots: { index: false } };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * The signed-in home of advisors, staff, firm supervisors, attorneys and admins. The list state (advisor,
 * filter, sort, search, page) lives in the address; the page reads it, and everything is filtered, sorted
 * and paged in SQL (lib/advisors/client-list.ts).
 */
export default async function DashboardPage({ searchParams }: Props) {
  const state = parseListState(await searchParams);
  const ctx = await requirePageContext('dashboard.view', `/dashboard${listStateQuery(state)}`);
  const data = await loadDashboard(ctx, state);
  const { actor } = ctx;
  const selected = data.selected;
  const canCreate = selected !== null && can(actor, 'client.create');

  return (
    <main id={MAIN_CONTENT_ID} className={`container ${styles.page}`}>
      <div className={styles.top}>
        <div>
          <h1>{data.heading}</h1>
          <p className={styles.lead}>
            Signed in as {actor.name}
            {selected && !selected.isOwn ? `, working for ${selected.name}` : ''}.
          </p>
        </div>
        {canCreate ? (
          <Link href={`/new-client/${selected.hash}`} className={styles.primaryLink}>
            New Client
          </Link>
        ) : null}
        {can(actor, 'outbox.read') ? <Link href="/outbox">Mail outbox</Link> : null}
      </div>
      {data.advisorChoices.length ? <AdvisorSelector choices={data.advisorChoices} selectedHash={selected?.hash ?? null} /> : null}
      {data.billing ? <OutstandingBalance billing={data.billing} /> : null}
      <ClientTable data={data} state={{ ...state, advisor: state.advisor || '' }} />
      {data.team ? <TeamSection team={data.team} selectedHash={selected?.hash ?? null} /> : null}
      {selected && data.invites && can(actor, 'invite.send') ? (
        <div className={styles.columns}>
          <InvitesSection advisorHash={selected.hash} initial={data.invites} />
          <section aria-labelledby="link-title" className={styles.card}>
            <h2 id="link-title">{selected.isOwn ? 'Your client sign-up link' : `${selected.name}'s client sign-up link`}</h2>
            <p className={styles.hint}>Clients who create their account through this link are linked to the advisor and get the advisor discount.</p>
            <p className={styles.joinLink}>
              <a href={data.joinPath!}>{`${resolveBaseUrl()}${data.joinPath}`}</a>
            </p>
          </section>
        </div>
      ) : null}
      {data.billing ? <AutoPaySection billing={data.billing} /> : null}
    </main>
  );
}
