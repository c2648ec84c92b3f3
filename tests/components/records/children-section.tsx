import { useState } from 'react';
import { z } from 'zod';
import { DateField, SelectField, TextField } from '@/components/forms';
import { RecordDialog, RecordTable, useHoldSubmit } from '@/components/records';
import type { OwnerCode, RecordColumn } from '@/components/records';
import { ageLabel, birthDate, choiceOrOther, personName } from '@/lib/validation/fields';
import { RELATIONSHIPS } from '@/lib/validation/lists';
import type { ActionResult } from '@/lib/http/result';

/** A section written the way the fourteen intake sections will be: a RecordTable, a RecordDialog and a config. */
export const childSchema = z.object({
  first_name: personName('First name'),
  last_name: personName('Last name'),
  dob: birthDate({ optional: true }),
  relationship: choiceOrOther('Relationship'),
});
export type ChildInput = z.output<typeof childSchema>;
export type Child = ChildInput & { hash: string; owner: OwnerCode };

const EMPTY = { first_name: '', last_name: '', dob: '', relationship: '' };

const columns: RecordColumn<Child>[] = [
  { key: 'name', header: 'Name', cell: (child) => `${child.first_name} ${child.last_name}`, sortValue: (child) => child.last_name },
  { key: 'age', header: 'Age', cell: (child) => (child.dob ? ageLabel(child.dob) : ''), sortValue: (child) => child.dob ?? null },
  { key: 'relationship', header: 'Relationship', cell: (child) => child.relationship },
];

type Props = {
  initial: Child[];
  hasSpouse?: boolean;
  /** The upsert: answers the refreshed list, as the spec's calls do. */
  save: (input: ChildInput, hash: string | null) => Promise<ActionResult<Child[]>>;
  remove: (hash: string) => Promise<ActionResult<Child[]>>;
  /** Adds a question that holds the Create / Save button until it is ticked (useHoldSubmit). */
  withQuestion?: boolean;
  /** Collects the request key of each save, in order. */
  sentKeys?: string[];
};

/** A question the form waits for, as 'Link from existing record?' is. */
function Question() {
  const [answered, setAnswered] = useState(false);
  useHoldSubmit(!answered);
  return (
    <label>
      <input type="checkbox" checked={answered} onChange={(event) => setAnswered(event.target.checked)} /> Answered
    </label>
  );
}

export function ChildrenSection({ initial, hasSpouse = false, save, remove, withQuestion = false, sentKeys }: Props) {
  const [rows, setRows] = useState(initial);
  const [editing, setEditing] = useState<Child | 'new' | null>(null);
  const record = editing === 'new' ? null : editing;

  return (
    <section aria-label="Children section">
      <h2>Children</h2>
      <RecordTable
        label="Children"
        hideCaption
        noun="Child"
        rows={rows}
        rowKey={(child) => child.hash}
        rowLabel={(child) => `${child.first_name} ${child.last_name}`}
        columns={columns}
        hasSpouse={hasSpouse}
        owner={(child) => child.owner}
        ownerNames={{ '1': 'Pat', '2': 'Sam' }}
        onAdd={() => setEditing('new')}
        onEdit={setEditing}
      />
      <RecordDialog
        open={editing !== null}
        mode={record ? 'update' : 'create'}
        texts={{ noun: 'Child', section: 'Children' }}
        schema={childSchema}
        defaults={record ? { ...record, dob: record.dob ?? '' } : EMPTY}
        save={(input, { requestKey }) => {
          sentKeys?.push(requestKey);
          return save(input, record?.hash ?? null);
        }}
        remove={record ? () => remove(record.hash) : undefined}
        onSaved={setRows}
        onRemoved={(data) => setRows(data as Child[])}
        onClose={() => setEditing(null)}
      >
        {withQuestion && <Question />}
        <TextField name="first_name" label="First Name" required />
        <TextField name="last_name" label="Last Name" required />
        <DateField name="dob" label="Date of Birth" />
        <SelectField name="relationship" label="Relationship" required placeholder="Select…" options={RELATIONSHIPS} other />
      </RecordDialog>
    </section>
  );
}
