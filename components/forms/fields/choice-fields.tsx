'use client';

import type { ReactNode } from 'react';
import { useController } from 'react-hook-form';
import { Checkbox, Fieldset, Radio } from '@/components/ui/field';

export type YesNoFieldProps = {
  name: string;
  /** The question; the legend of the radio pair (its accessible group name). */
  label: ReactNode;
  required?: boolean;
  /** What the question means, in plain words, right under it (describes the group and each answer). */
  description?: ReactNode;
  hint?: ReactNode;
  yesLabel?: string;
  noLabel?: string;
  hideLabel?: boolean;
  disabled?: boolean;
  className?: string;
};

/** A Yes/No question as a radio pair; the form holds true, false or null (unanswered). */
export function YesNoField({ name, label, required, description, hint, yesLabel = 'Yes', noLabel = 'No', hideLabel, disabled, className }: YesNoFieldProps) {
  const {
    field: { name: fieldName, value, onChange, onBlur, ref: fieldRef, disabled: formDisabled },
    fieldState,
  } = useController({ name });
  const isDisabled = formDisabled || disabled;
  const answers = [
    [true, yesLabel],
    [false, noLabel],
  ] as const;
  return (
    <Fieldset
      legend={label}
      description={description}
      required={required}
      hint={hint}
      error={fieldState.error?.message}
      inline
      hideLegend={hideLabel}
      className={className}
    >
      {answers.map(([answer, optionLabel], index) => (
        <Radio
          key={optionLabel}
          label={optionLabel}
          name={fieldName}
          value={answer ? 'yes' : 'no'}
          checked={value === answer}
          onChange={() => onChange(answer)}
          onBlur={onBlur}
          // The first option takes the focus when the question is the first invalid field.
          ref={index === 0 ? fieldRef : undefined}
          disabled={isDisabled}
        />
      ))}
    </Fieldset>
  );
}

export type CheckboxFieldProps = {
  name: string;
  /** Shown beside the box; its accessible name. */
  label: ReactNode;
  hint?: ReactNode;
  disabled?: boolean;
  className?: string;
};

/** A checkbox bound to a boolean of the form (same values, omit beneficiary, consent). */
export function CheckboxField({ name, label, hint, disabled, className }: CheckboxFieldProps) {
  const {
    field: { name: fieldName, value, onChange, onBlur, ref: fieldRef, disabled: formDisabled },
    fieldState,
  } = useController({ name });
  return (
    <Checkbox
      label={label}
      hint={hint}
      error={fieldState.error?.message}
      name={fieldName}
      checked={value === true}
      onChange={(event) => onChange(event.target.checked)}
      onBlur={onBlur}
      ref={fieldRef}
      disabled={formDisabled || disabled}
      className={className}
    />
  );
}
