'use client';

import { useLayoutEffect, useRef, useState } from 'react';
import type { ChangeEvent, ComponentPropsWithoutRef } from 'react';
import { Button } from '@/components/ui/button';
import { Field, Select, TextInput } from '@/components/ui/field';
import type { SelectOption } from '@/components/ui/field';
import { OTHER } from '@/lib/validation/lists';
import { TEXT_MAX_LENGTH } from '@/lib/validation/fields';
import { useBoundControl } from './use-form-field';
import type { KitFieldProps } from './use-form-field';
import styles from './fields.module.css';

export type SelectFieldProps = KitFieldProps &
  Omit<ComponentPropsWithoutRef<'select'>, 'name' | 'value' | 'defaultValue' | 'onChange' | 'id' | 'className' | 'required' | 'children'> & {
    /** The choices: plain strings (value = label) or { value, label }. */
    options: readonly (string | SelectOption)[];
    /** A first empty option ('' = no choice), e.g. 'Select…' or '' for a blank suffix. */
    placeholder?: string;
    /**
     * Choosing Other switches to a free-text input, with a control to go back to the list (intake §3).
     * The form then holds the typed text; a stored value that is not in the list opens in this mode.
     */
    other?: boolean | { maxLength?: number; backLabel?: string };
  };

const toOption = (option: string | SelectOption): SelectOption => (typeof option === 'string' ? { value: option, label: option } : option);

/** A native select bound to the form; with `other`, the spec's "Other switches to free text". */
export function SelectField({ options, placeholder, other, ...props }: SelectFieldProps) {
  const { frame, controlProps } = useBoundControl(props);
  const { ref: fieldRef, onChange, value, ...control } = controlProps;
  const text = String(value);
  const choices = options.map(toOption);
  if (other && !choices.some((option) => option.value === OTHER)) choices.push(toOption(OTHER));

  // Free text shows for a value outside the list, or once the person chose Other (the value is '' then).
  const [choseOther, setChoseOther] = useState(false);
  const typing = Boolean(other) && (choseOther || (text !== '' && !choices.some((option) => option.value === text)));
  const switched = useRef(false);
  const controlRef = useRef<HTMLInputElement | HTMLSelectElement | null>(null);

  // After a switch made by the person, the control that replaced the other one takes the focus.
  useLayoutEffect(() => {
    if (!switched.current) return;
    switched.current = false;
    controlRef.current?.focus();
  }, [typing]);

  const switchTo = (toOther: boolean) => {
    switched.current = true;
    setChoseOther(toOther);
    onChange('');
  };
  const ref = (element: HTMLInputElement | HTMLSelectElement | null) => {
    controlRef.current = element;
    fieldRef(element);
  };

  if (typing) {
    const { maxLength = TEXT_MAX_LENGTH, backLabel = 'Back to the list' } = typeof other === 'object' ? other : {};
    const listName = typeof props.label === 'string' ? props.label.toLowerCase() : 'choices';
    return (
      <Field {...frame}>
        <div className={styles.otherRow}>
          <TextInput name={control.name} value={text} onChange={onChange} onBlur={control.onBlur} ref={ref} maxLength={maxLength} disabled={control.disabled} />
          <Button variant="secondary" size="sm" disabled={control.disabled} onClick={() => switchTo(false)}>
            {backLabel}
            <span className="visually-hidden"> of {listName}</span>
          </Button>
        </div>
      </Field>
    );
  }

  return (
    <Field {...frame}>
      <Select
        {...control}
        value={text}
        onChange={(event: ChangeEvent<HTMLSelectElement>) => {
          if (other && event.target.value === OTHER) switchTo(true);
          else onChange(event);
        }}
        ref={ref}
        placeholder={placeholder}
        options={choices}
      />
    </Field>
  );
}
