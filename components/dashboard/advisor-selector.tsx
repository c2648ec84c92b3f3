import type { AdvisorSummary } from '@/lib/advisors/dashboard';
import styles from './dashboard.module.css';

/**
 * The advisor selector, shown only when more than one advisor is in the actor's scope (staff working for
 * several advisors, firm supervisors). A GET form: the choice lands in the address like the rest of the list
 * state, and works without JavaScript.
 */
export function AdvisorSelector({ choices, selectedHash }: { choices: AdvisorSummary[]; selectedHash: string | null }) {
  return (
    <form method="get" action="/dashboard" className={styles.selector}>
      <label htmlFor="advisor-select">Advisor</label>
      <select id="advisor-select" name="advisor" defaultValue={selectedHash ?? ''}>
        {choices.map((a) => (
          <option key={a.hash} value={a.hash}>
            {a.isOwn ? `${a.name} (me)` : a.name}
          </option>
        ))}
      </select>
      <button type="submit" className={styles.searchButton}>
        Show clients
      </button>
    </form>
  );
}
