'use client';

import { useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { Button, buttonClass } from '@/components/ui/button';
import { cx } from '@/components/ui/class-names';
import { Table, TBody, Th, THead, Tr } from '@/components/ui/table';
import type { SortDirection } from '@/components/ui/table';
import styles from './record-table.module.css';

/** The spec's empty-table text (intake §2). */
export const NO_RECORDS = 'No Records to Display';

/** Owner of a listed item: 1 the client, 2 the spouse, both (intake §4). */
export type OwnerCode = '1' | '2' | 'both';

export type RecordColumn<T> = {
  /** Stable id of the column (sorting, React keys). */
  key: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** Makes the column sortable by this value (null and '' sort last). */
  sortValue?: (row: T) => string | number | null | undefined;
  align?: 'left' | 'center' | 'right';
  /** Right-aligned tabular digits (values, percentages). */
  numeric?: boolean;
  /** Marks the header in the error colour, e.g. percentages that do not total 100. */
  invalid?: boolean;
};

export type RowTone = 'danger' | 'warning';

export type RecordTableProps<T> = {
  /** Names the table ('Children'); shown as its caption unless `hideCaption`. */
  label: string;
  hideCaption?: boolean;
  /** The record's noun, for the buttons' accessible names ('Add Child', 'Edit Child: Jamie Smith'). */
  noun: string;
  rows: readonly T[];
  rowKey: (row: T) => string;
  /** What tells rows apart for screen readers ('Jamie Smith'), used in the edit button's name. */
  rowLabel: (row: T) => string;
  columns: readonly RecordColumn<T>[];
  /** The Client column appears only when the household has a spouse (intake §2). */
  hasSpouse: boolean;
  /** The row's owner, for the Client column. */
  owner?: (row: T) => OwnerCode;
  /** How owners read in the Client column; defaults: 'Client', 'Spouse', 'Both'. */
  ownerNames?: Partial<Record<OwnerCode, string>>;
  onAdd?: () => void;
  onEdit?: (row: T) => void;
  /** Row highlighting: red rows for percentage errors, for instance. */
  rowTone?: (row: T) => RowTone | null | undefined;
  /** Initial order, on a sortable column. */
  initialSort?: { key: string; direction: Exclude<SortDirection, 'none'> };
  /** Above the table, beside the add button (the children section's guardian line). */
  toolbar?: ReactNode;
  /** Defaults to 'No Records to Display'. */
  empty?: ReactNode;
  /** Disables the add and edit buttons (features locked, a call running). */
  disabled?: boolean;
};

const editClass = buttonClass({ variant: 'secondary', size: 'sm' });

const DEFAULT_OWNER_NAMES: Record<OwnerCode, string> = { '1': 'Client', '2': 'Spouse', both: 'Both' };

type SortState = { key: string; direction: Exclude<SortDirection, 'none'> } | null;

const isBlank = (value: string | number | null | undefined) => value == null || value === '';

// One collator for every comparison: `localeCompare` with options builds a new one per call, which made
// sorting a 20-row table a measurable part of the page's render.
const collator = new Intl.Collator('en-US', { sensitivity: 'base', numeric: true });

/** Compares two non-blank sort values: numbers numerically, text by locale (case-insensitive, digits as numbers). */
function compareValues(a: string | number, b: string | number): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return collator.compare(String(a), String(b));
}

/**
 * An intake section's table (intake §2): an add button, one edit button per row, 'No Records to Display'
 * when empty, the Client column only with a spouse, sortable columns (aria-sort), and row highlighting.
 * Below 768px each row becomes a labelled card, which reads better at 360px than a sideways scroll.
 */
export function RecordTable<T>({
  label,
  hideCaption = false,
  noun,
  rows,
  rowKey,
  rowLabel,
  columns,
  hasSpouse,
  owner,
  ownerNames,
  onAdd,
  onEdit,
  rowTone,
  initialSort,
  toolbar,
  empty = NO_RECORDS,
  disabled = false,
}: RecordTableProps<T>) {
  const [sort, setSort] = useState<SortState>(initialSort ?? null);

  const shown = useMemo(() => {
    const names = { ...DEFAULT_OWNER_NAMES, ...ownerNames };
    const all: RecordColumn<T>[] = [...columns];
    if (hasSpouse && owner) {
      all.push({ key: 'owner', header: 'Client', cell: (row) => names[owner(row)], sortValue: (row) => names[owner(row)] });
    }
    return all;
  }, [columns, hasSpouse, owner, ownerNames]);

  const sorted = useMemo(() => {
    if (!sort) return rows;
    const column = shown.find((candidate) => candidate.key === sort.key);
    if (!column?.sortValue) return rows;
    const value = column.sortValue;
    const factor = sort.direction === 'asc' ? 1 : -1;
    // Array#sort is stable, so equal values keep the server's order; blanks go last either way.
    return [...rows].sort((a, b) => {
      const [first, second] = [value(a), value(b)];
      if (isBlank(first) || isBlank(second)) return Number(isBlank(first)) - Number(isBlank(second));
      return compareValues(first as string | number, second as string | number) * factor;
    });
  }, [rows, shown, sort]);

  const toggle = (key: string) => setSort((current) => ({ key, direction: current?.key === key && current.direction === 'asc' ? 'desc' : 'asc' }));

  const hasActions = Boolean(onEdit);
  const columnCount = shown.length + (hasActions ? 1 : 0);

  return (
    <div className={styles.section}>
      {(toolbar || onAdd) && (
        <div className={styles.toolbar}>
          <div className={styles.toolbarText}>{toolbar}</div>
          {onAdd && (
            <Button variant="secondary" size="sm" onClick={onAdd} disabled={disabled} className={styles.add}>
              <span aria-hidden="true" className={styles.plus}>
                +
              </span>
              {/* The words show (issue 27: a lone '+' said nothing); the plus is decoration. */}
              <span>Add {noun}</span>
            </Button>
          )}
        </div>
      )}
      <Table
        caption={hideCaption ? undefined : label}
        label={label}
        responsive="stack"
        columnLabels={hasActions ? [...shown.map((column) => column.header), ''] : shown.map((column) => column.header)}
        columnAlign={[...shown.map((column) => (column.numeric ? 'numeric' : (column.align ?? 'left'))), ...(hasActions ? (['right'] as const) : [])]}
      >
        <THead>
          <Tr>
            {shown.map((column) => (
              <Th
                key={column.key}
                align={column.numeric ? 'right' : column.align}
                sort={sort?.key === column.key ? sort.direction : 'none'}
                onSort={column.sortValue ? () => toggle(column.key) : undefined}
                className={cx(column.invalid && styles.invalidHeader)}
              >
                {column.header}
              </Th>
            ))}
            {hasActions && (
              <Th align="right">
                <span className="visually-hidden">Actions</span>
              </Th>
            )}
          </Tr>
        </THead>
        <TBody empty={empty} colSpan={columnCount}>
          {sorted.map((row) => {
            const tone = rowTone?.(row);
            return (
              // Plain rows and cells (the table's CSS styles them, its column rules align them): a big
              // household has hundreds, and a component layer per cell was work for nothing.
              <tr key={rowKey(row)} data-tone={tone || undefined} className={tone ? styles[tone] : undefined}>
                {shown.map((column) => (
                  <td key={column.key}>{column.cell(row)}</td>
                ))}
                {hasActions && (
                  <td className={styles.actions}>
                    {/* One element per row: a big household has 140 rows, and the Button component's label
                        wrapper and a hidden span for the name made three (its name starts with the visible word). */}
                    <button type="button" className={editClass} onClick={() => onEdit?.(row)} disabled={disabled} aria-label={`Edit ${noun}: ${rowLabel(row)}`}>
                      Edit
                    </button>
                  </td>
                )}
              </tr>
            );
          })}
        </TBody>
      </Table>
    </div>
  );
}
