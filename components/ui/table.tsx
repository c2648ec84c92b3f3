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
  /** With 'stack': each column's label, shown above the cell's value on phones ('' for a column without one). */
  columnLabels?: readonly string[];
  /**
   * Each column's alignment ('numeric': right-aligned tabular digits), as one generated rule per column
   * instead of a class on every cell; for the stacked layout from 768px (cards are left-aligned).
   */
  columnAlign?: readonly ColumnAlign[];
  children: ReactNode;
};

/** A table inside a scroll (or stacking) wrapper, so wide tables stay usable at 360px. */
export function Table({ caption, label, responsive = 'scroll', columnLabels, columnAlign, className, children, ...rest }: TableProps) {
  const name = label ?? (typeof caption === 'string' ? caption : undefined);
  const stacked = responsive === 'stack';
  const rules = columnRules(stacked && columnLabels ? columnLabels : [], columnAlign ?? [], stacked);
  return (
    <div
      className={cx(styles.wrapper, stacked && styles.stack, rules?.className)}
      // Focusable so keyboard users can scroll it sideways (axe: scrollable-region-focusable).
      tabIndex={0}
      role={name ? 'region' : undefined}
      aria-label={name}
    >
      {rules && (
        // Hoisted into the head once per set of columns (React dedupes styles by href).
        <style href={rules.className} precedence="default">
          {rules.css}
        </style>
      )}
      <table className={cx(styles.table, className)} {...rest}>
        {caption && <caption className={styles.caption}>{caption}</caption>}
        {children}
      </table>
    </div>
  );
}

/** A text as a CSS string (quotes, backslashes, line breaks and `<` escaped, so it cannot end the style). */
const cssString = (text: string) => `"${text.replace(/[\\"<\n]/g, (c) => `\\${c.charCodeAt(0).toString(16)} `)}"`;

/** FNV-1a, 32 bits: the same class name for the same labels on the server and in the browser. */
function hashOf(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(36);
}

/**
 * The stacked layout's cell labels: one rule per column (`td:nth-child(n)::before { content: "Name" }`)
 * under a class named after the labels, instead of an attribute on every cell; tables with the same
 * columns share one rule set. The message row (a cell spanning the columns) gets no label.
 */
export type ColumnAlign = Align | 'numeric';

const ALIGN_CSS: Record<ColumnAlign, string> = {
  left: '',
  center: 'text-align:center',
  right: 'text-align:right',
  numeric: 'text-align:right;font-variant-numeric:tabular-nums',
};

/**
 * The table's generated column rules: the stacked layout's labels (phones) and the columns' alignments
 * (from 768px when stacked), under one class named by their hash. Null when there is nothing to generate.
 */
function columnRules(columnLabels: readonly string[], columnAlign: readonly ColumnAlign[], stacked: boolean): ColumnRules | null {
  const key = `${columnLabels.join('\u0000')}\u0001${columnAlign.join(',')}\u0001${stacked}`;
  let rules = RULES_BY_COLUMNS.get(key);
  if (rules === undefined) {
    // The sets are the app's tables' (fixed labels), a few dozen; the bound only guards against a caller's
    // labels made of data.
    if (RULES_BY_COLUMNS.size >= 500) RULES_BY_COLUMNS.clear();
    rules = columnRulesOf(key, columnLabels, columnAlign, stacked);
    RULES_BY_COLUMNS.set(key, rules);
  }
  return rules;
}

type ColumnRules = { className: string; css: string };

/**
 * The rules per set of columns, built once per process: every table of every render asked again (the big
 * couple's client-info has 13 tables, 1.7 % of its render's time in building the same strings).
 */
const RULES_BY_COLUMNS = new Map<string, ColumnRules | null>();

function columnRulesOf(key: string, columnLabels: readonly string[], columnAlign: readonly ColumnAlign[], stacked: boolean): ColumnRules | null {
  const aligned = columnAlign.map((align, i) => [i, ALIGN_CSS[align]] as const).filter(([, css]) => css);
  if (!columnLabels.some(Boolean) && aligned.length === 0) return null;
  const className = `cols-${hashOf(key)}`;
  const cell = (i: number) => `.${className} td:not([colspan]):nth-child(${i + 1})`;
  const labels = columnLabels.map((text, i) => (text ? `${cell(i)}::before{content:${cssString(text)}}` : '')).join('');
  const aligns = aligned.map(([i, css]) => `${cell(i)}{${css}}`).join('');
  return {
    className,
    css: (labels ? `@media (max-width:767.98px){${labels}}` : '') + (aligns ? (stacked ? `@media (min-width:768px){${aligns}}` : aligns) : ''),
  };
}

/** The header row group. */
export function THead(props: ComponentPropsWithRef<'thead'>) {
  return <thead {...props} />;
}

/**
 * The props with `className` only when there is one. From a server component an undefined prop still
 * travels in the RSC payload (`"className":"$undefined"`), on every cell of a server-rendered table.
 */
function withClass<P extends object>(props: P, className: string | false | null | undefined): P {
  return className ? { ...props, className } : props;
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
  return <tbody {...withClass(rest, className)}>{hasRows ? children : empty != null && <EmptyRow colSpan={colSpan}>{empty}</EmptyRow>}</tbody>;
}

/** A full-width row holding a message such as 'No Records to Display'. */
export function EmptyRow({ colSpan, children }: { colSpan: number; children: ReactNode }) {
  return (
    <tr>
      <td className={styles.empty} colSpan={colSpan}>
        {children}
      </td>
    </tr>
  );
}

/** A table row. */
export function Tr(props: ComponentPropsWithRef<'tr'>) {
  return <tr {...props} />;
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
/** A column header, optionally sortable through a button (aria-sort reflects the current order). */
export function Th({ sort = 'none', onSort, align = 'left', scope = 'col', className, children, ...rest }: ThProps) {
  const sortable = Boolean(onSort);
  return (
    // aria-sort only on a sortable header: an undefined prop of a server-rendered element still travels in the
    // page's payload ("$undefined").
    <th scope={scope} {...(sortable ? { 'aria-sort': ARIA_SORT[sort] } : {})} {...withClass(rest, cx(align !== 'left' && styles[align], className))}>
      {sortable ? (
        // Styled as `.table th > button` (no class of its own): the sort button is the only button in a header.
        <button type="button" onClick={onSort}>
          {children}
        </button>
      ) : (
        children
      )}
    </th>
  );
}

export type TdProps = ComponentPropsWithRef<'td'> & {
  align?: Align;
  /** Right-aligned tabular digits, for amounts and counts. */
  numeric?: boolean;
};

/**
 * An e-mail address in a cell: on one line from 1024 px (the table sizes its column for it), else it may wrap
 * before its '@', never in the middle of a word (issue 27: addresses broken mid-word made rows 4-5 lines tall).
 */
export function EmailAddress({ address }: { address: string }) {
  const at = address.lastIndexOf('@');
  return (
    <span className={styles.email}>
      {at > 0 ? (
        <>
          {address.slice(0, at)}
          <wbr />
          {address.slice(at)}
        </>
      ) : (
        address
      )}
    </span>
  );
}

/** A short text kept on one line (a phone number, a date and time): its spaces become no-break spaces. */
export function unbroken(text: string): string {
  return text.replace(/ /g, '\u00a0');
}

/** A data cell (its label in the stacked layout comes from the table's `columnLabels`). */
export function Td({ align = 'left', numeric, className, ...rest }: TdProps) {
  return <td {...withClass(rest, cx(align !== 'left' && styles[align], numeric && styles.numeric, className))} />;
}
