import type { Metadata } from 'next';
import { Link } from '@/components/ui/link';
import { HouseholdActivityFilters, HouseholdActivityTable } from '@/components/activity/household-activity';
import styles from '@/components/activity/household-activity.module.css';
import { MAIN_CONTENT_ID } from '@/components/shell/site-header';
import { listHouseholdActivity, type HouseholdActivityPage } from '@/lib/activity/household-activity';
import { orNotFound, requirePageContext } from '@/lib/http/page';
import { AppError } from '@/lib/kernel/errors';

export const metadata: Metadata = { title: 'Activity', robots: { index: false } };

type Props = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? '';

const withQuery = (path: string, params: Record<string, string>) => {
  const query = new URLSearchParams(Object.entries(params).filter(([, v]) => v !== '')).toString();
  return query ? `${path}?${query}` : path;
};

/**
 * /client-info/{client hash}/activity (attorneys and admins, issue 29): the household's activity from the
 * audit log, newest first, 25 a page, filtered by kind and by who acted (GET parameters), with who acted as
 * whom, what, and from which address. Out of scope or unknown: the app's 404, as the client-info page.
 */
export default async function HouseholdActivityPage({ params, searchParams }: Props) {
  const { id } = await params;
  const raw = await searchParams;
  const values = { kind: first(raw.kind), who: first(raw.who) };
  const before = first(raw.before);
  const path = `/client-info/${encodeURIComponent(id)}/activity`;
  const ctx = await requirePageContext('activity.read.household', withQuery(path, { ...values, before }));
  let page: HouseholdActivityPage | null = null;
  let errors: Record<string, string> = {};
  try {
    page = await orNotFound(() => listHouseholdActivity(ctx, id, { ...values, before }));
  } catch (error) {
    if (!(error instanceof AppError && error.code === 'VALIDATION')) throw error;
    errors = error.fieldErrors ?? { filters: error.message };
    // The filters refused: the page still offers the household's people, read without them.
    page = await orNotFound(() => listHouseholdActivity(ctx, id, {}));
    page = { ...page, rows: [], older: null };
  }
  const filters = { kind: page.filters.kind ?? '', who: page.filters.who ?? '' };
  const pageError = errors.before ?? errors.filters;
  return (
    <main id={MAIN_CONTENT_ID} className={`container ${styles.page}`}>
      <div className={styles.top}>
        <Link href={`/client-info/${encodeURIComponent(id)}`} className={styles.back}>
          ← Back to client information
        </Link>
        <h1>Activity{page.names ? `: ${page.names}` : ''}</h1>
        <p className={styles.lead}>Everything done on this household, newest first, in the app&apos;s time zone.</p>
      </div>
      <HouseholdActivityFilters action={path} values={values} people={page.people} errors={errors} />
      {pageError ? (
        <p className={styles.error} role="alert">
          {pageError} <Link href={withQuery(path, filters)}>Start from the newest entries</Link>.
        </p>
      ) : null}
      <HouseholdActivityTable rows={page.rows} filtered={filters.kind !== '' || filters.who !== ''} />
      {before || page.older !== null ? (
        <nav aria-label="Activity pages" className={styles.pager}>
          {before ? <Link href={withQuery(path, filters)}>← Newest</Link> : <span />}
          {page.older !== null ? <Link href={withQuery(path, { ...filters, before: String(page.older) })}>Older →</Link> : null}
        </nav>
      ) : null}
    </main>
  );
}
