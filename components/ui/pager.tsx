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
    if ('hrefOf' in props) return enabled ? <Link href={props.hrefOf(to)}>{text}</Link> : <span aria-disabled="true">{text}</span>;
    // A button that cannot go further stays a focusable button (aria-disabled): Next pressed into the last
    // page keeps the keyboard's focus where it was, where a span or a disabled button would drop it.
    return (
      <Button variant="link" size="sm" aria-disabled={!enabled || props.busy || undefined} onClick={() => enabled && !props.busy && props.onPage(to)}>
        {text}
      </Button>
    );
  };
  return (
    <nav aria-label={label} className={styles.pager}>
      {step(page - 1, 'Previous', page > 1)}
      {/* A button pager changes the list in place: the new page is announced (a link pager loads a page). */}
      <span aria-live={'onPage' in props ? 'polite' : undefined}>
        Page {page} of {pageCount}
      </span>
      {step(page + 1, 'Next', page < pageCount)}
    </nav>
  );
}
