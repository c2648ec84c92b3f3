'use client';

import { createContext, useContext, useId } from 'react';
import type { ComponentPropsWithRef, ReactNode } from 'react';
import { buttonClass, type ButtonSize } from './button';
import { cx } from './class-names';
import styles from './field.module.css';

/** What a Field or Fieldset tells the control inside it, so ids and ARIA wiring happen in one place. */
type FieldContextValue = {
  id?: string;
  describedBy?: string;
  invalid: boolean;
  required: boolean;
};

const FieldContext = createContext<FieldContextValue | null>(null);

type AriaProps = {
  id?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean | 'true' | 'false' | 'grammar' | 'spelling';
  'aria-required'?: boolean | 'true' | 'false';
};

function joinIds(...ids: Array<string | undefined>): string | undefined {
  const joined = ids.filter(Boolean).join(' ');
  return joined || undefined;
}

/**
 * The id and ARIA attributes a control inside a Field should carry (explicit props win).
 * Exported for custom controls such as MaskedInput.
 */
export function useFieldControl(props: AriaProps = {}): Required<Pick<AriaProps, 'id'>> & AriaProps {
  const context = useContext(FieldContext);
  const fallbackId = useId();
  return {
    id: props.id ?? context?.id ?? fallbackId,
    'aria-describedby': joinIds(context?.describedBy, props['aria-describedby']),
    'aria-invalid': props['aria-invalid'] ?? (context?.invalid ? true : undefined),
    // aria-required rather than `required`: the browser's own validation bubbles would fight react-hook-form.
    'aria-required': props['aria-required'] ?? (context?.required ? true : undefined),
  };
}

/** Hint and error paragraphs with the ids the control points at. */
function Messages({ hintId, errorId, hint, error, className }: { hintId: string; errorId: string; hint?: ReactNode; error?: ReactNode; className?: string }) {
  if (!hint && !error) return null;
  return (
    <div className={className}>
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}

export type FieldProps = {
  label: ReactNode;
  /** Help text under the control, announced with it. */
  hint?: ReactNode;
  /** Error text (e.g. `errors.name?.message`); marks the control aria-invalid. */
  error?: ReactNode;
  required?: boolean;
  /** The control's id; generated when omitted. */
  id?: string;
  /** Keeps the label for screen readers only (for table cells and compact rows). */
  hideLabel?: boolean;
  /**
   * In a row of controls (a search bar with its button): no space below the field, so the row's controls,
   * aligned to their bottom edge, line up with each other.
   */
  inline?: boolean;
  className?: string;
  children: ReactNode;
};

/**
 * Fields and buttons side by side (a search bar): aligned to their bottom edge, the first field taking the room
 * that is left, wrapping on narrow screens. Its fields are `inline`.
 */
export function ControlRow({ className, children }: { className?: string; children: ReactNode }) {
  return <div className={cx(styles.controlRow, className)}>{children}</div>;
}

/** Wraps one control with its label, hint, error and required marker, wiring id / aria-describedby / aria-invalid. */
export function Field({ label, hint, error, required = false, id, hideLabel, inline = false, className, children }: FieldProps) {
  const generatedId = useId();
  const controlId = id ?? generatedId;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const hasError = Boolean(error);
  const context: FieldContextValue = {
    id: controlId,
    describedBy: joinIds(hint ? hintId : undefined, hasError ? errorId : undefined),
    invalid: hasError,
    required,
  };
  return (
    <div className={cx(styles.field, inline && styles.flush, className)}>
      <label htmlFor={controlId} className={cx(styles.label, hideLabel && 'visually-hidden')}>
        {label}
        {required && (
          <span className={styles.required} aria-hidden="true">
            *
          </span>
        )}
      </label>
      <FieldContext.Provider value={context}>{children}</FieldContext.Provider>
      <Messages hintId={hintId} errorId={errorId} hint={hint} error={error} />
    </div>
  );
}

export type FieldsetProps = {
  legend: ReactNode;
  /** A plain-words line right under the legend, saying what the question means; it describes the group. */
  description?: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  required?: boolean;
  /** Lays the options out in a row (Yes / No questions). */
  inline?: boolean;
  hideLegend?: boolean;
  className?: string;
  children: ReactNode;
};

/**
 * Groups radios or checkboxes under one legend; its description (under the legend), hint and error
 * describe every option inside, and the description the group itself.
 */
export function Fieldset({ legend, description, hint, error, required = false, inline, hideLegend, className, children }: FieldsetProps) {
  const baseId = useId();
  const descriptionId = `${baseId}-description`;
  const hintId = `${baseId}-hint`;
  const errorId = `${baseId}-error`;
  const hasError = Boolean(error);
  const context: FieldContextValue = {
    // No id: each option inside keeps its own.
    describedBy: joinIds(description ? descriptionId : undefined, hint ? hintId : undefined, hasError ? errorId : undefined),
    invalid: hasError,
    required,
  };
  return (
    <fieldset className={cx(styles.fieldset, className)} aria-describedby={description ? descriptionId : undefined}>
      <legend className={cx(styles.label, styles.legend, hideLegend && 'visually-hidden')}>
        {legend}
        {required && (
          <span className={styles.required} aria-hidden="true">
            *
          </span>
        )}
      </legend>
      {description && (
        <p id={descriptionId} className={styles.description}>
          {description}
        </p>
      )}
      <FieldContext.Provider value={context}>
        <div className={cx(styles.options, inline && styles.inline)}>{children}</div>
      </FieldContext.Provider>
      <Messages hintId={hintId} errorId={errorId} hint={hint} error={error} />
    </fieldset>
  );
}

export type TextInputProps = ComponentPropsWithRef<'input'>;

/** A text-like input styled for the app; takes its id and ARIA wiring from the surrounding Field. */
export function TextInput({ className, ref, type = 'text', ...rest }: TextInputProps) {
  const aria = useFieldControl(rest);
  return <input ref={ref} type={type} {...rest} {...aria} className={cx(styles.control, className)} />;
}

export type TextareaProps = ComponentPropsWithRef<'textarea'>;

/** A multi-line text input; takes its id and ARIA wiring from the surrounding Field. */
export function Textarea({ className, ref, ...rest }: TextareaProps) {
  const aria = useFieldControl(rest);
  return <textarea ref={ref} {...rest} {...aria} className={cx(styles.control, styles.textarea, className)} />;
}

export type SelectOption = { value: string; label: string; disabled?: boolean };

export type SelectProps = ComponentPropsWithRef<'select'> & {
  /** Convenience list of options; `children` may be used instead (or as well, after them). */
  options?: readonly SelectOption[];
  /** A first empty option such as 'Select…'. */
  placeholder?: string;
};

/** A native select (the most accessible choice on phones); takes its id and ARIA wiring from the Field. */
export function Select({ className, ref, options, placeholder, children, ...rest }: SelectProps) {
  const aria = useFieldControl(rest);
  return (
    <select ref={ref} {...rest} {...aria} className={cx(styles.control, styles.select, className)}>
      {placeholder !== undefined && <option value="">{placeholder}</option>}
      {options?.map((option) => (
        <option key={option.value} value={option.value} disabled={option.disabled}>
          {option.label}
        </option>
      ))}
      {children}
    </select>
  );
}

type ChoiceProps = Omit<ComponentPropsWithRef<'input'>, 'type'> & {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
};

function Choice({ type, label, hint, error, className, ref, id, ...rest }: ChoiceProps & { type: 'checkbox' | 'radio' }) {
  const context = useContext(FieldContext);
  const generatedId = useId();
  // A choice always labels itself, so it never borrows the id of a surrounding Field.
  const controlId = id ?? generatedId;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const invalid = Boolean(error) || Boolean(context?.invalid);
  return (
    <div className={cx(styles.check, className)}>
      <div className={styles.checkRow}>
        <input
          ref={ref}
          type={type}
          id={controlId}
          {...rest}
          aria-describedby={joinIds(context?.describedBy, hint ? hintId : undefined, error ? errorId : undefined, rest['aria-describedby'])}
          aria-invalid={rest['aria-invalid'] ?? (invalid || undefined)}
          className={styles.checkInput}
        />
        <label htmlFor={controlId} className={styles.checkLabel}>
          {label}
        </label>
      </div>
      <Messages hintId={hintId} errorId={errorId} hint={hint} error={error} className={styles.checkMessages} />
    </div>
  );
}

export type CheckboxProps = ChoiceProps;

/** A checkbox with its own label beside it (and optional hint / error); forwards its ref for `register`. */
export function Checkbox(props: CheckboxProps) {
  return <Choice type="checkbox" {...props} />;
}

export type RadioProps = ChoiceProps;

/** A radio option with its label; group several inside a Fieldset. */
export function Radio(props: RadioProps) {
  return <Choice type="radio" {...props} />;
}

export type FileInputProps = Omit<ComponentPropsWithRef<'input'>, 'type' | 'size' | 'children'> & {
  /** The button's text, which is also the input's name (may end in visually hidden words: 'for Pat Rivera'). */
  children: ReactNode;
  /** The chosen file's name, shown beside the button; null or absent before a choice ('No file chosen'). */
  fileName?: string | null;
  /** Shown under the button and read with the input: which files are taken. */
  hint?: ReactNode;
  size?: ButtonSize;
};

/**
 * The app's file control: the native file input (kept for the keyboard, screen readers and the browser's own
 * picker) hidden behind a label drawn as the kit's secondary button, with the chosen file's name beside it
 * and an optional hint. The browser's own "Choose File / No file chosen" looks like no other control of the
 * app, so it is never shown. Forwards its ref and every input prop.
 */
export function FileInput({ children, fileName, hint, size = 'sm', id, className, disabled, ref, ...rest }: FileInputProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const nameId = `${inputId}-chosen`;
  const hintId = `${inputId}-hint`;
  return (
    <div className={cx(styles.file, className)}>
      <input
        ref={ref}
        type="file"
        id={inputId}
        disabled={disabled}
        {...rest}
        aria-describedby={joinIds(nameId, hint ? hintId : undefined, rest['aria-describedby'])}
        className={styles.fileInput}
      />
      <label htmlFor={inputId} className={cx(buttonClass({ variant: 'secondary', size }), styles.fileButton)}>
        {children}
      </label>
      <span id={nameId} className={cx(styles.fileName, !fileName && styles.fileNone)}>
        {fileName || 'No file chosen'}
      </span>
      {hint ? (
        <p id={hintId} className={styles.fileHint}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}
