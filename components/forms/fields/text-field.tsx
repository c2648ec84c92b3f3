'use client';

import type { ComponentPropsWithoutRef } from 'react';
import { Field, Textarea, TextInput } from '@/components/ui/field';
import { keepNameCharacters, keepStreetCharacters } from '@/lib/format/names';
import { useBoundControl } from './use-form-field';
import type { KitFieldProps } from './use-form-field';

type ControlledProps = 'name' | 'value' | 'defaultValue' | 'onChange' | 'id' | 'className' | 'required';

export type TextFieldProps = KitFieldProps &
  Omit<ComponentPropsWithoutRef<'input'>, ControlledProps> & {
    /** text (default), email, password, search, url. */
    type?: 'text' | 'email' | 'password' | 'search' | 'url';
  };

/** A text input bound to the form (email, passwords, free text; names and streets have their own fields). */
export function TextField({ type = 'text', ...props }: TextFieldProps) {
  const { frame, controlProps } = useBoundControl(props);
  return (
    <Field {...frame}>
      <TextInput {...controlProps} type={type} />
    </Field>
  );
}

export type FilteredTextFieldProps = Omit<TextFieldProps, 'type'>;

/**
 * A person's name part (platform §5): letters, accented ones included, apostrophe, period, hyphen and
 * space. Anything else is dropped as it is typed or pasted ('Ann3#e' keeps 'Anne'); the server's
 * `personName` rule checks the same characters.
 */
export function NameField(props: FilteredTextFieldProps) {
  return <FilteredTextField keep={keepNameCharacters} {...props} />;
}

/** A street (platform §5): letters, digits, apostrophe, period, hyphen, comma and space, filtered as typed. */
export function StreetField(props: FilteredTextFieldProps) {
  return <FilteredTextField keep={keepStreetCharacters} {...props} />;
}

/**
 * A text input that keeps only what `keep` keeps of every keystroke and paste, with the caret staying
 * after the characters that were before it. While an input method composes (a dead key for 'é', a
 * Japanese IME) the text is left alone, or the composition would break; it is filtered when it ends.
 */
function FilteredTextField({ keep, ...props }: FilteredTextFieldProps & { keep: (text: string) => string }) {
  const { frame, controlProps } = useBoundControl(props);
  const { onChange } = controlProps;
  const apply = (input: HTMLInputElement) => {
    const typed = input.value;
    const kept = keep(typed);
    if (kept !== typed) {
      const caret = keep(typed.slice(0, input.selectionStart ?? typed.length)).length;
      // Written into the input before React renders the same value, so the caret is not sent to the end.
      input.value = kept;
      input.setSelectionRange(caret, caret);
    }
    onChange(kept);
  };
  return (
    <Field {...frame}>
      <TextInput
        {...controlProps}
        type="text"
        onChange={(event) => ((event.nativeEvent as InputEvent).isComposing ? onChange(event.target.value) : apply(event.target))}
        onCompositionEnd={(event) => apply(event.currentTarget)}
      />
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
