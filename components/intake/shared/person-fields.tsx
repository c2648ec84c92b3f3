'use client';

import { DateField, NameField, PhoneField, SelectField, TextField } from '@/components/forms';
import { cx } from '@/components/ui/class-names';
import { SUFFIX_CHOICES } from '@/lib/validation/fields';
import styles from './intake-fields.module.css';

/** The person fields a linked record locks when the linked person has them filled (intake §4). */
export type LockableField = 'first_name' | 'middle_name' | 'last_name' | 'suffix' | 'dob' | 'phone' | 'email';
export type Locked = ReadonlySet<LockableField>;
const NONE: Locked = new Set();

/** Gender as radios (male, female as stored). */
export const GENDER_CHOICES = [
  { value: 'male', label: 'Male' },
  { value: 'female', label: 'Female' },
] as const;

const SUFFIX_OPTIONS = SUFFIX_CHOICES.filter((choice) => choice !== '');

type Props = {
  /** Prefix of the fields' names ('guardian1.'); none for the record's own person. */
  prefix?: string;
  locked?: Locked;
  /** First and last names are required (the schema decides; this shows the marker). */
  required?: boolean;
};

/** First, middle and last name and suffix, in one row on wide screens. */
export function NameFields({ prefix = '', locked = NONE, required = true }: Props) {
  return (
    <div className={cx(styles.grid, styles.names)}>
      <NameField name={`${prefix}first_name`} label="First Name" required={required} readOnly={locked.has('first_name')} autoComplete="off" />
      <NameField name={`${prefix}middle_name`} label="Middle Name" readOnly={locked.has('middle_name')} autoComplete="off" />
      <NameField name={`${prefix}last_name`} label="Last Name" required={required} readOnly={locked.has('last_name')} autoComplete="off" />
      <SelectField name={`${prefix}suffix`} label="Suffix" placeholder="" options={SUFFIX_OPTIONS} disabled={locked.has('suffix')} />
    </div>
  );
}

/** Phone and email, side by side from 600px. */
export function ContactFields({ prefix = '', locked = NONE }: Omit<Props, 'required'>) {
  return (
    <div className={styles.grid}>
      <PhoneField name={`${prefix}phone`} label="Phone" readOnly={locked.has('phone')} />
      <TextField name={`${prefix}email`} label="Email" type="email" readOnly={locked.has('email')} autoComplete="off" />
    </div>
  );
}

/** A date of birth behind the MM/DD/YYYY mask. */
export function DobField({ prefix = '', locked = NONE, required = false }: Props) {
  return <DateField name={`${prefix}dob`} label="Date of Birth" required={required} readOnly={locked.has('dob')} />;
}
