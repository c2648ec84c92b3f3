import type { ClientView } from '@/lib/intake/types';
import type { UpdateEstatePlanInfoForm } from '@/lib/validation/intake';

type AnswersForm = NonNullable<UpdateEstatePlanInfoForm['client2']>;

const asBoolean = (value: 'yes' | 'no' | null): boolean | null => (value === 'yes' ? true : value === 'no' ? false : null);

/** One client's stored answers as the form holds them (Yes/No as booleans, blanks as ''). */
export function answersFormValues(client: ClientView): AnswersForm {
  const [i1, i2, i3, i4, i5, i6, i7] = client.intents;
  return {
    version: client.version,
    has_estate_plan: asBoolean(client.hasEstatePlan),
    estate_plan_type: client.estatePlanType ?? '',
    trust_name: client.trustName ?? '',
    trust_date: client.trustDate ?? '',
    trust_times_amended: client.trustTimesAmended ?? '',
    trust_replacement_reason: client.trustReplacementReason ?? '',
    is_assets_trust_owned: asBoolean(client.isAssetsTrustOwned),
    trust_governing_state: client.trustGoverningState ?? '',
    has_trust_intent_1: i1,
    has_trust_intent_2: i2,
    has_trust_intent_3: i3,
    has_trust_intent_4: i4,
    has_trust_intent_5: i5,
    has_trust_intent_6: i6,
    has_trust_intent_7: i7,
    trust_intent_other: client.trustIntentOther ?? '',
  } as AnswersForm;
}

export function estatePlanFormValues(client: ClientView, spouse: ClientView | null): UpdateEstatePlanInfoForm {
  return { client_hash: client.hash, client1: answersFormValues(client), client2: spouse ? answersFormValues(spouse) : null };
}

const FORM_FIELDS: Record<string, string> = {
  hasEstatePlan: 'has_estate_plan',
  estatePlanType: 'estate_plan_type',
  trustName: 'trust_name',
  trustDate: 'trust_date',
  trustTimesAmended: 'trust_times_amended',
  trustReplacementReason: 'trust_replacement_reason',
  isAssetsTrustOwned: 'is_assets_trust_owned',
};

/** The form's name of a required question of lib/intake/required.ts ('intent3' → 'has_trust_intent_3'). */
export function formFieldOf(field: string): string | null {
  const intent = /^intent(\d)$/.exec(field);
  if (intent) return `has_trust_intent_${intent[1]}`;
  return FORM_FIELDS[field] ?? null;
}
