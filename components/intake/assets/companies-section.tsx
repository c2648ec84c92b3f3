'use client';

import { useFormContext, useWatch } from 'react-hook-form';
import { PercentField, SelectField, SharesField, TextField } from '@/components/forms';
import type { RecordColumn } from '@/components/records';
import { Checkbox } from '@/components/ui/field';
import { deleteCompanyAction, upsertCompanyAction } from '@/lib/actions/intake';
import { fillCompanyTerms } from '@/lib/intake/asset-rules';
import { sameValuesOf, setSameValues, type Owner, type OwnedValues } from '@/lib/intake/owners';
import type { CompanyTerms, CompanyView, IntakeView } from '@/lib/intake/types';
import { upsertCompanySchema } from '@/lib/validation/intake-assets';
import type { UpsertCompanyForm, UpsertCompanyInput } from '@/lib/validation/intake-assets';
import { COMPANY_TYPES } from '@/lib/validation/lists';
import { percentText } from '../beneficiaries/beneficiary-cells';
import { useIntake } from '../intake-context';
import { IntakeSection } from '../page/intake-section';
import { IntakeRecordSection } from '../records/intake-record-section';
import { HelpButton } from '../shared/help-dialog';
import { OwnedValuesFields, OwnerField } from '../shared/owner-fields';
import { newRecordOwner } from '../shared/people';
import fieldStyles from '../shared/intake-fields.module.css';
import { AddressFields } from './address-fields';
import { addressLine, type OwnerNames, perOwner } from './asset-cells';

export const COMPANY_TYPE_LABELS: Record<(typeof COMPANY_TYPES)[number], string> = {
  corporation: 'Corporation',
  partnership: 'Partnership',
  'limited liability company': 'Limited Liability Company',
  'sole proprietorship': 'Sole Proprietorship',
};
const TYPE_OPTIONS = COMPANY_TYPES.map((value) => ({ value, label: COMPANY_TYPE_LABELS[value] }));

/** A client's stake as the form holds it ('' when none). */
type TermsForm = { share_percent: string; stock_shares: string };
const EMPTY_TERMS: TermsForm = { share_percent: '', stock_shares: '' };
const termsForm = (t: CompanyTerms | null): TermsForm => ({
  share_percent: t?.sharePercent ?? '',
  stock_shares: t?.stockShares == null ? '' : String(t.stockShares),
});

export function CompaniesHelp() {
  return (
    <HelpButton title="Companies">
      <p>
        List the businesses you own or hold a stake in: corporations, partnerships, limited liability companies and sole proprietorships. Your attorney uses
        this to decide how each interest passes into the trust.
      </p>
      <ul>
        <li>Share percent is each owner&apos;s percentage of the company.</li>
        <li>For a corporation, also give the number of stock shares held.</li>
        <li>Married couples may hold the same stake, or different stakes for each spouse.</li>
      </ul>
    </HelpButton>
  );
}

export function companyColumns(names: OwnerNames): RecordColumn<CompanyView>[] {
  const lines = (c: CompanyView) => [
    { who: names['1'], value: c.terms1 },
    { who: names['2'], value: c.terms2 },
  ];
  return [
    { key: 'name', header: 'Name', cell: (c) => c.name, sortValue: (c) => c.name.toLowerCase() },
    { key: 'type', header: 'Type', cell: (c) => (c.type ? COMPANY_TYPE_LABELS[c.type] : ''), sortValue: (c) => c.type },
    { key: 'address', header: 'Address', cell: (c) => addressLine(c.address) },
    { key: 'share', header: 'Share Percent', numeric: true, cell: (c) => perOwner(lines(c), (t) => percentText(t.sharePercent)) },
  ];
}

export function companyFormValues(view: IntakeView, c: CompanyView | null): UpsertCompanyForm {
  const owner = c?.owner ?? newRecordOwner(view);
  const values1 = termsForm(c?.terms1 ?? null);
  const values2 = termsForm(c?.terms2 ?? null);
  return {
    client_hash: view.client.hash,
    hash: c?.hash ?? '',
    version: c?.version,
    owner,
    // Same values is on when the two sets are equal (intake §4).
    same_values: owner !== 'both' || sameValuesOf(values1, values2),
    values1: owner === '2' ? EMPTY_TERMS : values1,
    values2: owner === '1' ? EMPTY_TERMS : values2,
    name: c?.name ?? '',
    type: c?.type ?? '',
    street: c?.address?.street ?? '',
    unit: c?.address?.unit ?? '',
    city: c?.address?.city ?? '',
    state: c?.address?.state ?? '',
    zip: c?.address?.zip ?? '',
    value: c?.address?.value ?? '',
  } as UpsertCompanyForm;
}

/** Stock shares are sent only for corporations (null otherwise). */
export function companyInput(values: UpsertCompanyInput): UpsertCompanyInput {
  if (values.type === 'corporation') return values;
  return { ...values, values1: { ...values.values1, stock_shares: null }, values2: { ...values.values2, stock_shares: null } };
}

/** Same values for a company: switching it on fills a missing share or stock count of one owner from the other. */
function CompanySameValues() {
  const { hasSpouse, ownerNames } = useIntake();
  const { getValues, setValue } = useFormContext();
  const owner = useWatch({ name: 'owner' }) as Owner;
  const same = useWatch({ name: 'same_values' }) !== false;
  if (!hasSpouse || owner !== 'both') return null;
  const fill = (a: TermsForm, b: TermsForm): TermsForm => {
    const filled = fillCompanyTerms(
      { sharePercent: a.share_percent || null, stockShares: a.stock_shares === '' ? null : Number(a.stock_shares) },
      { sharePercent: b.share_percent || null, stockShares: b.stock_shares === '' ? null : Number(b.stock_shares) },
    );
    return { share_percent: filled.sharePercent ?? '', stock_shares: filled.stockShares == null ? '' : String(filled.stockShares) };
  };
  return (
    <Checkbox
      label={`Same values for ${ownerNames['1']} and ${ownerNames['2']}`}
      name="same_values"
      checked={same}
      onChange={(event) => {
        const current: OwnedValues<TermsForm> = { owner, sameValues: same, values1: getValues('values1'), values2: getValues('values2') };
        const next = setSameValues(current, event.target.checked, fill);
        setValue('values1', next.values1, { shouldDirty: true });
        setValue('values2', next.values2, { shouldDirty: true });
        setValue('same_values', next.sameValues, { shouldDirty: true });
      }}
    />
  );
}

function CompanyFields() {
  const type = useWatch({ name: 'type' });
  return (
    <>
      <div className={fieldStyles.grid}>
        <TextField name="name" label="Company Name" required autoComplete="off" />
        <SelectField name="type" label="Type" required placeholder="Select…" options={TYPE_OPTIONS} />
      </div>
      <AddressFields />
      <OwnerField<TermsForm> empty={EMPTY_TERMS} />
      <CompanySameValues />
      <OwnedValuesFields legend={(who) => `Stake of ${who}`}>
        {(key) => (
          <div className={fieldStyles.grid}>
            <PercentField name={`${key}.share_percent`} label="Share Percent" required />
            {type === 'corporation' && <SharesField name={`${key}.stock_shares`} label="Stock Shares" hint="Digits only" />}
          </div>
        )}
      </OwnedValuesFields>
    </>
  );
}

/** Section 8: companies, with a help icon; stock shares only for corporations. */
export function CompaniesSection() {
  const { view, ownerNames } = useIntake();
  return (
    <IntakeSection section="companies" tools={<CompaniesHelp />}>
      <IntakeRecordSection
        label="List of companies"
        texts={{ noun: 'Company', section: 'Companies' }}
        rows={view.companies}
        rowKey={(c) => c.hash}
        rowLabel={(c) => c.name}
        columns={companyColumns(ownerNames)}
        owner={(c) => c.owner}
        schema={upsertCompanySchema}
        defaults={(c) => companyFormValues(view, c)}
        save={(values) => upsertCompanyAction(companyInput(values))}
        remove={(c) => deleteCompanyAction({ client_hash: view.client.hash, hash: c.hash, version: c.version })}
        fields={() => <CompanyFields />}
      />
    </IntakeSection>
  );
}
