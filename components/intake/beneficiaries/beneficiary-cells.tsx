import type { ReactNode } from 'react';
import type { Owner } from '@/lib/intake/owners';
import type { BeneficiaryTerms, BeneficiaryView } from '@/lib/intake/types';
import { parseMoney } from '@/lib/money';
import { nameOf } from '../shared/people';
import { TIER_LABELS } from './beneficiary-values';
import styles from './beneficiaries.module.css';

export function beneficiaryName(beneficiary: BeneficiaryView): string {
  return beneficiary.type === 'entity' ? (beneficiary.entity?.name ?? '') : nameOf(beneficiary.person);
}

/** '33.3%' for '33.30'; blank when not given. */
export function percentText(share: string | null): string {
  if (share === null || share === '') return '';
  let text = PERCENT_TEXTS.get(share);
  if (text === undefined) {
    if (PERCENT_TEXTS.size >= 1000) PERCENT_TEXTS.clear();
    text = `${parseMoney(share)?.toString() ?? share}%`;
    PERCENT_TEXTS.set(share, text);
  }
  return text;
}

/**
 * Each share's text, worked out once: a household has a few distinct shares, and the review and the table
 * asked for each beneficiary's several times a render (about a hundred decimal parses for the big couple).
 */
const PERCENT_TEXTS = new Map<string, string>();

export function tierText(terms: BeneficiaryTerms): string {
  return terms.tier ? TIER_LABELS[terms.tier] : '';
}

/**
 * A per-client value in a table cell: one value when the owners' terms agree (or one owner), otherwise a
 * line per client named by their first name. `text` decides whether they agree; `render` shows a value.
 */
export function perClient(
  beneficiary: BeneficiaryView,
  names: Record<Owner, string>,
  text: (terms: BeneficiaryTerms) => string,
  render: (terms: BeneficiaryTerms) => ReactNode = text,
): ReactNode {
  const lines = [
    { who: names['1'], terms: beneficiary.terms1 },
    { who: names['2'], terms: beneficiary.terms2 },
  ].filter((line): line is { who: string; terms: BeneficiaryTerms } => line.terms !== null);
  if (lines.length === 0) return '';
  if (lines.every((line) => text(line.terms) === text(lines[0].terms))) return render(lines[0].terms);
  return (
    <span className={styles.lines}>
      {lines.map((line) => (
        <span key={line.who}>
          <span className={styles.who}>{`${line.who}:`}</span> {render(line.terms)}
        </span>
      ))}
    </span>
  );
}

/** The per stirpes check: a mark, with its meaning for screen readers. */
export function PerStirpesMark({ on }: { on: boolean }) {
  return on ? (
    <>
      <span aria-hidden="true">✓</span>
      <span className="visually-hidden">Yes</span>
    </>
  ) : (
    <span className="visually-hidden">No</span>
  );
}
