'use client';

import { useRef, useState } from 'react';
import type { ReactNode } from 'react';
import type { DefaultValues } from 'react-hook-form';
import type { ActionFormMethods, FormInput, FormOutput, FormSchema, PrecheckProblem } from '@/components/forms/use-action-form';
import { useMessage } from '@/components/ui/call-provider';
import { RecordDialog, RecordTable, useHoldSubmit } from '@/components/records';
import type { OwnerCode, RecordColumn, RecordTableProps, RecordTextsConfig, RowTone } from '@/components/records';
import type { ModalSize } from '@/components/ui/dialog';
import type { ActionResult } from '@/lib/http/result';
import type { IntakeView } from '@/lib/intake/types';
import { useIntake } from '../intake-context';
import { ConflictNotice } from '../page/conflict-notice';

export type IntakeRecordSectionProps<T, S extends FormSchema> = {
  /** Names the table ('Children'). */
  label: string;
  /** The lifecycle's words: `{ noun: 'Child', section: 'Children' }` (components/records/record-texts.ts). */
  texts: RecordTextsConfig;
  rows: readonly T[];
  /** A stable key per row (the record's hash). */
  rowKey: (row: T) => string;
  rowLabel: (row: T) => string;
  columns: readonly RecordColumn<T>[];
  owner?: (row: T) => OwnerCode;
  rowTone?: (row: T) => RowTone | null | undefined;
  initialSort?: RecordTableProps<T>['initialSort'];
  /** Above the table, beside the add button (the guardian line, the percentage warning). */
  toolbar?: ReactNode;
  /** The upsert's schema from lib/validation/intake.ts. */
  schema: S;
  /** The form's values for a record, or a new record's (null). */
  defaults: (record: T | null) => DefaultValues<FormInput<S>>;
  /** Calls the upsert action with the parsed values (the section adds what the form does not hold). */
  save: (values: FormOutput<S>, record: T | null) => Promise<ActionResult<IntakeView>>;
  /** Calls the delete action. */
  remove: (record: T) => Promise<ActionResult<IntakeView>>;
  /** The modal's fields for a record (null: a new one). */
  fields: (record: T | null, form: ActionFormMethods<S>) => ReactNode;
  size?: ModalSize;
  /** Before a new record's modal opens: a problem shown instead (the gifts' 'No Beneficiaries Found'). */
  beforeAdd?: () => PrecheckProblem | null;
  /** Whether the Create/Save button shows (default: always); the gift modal hides it while the chosen owner
   * has no beneficiary to give to (intake §5). */
  canSubmit?: (form: ActionFormMethods<S>) => boolean;
};

type Editing<T> = {
  /** The record's key, or null for a new record. */
  key: string | null;
  /** The record as it was when opened: shown while it leaves the list (removed) until the dialog closes. */
  snapshot: T | null;
  /** The reload generation it was opened in. */
  generation: number;
};

/**
 * One intake list section: a RecordTable and a RecordDialog wired to the intake actions. Every section
 * (children, beneficiaries, trustees, each PoA type) is a configuration of this: columns, the upsert's
 * schema and defaults, the fields, and the two actions. Saves and removals go through the page's `run`, so
 * the answered view replaces the lists and a stale version (409) offers a reload. Read-only viewers get the
 * table without add and edit buttons.
 */
export function IntakeRecordSection<T, S extends FormSchema>(props: IntakeRecordSectionProps<T, S>) {
  const {
    label,
    texts,
    rows,
    rowKey,
    rowLabel,
    columns,
    owner,
    rowTone,
    initialSort,
    toolbar,
    schema,
    defaults,
    save,
    remove,
    fields,
    size = 'lg',
    beforeAdd,
    canSubmit,
  } = props;
  const { showMessage } = useMessage();
  const { hasSpouse, ownerNames, canEdit, run, generation } = useIntake();
  const [editing, setEditing] = useState<Editing<T> | null>(null);
  const tableRef = useRef<HTMLDivElement>(null);

  // The record is looked up in the current rows, so a reload shows its latest version; after a reload that
  // no longer has it (removed by someone else) the dialog closes.
  const found = editing?.key ? (rows.find((row) => rowKey(row) === editing.key) ?? null) : null;
  const record = editing?.key ? (found ?? (editing.generation === generation ? editing.snapshot : null)) : null;
  const open = editing !== null && (editing.key === null || record !== null);

  /** After a removal the edit button is gone: the table takes the focus, once the dialog has let go of it. */
  const focusTable = () => setTimeout(() => tableRef.current?.querySelector<HTMLElement>('[role="region"]')?.focus(), 0);

  return (
    <div ref={tableRef}>
      <RecordTable
        label={label}
        hideCaption
        noun={texts.noun}
        rows={rows}
        rowKey={rowKey}
        rowLabel={rowLabel}
        columns={columns}
        hasSpouse={hasSpouse}
        owner={owner}
        ownerNames={ownerNames}
        rowTone={rowTone}
        initialSort={initialSort}
        toolbar={toolbar}
        onAdd={
          canEdit
            ? () => {
                const problem = beforeAdd?.();
                if (problem) {
                  const { title, message } = typeof problem === 'string' ? { title: 'Error', message: problem } : problem;
                  void showMessage({ title, message, tone: 'error' });
                  return;
                }
                setEditing({ key: null, snapshot: null, generation });
              }
            : undefined
        }
        onEdit={canEdit ? (row) => setEditing({ key: rowKey(row), snapshot: row, generation }) : undefined}
      />
      {canEdit && (
        <RecordDialog
          // A reload starts the open form again from the reloaded record.
          key={`${editing?.key ?? 'new'}-${generation}`}
          open={open}
          mode={record ? 'update' : 'create'}
          texts={texts}
          schema={schema}
          defaults={defaults(record)}
          // A new record's save carries the dialog's key: a retry or a double submit creates it once.
          save={(values, { requestKey }) => run(() => save(record ? values : { ...values, request_key: requestKey }, record))}
          remove={record ? () => run(() => remove(record)) : undefined}
          onRemoved={focusTable}
          onClose={() => setEditing(null)}
          size={size}
        >
          {(form) => (
            <>
              {canSubmit && <SubmitGate form={form} canSubmit={canSubmit} />}
              <ConflictNotice />
              {fields(record, form)}
            </>
          )}
        </RecordDialog>
      )}
    </div>
  );
}

/** Holds the dialog's Create / Save button while the section's `canSubmit` says no (the kit's useHoldSubmit). */
function SubmitGate<S extends FormSchema>({ form, canSubmit }: { form: ActionFormMethods<S>; canSubmit: (form: ActionFormMethods<S>) => boolean }) {
  useHoldSubmit(!canSubmit(form));
  return null;
}
