'use client';

import { useController } from 'react-hook-form';
import type { FocusEvent, ReactNode } from 'react';
import type { FieldProps } from '@/components/ui/field';

/** What every field of the kit takes besides its control's own props. */
export type KitFieldProps = {
  /** The value's path in the form ('first_name', 'contact_info.phone'). */
  name: string;
  label: ReactNode;
  /** Shows the required marker and sets aria-required (the schema decides what is really required). */
  required?: boolean;
  hint?: ReactNode;
  /** Keeps the label for screen readers only. */
  hideLabel?: boolean;
  /** Class of the wrapper (label, control and messages). */
  className?: string;
  id?: string;
};

/**
 * Binds a kit field to the surrounding form by name: the controller's parts (value, onChange, onBlur, the
 * ref that lets the form focus the field) and the frame props for `<Field>` (label, marker, hint, the
 * field's error message). Destructure it where it is called: the React compiler's lint treats an object
 * holding a ref as a ref.
 */
export function useFormField(props: KitFieldProps) {
  const { name, label, required, hint, hideLabel, className, id } = props;
  const {
    field: { name: fieldName, value, onChange, onBlur: markTouched, ref: fieldRef, disabled: formDisabled },
    fieldState,
  } = useController({ name });
  const frame: Omit<FieldProps, 'children'> = {
    label,
    required,
    hint,
    hideLabel,
    className,
    id,
    error: fieldState.error?.message,
  };
  return { fieldName, value, onChange, markTouched, fieldRef, formDisabled, frame };
}

/** Splits a kit field's props into its own (KitFieldProps) and those meant for the control. */
export function splitFieldProps<P extends KitFieldProps>(props: P): [KitFieldProps, Omit<P, keyof KitFieldProps>] {
  const { name, label, required, hint, hideLabel, className, id, ...control } = props;
  return [{ name, label, required, hint, hideLabel, className, id }, control];
}

// Method syntax: React handlers of any element type fit (parameters are compared both ways).
type NativeControl = { onBlur?(event: FocusEvent<Element>): void; disabled?: boolean };

/**
 * For kit fields around one native control (input, textarea, select): the Field frame, and the control's
 * props bound to the form (name, value, onChange, onBlur that also marks the field touched, ref, disabled),
 * merged with the caller's own control props.
 */
export function useBoundControl<P extends KitFieldProps & NativeControl>(props: P) {
  const [own, { onBlur, disabled, ...rest }] = splitFieldProps(props);
  const { fieldName, value, onChange, markTouched, fieldRef, formDisabled, frame } = useFormField(own);
  const controlProps = {
    ...rest,
    name: fieldName,
    value: value == null ? '' : value,
    onChange,
    onBlur: (event: FocusEvent<Element>) => {
      markTouched();
      onBlur?.(event);
    },
    ref: fieldRef,
    disabled: formDisabled || disabled,
  };
  return { frame, controlProps };
}
