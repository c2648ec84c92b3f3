import type { Metadata } from 'next';
import { Link } from '@/components/ui/link';
import { redirect } from 'next/navigation';
import styles from '@/components/activity/household-activity.module.css';
import { MAIN_CONTENT_ID } from '@/components/shell/site-header';
import { landingPathFor } from '@/lib/auth/landing';
import { listOwnActivity, type OwnActivityPage } from '@/lib/activity/household-activity';
import { formatAppLongDate, formatAppTime } from '@/lib/format/app-time';
import { requirePageContext } from '@/lib/http/page';
import { AppError } from '@/lib/kernel/errors';

export const metadata: Metadata = { title: 'Activity', robots: { index: false } };

type Props = { searchParams: Promise<{ before?: string | string[] }> };

/**
 * /activity (clients, issue 29): what happened on the household's trust, in plain words, newest first, 25 at
 * a time (Show older follows the keyset): changes by the client, their spouse, their advisor and attorney,
 * and every time staff viewed an identifier or opened a document. Only the sentences of
 * lib/activity/plain-words.ts; nothing staff-only, no addresses. Other roles go to their home.
 */
export default async function ActivityPage({ searchParams }: Props) {
  const raw = (await searchParams).before;
  const before = (Array.isArray(raw) ? raw[0] : raw) ?? '';
  const ctx = await requirePageContext('signed-in', before ? `/activity?${new URLSearchParams({ before })}` : '/activity');
  if (!ctx.actor.isClient) redirect(landingPathFor(ctx.actor));
  let page: OwnActivityPage;
  let error: string | null = null;
  try {
    page = await listOwnActivity(ctx, { before });
  } catch (e) {
    if (!(e instanceof AppError && e.code === 'VALIDATION')) throw e;
    error = e.message;
    page = { rows: [], older: null };
  }
  return (
    <main id={MAIN_CONTENT_ID} className={`container ${styles.page} ${styles.own}`}>
      <div className={styles.top}>
        <h1>Activity</h1>
        <p className={styles.lead}>What has happened on your trust, newest first: your changes, your advisor&apos;s and your attorney&apos;s.</p>
      </div>
      {error ? (
        <p className={styles.error} role="alert">
          {error} <Link href="/activity">Start from the newest</Link>.
        </p>
      ) : page.rows.length > 0 ? (
        <ol className={styles.list} aria-label="Activity, newest first">
          {page.rows.map((row) => (
            <li key={row.id} className={styles.item}>
              <span>{row.text}</span>
              <time dateTime={row.createdAt.toISOString()}>
                {formatAppLongDate(row.createdAt)} at {formatAppTime(row.createdAt)}
              </time>
            </li>
          ))}
        </ol>
      ) : before ? (
        <p className={styles.lead}>Nothing older.</p>
      ) : (
        <section className={styles.empty} aria-labelledby="activity-empty">
          <h2 id="activity-empty">Nothing yet</h2>
          <p>When you, your advisor or your attorney work on your trust, you will see it here.</p>
        </section>
      )}
      {before || page.older !== null ? (
        <nav aria-label="Activity pages" className={styles.more}>
          {before ? <Link href="/activity">Newest</Link> : null}
          {page.older !== null ? <Link href={`/activity?${new URLSearchParams({ before: String(page.older) })}`}>Show older</Link> : null}
        </nav>
      ) : null}
    </main>
  );
}
