import type { ReactNode } from 'react';
import type { Owner } from '@/lib/intake/owners';
import type { AddressView } from '@/lib/intake/types';
import { maskAccountNumber } from '@/lib/format/account';
import { formatUsd, sumMoney } from '@/lib/money';
import styles from './assets.module.css';

/** '1 Main St Apt 2, Austin, TX 78701' (blank parts left out). */
export function addressLine(address: AddressView | null | undefined): string {
  if (!address) return '';
  const lineOne = [address.street, address.unit].filter(Boolean).join(' ');
  const lineTwo = [[address.city, address.state].filter(Boolean).join(', '), address.zip].filter(Boolean).join(' ');
  return [lineOne, lineTwo].filter(Boolean).join(', ');
}

/** '$350,000.00', or '' when no value is given. */
export function moneyText(value: string | null | undefined): string {
  return value === null || value === undefined || value === '' ? '' : formatUsd(value);
}

/** The masked account number with its accessible reading ('ending in 1234'). */
export function MaskedNumber({ last4 }: { last4: string | null }) {
  if (!last4) return null;
  return (
    <span className={styles.masked}>
      <span aria-hidden="true">{maskAccountNumber(last4)}</span>
      <span className="visually-hidden">{`ending in ${last4}`}</span>
    </span>
  );
}

/** The sum of a list's values (big.js, never floats), shown above its table. */
export function TotalValue({ label = 'Total value', values }: { label?: string; values: readonly (string | null)[] }) {
  if (values.every((value) => value === null || value === '')) return null;
  return (
    <p className={styles.total}>
      {label}: <strong>{formatUsd(sumMoney(values))}</strong>
    </p>
  );
}

/** Values per owner in a cell: one when they agree (or one owner), else a line per client. */
export function perOwner<V>(lines: { who: string; value: V | null }[], text: (value: V) => string): ReactNode {
  const present = lines.filter((line): line is { who: string; value: V } => line.value !== null);
  if (present.length === 0) return '';
  if (present.every((line) => text(line.value) === text(present[0].value))) return text(present[0].value);
  return (
    <span className={styles.lines}>
      {present.map((line) => (
        <span key={line.who}>
          {line.who}: {text(line.value)}
        </span>
      ))}
    </span>
  );
}

export type OwnerNames = Record<Owner, string>;
