'use client';

import { useEffect } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { DateField, SelectField, TextAreaField, TextField, TwoDigitField, YesNoField } from '@/components/forms';
import { ESTATE_PLAN_TYPE_MAX_LENGTH } from '@/lib/validation/intake';
import { TEXT_MAX_LENGTH } from '@/lib/validation/fields';
import { useIntake } from '../intake-context';
import { STATE_OPTIONS, stateName } from '../shared/state-options';
import { intentsFor } from './intents';
import fieldStyles from '../shared/intake-fields.module.css';
import styles from './estate-plan.module.css';

export const PLAN_TYPE_OPTIONS = [
  { value: 'Trust', label: 'Living Trust' },
  { value: 'Will', label: 'Will Only' },
];

/**
 * One client's part of the estate plan form (intake §4): No to a current plan clears its type; trust
 * details only for a Trust; intent 1 waits for the governing state; 6 and 7 only with a spouse.
 */
export function EstatePlanClientFields({ prefix, name }: { prefix: 'client1' | 'client2'; name: string }) {
  const { hasSpouse } = useIntake();
  const { getValues, setValue } = useFormContext();
  const path = (field: string) => `${prefix}.${field}`;
  const hasPlan = useWatch({ name: path('has_estate_plan') }) as boolean | null;
  const type = useWatch({ name: path('estate_plan_type') }) as string;
  const state = useWatch({ name: path('trust_governing_state') }) as string;

  // Answering No clears the plan type (and with it the 'other type' flag).
  useEffect(() => {
    if (hasPlan === false && getValues(path('estate_plan_type'))) setValue(path('estate_plan_type'), '', { shouldDirty: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hasPlan]);
  // Intent 1 names the governing state: without a state it cannot stay answered.
  useEffect(() => {
    if (!state && getValues(path('has_trust_intent_1')) !== null) setValue(path('has_trust_intent_1'), null, { shouldDirty: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state]);

  return (
    <fieldset className={styles.clientGroup}>
      <legend>{name}</legend>
      <h4 className={styles.part}>Current Estate Plan</h4>
      <YesNoField name={path('has_estate_plan')} label="Has a current estate plan (a trust or a will)?" required />
      {hasPlan === true && (
        <SelectField
          name={path('estate_plan_type')}
          label="Type of Current Plan"
          required
          placeholder="Select…"
          options={PLAN_TYPE_OPTIONS}
          other={{ maxLength: ESTATE_PLAN_TYPE_MAX_LENGTH }}
        />
      )}
      {hasPlan === true && type === 'Trust' && (
        <div className={fieldStyles.grid}>
          <TextField name={path('trust_name')} label="Trust Name" required maxLength={TEXT_MAX_LENGTH} className={fieldStyles.full} />
          <DateField name={path('trust_date')} label="Trust Date" required />
          <TwoDigitField name={path('trust_times_amended')} label="Times Amended" required hint="0 if never amended." />
          <TextAreaField
            name={path('trust_replacement_reason')}
            label="Reason for Replacing the Trust"
            required
            rows={2}
            maxLength={TEXT_MAX_LENGTH}
            className={fieldStyles.full}
          />
          <YesNoField name={path('is_assets_trust_owned')} label="Are the assets owned by the trust?" required className={fieldStyles.full} />
        </div>
      )}
      <h4 className={styles.part}>New Trust</h4>
      <SelectField
        name={path('trust_governing_state')}
        label="State Governing the New Trust"
        placeholder="Select…"
        options={STATE_OPTIONS}
        hint="Choose it first: the first intention names it."
      />
      {intentsFor(hasSpouse).map((intent) => (
        <YesNoField
          key={intent.number}
          name={path(`has_trust_intent_${intent.number}`)}
          label={`${intent.number}. ${intent.question(stateName(state))}`}
          description={intent.explanation}
          required
          disabled={intent.number === 1 && !state}
        />
      ))}
      <TextAreaField name={path('trust_intent_other')} label="Other Intentions" rows={3} maxLength={TEXT_MAX_LENGTH} />
    </fieldset>
  );
}
