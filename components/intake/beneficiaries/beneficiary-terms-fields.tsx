'use client';

import { useController, useFormContext, useWatch } from 'react-hook-form';
import { CheckboxField, PercentField, SelectField, TextAreaField } from '@/components/forms';
import { Checkbox } from '@/components/ui/field';
import { TEXT_MAX_LENGTH } from '@/lib/validation/fields';
import { RELATIONSHIPS, TRUST_RELATIONSHIP } from '@/lib/validation/lists';
import type { ValuesKey } from '../shared/owner-fields';
import { TIER_OPTIONS } from './beneficiary-values';
import fieldStyles from '../shared/intake-fields.module.css';

/**
 * 'Omit Beneficiary' (intake §4): ticking sets the tier to omitted, the percent to 0 and per stirpes to
 * false, and asks for the reason; unticking clears the tier and the percent.
 */
function OmitField({ prefix }: { prefix: ValuesKey }) {
  const { setValue } = useFormContext();
  const {
    field: { value: tier, onBlur, disabled },
  } = useController({ name: `${prefix}.tier` });
  const set = (field: string, value: unknown) => setValue(`${prefix}.${field}`, value, { shouldDirty: true, shouldValidate: false });
  return (
    <Checkbox
      label="Omit Beneficiary"
      hint="Leaves this person out of the trust on purpose."
      checked={tier === 'omitted'}
      onChange={(event) => {
        if (event.target.checked) {
          set('tier', 'omitted');
          set('share_percent', '0');
          set('is_per_stirpes', false);
        } else {
          set('tier', '');
          set('share_percent', '');
        }
      }}
      onBlur={onBlur}
      disabled={disabled}
    />
  );
}

/** One client's terms for a beneficiary: relationship, omission or tier, share and per stirpes. */
export function BeneficiaryTermsFields({ prefix, trust }: { prefix: ValuesKey; trust: boolean }) {
  const tier = useWatch({ name: `${prefix}.tier` }) as string;
  const omitted = tier === 'omitted';
  return (
    <>
      {trust ? (
        <p className={fieldStyles.fixed}>
          <span className={fieldStyles.fixedLabel}>Relationship</span>
          {TRUST_RELATIONSHIP}
        </p>
      ) : (
        <SelectField name={`${prefix}.relationship`} label="Relationship" required placeholder="Select…" options={RELATIONSHIPS} other />
      )}
      <OmitField prefix={prefix} />
      {omitted ? (
        <TextAreaField name={`${prefix}.omission_reason`} label="Reason for Omitting" rows={2} maxLength={TEXT_MAX_LENGTH} />
      ) : (
        <div className={fieldStyles.grid}>
          <SelectField name={`${prefix}.tier`} label="Tier" required placeholder="Select…" options={TIER_OPTIONS} />
          <PercentField name={`${prefix}.share_percent`} label="Percentage" required hint="0 to 100; each tier adds up to 100." />
          <CheckboxField
            name={`${prefix}.is_per_stirpes`}
            label="Per stirpes"
            hint="If this beneficiary dies first, their share passes to their descendants."
            className={fieldStyles.full}
          />
        </div>
      )}
    </>
  );
}
