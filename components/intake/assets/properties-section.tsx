'use client';

import type { ChangeEvent } from 'react';
import { useController, useFormContext, useWatch } from 'react-hook-form';
import { SelectField } from '@/components/forms';
import type { RecordColumn } from '@/components/records';
import { useMessage } from '@/components/ui/call-provider';
import { Checkbox, Field, Select } from '@/components/ui/field';
import { deletePropertyAction, upsertPropertyAction } from '@/lib/actions/intake';
import { primaryChoiceOf, primaryConflicts, primaryFlags, purchaseYears, type PrimaryChoice } from '@/lib/intake/asset-rules';
import type { Owner } from '@/lib/intake/owners';
import type { IntakeView, PropertyView } from '@/lib/intake/types';
import { PRIMARY_RESIDENCE_CHANGE, upsertPropertySchema } from '@/lib/validation/intake-assets';
import type { UpsertPropertyForm } from '@/lib/validation/intake-assets';
import { useIntake } from '../intake-context';
import { IntakeSection } from '../page/intake-section';
import { IntakeRecordSection } from '../records/intake-record-section';
import { OwnerField } from '../shared/owner-fields';
import { newRecordOwner } from '../shared/people';
import fieldStyles from '../shared/intake-fields.module.css';
import { AddressFields } from './address-fields';
import { addressLine, moneyText, type OwnerNames, TotalValue } from './asset-cells';
import styles from './assets.module.css';

export const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;
const MONTH_OPTIONS = MONTHS.map((label, i) => ({ value: String(i + 1), label }));

/** '05/2001', '2001', or '' (month and year are both optional). */
export function purchaseDateText(p: Pick<PropertyView, 'purchaseMonth' | 'purchaseYear'>): string {
  if (!p.purchaseYear) return '';
  return p.purchaseMonth ? `${String(p.purchaseMonth).padStart(2, '0')}/${p.purchaseYear}` : String(p.purchaseYear);
}

/** Whose primary residence a property is, for the marker's accessible name. */
function primaryOf(p: PropertyView, names: OwnerNames, hasSpouse: boolean): string | null {
  if (!p.isPrimary1 && !p.isPrimary2) return null;
  if (!hasSpouse) return 'Primary residence';
  const who = [p.isPrimary1 ? names['1'] : null, p.isPrimary2 ? names['2'] : null].filter(Boolean).join(' and ');
  return `Primary residence of ${who}`;
}

/** The primary-residence marker icon (a house), named for screen readers. */
export function PrimaryMarker({ label }: { label: string }) {
  return (
    <span className={styles.primary} role="img" aria-label={label} title={label}>
      <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path fill="currentColor" d="M12 3 2 11.5h3V21h5.5v-6h3v6H19v-9.5h3L12 3Z" />
      </svg>
    </span>
  );
}

export function propertyColumns(names: OwnerNames, hasSpouse: boolean): RecordColumn<PropertyView>[] {
  return [
    { key: 'address', header: 'Address', cell: (p) => addressLine(p.address), sortValue: (p) => addressLine(p.address) },
    {
      key: 'value',
      header: 'Value',
      cell: (p) => moneyText(p.address.value),
      sortValue: (p) => (p.address.value === null ? null : Number(p.address.value)),
      numeric: true,
    },
    {
      key: 'purchased',
      header: 'Purchase Date',
      cell: purchaseDateText,
      sortValue: (p) => (p.purchaseYear ? p.purchaseYear * 100 + (p.purchaseMonth ?? 0) : null),
    },
    {
      key: 'primary',
      header: 'Primary Residence',
      align: 'center',
      cell: (p) => {
        const label = primaryOf(p, names, hasSpouse);
        return label ? <PrimaryMarker label={label} /> : null;
      },
    },
  ];
}

export function propertyFormValues(view: IntakeView, p: PropertyView | null): UpsertPropertyForm {
  return {
    client_hash: view.client.hash,
    hash: p?.hash ?? '',
    version: p?.version,
    owner: p?.owner ?? newRecordOwner(view),
    is_primary1: p?.isPrimary1 ?? false,
    is_primary2: p?.isPrimary2 ?? false,
    street: p?.address.street ?? '',
    unit: p?.address.unit ?? '',
    city: p?.address.city ?? '',
    state: p?.address.state ?? '',
    zip: p?.address.zip ?? '',
    value: p?.address.value ?? '',
    purchase_month: p?.purchaseMonth ? String(p.purchaseMonth) : '',
    purchase_year: p?.purchaseYear ? String(p.purchaseYear) : '',
  };
}

/**
 * Primary residence: for a shared property No / client 1 / client 2 / Both, for a single owner a checkbox.
 * One per owner: choosing it while the owner already has another asks 'Confirm Primary Residence Change';
 * Cancel keeps the previous value.
 */
export function PrimaryResidenceField({ editingHash }: { editingHash: string | null }) {
  const { view, hasSpouse, ownerNames } = useIntake();
  const { confirm } = useMessage();
  const { setValue } = useFormContext();
  const owner = ((useWatch({ name: 'owner' }) as Owner) ?? '1') as Owner;
  const {
    field: { value: value1, ref: primaryRef, onBlur: onPrimaryBlur, disabled: primaryDisabled },
  } = useController({ name: 'is_primary1' });
  const {
    field: { value: value2 },
  } = useController({ name: 'is_primary2' });
  const current = { isPrimary1: value1 === true && owner !== '2', isPrimary2: value2 === true && owner !== '1' };

  const choose = async (flags: { isPrimary1: boolean; isPrimary2: boolean }) => {
    // Only an owner newly made primary can take the flag from another property.
    const added = { isPrimary1: flags.isPrimary1 && !current.isPrimary1, isPrimary2: flags.isPrimary2 && !current.isPrimary2 };
    if (primaryConflicts(view.properties, editingHash, added).length > 0) {
      const ok = await confirm({ title: PRIMARY_RESIDENCE_CHANGE.title, message: PRIMARY_RESIDENCE_CHANGE.text, confirmLabel: 'Yes' });
      if (!ok) return;
    }
    setValue('is_primary1', flags.isPrimary1, { shouldDirty: true });
    setValue('is_primary2', flags.isPrimary2, { shouldDirty: true });
  };

  if (owner === 'both' && hasSpouse) {
    const choice = primaryChoiceOf(current);
    return (
      <Field label="Primary Residence">
        <Select
          name="primary_choice"
          value={choice}
          ref={primaryRef}
          onBlur={onPrimaryBlur}
          disabled={primaryDisabled}
          onChange={(event: ChangeEvent<HTMLSelectElement>) => void choose(primaryFlags(event.target.value as PrimaryChoice, 'both'))}
          options={[
            { value: 'no', label: 'No' },
            { value: '1', label: ownerNames['1'] },
            { value: '2', label: ownerNames['2'] },
            { value: 'both', label: 'Both' },
          ]}
        />
      </Field>
    );
  }
  const mine = owner === '2' ? current.isPrimary2 : current.isPrimary1;
  return (
    <Checkbox
      label="Primary Residence"
      name="primary_checkbox"
      checked={mine}
      ref={primaryRef}
      onBlur={onPrimaryBlur}
      disabled={primaryDisabled}
      onChange={(event) => void choose(primaryFlags(event.target.checked ? owner : 'no', owner))}
    />
  );
}

function PropertyFields({ property }: { property: PropertyView | null }) {
  const years = purchaseYears().map((y) => String(y));
  return (
    <>
      <AddressFields required />
      <div className={fieldStyles.grid}>
        <SelectField name="purchase_month" label="Purchase Month" placeholder="Select…" options={MONTH_OPTIONS} />
        <SelectField name="purchase_year" label="Purchase Year" placeholder="Select…" options={years} />
      </div>
      <OwnerField />
      <PrimaryResidenceField editingHash={property?.hash ?? null} />
    </>
  );
}

/** Section 7: properties, with the primary-residence marker and the one-primary-per-owner confirmation. */
export function PropertiesSection() {
  const { view, ownerNames, hasSpouse } = useIntake();
  return (
    <IntakeSection section="properties">
      <IntakeRecordSection
        label="List of properties"
        texts={{ noun: 'Property', section: 'Properties' }}
        rows={view.properties}
        rowKey={(p) => p.hash}
        rowLabel={(p) => addressLine(p.address)}
        columns={propertyColumns(ownerNames, hasSpouse)}
        owner={(p) => p.owner}
        toolbar={<TotalValue values={view.properties.map((p) => p.address.value)} />}
        schema={upsertPropertySchema}
        defaults={(p) => propertyFormValues(view, p)}
        save={(values) => upsertPropertyAction(values)}
        remove={(p) => deletePropertyAction({ client_hash: view.client.hash, hash: p.hash, version: p.version })}
        fields={(p) => <PropertyFields property={p} />}
      />
    </IntakeSection>
  );
}
