'use client';

import type { ReactNode } from 'react';
import { useController } from 'react-hook-form';
import { Fieldset, Radio } from '@/components/ui/field';

export type RadioChoice = { value: string; label: ReactNode };

type Props = {
  name: string;
  /** The question: the legend of the radio group (its accessible name). */
  label: ReactNode;
  choices: readonly RadioChoice[];
  required?: boolean;
  hint?: ReactNode;
  disabled?: boolean;
  /** Runs after the choice is stored (e.g. to clear fields that no longer apply). */
  onChosen?: (value: string) => void;
};

/**
 * A short list of text choices as radios (gender, person or entity, the identifier's kind), bound by name
 * to the form like the kit's fields; '' is "not chosen". The kit's YesNoField is the boolean counterpart.
 */
export function RadioChoiceField({ name, label, choices, required, hint, disabled, onChosen }: Props) {
  const {
    field: { name: fieldName, value, onChange, onBlur, ref, disabled: formDisabled },
    fieldState,
  } = useController({ name });
  return (
    <Fieldset legend={label} required={required} hint={hint} error={fieldState.error?.message} inline>
      {choices.map((choice, index) => (
        <Radio
          key={choice.value}
          label={choice.label}
          name={fieldName}
          value={choice.value}
          checked={value === choice.value}
          onChange={() => {
            onChange(choice.value);
            onChosen?.(choice.value);
          }}
          onBlur={onBlur}
          // The first option takes the focus when the question is the first invalid field.
          ref={index === 0 ? ref : undefined}
          disabled={formDisabled || disabled}
        />
      ))}
    </Fieldset>
  );
}
