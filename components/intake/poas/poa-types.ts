import type { PoaType } from '@/lib/intake/types';
import type { SpouseChoice } from '@/lib/validation/intake';

/** Each power of attorney type's words: '<Type> PoA Added', the block's title, its spouse question. */
export const POA_TEXTS: Record<PoaType, { type: string; title: string; choice: SpouseChoice; matters: string }> = {
  general: { type: 'General', title: 'General Durable Power of Attorney', choice: 'is_spouse_poa_general', matters: 'general' },
  medical: { type: 'Medical', title: 'Medical Durable Power of Attorney', choice: 'is_spouse_poa_medical', matters: 'medical' },
  financial: { type: 'Financial', title: 'Financial Durable Power of Attorney', choice: 'is_spouse_poa_financial', matters: 'financial' },
};

/** The record texts of a type: noun 'General PoA', section 'General Durable Power of Attorneys' (intake §8). */
export function poaRecordTexts(type: PoaType) {
  const { type: name, title } = POA_TEXTS[type];
  return { noun: `${name} PoA`, section: `${title}s` };
}
