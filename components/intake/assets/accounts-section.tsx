'use client';

import { SelectField, TextField } from '@/components/forms';
import { MoneyField } from '@/components/forms';
import type { RecordColumn } from '@/components/records';
import type { RecordTextsConfig } from '@/components/records';
import { deleteAccountAction, upsertAccountAction } from '@/lib/actions/intake';
import { maskAccountNumber } from '@/lib/format/account';
import type { AccountKind, AccountView, IntakeView, SectionKey } from '@/lib/intake/types';
import { upsertAccountSchema } from '@/lib/validation/intake-assets';
import type { UpsertAccountForm } from '@/lib/validation/intake-assets';
import { BANK_ACCOUNT_TYPES, BANK_COMPANIES, BROKERAGE_ACCOUNT_TYPES, RETIREMENT_ACCOUNT_TYPES } from '@/lib/validation/lists';
import { useIntake } from '../intake-context';
import { IntakeSection } from '../page/intake-section';
import { IntakeRecordSection } from '../records/intake-record-section';
import { OwnerField } from '../shared/owner-fields';
import { newRecordOwner } from '../shared/people';
import fieldStyles from '../shared/intake-fields.module.css';
import { MaskedNumber, moneyText, TotalValue } from './asset-cells';

type AccountConfig = {
  section: SectionKey;
  list: 'retirementAccounts' | 'brokerageAccounts' | 'bankAccounts' | 'annuityAccounts';
  texts: RecordTextsConfig;
  label: string;
  /** The company list (Other switches to free text); free text when absent. */
  companies?: readonly string[];
  /** The type list (Other switches to free text); no type for annuities. */
  types?: readonly string[];
};

/** Sections 10-13: the spec's lists per kind, and the lifecycle's words (annuities: 'Annuity Added'). */
export const ACCOUNT_CONFIG: Record<AccountKind, AccountConfig> = {
  retirement: {
    section: 'retirementAccounts',
    list: 'retirementAccounts',
    texts: { noun: 'Retirement Account', section: 'Retirement Accounts' },
    label: 'List of retirement accounts',
    types: RETIREMENT_ACCOUNT_TYPES,
  },
  brokerage: {
    section: 'brokerageAccounts',
    list: 'brokerageAccounts',
    texts: { noun: 'Brokerage Account', section: 'Brokerage Accounts' },
    label: 'List of brokerage accounts',
    types: BROKERAGE_ACCOUNT_TYPES,
  },
  bank: {
    section: 'bankAccounts',
    list: 'bankAccounts',
    texts: { noun: 'Bank Account', section: 'Bank Accounts' },
    label: 'List of bank accounts',
    companies: BANK_COMPANIES,
    types: BANK_ACCOUNT_TYPES,
  },
  annuity: {
    section: 'annuityAccounts',
    list: 'annuityAccounts',
    texts: { noun: 'Annuity Account', section: 'Annuities', added: 'Annuity Added', updated: 'Annuity Updated' },
    label: 'List of non-qualified annuities and life insurance',
  },
};

export function accountColumns(kind: AccountKind): RecordColumn<AccountView>[] {
  return [
    { key: 'company', header: 'Company', cell: (a) => a.company, sortValue: (a) => a.company.toLowerCase() },
    ...(kind === 'annuity' ? [] : [{ key: 'type', header: 'Type', cell: (a: AccountView) => a.type, sortValue: (a: AccountView) => a.type }]),
    { key: 'number', header: 'Account Number', cell: (a) => <MaskedNumber last4={a.numberLast4} /> },
    { key: 'value', header: 'Value', numeric: true, cell: (a) => moneyText(a.value), sortValue: (a) => (a.value === null ? null : Number(a.value)) },
  ];
}

export function accountFormValues(view: IntakeView, kind: AccountKind, a: AccountView | null): UpsertAccountForm {
  return {
    client_hash: view.client.hash,
    hash: a?.hash ?? '',
    version: a?.version,
    kind,
    owner: a?.owner ?? newRecordOwner(view),
    company: a?.company ?? '',
    type: a?.type ?? '',
    // The stored number never comes to the browser: blank keeps it.
    number: '',
    value: a?.value ?? '',
  };
}

function AccountFields({ config, account }: { config: AccountConfig; account: AccountView | null }) {
  const stored = account?.numberLast4 ? maskAccountNumber(account.numberLast4) : null;
  return (
    <>
      <div className={fieldStyles.grid}>
        {config.companies ? (
          <SelectField name="company" label="Company" required placeholder="Select…" options={config.companies} other={{ backLabel: 'Choose from the list' }} />
        ) : (
          <TextField name="company" label="Company" required autoComplete="off" />
        )}
        {config.types && (
          <SelectField name="type" label="Type" required placeholder="Select…" options={config.types} other={{ backLabel: 'Choose from the list' }} />
        )}
        <TextField
          name="number"
          label="Account Number"
          autoComplete="off"
          spellCheck={false}
          hint={
            stored ? `Stored: ${stored}. Leave blank to keep it; type a new number to replace it.` : 'Letters, digits, spaces and dashes are kept as typed.'
          }
        />
        <MoneyField name="value" label="Value" hint="In dollars" />
      </div>
      <OwnerField />
    </>
  );
}

/** One account section (10-13): company, type (not for annuities), masked account number, value. */
export function AccountsSection({ kind }: { kind: AccountKind }) {
  const { view } = useIntake();
  const config = ACCOUNT_CONFIG[kind];
  const rows = view[config.list];
  return (
    <IntakeSection section={config.section}>
      <IntakeRecordSection
        label={config.label}
        texts={config.texts}
        rows={rows}
        rowKey={(a) => a.hash}
        rowLabel={(a) => [a.company, a.numberLast4 ? `ending in ${a.numberLast4}` : ''].filter(Boolean).join(' ')}
        columns={accountColumns(kind)}
        owner={(a) => a.owner}
        toolbar={<TotalValue values={rows.map((a) => a.value)} />}
        schema={upsertAccountSchema}
        defaults={(a) => accountFormValues(view, kind, a)}
        save={(values) => upsertAccountAction(values)}
        remove={(a) => deleteAccountAction({ client_hash: view.client.hash, kind, hash: a.hash, version: a.version })}
        fields={(a) => <AccountFields config={config} account={a} />}
        size="md"
      />
    </IntakeSection>
  );
}
