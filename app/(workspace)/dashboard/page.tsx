import type { Metadata } from 'next';
import { MAIN_CONTENT_ID } from '@/components/shell/site-header';
import { listHouseholds } from '@/lib/clients/queries';
import { formatPhone } from '@/lib/format/phone';
import { requireActor } from '@/lib/http/page';
import styles from './dashboard.module.css';

export const metadata: Metadata = { title: 'Dashboard', robots: { index: false } };

/** The signed-in home of advisors, staff, attorneys and admins: the households they can reach. */
export default async function DashboardPage() {
  const actor = await requireActor('dashboard.view', '/dashboard');
  const households = await listHouseholds(actor);
  const title = actor.isAdmin ? 'Admin' : actor.isLegal ? 'Attorney' : 'Dashboard';

  return (
    <main id={MAIN_CONTENT_ID} className={`container ${styles.page}`}>
      <h1>{title}</h1>
      <p className={styles.lead}>Signed in as {actor.name}.</p>
      <section aria-labelledby="clients-title" className={styles.card}>
        <h2 id="clients-title">{actor.isAdvisor ? 'My Clients' : 'Clients'}</h2>
        <div className={styles.scroll}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Spouse</th>
                <th scope="col">Email</th>
                <th scope="col">Phone</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {households.length === 0 ? (
                <tr>
                  <td colSpan={5}>No Records to Display</td>
                </tr>
              ) : (
                households.map((h) => (
                  <tr key={h.hash}>
                    <td>{h.name}</td>
                    <td>{h.spouseName ?? ''}</td>
                    <td>{h.email ?? ''}</td>
                    <td>{formatPhone(h.phone)}</td>
                    <td>{h.statusLabel}</td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </div>
      </section>
    </main>
  );
}
