import { Children } from 'react';
import type { ComponentPropsWithRef, ReactNode } from 'react';
import { cx } from './class-names';
import styles from './table.module.css';

export type TableProps = Omit<ComponentPropsWithRef<'table'>, 'children'> & {
  /** Visible caption; also names the scroll region. */
  caption?: ReactNode;
  /** Names the scroll region when there is no string caption. */
  label?: string;
  /** 'scroll' (default) scrolls sideways on narrow screens; 'stack' turns rows into labelled cards below 768px. */
  responsive?: 'scroll' | 'stack';
  children: ReactNode;
};

/** A table inside a scroll (or stacking) wrapper, so wide tables stay usable at 360px. */
export function Table({ caption, label, responsive = 'scroll', className, children, ...rest }: TableProps) {
  const name = label ?? (typeof caption === 'string' ? caption : undefined);
  return (
    <div
      className={cx(styles.wrapper, responsive === 'stack' && styles.stack)}
      // Focusable so keyboard users can scroll it sideways (axe: scrollable-region-focusable).
      tabIndex={0}
      role={name ? 'region' : undefined}
      aria-label={name}
    >
      <table className={cx(styles.table, className)} {...rest}>
        {caption && <caption className={styles.caption}>{caption}</caption>}
        {children}
      </table>
    </div>
  );
}

/** The header row group. */
export function THead({ className, ...rest }: ComponentPropsWithRef<'thead'>) {
  return <thead className={className} {...rest} />;
}

export type TBodyProps = ComponentPropsWithRef<'tbody'> & {
  /** Shown in a single full-width row when there are no rows, e.g. 'No Records to Display'. */
  empty?: ReactNode;
  /** Number of columns the empty row spans. */
  colSpan?: number;
};

/** The body row group; renders the `empty` message row when it has no rows. */
export function TBody({ empty, colSpan = 1, children, className, ...rest }: TBodyProps) {
  const hasRows = Children.toArray(children).length > 0;
  return (
    <tbody className={className} {...rest}>
      {hasRows ? children : empty != null && <EmptyRow colSpan={colSpan}>{empty}</EmptyRow>}
    </tbody>
  );
}

/** A full-width row holding a message such as 'No Records to Display'. */
export function EmptyRow({ colSpan, children }: { colSpan: number; children: ReactNode }) {
  return (
    <tr className={styles.tr}>
      <td className={cx(styles.td, styles.empty)} colSpan={colSpan}>
        {children}
      </td>
    </tr>
  );
}

/** A table row. */
export function Tr({ className, ...rest }: ComponentPropsWithRef<'tr'>) {
  return <tr className={cx(styles.tr, className)} {...rest} />;
}

export type SortDirection = 'asc' | 'desc' | 'none';
type Align = 'left' | 'center' | 'right';

export type ThProps = ComponentPropsWithRef<'th'> & {
  /** Current sort of this column; with `onSort` the header becomes a button. */
  sort?: SortDirection;
  onSort?: () => void;
  align?: Align;
};

const ARIA_SORT = { asc: 'ascending', desc: 'descending', none: 'none' } as const;
const SORT_ICON = { asc: '▲', desc: '▼', none: '↕' } as const;

/** A column header, optionally sortable through a button (aria-sort reflects the current order). */
export function Th({ sort = 'none', onSort, align = 'left', scope = 'col', className, children, ...rest }: ThProps) {
  const sortable = Boolean(onSort);
  return (
    <th
      scope={scope}
      aria-sort={sortable ? ARIA_SORT[sort] : undefined}
      className={cx(styles.th, align !== 'left' && styles[align], sortable && styles.sortable, className)}
      {...rest}
    >
      {sortable ? (
        <button type="button" className={styles.sortButton} onClick={onSort}>
          {children}
          <span className={styles.sortIcon} aria-hidden="true">{SORT_ICON[sort]}</span>
        </button>
      ) : (
        children
      )}
    </th>
  );
}

export type TdProps = ComponentPropsWithRef<'td'> & {
  /** Column name shown above the value in the stacked (phone) layout. */
  label?: string;
  align?: Align;
  /** Right-aligned tabular digits, for amounts and counts. */
  numeric?: boolean;
};

/** A data cell. */
export function Td({ label, align = 'left', numeric, className, ...rest }: TdProps) {
  return (
    <td
      data-label={label}
      className={cx(styles.td, align !== 'left' && styles[align], numeric && styles.numeric, className)}
      {...rest}
    />
  );
}
