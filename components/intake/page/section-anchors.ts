import type { SectionKey } from '@/lib/intake/types';

/** The page's anchors, one per section: /client-info/{hash}#beneficiaries jumps there. */
export const SECTION_ANCHORS: Record<SectionKey, string> = {
  personal: 'personal-info',
  estatePlan: 'estate-plan',
  children: 'children',
  beneficiaries: 'beneficiaries',
  trustees: 'successor-trustees',
  poas: 'powers-of-attorney',
  properties: 'properties',
  companies: 'companies',
  gifts: 'specific-gifts',
  retirementAccounts: 'retirement-accounts',
  brokerageAccounts: 'brokerage-accounts',
  bankAccounts: 'bank-accounts',
  annuityAccounts: 'annuities',
  notes: 'additional-comments',
};

export function sectionAnchor(key: SectionKey): string {
  return SECTION_ANCHORS[key];
}
