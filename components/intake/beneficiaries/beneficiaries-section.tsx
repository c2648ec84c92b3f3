'use client';

import type { RecordColumn } from '@/components/records';
import { deleteBeneficiaryAction, upsertBeneficiaryAction } from '@/lib/actions/intake';
import { isInOffTier, tierTotals, TOTALS_WARNING } from '@/lib/intake/beneficiary-totals';
import type { TierTotal } from '@/lib/intake/beneficiary-totals';
import type { Owner } from '@/lib/intake/owners';
import { linkCandidates } from '@/lib/intake/people';
import type { BeneficiaryView } from '@/lib/intake/types';
import { upsertBeneficiarySchema } from '@/lib/validation/intake';
import { useIntake } from '../intake-context';
import { IntakeSection } from '../page/intake-section';
import { IntakeRecordSection } from '../records/intake-record-section';
import { SpouseChoices } from '../shared/spouse-choice';
import { beneficiaryName, percentText, perClient, PerStirpesMark, tierText } from './beneficiary-cells';
import { BeneficiaryFields } from './beneficiary-fields';
import { beneficiaryFormValues, TIER_LABELS } from './beneficiary-values';
import styles from './beneficiaries.module.css';

function columnsFor(names: Record<Owner, string>, totalsOff: boolean): RecordColumn<BeneficiaryView>[] {
  return [
    { key: 'name', header: 'Name', cell: beneficiaryName, sortValue: beneficiaryName },
    { key: 'relationship', header: 'Relationship', cell: (b) => perClient(b, names, (t) => t.relationship ?? '') },
    { key: 'tier', header: 'Tier', cell: (b) => perClient(b, names, tierText) },
    {
      key: 'percentage',
      header: 'Percentage',
      numeric: true,
      invalid: totalsOff,
      cell: (b) => perClient(b, names, (t) => (t.tier === 'omitted' ? '' : percentText(t.sharePercent))),
    },
    {
      key: 'perStirpes',
      header: 'Per Stirpes',
      align: 'center',
      cell: (b) =>
        perClient(
          b,
          names,
          (t) => (t.isPerStirpes ? 'yes' : 'no'),
          (t) => <PerStirpesMark on={t.isPerStirpes} />,
        ),
    },
  ];
}

/** "Pat's primary beneficiaries total 75%." for each tier that is off. */
function offTotals(totals: readonly TierTotal[], names: Record<Owner, string>, hasSpouse: boolean): string[] {
  return totals
    .filter((total) => !total.ok)
    .map((total) => {
      const tier = TIER_LABELS[total.tier].toLowerCase();
      const whose = hasSpouse ? `${names[total.owner === 1 ? '1' : '2']}'s ${tier}` : `The ${tier}`;
      return `${whose} beneficiaries total ${percentText(total.total)}.`;
    });
}

/**
 * Section 4: beneficiaries. Percentages are summed per client and tier with big.js
 * (lib/intake/beneficiary-totals.ts); a tier that is not 0 or 100 turns the Percentage header and its rows
 * red with the spec's warning. With a spouse, each client answers whether the survivor receives all.
 */
export function BeneficiariesSection() {
  const { view, people, hasSpouse, ownerNames } = useIntake();
  const totals = tierTotals(view.beneficiaries);
  const off = offTotals(totals, ownerNames, hasSpouse);
  const candidates = linkCandidates(people, 'beneficiary');

  return (
    <IntakeSection section="beneficiaries">
      <SpouseChoices
        choice="is_spouse_beneficiary"
        question={(name, spouse) => `If ${name} dies first, does ${spouse}, as the surviving trustor, receive all benefits?`}
      />
      <IntakeRecordSection
        label="List of beneficiaries"
        texts={{ noun: 'Beneficiary', section: 'Beneficiaries' }}
        rows={view.beneficiaries}
        rowKey={(b) => b.hash}
        rowLabel={beneficiaryName}
        columns={columnsFor(ownerNames, off.length > 0)}
        owner={(b) => b.owner}
        rowTone={(b) => (isInOffTier(b, totals) ? 'danger' : null)}
        toolbar={
          <div className={styles.toolbar} role="status">
            {off.length > 0 && (
              <>
                <p className={styles.warning}>
                  <span aria-hidden="true">! </span>
                  {TOTALS_WARNING}
                </p>
                {off.map((line) => (
                  <p key={line} className={styles.totals}>
                    {line}
                  </p>
                ))}
              </>
            )}
          </div>
        }
        schema={upsertBeneficiarySchema}
        defaults={(b) => beneficiaryFormValues(view, b)}
        save={(values) => upsertBeneficiaryAction(values)}
        remove={(b) => deleteBeneficiaryAction({ client_hash: view.client.hash, hash: b.hash, version: b.version })}
        fields={(b) => <BeneficiaryFields beneficiary={b} candidates={candidates} />}
      />
    </IntakeSection>
  );
}
