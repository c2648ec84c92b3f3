'use client';

import type { ChangeEvent, ReactNode } from 'react';
import { useController, useFormContext, useWatch } from 'react-hook-form';
import { Checkbox, Field, Select } from '@/components/ui/field';
import { changeOwner, setSameValues } from '@/lib/intake/owners';
import type { Owner, OwnedValues } from '@/lib/intake/owners';
import { ownedValueKeys } from '@/lib/validation/intake';
import { useIntake } from '../intake-context';
import styles from './intake-fields.module.css';

export type ValuesKey = 'values1' | 'values2';

type OwnerFieldProps<V> = {
  /**
   * A blank set of per-client values: with it the owner engine moves the values when the owner changes
   * (1 → 2 moves them to the spouse, both → 1 keeps the client's ...). Without it (children) only the owner
   * changes.
   */
  empty?: V;
};

/**
 * Whose record this is: the client, the spouse or both (intake §4), shown only with a spouse. With per-client
 * values it goes through lib/intake/owners.ts, so no value typed in is lost or lands on the wrong person.
 */
export function OwnerField<V>({ empty }: OwnerFieldProps<V>) {
  const { hasSpouse, ownerNames } = useIntake();
  const { getValues, setValue } = useFormContext();
  const {
    field: { name, value, onChange, onBlur, ref, disabled },
    fieldState,
  } = useController({ name: 'owner' });
  if (!hasSpouse) return null;

  const choose = (event: ChangeEvent<HTMLSelectElement>) => {
    const next = event.target.value as Owner;
    if (empty !== undefined) {
      const current: OwnedValues<V> = {
        owner: getValues('owner'),
        sameValues: getValues('same_values') !== false,
        values1: getValues('values1'),
        values2: getValues('values2'),
      };
      const moved = changeOwner(current, next, empty);
      const options = { shouldDirty: true };
      setValue('same_values', moved.sameValues, options);
      setValue('values1', moved.values1, options);
      setValue('values2', moved.values2, options);
    }
    onChange(next);
  };

  return (
    <Field label="Client" required error={fieldState.error?.message}>
      <Select
        name={name}
        value={value ?? ''}
        onChange={choose}
        onBlur={onBlur}
        ref={ref}
        disabled={disabled}
        options={[
          { value: '1', label: ownerNames['1'] },
          { value: '2', label: ownerNames['2'] },
          { value: 'both', label: `Both (${ownerNames['1']} and ${ownerNames['2']})` },
        ]}
      />
    </Field>
  );
}

/**
 * 'Same values for both': shown for owner both. Ticked (the default), the spouse's values are the client's;
 * unticked, separate values show for each (starting from the client's).
 */
export function SameValuesField<V>() {
  const { hasSpouse, ownerNames } = useIntake();
  const { getValues, setValue } = useFormContext();
  const owner = useWatch({ name: 'owner' }) as Owner;
  const {
    field: { name, value, onBlur, ref, disabled },
  } = useController({ name: 'same_values' });
  if (!hasSpouse || owner !== 'both') return null;
  return (
    <Checkbox
      label={`Same values for ${ownerNames['1']} and ${ownerNames['2']}`}
      name={name}
      checked={value !== false}
      onChange={(event) => {
        const current: OwnedValues<V> = { owner, sameValues: value !== false, values1: getValues('values1'), values2: getValues('values2') };
        const next = setSameValues(current, event.target.checked);
        setValue('values2', next.values2, { shouldDirty: true });
        setValue('same_values', next.sameValues, { shouldDirty: true });
      }}
      onBlur={onBlur}
      ref={ref}
      disabled={disabled}
    />
  );
}

type OwnedValuesFieldsProps = {
  /** The group's title for the clients it applies to: (names) => `Terms for ${names}`. */
  legend: (names: string) => string;
  /** The fields of one client's values, under `values1.` or `values2.`. */
  children: (key: ValuesKey) => ReactNode;
};

/**
 * The per-client values of an owned record: one group for owner 1, owner 2, or both with same values; a
 * group per client when both have separate values. Single clients get the fields without a group.
 */
export function OwnedValuesFields({ legend, children }: OwnedValuesFieldsProps) {
  const { hasSpouse, ownerNames } = useIntake();
  const owner = (useWatch({ name: 'owner' }) as Owner) ?? '1';
  const same = useWatch({ name: 'same_values' }) !== false;
  if (!hasSpouse) return <>{children('values1')}</>;
  const keys = ownedValueKeys(owner, same);
  const who = (key: ValuesKey) => (owner === 'both' && same ? `${ownerNames['1']} and ${ownerNames['2']}` : ownerNames[key === 'values1' ? '1' : '2']);
  return (
    <>
      {keys.map((key) => (
        <fieldset key={key} className={styles.group}>
          <legend>{legend(who(key))}</legend>
          {children(key)}
        </fieldset>
      ))}
    </>
  );
}
