'use client';

import type { ComponentPropsWithoutRef } from 'react';
import { Field } from '@/components/ui/field';
import { MaskedInput } from '@/components/ui/masked-input';
import type { MaskPreset } from '@/components/ui/masked-input';
import { checkExpiry } from '@/lib/format/card';
import { parseMoney } from '@/lib/money';
import { blurDate, clampPercent, formatUsDate } from '@/lib/validation/fields';
import { useBoundControl } from './use-form-field';
import type { KitFieldProps } from './use-form-field';

type MaskedControlProps = Omit<
  ComponentPropsWithoutRef<'input'>,
  'name' | 'value' | 'defaultValue' | 'onChange' | 'id' | 'className' | 'required' | 'type' | 'min' | 'max' | 'pattern' | 'maxLength'
>;

export type MaskedFieldProps = KitFieldProps & MaskedControlProps;

type MaskedFieldConfig = {
  mask: MaskPreset;
  /** The form's value as the mask should show it (a stored ISO date, a number ...). */
  toShown?: (value: unknown) => string;
  /** The blur rule: the value to keep once the person leaves the field (clear an impossible date ...). */
  onLeave?: (shown: string) => string;
  /** Called with the mask's value as the person types (before the form has it). */
  onType?: (raw: string) => void;
};

/**
 * The one masked field: a MaskedInput bound to the form, reporting the mask's raw value, with an optional
 * conversion of stored values for display and an optional blur rule.
 */
function MaskedField({ mask, toShown, onLeave, onType, ...props }: MaskedFieldProps & MaskedFieldConfig) {
  const { frame, controlProps } = useBoundControl(props);
  const { value, onChange, onBlur, ...control } = controlProps;
  const shown = toShown ? toShown(value) : asText(value);
  return (
    <Field {...frame}>
      <MaskedInput
        {...control}
        mask={mask}
        value={shown}
        onChange={(raw) => {
          onType?.(raw);
          onChange(raw);
        }}
        onBlur={(event) => {
          if (onLeave) {
            const kept = onLeave(shown);
            if (kept !== shown) onChange(kept);
          }
          onBlur(event);
        }}
      />
    </Field>
  );
}

function asText(value: unknown): string {
  return value == null ? '' : String(value);
}

/**
 * A stored decimal as the number masks write it ('33.30' → '33.3', '100.00' → '100'). Handing the mask its
 * own spelling keeps it from reporting a change (and dirtying the form) the moment the field appears.
 */
function decimalText(value: unknown): string {
  const text = asText(value);
  return parseMoney(text)?.toFixed() ?? text;
}

/** A US phone number behind the (###) ###-#### mask; the form holds its 10 digits. */
export function PhoneField(props: MaskedFieldProps) {
  return <MaskedField mask="phone" {...props} />;
}

/** A five-digit ZIP code. */
export function ZipField(props: MaskedFieldProps) {
  return <MaskedField mask="zip" {...props} />;
}

/** One or two digits (times amended, serve order Other); the form holds the digits, the schema a number. */
export function TwoDigitField(props: MaskedFieldProps) {
  return <MaskedField mask="twoDigit" {...props} />;
}

/** A count of stock shares: digits only, as typed or pasted; the form holds the digits, the schema a number. */
export function SharesField(props: MaskedFieldProps) {
  return <MaskedField mask="shares" {...props} />;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}/;

/**
 * A date behind the MM/DD/YYYY mask. A stored ISO date is shown as MM/DD/YYYY; on blur a month outside 1-12
 * or a day outside 1-31 clears the entry (intake §5). The form holds the typed text; the schema answers ISO.
 */
export function DateField(props: MaskedFieldProps) {
  return <MaskedField mask="date" toShown={showDate} onLeave={blurDate} {...props} />;
}

function showDate(value: unknown): string {
  const text = asText(value);
  return ISO_DATE.test(text) ? formatUsDate(text) : text;
}

/**
 * A share percentage: the mask takes up to 999.99, and on blur the value is clamped to 0..100 (0 or less
 * becomes 0, 100 or more becomes 100, otherwise the decimal it spells).
 */
export function PercentField(props: MaskedFieldProps) {
  return <MaskedField mask="percent" toShown={decimalText} onLeave={clampPercent} {...props} />;
}

/**
 * An amount in dollars and cents with thousands separators (1,234,567.89). A typed or pasted decimal point
 * starts the cents, so '1500.00' is $1,500.00 and never $150,000: the field shows the amount that is saved.
 * The form holds a decimal string ('1234567', '1234.5') and the schema answers '1234567.00'.
 */
export function MoneyField(props: MaskedFieldProps) {
  return <MaskedField mask="money" toShown={decimalText} {...props} />;
}

/** A card number: 4-4-4-4, or 4-6-5 when it starts with 3; the form holds the digits. */
export function CardNumberField(props: MaskedFieldProps) {
  return <MaskedField mask="card" autoComplete="cc-number" {...props} />;
}

/** A CVV: up to 4 digits. */
export function CvvField(props: MaskedFieldProps) {
  return <MaskedField mask="cvv" autoComplete="cc-csc" {...props} />;
}

/** A bank routing number: 9 digits. */
export function RoutingNumberField(props: MaskedFieldProps) {
  return <MaskedField mask="routing" {...props} />;
}

/** A bank account number: up to 17 digits. */
export function AccountNumberField(props: MaskedFieldProps) {
  return <MaskedField mask="account" {...props} />;
}

/**
 * A card expiry, MM/YY (platform §5): on leaving the field, anything but five characters with a month
 * 1-12 not in the past is cleared; a past one also calls `onExpired` (the form says 'Card is expired'),
 * and typing again calls `onRetype` (the form takes the message away: it spoke of the cleared date).
 */
export function ExpiryField({ onExpired, onRetype, ...props }: MaskedFieldProps & { onExpired?: () => void; onRetype?: () => void }) {
  return (
    <MaskedField
      mask="expiry"
      autoComplete="cc-exp"
      onType={() => onRetype?.()}
      onLeave={(shown) => {
        if (shown === '') return shown;
        const checked = checkExpiry(shown);
        if (checked.state === 'ok') return shown;
        if (checked.state === 'expired') onExpired?.();
        return '';
      }}
      {...props}
    />
  );
}
