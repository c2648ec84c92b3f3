import { Link } from '@/components/ui/link';
import { Button } from '@/components/ui/button';
import { Select, TextInput } from '@/components/ui/field';
import {
  DEFAULT_QUEUE_STATE,
  QUEUE_FILTER_LABELS,
  QUEUE_SEARCH_MAX_LENGTH,
  QUEUE_STATUS_FILTERS,
  dashboardHref,
  isFiltered,
  type QueueState,
} from '@/lib/legal-queue/rules';
import styles from './legal-queue.module.css';

export type QueueFiltersProps = {
  state: QueueState;
  /** The other lists' parameters on the dashboard (the advisors overview's search, sort and page), kept as they are. */
  keepParams?: Record<string, string>;
};

/**
 * The work queue's filters: a plain GET form over the address (status, advisor or firm, client name), so a
 * filtered queue can be bookmarked, the back button returns to the previous one, and nothing needs
 * JavaScript. Applying a filter starts again on page 1 (the form carries no page).
 */
export function QueueFilters({ state, keepParams = {} }: QueueFiltersProps) {
  return (
    // Keyed by the state it shows: after back/forward the fields show the address's filters, not the last typed.
    <form
      key={`${state.status}|${state.advisor}|${state.client}`}
      method="get"
      action="/dashboard"
      role="search"
      aria-label="Filter the work queue"
      className={styles.filters}
    >
      {Object.entries(keepParams).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <span className={styles.field}>
        <label htmlFor="queue-status">Status</label>
        {/* autoComplete off here too: Chromium restores a select's last choice on the back button otherwise. */}
        <Select
          id="queue-status"
          name="qstatus"
          defaultValue={state.status}
          autoComplete="off"
          options={QUEUE_STATUS_FILTERS.map((filter) => ({ value: filter, label: QUEUE_FILTER_LABELS[filter] }))}
        />
      </span>
      <span className={styles.field}>
        <label htmlFor="queue-advisor">Advisor or firm</label>
        {/* autoComplete off: the browser must not restore typed text into a page whose address has none (back button). */}
        <TextInput
          id="queue-advisor"
          name="qadvisor"
          type="search"
          defaultValue={state.advisor}
          maxLength={QUEUE_SEARCH_MAX_LENGTH}
          autoComplete="off"
          placeholder="Name, email or firm"
        />
      </span>
      <span className={styles.field}>
        <label htmlFor="queue-client">Client name</label>
        <TextInput
          id="queue-client"
          name="qclient"
          type="search"
          defaultValue={state.client}
          maxLength={QUEUE_SEARCH_MAX_LENGTH}
          autoComplete="off"
          placeholder="Either spouse's name"
        />
      </span>
      <span className={styles.formActions}>
        <Button type="submit" size="sm">
          Apply filters
        </Button>
        {isFiltered(state) ? (
          <Link href={dashboardHref(DEFAULT_QUEUE_STATE, keepParams)} className={styles.clear}>
            Clear filters
          </Link>
        ) : null}
      </span>
    </form>
  );
}
