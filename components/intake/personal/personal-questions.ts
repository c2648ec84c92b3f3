import type { ClientView } from '@/lib/intake/types';

/** The Yes/No questions of personal info (intake §3), in the form's order. */
export const PERSONAL_QUESTIONS = [
  { name: 'is_us_citizen', field: 'isUsCitizen', label: 'U.S. citizen?' },
  { name: 'is_receiving_medicaid', field: 'isReceivingMedicaid', label: 'Receiving Medicaid?' },
  { name: 'has_mental_disorder', field: 'hasMentalDisorder', label: 'Has a mental disorder?' },
  {
    name: 'wants_life_support',
    field: 'wantsLifeSupport',
    label: 'Life support, when there is no reasonable hope of recovery',
    yes: 'Used to maintain life',
    no: 'Terminated',
  },
  { name: 'wants_cremation', field: 'wantsCremation', label: 'Wants cremation?' },
  { name: 'is_organ_donor', field: 'isOrganDonor', label: 'Organ donor?' },
] as const satisfies readonly { name: string; field: keyof ClientView; label: string; yes?: string; no?: string }[];

export const GENDER_LABELS = { male: 'Male', female: 'Female' } as const;

/** The text of a stored Yes/No answer (with the question's own words for Yes and No). */
export function answerText(value: boolean | null, question: object = {}): string | null {
  if (value === null) return null;
  const words = question as { yes?: string; no?: string };
  return value ? (words.yes ?? 'Yes') : (words.no ?? 'No');
}

export const PERSONAL_INFO_UPDATED = 'Personal info updated successfully';
