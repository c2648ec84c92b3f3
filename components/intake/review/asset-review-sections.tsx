'use client';

import type { AccountView, AddressView, CompanyTerms, CompanyView, GiftView, PropertyView } from '@/lib/intake/types';
import { formatUsd } from '@/lib/money';
import { GIFT_TYPES, PREDECEASE_DISTRIBUTIONS } from '@/lib/validation/lists';
import { useIntake } from '../intake-context';
import { beneficiaryName, percentText } from '../beneficiaries/beneficiary-cells';
import { stateName } from '../shared/state-options';
import { Card, NO_RECORDS, ReviewSection } from './review-sections';
import styles from './review.module.css';

/*
 * The review's sections 9-16 (intake §2): properties, companies, specific gifts, the four account kinds and
 * the additional comments, from the asset views of the IntakeView. Account numbers show masked (••••1234):
 * the page never holds them whole.
 */

const money = (value: string | null) => (value === null || value === '' ? '—' : formatUsd(value));

export function addressLines(a: AddressView): string {
  const line1 = [a.street, a.unit].filter(Boolean).join(', ');
  const line2 = [a.city, [a.state, a.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [line1, line2].filter(Boolean).join(', ');
}

function PropertyCards() {
  const { view, hasSpouse, ownerNames } = useIntake();
  return (
    <ReviewSection id="review-properties" title="Properties" empty={view.properties.length === 0}>
      {view.properties.map((p: PropertyView) => {
        const primary = [p.isPrimary1 && ownerNames['1'], p.isPrimary2 && ownerNames['2']].filter(Boolean) as string[];
        return (
          <Card
            key={p.hash}
            title={addressLines(p.address) || 'Property'}
            rows={[
              { label: 'State', value: stateName(p.address.state) || '—' },
              { label: 'Value', value: money(p.address.value) },
              {
                label: 'Purchase Date',
                value: p.purchaseYear ? `${p.purchaseMonth ? `${String(p.purchaseMonth).padStart(2, '0')}/` : ''}${p.purchaseYear}` : '—',
              },
              { label: 'Primary Residence', value: primary.length === 0 ? 'No' : hasSpouse ? primary.join(' & ') : 'Yes' },
              ...(hasSpouse ? [{ label: 'Client', value: ownerNames[p.owner] }] : []),
            ]}
          />
        );
      })}
    </ReviewSection>
  );
}

const COMPANY_TYPE_LABELS: Record<string, string> = {
  corporation: 'Corporation',
  partnership: 'Partnership',
  'limited liability company': 'Limited Liability Company',
  'sole proprietorship': 'Sole Proprietorship',
};

function stakeText(c: CompanyView, names: Record<'1' | '2' | 'both', string>): string {
  const text = (t: CompanyTerms) =>
    [percentText(t.sharePercent), t.stockShares !== null ? `${t.stockShares.toLocaleString('en-US')} shares` : ''].filter(Boolean).join(', ') || '—';
  const lines = [c.terms1 && { who: names['1'], text: text(c.terms1) }, c.terms2 && { who: names['2'], text: text(c.terms2) }].filter(Boolean) as {
    who: string;
    text: string;
  }[];
  if (lines.length === 0) return '—';
  if (lines.every((l) => l.text === lines[0].text)) return lines[0].text;
  return lines.map((l) => `${l.who}: ${l.text}`).join(' · ');
}

function CompanyCards() {
  const { view, hasSpouse, ownerNames } = useIntake();
  return (
    <ReviewSection id="review-companies" title="Companies" empty={view.companies.length === 0}>
      {view.companies.map((c: CompanyView) => (
        <Card
          key={c.hash}
          title={c.name}
          rows={[
            { label: 'Type', value: c.type ? COMPANY_TYPE_LABELS[c.type] : '—' },
            { label: 'Address', value: c.address ? addressLines(c.address) || '—' : '—' },
            { label: 'Value', value: money(c.address?.value ?? null) },
            { label: 'Share Percent', value: stakeText(c, ownerNames) },
            ...(hasSpouse ? [{ label: 'Client', value: ownerNames[c.owner] }] : []),
          ]}
        />
      ))}
    </ReviewSection>
  );
}

function GiftCards() {
  const { view, hasSpouse, ownerNames } = useIntake();
  const beneficiary = (hash: string) => view.beneficiaries.find((b) => b.hash === hash);
  const property = (hash: string | null) => view.properties.find((p) => p.address.hash === hash);
  return (
    <ReviewSection id="review-gifts" title="Specific Gifts" empty={view.gifts.length === 0}>
      {view.gifts.map((g: GiftView) => {
        const b = beneficiary(g.beneficiaryHash);
        const what =
          g.giftType === 'property'
            ? property(g.addressHash)
              ? addressLines(property(g.addressHash)!.address)
              : '—'
            : g.giftType === 'cash'
              ? money(g.cashAmount)
              : (g.specificItem ?? '—');
        return (
          <Card
            key={g.hash}
            title={b ? beneficiaryName(b) : 'Beneficiary'}
            rows={[
              { label: 'Gift', value: GIFT_TYPES[g.giftType] },
              { label: 'Asset / Cash Amount / Item', value: what },
              { label: 'If the Beneficiary Dies First', value: g.predeceaseDistribution ? PREDECEASE_DISTRIBUTIONS[g.predeceaseDistribution] : '—' },
              ...(hasSpouse ? [{ label: 'Client', value: ownerNames[g.owner] }] : []),
            ]}
          />
        );
      })}
    </ReviewSection>
  );
}

function AccountCards({ id, title, accounts, withType = true }: { id: string; title: string; accounts: AccountView[]; withType?: boolean }) {
  const { hasSpouse, ownerNames } = useIntake();
  return (
    <ReviewSection id={id} title={title} empty={accounts.length === 0}>
      {accounts.map((a) => (
        <Card
          key={a.hash}
          title={a.company || 'Account'}
          rows={[
            ...(withType ? [{ label: 'Type', value: a.type || '—' }] : []),
            { label: 'Account Number', value: a.numberLast4 ? `••••${a.numberLast4}` : '—' },
            { label: 'Value', value: money(a.value) },
            ...(hasSpouse ? [{ label: 'Client', value: ownerNames[a.owner] }] : []),
          ]}
        />
      ))}
    </ReviewSection>
  );
}

/** Sections 9-16 of the review, in the spec's order. */
export function AssetReviewSections() {
  const { view } = useIntake();
  const note = view.note.body.trim();
  return (
    <>
      <PropertyCards />
      <CompanyCards />
      <GiftCards />
      <AccountCards id="review-retirement" title="Retirement Accounts" accounts={view.retirementAccounts} />
      <AccountCards id="review-brokerage" title="Brokerage Accounts" accounts={view.brokerageAccounts} />
      <AccountCards id="review-bank" title="Bank Accounts" accounts={view.bankAccounts} />
      <AccountCards id="review-annuities" title="Annuities" accounts={view.annuityAccounts} withType={false} />
      <section className={styles.section} aria-labelledby="review-notes-title" id="review-notes">
        <h2 id="review-notes-title" className={styles.sectionTitle}>
          Additional Comments
        </h2>
        {note ? <p className={styles.noteText}>{note}</p> : <p className={styles.empty}>{NO_RECORDS}</p>}
      </section>
    </>
  );
}
