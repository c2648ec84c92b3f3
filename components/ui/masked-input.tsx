'use client';

import { useCallback } from 'react';
import type { ComponentPropsWithRef, ComponentType, InputHTMLAttributes, Ref } from 'react';
import { IMask, IMaskInput } from 'react-imask';
import type { FactoryOpts, MaskedDynamic } from 'imask';
import { useFieldControl } from './field';
import { cx } from './class-names';
import styles from './field.module.css';

/**
 * Mask presets and the value each one reports through `onChange`:
 *
 * | preset    | shows                                   | reports                          |
 * |-----------|-----------------------------------------|----------------------------------|
 * | phone     | (000) 000-0000                          | digits, '5551234567'             |
 * | ssn       | 000-00-0000                             | digits, '123456789'              |
 * | date      | 00/00/0000, placeholder MM/DD/YYYY      | formatted, '01/31/1980'          |
 * | zip       | 00000                                   | digits                           |
 * | routing   | 9 digits                                | digits                           |
 * | account   | up to 17 digits                         | digits                           |
 * | cvv       | up to 4 digits                          | digits                           |
 * | card      | 0000 0000 0000 0000, or 0000 000000 00000 when it starts with 3 | digits |
 * | expiry    | MM/YY (month limited to 01-12)          | formatted, '04/27'               |
 * | money     | dollars and cents 1,234,567.89          | decimal text, '1234567.89'       |
 * | percent   | up to 999.99                            | decimal text, '33.33'            |
 * | twoDigit  | up to 2 digits                          | digits, '7'                      |
 * | shares    | up to 16 digits                         | digits, '1000'                   |
 *
 * Dates and expiries report the formatted text because the schemas validate that shape (MM/DD/YYYY, MM/YY).
 */
export type MaskPreset = 'phone' | 'ssn' | 'date' | 'zip' | 'routing' | 'account' | 'cvv' | 'card' | 'expiry' | 'money' | 'percent' | 'twoDigit' | 'shares';

type Preset = {
  options: FactoryOpts;
  /** false: report the formatted text; true: report the value without the mask's literals. */
  unmask: boolean;
  inputMode: InputHTMLAttributes<HTMLInputElement>['inputMode'];
  autoComplete?: string;
  placeholder?: string;
};

const digits = (count: number) => '0'.repeat(count);

// Defined once at module level: IMask rebuilds its mask whenever the options' identity changes,
// which would lose the caret position on every render.
const cardOptions: FactoryOpts = {
  mask: [{ mask: '0000 0000 0000 0000' }, { mask: '0000 000000 00000' }],
  // American Express style numbers (leading 3) are 15 digits grouped 4-6-5; all others 16 as 4-4-4-4.
  dispatch: (appended: string, masked: MaskedDynamic) => {
    const typed = (masked.value + appended).replace(/\D/g, '');
    return masked.compiledMasks[typed.startsWith('3') ? 1 : 0];
  },
};

export const MASK_PRESETS: Readonly<Record<MaskPreset, Preset>> = {
  phone: { options: { mask: '(000) 000-0000' }, unmask: true, inputMode: 'tel', autoComplete: 'tel-national' },
  ssn: { options: { mask: '000-00-0000' }, unmask: true, inputMode: 'numeric', autoComplete: 'off' },
  date: { options: { mask: '00/00/0000' }, unmask: false, inputMode: 'numeric', placeholder: 'MM/DD/YYYY' },
  zip: { options: { mask: digits(5) }, unmask: true, inputMode: 'numeric', autoComplete: 'postal-code' },
  routing: { options: { mask: digits(9) }, unmask: true, inputMode: 'numeric', autoComplete: 'off' },
  account: { options: { mask: digits(17) }, unmask: true, inputMode: 'numeric', autoComplete: 'off' },
  cvv: { options: { mask: digits(4) }, unmask: true, inputMode: 'numeric', autoComplete: 'cc-csc' },
  card: { options: cardOptions, unmask: true, inputMode: 'numeric', autoComplete: 'cc-number' },
  expiry: {
    options: {
      mask: 'MM/YY',
      blocks: {
        MM: { mask: IMask.MaskedRange, from: 1, to: 12, maxLength: 2 },
        YY: { mask: '00' },
      },
    },
    unmask: false,
    inputMode: 'numeric',
    autoComplete: 'cc-exp',
    placeholder: 'MM/YY',
  },
  // numeric(12,2): up to 9,999,999,999.99. Every money field takes cents: a whole-dollar mask (scale 0)
  // dropped a typed '.' and kept the digits after it, so '1500.00' became 150000 (issue 18).
  money: {
    options: { mask: Number, scale: 2, radix: '.', mapToRadix: ['.'], thousandsSeparator: ',', min: 0, max: 9999999999.99 },
    unmask: true,
    inputMode: 'decimal',
  },
  percent: {
    options: { mask: Number, scale: 2, radix: '.', mapToRadix: ['.', ','], thousandsSeparator: '', min: 0, max: 999.99 },
    unmask: true,
    inputMode: 'decimal',
  },
  twoDigit: { options: { mask: /^\d{0,2}$/ }, unmask: true, inputMode: 'numeric' },
  // Stock shares (intake §5: digits only); 16 digits reach Number.MAX_SAFE_INTEGER, the rule's upper bound.
  shares: { options: { mask: /^\d{0,16}$/ }, unmask: true, inputMode: 'numeric', autoComplete: 'off' },
};

// Input attributes that react-imask reads as mask options (or that the mask itself controls).
type MaskOwnedInputProps = 'value' | 'defaultValue' | 'onChange' | 'min' | 'max' | 'pattern' | 'maxLength';

// react-imask types its props as a union keyed on the literal mask type, which a preset chosen at
// run time cannot satisfy; this is the subset of props the component actually passes.
type LooseIMaskInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, MaskOwnedInputProps> &
  Record<string, unknown> & {
    unmask?: boolean;
    value?: string;
    defaultValue?: string;
    onAccept?: (value: string) => void;
    onComplete?: (value: string) => void;
    inputRef?: Ref<HTMLInputElement>;
  };
const MaskInput = IMaskInput as unknown as ComponentType<LooseIMaskInputProps>;

export type MaskedInputProps = Omit<ComponentPropsWithRef<'input'>, MaskOwnedInputProps | 'type' | 'children'> & {
  mask: MaskPreset;
  /** The raw value (see the preset table); null and undefined show an empty field. */
  value?: string | null;
  /** Initial raw value when the input is used uncontrolled. */
  defaultValue?: string;
  /** Receives the raw value on every accepted keystroke, paste or deletion. */
  onChange?: (raw: string) => void;
  /** Receives the raw value when the mask is completely filled. */
  onComplete?: (raw: string) => void;
};

/**
 * A text input that shows the formatted value and reports the raw one. Fits react-hook-form's
 * `Controller`: `render={({ field }) => <MaskedInput mask="phone" {...field} />}`.
 */
export function MaskedInput({
  mask,
  value,
  defaultValue,
  onChange,
  onComplete,
  ref,
  className,
  placeholder,
  inputMode,
  autoComplete,
  ...rest
}: MaskedInputProps) {
  const preset = MASK_PRESETS[mask];
  const aria = useFieldControl(rest);
  const controlled = value !== undefined;
  const current = value ?? '';

  const handleAccept = useCallback(
    (next: string) => {
      // IMask also fires "accept" when a controlled value is written back into it; only real changes are reported.
      if (controlled && next === current) return;
      onChange?.(next);
    },
    [controlled, current, onChange],
  );

  return (
    <MaskInput
      {...rest}
      {...aria}
      {...preset.options}
      type="text"
      unmask={preset.unmask}
      {...(controlled ? { value: current } : defaultValue !== undefined ? { defaultValue } : {})}
      onAccept={handleAccept}
      onComplete={onComplete}
      inputRef={ref}
      placeholder={placeholder ?? preset.placeholder}
      inputMode={inputMode ?? preset.inputMode}
      autoComplete={autoComplete ?? preset.autoComplete}
      className={cx(styles.control, className)}
    />
  );
}
