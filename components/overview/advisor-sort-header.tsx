import { Link } from '@/components/ui/link';
import { Th } from '@/components/ui/table';
import { ADVISOR_SORT_LABELS, nextDirection, type AdvisorListState, type AdvisorSort } from '@/lib/overview/rules';
import { advisorListHref } from './advisor-list-href';
import styles from './overview.module.css';

type SortHeaderProps = { sort: AdvisorSort; state: AdvisorListState; keepParams: Record<string, string>; className?: string };

/** A sortable column's header: a link to the list sorted by it (the direction flips when it already is). */
export function AdvisorSortHeader({ sort, state, keepParams, className }: SortHeaderProps) {
  const active = state.sort === sort;
  const ariaSort = active ? (state.dir === 'asc' ? 'ascending' : 'descending') : 'none';
  return (
    <Th aria-sort={ariaSort} className={className}>
      <Link className={styles.sortLink} href={advisorListHref(state, keepParams, { sort, dir: nextDirection(state, sort), page: 1 })}>
        {ADVISOR_SORT_LABELS[sort]}
        <span aria-hidden="true" className={styles.sortIcon}>
          {!active ? '↕' : state.dir === 'asc' ? '▲' : '▼'}
        </span>
      </Link>
    </Th>
  );
}
