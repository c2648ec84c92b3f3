import { Link } from '@/components/ui/link';
import { Button } from '@/components/ui/button';
import styles from './pager.module.css';

export type PagerProps = {
  /** Names the navigation ('Advisor pages'). */
  label: string;
  page: number;
  pageCount: number;
} & (
  | {
      /** The address of another page of the list (its filters and sort kept): Previous and Next are links. */
      hrefOf: (page: number) => string;
    }
  | {
      /** A live list a client part holds (the invites card): Previous and Next are buttons that ask for the page. */
      onPage: (page: number) => void;
      /** A page is on its way: the buttons wait. */
      busy?: boolean;
    }
);

/** A list's pages: Previous, 'Page n of m', Next; nothing when there is one page. */
export function Pager(props: PagerProps) {
  const { label, page, pageCount } = props;
  if (pageCount <= 1) return null;
  const step = (to: number, text: string, enabled: boolean) => {
    if (!enabled) return <span aria-disabled="true">{text}</span>;
    if ('hrefOf' in props) return <Link href={props.hrefOf(to)}>{text}</Link>;
    return (
      <Button variant="link" size="sm" disabled={props.busy} onClick={() => props.onPage(to)}>
        {text}
      </Button>
    );
  };
  return (
    <nav aria-label={label} className={styles.pager}>
      {step(page - 1, 'Previous', page > 1)}
      <span>
        Page {page} of {pageCount}
      </span>
      {step(page + 1, 'Next', page < pageCount)}
    </nav>
  );
}
