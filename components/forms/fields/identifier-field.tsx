'use client';

import { useLayoutEffect, useRef, useState } from 'react';
import { Field, TextInput } from '@/components/ui/field';
import { MaskedInput } from '@/components/ui/masked-input';
import { isCompleteSsn, maskSsn } from '@/lib/format/ssn';
import { splitFieldProps, useFormField } from './use-form-field';
import type { KitFieldProps } from './use-form-field';
import styles from './fields.module.css';

export type IdentifierFieldProps = Omit<KitFieldProps, 'label'> & {
  label?: KitFieldProps['label'];
  /**
   * The last four digits already stored (the browser never receives the full number): shown as
   * XXX-XX-1234 while the form's value is blank, which means "keep the stored number".
   */
  last4?: string | null;
  disabled?: boolean;
  autoComplete?: string;
};

/**
 * An SSN or entity identifier behind the ###-##-#### mask (intake §5). When not focused it shows
 * XXX-XX- and the last four digits; focusing it opens the mask for a new entry, and leaving it with an
 * incomplete entry restores the value it had before. The form holds '' (keep) or the 9 digits.
 */
export function IdentifierField({ last4, disabled, autoComplete, ...props }: IdentifierFieldProps & { label: KitFieldProps['label'] }) {
  const [own] = splitFieldProps(props);
  const { fieldName, value: stored, onChange, markTouched, fieldRef, formDisabled, frame } = useFormField(own);
  const value = stored == null ? '' : String(stored);
  const [editing, setEditing] = useState(false);
  const before = useRef('');
  const editRef = useRef<HTMLInputElement | null>(null);

  // The display input hands over to the mask within the same focus event, so typing lands in the mask.
  useLayoutEffect(() => {
    if (editing) editRef.current?.focus();
  }, [editing]);

  const isDisabled = formDisabled || disabled;

  if (!editing) {
    const shown = isCompleteSsn(value) ? maskSsn(value.slice(-4)) : maskSsn(last4);
    return (
      <Field {...frame}>
        <TextInput
          name={fieldName}
          value={shown}
          // The masked text is not editable as such; focus switches to the mask.
          onChange={() => {}}
          onFocus={() => {
            before.current = value;
            setEditing(true);
          }}
          ref={fieldRef}
          inputMode="numeric"
          autoComplete={autoComplete ?? 'off'}
          disabled={isDisabled}
          className={styles.identifierDisplay}
        />
      </Field>
    );
  }

  return (
    <Field {...frame}>
      <MaskedInput
        mask="ssn"
        name={fieldName}
        value={value}
        onChange={onChange}
        onBlur={() => {
          if (!isCompleteSsn(value)) onChange(before.current);
          setEditing(false);
          markTouched();
        }}
        ref={(element) => {
          editRef.current = element;
          fieldRef(element);
        }}
        autoComplete={autoComplete}
        disabled={isDisabled}
      />
    </Field>
  );
}

/** A social security number (label 'SSN' unless given). */
export function SsnField({ label = 'SSN', ...props }: IdentifierFieldProps) {
  return <IdentifierField label={label} {...props} />;
}

/** An employer identification number (label 'EIN' unless given); same mask and display as the SSN. */
export function EinField({ label = 'EIN', ...props }: IdentifierFieldProps) {
  return <IdentifierField label={label} {...props} />;
}

/** A taxpayer identification number (label 'TIN' unless given); same mask and display as the SSN. */
export function TinField({ label = 'TIN', ...props }: IdentifierFieldProps) {
  return <IdentifierField label={label} {...props} />;
}
