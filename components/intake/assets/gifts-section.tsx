'use client';

import { useEffect } from 'react';
import { useController, useFormContext, useWatch } from 'react-hook-form';
import { MoneyField, SelectField, TextField } from '@/components/forms';
import type { RecordColumn } from '@/components/records';
import { useMessage } from '@/components/ui/call-provider';
import { Fieldset, Radio } from '@/components/ui/field';
import { deleteGiftAction, upsertGiftAction } from '@/lib/actions/intake';
import { giftChoices, giftTypeOf, refreshGiftSelection } from '@/lib/intake/asset-rules';
import type { Owner } from '@/lib/intake/owners';
import type { GiftType, GiftView, IntakeView } from '@/lib/intake/types';
import { NO_BENEFICIARIES, NO_PROPERTIES, upsertGiftSchema } from '@/lib/validation/intake-assets';
import type { UpsertGiftForm } from '@/lib/validation/intake-assets';
import { GIFT_TYPES, PREDECEASE_DISTRIBUTIONS } from '@/lib/validation/lists';
import { beneficiaryName } from '../beneficiaries/beneficiary-cells';
import { useIntake } from '../intake-context';
import { IntakeSection } from '../page/intake-section';
import { IntakeRecordSection } from '../records/intake-record-section';
import { OwnerField } from '../shared/owner-fields';
import { newRecordOwner } from '../shared/people';
import fieldStyles from '../shared/intake-fields.module.css';
import { addressLine, moneyText } from './asset-cells';
import styles from './assets.module.css';

const GIFT_TYPE_OPTIONS = (Object.keys(GIFT_TYPES) as GiftType[]).map((value) => ({ value, label: GIFT_TYPES[value] }));
const PREDECEASE_LABELS: Record<keyof typeof PREDECEASE_DISTRIBUTIONS, string> = PREDECEASE_DISTRIBUTIONS;

/** What a gift gives, for the table: the property's address, the cash amount or the item. */
export function giftAssetText(gift: GiftView, view: Pick<IntakeView, 'properties'>): string {
  if (gift.giftType === 'property') return addressLine(view.properties.find((p) => p.address.hash === gift.addressHash)?.address);
  if (gift.giftType === 'cash') return moneyText(gift.cashAmount);
  return gift.specificItem ?? '';
}

export function giftColumns(view: IntakeView): RecordColumn<GiftView>[] {
  const beneficiary = (g: GiftView) => {
    const b = view.beneficiaries.find((x) => x.hash === g.beneficiaryHash);
    return b ? beneficiaryName(b) : '';
  };
  return [
    { key: 'beneficiary', header: 'Beneficiary', cell: beneficiary, sortValue: beneficiary },
    { key: 'asset', header: 'Asset / Cash Amount / Item', cell: (g) => giftAssetText(g, view) },
  ];
}

export function giftFormValues(view: IntakeView, g: GiftView | null): UpsertGiftForm {
  return {
    client_hash: view.client.hash,
    hash: g?.hash ?? '',
    version: g?.version,
    owner: g?.owner ?? newRecordOwner(view),
    // An edited gift's type comes from which of property, cash amount and item is set (intake §4).
    gift_type: (g ? giftTypeOf(g) : '') as UpsertGiftForm['gift_type'],
    beneficiary_hash: g?.beneficiaryHash ?? '',
    address_hash: g?.addressHash ?? '',
    cash_amount: g?.cashAmount ?? '',
    specific_item: g?.specificItem ?? '',
    predecease_distribution: (g?.predeceaseDistribution ?? '') as UpsertGiftForm['predecease_distribution'],
  };
}

/** The predecease choice as radios with the spec's texts. */
function PredeceaseField() {
  const {
    field: { name, value, onChange, onBlur, ref, disabled },
    fieldState,
  } = useController({ name: 'predecease_distribution' });
  return (
    <Fieldset legend="If the beneficiary dies before you, the gift is" required error={fieldState.error?.message}>
      {(Object.keys(PREDECEASE_LABELS) as (keyof typeof PREDECEASE_LABELS)[]).map((key, index) => (
        <Radio
          key={key}
          label={PREDECEASE_LABELS[key]}
          name={name}
          value={key}
          checked={value === key}
          onChange={() => onChange(key)}
          onBlur={onBlur}
          ref={index === 0 ? ref : undefined}
          disabled={disabled}
        />
      ))}
    </Fieldset>
  );
}

/**
 * The gift's fields: the type first; then the beneficiary, the property / cash amount / item and what
 * happens if the beneficiary dies first. An owner change refreshes the choices and clears a selection that
 * is no longer offered; Real Estate with no property to offer shows 'No Properties Found' and resets.
 */
function GiftFields() {
  const { view } = useIntake();
  const { showMessage } = useMessage();
  const { getValues, setValue } = useFormContext();
  const owner = (useWatch({ name: 'owner' }) as Owner) ?? '1';
  const type = useWatch({ name: 'gift_type' }) as GiftType | '';
  const choices = giftChoices(owner, view);

  // An owner change (or a type change) clears what the new owner cannot give.
  useEffect(() => {
    const current = {
      giftType: getValues('gift_type') as GiftType | '',
      beneficiaryHash: getValues('beneficiary_hash') ?? '',
      addressHash: getValues('address_hash') ?? '',
    };
    const next = refreshGiftSelection(current, giftChoices(owner, view));
    if (next.beneficiaryHash !== current.beneficiaryHash) setValue('beneficiary_hash', next.beneficiaryHash, { shouldDirty: true });
    if (next.addressHash !== current.addressHash) setValue('address_hash', next.addressHash, { shouldDirty: true });
    if (next.giftType !== current.giftType) {
      setValue('gift_type', next.giftType, { shouldDirty: true });
      void showMessage({ title: NO_PROPERTIES.title, message: NO_PROPERTIES.text, tone: 'error' });
    }
  }, [owner, type, view, getValues, setValue, showMessage]);

  return (
    <>
      <OwnerField />
      <SelectField name="gift_type" label="Gift Type" required placeholder="Select…" options={GIFT_TYPE_OPTIONS} />
      {type !== '' && (
        <>
          {choices.beneficiaries.length === 0 ? (
            <p className={styles.advisory} role="alert">
              {NO_BENEFICIARIES.title}: {NO_BENEFICIARIES.text}.
            </p>
          ) : (
            <SelectField
              name="beneficiary_hash"
              label="Beneficiary"
              required
              placeholder="Select…"
              options={choices.beneficiaries.map((b) => ({ value: b.hash, label: beneficiaryName(b) }))}
            />
          )}
          {type === 'property' && (
            <SelectField
              name="address_hash"
              label="Property"
              required
              placeholder="Select…"
              options={choices.properties.map((p) => ({ value: p.address.hash, label: addressLine(p.address) }))}
            />
          )}
          {type === 'cash' && (
            <div className={fieldStyles.grid}>
              <MoneyField name="cash_amount" label="Cash Amount" required />
            </div>
          )}
          {type === 'item' && (
            <>
              <TextField name="specific_item" label="Specific Item" required autoComplete="off" />
              <p className={styles.advisory}>A specific item should be of significant value.</p>
            </>
          )}
          <PredeceaseField />
        </>
      )}
    </>
  );
}

/** Section 9: specific gifts. No gift can be started before a beneficiary exists. */
export function GiftsSection() {
  const { view } = useIntake();
  return (
    <IntakeSection section="gifts">
      <IntakeRecordSection
        label="List of specific gifts"
        texts={{ noun: 'Gift', section: 'Gifts' }}
        rows={view.gifts}
        rowKey={(g) => g.hash}
        rowLabel={(g) => giftAssetText(g, view) || 'Gift'}
        columns={giftColumns(view)}
        owner={(g) => g.owner}
        schema={upsertGiftSchema}
        defaults={(g) => giftFormValues(view, g)}
        save={(values) => upsertGiftAction(values)}
        remove={(g) => deleteGiftAction({ client_hash: view.client.hash, hash: g.hash, version: g.version })}
        fields={() => <GiftFields />}
        beforeAdd={() => (view.beneficiaries.length === 0 ? { title: NO_BENEFICIARIES.title, message: NO_BENEFICIARIES.text } : null)}
        // The Create/Save button is hidden while the chosen owner has no beneficiary to give to.
        canSubmit={(form) => giftChoices((form.watch('owner') as Owner) ?? '1', view).beneficiaries.length > 0}
      />
    </IntakeSection>
  );
}
