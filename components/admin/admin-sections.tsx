import styles from './admin-sections.module.css';

/*
 * The admin-only sections of the Admin dashboard (platform spec §2): Create Advisor and User Management.
 * Their content is issue 21's; this file is the one place it goes (that issue replaces this body).
 */

/** The 'Create Advisor' and 'User Management' sections, shown to admins only (the page decides). */
export function AdminSections() {
  return (
    <>
      <section aria-labelledby="create-advisor-title" className={styles.card}>
        <h2 id="create-advisor-title">Create Advisor</h2>
        <p className={styles.muted}>Add an advisor, their firm and the staff who work for them.</p>
      </section>
      <section aria-labelledby="user-management-title" className={styles.card}>
        <h2 id="user-management-title">User Management</h2>
        <p className={styles.muted}>Find a user to change their email, phone, supervisor and fee settings, or reset their password.</p>
      </section>
    </>
  );
}
