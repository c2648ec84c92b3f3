'use client';

import { MoneyField, SelectField, StreetField, TextField, ZipField } from '@/components/forms';
import { US_STATES } from '@/lib/validation/lists';
import styles from '../shared/intake-fields.module.css';

const STATE_OPTIONS = Object.entries(US_STATES).map(([value, label]) => ({ value, label: String(label) }));

/** Street, unit, city, state, ZIP (5 digits) and value (thousands separators) of a property or a company. */
export function AddressFields({ required = false, valueLabel = 'Value' }: { required?: boolean; valueLabel?: string }) {
  return (
    <div className={styles.grid}>
      <StreetField name="street" label="Street" required={required} autoComplete="off" className={styles.full} />
      <TextField name="unit" label="Unit" autoComplete="off" />
      <TextField name="city" label="City" required={required} autoComplete="off" />
      <SelectField name="state" label="State" required={required} placeholder="Select…" options={STATE_OPTIONS} />
      <ZipField name="zip" label="ZIP" required={required} />
      <MoneyField name="value" label={valueLabel} hint="In dollars" />
    </div>
  );
}
