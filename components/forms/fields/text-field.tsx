'use client';

import type { ComponentPropsWithoutRef } from 'react';
import { Field, Textarea, TextInput } from '@/components/ui/field';
import { useBoundControl } from './use-form-field';
import type { KitFieldProps } from './use-form-field';

type ControlledProps = 'name' | 'value' | 'defaultValue' | 'onChange' | 'id' | 'className' | 'required';

export type TextFieldProps = KitFieldProps &
  Omit<ComponentPropsWithoutRef<'input'>, ControlledProps> & {
    /** text (default), email, password, search, url. */
    type?: 'text' | 'email' | 'password' | 'search' | 'url';
  };

/** A text input bound to the form (names, email, passwords, free text). */
export function TextField({ type = 'text', ...props }: TextFieldProps) {
  const { frame, controlProps } = useBoundControl(props);
  return (
    <Field {...frame}>
      <TextInput {...controlProps} type={type} />
    </Field>
  );
}

export type TextAreaFieldProps = KitFieldProps & Omit<ComponentPropsWithoutRef<'textarea'>, ControlledProps>;

/** A multi-line text area bound to the form (notes, comments). */
export function TextAreaField(props: TextAreaFieldProps) {
  const { frame, controlProps } = useBoundControl(props);
  return (
    <Field {...frame}>
      <Textarea {...controlProps} />
    </Field>
  );
}
