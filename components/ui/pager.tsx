import { Link } from '@/components/ui/link';
import styles from './pager.module.css';

export type PagerProps = {
  /** Names the navigation ('Advisor pages'). */
  label: string;
  page: number;
  pageCount: number;
  /** The address of another page of the list (its filters and sort kept). */
  hrefOf: (page: number) => string;
};

/** A list's pages as links over the address: Previous, 'Page n of m', Next; nothing when there is one page. */
export function Pager({ label, page, pageCount, hrefOf }: PagerProps) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={label} className={styles.pager}>
      {page > 1 ? <Link href={hrefOf(page - 1)}>Previous</Link> : <span aria-disabled="true">Previous</span>}
      <span>
        Page {page} of {pageCount}
      </span>
      {page < pageCount ? <Link href={hrefOf(page + 1)}>Next</Link> : <span aria-disabled="true">Next</span>}
    </nav>
  );
}
