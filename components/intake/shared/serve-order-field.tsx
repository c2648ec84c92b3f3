'use client';

import { useLayoutEffect, useRef, useState } from 'react';
import type { ChangeEvent } from 'react';
import { useController } from 'react-hook-form';
import { TwoDigitField } from '@/components/forms';
import { Field, Select } from '@/components/ui/field';
import { SERVE_ORDER_OTHER, serveOrderOptions } from '@/lib/intake/serve-order';
import styles from './intake-fields.module.css';

type Props = {
  /** The value's path ('values1.order'). */
  name: string;
  label?: string;
  /** The orders of the client's other records in this list (the maximum-order helper builds the options). */
  orders: readonly (number | null | undefined)[];
};

const asText = (value: unknown) => (value == null ? '' : String(value));

/**
 * Serve order (intake §4): 1 … one past the highest order in use, and 'Other', which switches to a free
 * entry of up to two digits with a reset icon back to the list.
 */
export function ServeOrderField({ name, label = 'Serve Order', orders }: Props) {
  const {
    field: { value, onChange, onBlur, ref, disabled },
    fieldState,
  } = useController({ name });
  const current = Number(asText(value)) || null;
  const options = serveOrderOptions(orders, current);
  const [typing, setTyping] = useState(false);
  const switched = useRef(false);
  const rowRef = useRef<HTMLDivElement>(null);

  // After a switch, the control that replaced the other one takes the focus.
  useLayoutEffect(() => {
    if (!switched.current) return;
    switched.current = false;
    rowRef.current?.querySelector<HTMLElement>('input, select')?.focus();
  }, [typing]);

  const switchTo = (other: boolean) => {
    switched.current = true;
    setTyping(other);
    onChange('');
  };

  if (typing) {
    return (
      <div ref={rowRef} className={styles.orderRow}>
        <TwoDigitField name={name} label={label} required hint="Up to two digits." />
        <button type="button" className={styles.iconButton} onClick={() => switchTo(false)} disabled={disabled} title="Back to the list">
          <span aria-hidden="true">↺</span>
          <span className="visually-hidden">Back to the list of {label.toLowerCase()}s</span>
        </button>
      </div>
    );
  }

  return (
    <div ref={rowRef}>
      <Field label={label} required error={fieldState.error?.message}>
        <Select
          name={name}
          value={asText(value)}
          onChange={(event: ChangeEvent<HTMLSelectElement>) => {
            if (event.target.value === SERVE_ORDER_OTHER) switchTo(true);
            else onChange(event.target.value);
          }}
          onBlur={onBlur}
          ref={ref}
          disabled={disabled}
          placeholder="Select…"
          options={options.map((option) => ({ value: option, label: option }))}
        />
      </Field>
    </div>
  );
}
