import type { Metadata } from 'next';
import { desc, inArray } from 'drizzle-orm';
import { redirect } from 'next/navigation';
import { MAIN_CONTENT_ID } from '@/components/shell/site-header';
import { db } from '@/db';
import { estatePlans } from '@/db/schema';
import { getActor } from '@/lib/auth/actor';
import { assertCan } from '@/lib/auth/policy';
import { statusLabel } from '@/lib/estate-plans/statuses';
import styles from '../dashboard/dashboard.module.css';

export const metadata: Metadata = { title: 'My Information', robots: { index: false } };

/** The client's home: their household's plan status. The intake questionnaire lands here (intake issue). */
export default async function ClientInfoPage() {
  const actor = await getActor();
  if (!actor) redirect('/login?next=/client-info');
  if (!actor.isClient) redirect('/dashboard');
  assertCan(actor, 'intake.read');
  const [plan] = await db
    .select({ status: estatePlans.status })
    .from(estatePlans)
    .where(inArray(estatePlans.clientId, actor.householdClientIds))
    .orderBy(desc(estatePlans.createdAt))
    .limit(1);

  return (
    <main id={MAIN_CONTENT_ID} className={`container ${styles.page}`}>
      <h1>Client Information</h1>
      <p className={styles.lead}>Welcome, {actor.name}.</p>
      <section className={styles.card} aria-labelledby="plan-title">
        <h2 id="plan-title">Your estate plan</h2>
        <p>{plan ? `Status: ${statusLabel(plan.status)}` : 'No estate plan found - Please contact support'}</p>
      </section>
    </main>
  );
}
