import { Link } from '@/components/ui/link';
import type { ReactNode } from 'react';
import { ActAsClientButton } from '@/components/admin/act-as-client-button';
import { MAIN_CONTENT_ID } from '@/components/shell/header-view';
import { buttonClass } from '@/components/ui/button';
import type { Actor } from '@/lib/kernel/actor';
import type { DashboardData } from '@/lib/advisors/dashboard';
import { listStateQuery, type ClientListState } from '@/lib/advisors/rules';
import { invoicePagesParams, type InvoicePages } from '@/lib/validation/list-page';
import type { UploadTarget } from '@/lib/files/queries';
import { can, hasGlobalReach } from '@/lib/kernel/policy';
import { resolveBaseUrl } from '@/lib/config/site';
import { AdvisorSelector } from './advisor-selector';
import { AutoPaySection, OutstandingBalance } from './billing-sections';
import { ClientTable } from './client-table';
import { InvitesSection } from './invites-section';
import { TeamSection } from './team-section';
import styles from './dashboard.module.css';
import { Card } from '@/components/ui/card';

/** The dashboard's sections for the loaded data (server component; the invites and reminders are client parts). */
export function DashboardView({
  actor,
  data,
  state,
  uploads,
  invoicePages = { open: 1, paid: 1 },
  children,
}: {
  actor: Actor;
  data: DashboardData;
  state: ClientListState;
  /** The invoice lists' pages the address asks for (`invoices=`, `paid=`). */
  invoicePages?: InvoicePages;
  /** The listed households that take a document now (the advisory side uploads for its clients here). */
  uploads?: Record<string, UploadTarget>;
  children?: ReactNode;
}) {
  const selected = data.selected;
  // A locked advisor's team takes on no new work (attorneys and admins are never locked): New Client and
  // Send Invite give way to the lock's notice, as the server refuses them.
  const locked = data.billing?.lock === 'locked' && !hasGlobalReach(actor);
  const canCreate = selected !== null && can(actor, 'client.create') && !locked;
  const canReadOutbox = can(actor, 'outbox.read');
  const canReadAudit = can(actor, 'audit.read');
  // A page of one invoice list keeps the client list's state and the other list's page.
  const invoiceHref = (list: 'invoices' | 'paid', n: number) => {
    const query = new URLSearchParams(listStateQuery(state));
    const pages = invoicePagesParams({ ...invoicePages, [list === 'invoices' ? 'open' : 'paid']: n });
    for (const [key, value] of Object.entries(pages)) query.set(key, value);
    const text = query.toString();
    return `/dashboard${text ? `?${text}` : ''}#${list === 'invoices' ? 'unpaid-invoices' : 'invoice-history'}`;
  };

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
        {canCreate || canReadOutbox || canReadAudit ? (
          // One group at the title row's end, so the admin's two links stay together there (and wrap below the title together).
          <div className={styles.topActions}>
            {canReadOutbox ? <Link href="/outbox">Mail outbox</Link> : null}
            {canReadAudit ? <Link href="/audit">Audit log</Link> : null}
            {canCreate ? (
              <Link href={`/new-client/${selected.hash}`} className={buttonClass()}>
                New Client
              </Link>
            ) : null}
          </div>
        ) : null}
      </div>
      {hasGlobalReach(actor) ? (
        // Attorneys and admins came here from the advisors overview (spec §2): the way back, to a fresh list.
        <Link href="/dashboard" className={styles.returnLink}>
          Return to Advisors List
        </Link>
      ) : null}
      {data.advisorChoices.length ? <AdvisorSelector choices={data.advisorChoices} selectedHash={selected?.hash ?? null} /> : null}
      {data.billing && selected ? (
        <OutstandingBalance billing={data.billing} advisor={selected} canPay={can(actor, 'advisor.pay')} hrefOf={invoiceHref} />
      ) : null}
      <ClientTable
        data={data}
        state={{ ...state, advisor: state.advisor || '' }}
        uploads={uploads}
        rowAction={actor.impersonator && can(actor, 'client.actAs') ? (row) => <ActAsClientButton clientHash={row.hash} name={row.name} /> : undefined}
      />
      {data.team ? <TeamSection team={data.team} selectedHash={selected?.hash ?? null} firms={data.teamFirms} /> : null}
      {selected && data.invites && can(actor, 'invite.send') ? (
        <div className={styles.columns}>
          <InvitesSection advisorHash={selected.hash} initial={data.invites} locked={locked} />
          <Card aria-labelledby="link-title">
            <h2 id="link-title">{selected.isOwn ? 'Your client sign-up link' : `${selected.name}'s client sign-up link`}</h2>
            <p className={styles.hint}>Clients who create their account through this link are linked to the advisor and get the advisor discount.</p>
            <p className={styles.joinLink}>
              <a href={data.joinPath!}>{`${resolveBaseUrl()}${data.joinPath}`}</a>
            </p>
          </Card>
        </div>
      ) : null}
      {data.billing && selected ? <AutoPaySection billing={data.billing} advisorHash={selected.hash} canPay={can(actor, 'advisor.pay')} /> : null}
      {children}
    </main>
  );
}
