'use client';

import { Fragment, type ReactNode } from 'react';
import { ageLabel, formatUsDate, isMinor } from '@/lib/format/date';
import { formatPhone } from '@/lib/format/phone';
import type { AgentView, BeneficiaryView, ChildView, ClientView, GuardianView, PoaType, TrusteeView } from '@/lib/intake/types';
import { agentServiceText, currentPlanText, lifeSupportText, yesNoText } from '@/lib/intake/review-texts';
import { useIntake } from '../intake-context';
import { beneficiaryName, perClient, percentText, tierText } from '../beneficiaries/beneficiary-cells';
import { INTENTS } from '../estate-plan/intents';
import { GENDER_LABELS, PERSONAL_QUESTIONS } from '../personal/personal-questions';
import { nameOf } from '../shared/people';
import { stateName } from '../shared/state-options';
import { MaskedIdentifier } from './identifiers';
import styles from './review.module.css';

/*
 * The review's sections 1-8 (intake §2, "Review page"), read-only, as cards: one per client or per record,
 * 1/2/3/4 per row at 768/1200/1400 px and 2 while printing. An empty section says 'No records to display'.
 */

export const NO_RECORDS = 'No records to display';

type Row = { label: string; value: ReactNode };

export function ReviewSection({ id, title, children, empty }: { id: string; title: string; children?: ReactNode; empty?: boolean }) {
  return (
    <section className={styles.section} aria-labelledby={`${id}-title`} id={id}>
      <h2 id={`${id}-title`} className={styles.sectionTitle}>
        {title}
      </h2>
      {empty ? <p className={styles.empty}>{NO_RECORDS}</p> : <div className={styles.cards}>{children}</div>}
    </section>
  );
}

export function Card({ title, rows, children }: { title: ReactNode; rows: Row[]; children?: ReactNode }) {
  return (
    <article className={styles.card}>
      <h3>{title}</h3>
      <dl>
        {rows.map((row) => (
          <Fragment key={row.label}>
            <dt>{row.label}</dt>
            <dd>{row.value === '' || row.value === null || row.value === undefined ? '—' : row.value}</dd>
          </Fragment>
        ))}
      </dl>
      {children}
    </article>
  );
}

const or = (value: string | null | undefined) => (value && value.trim() ? value : '—');

function PersonalCards() {
  const { view } = useIntake();
  const clients = [view.client, ...(view.spouse ? [view.spouse] : [])];
  return (
    <ReviewSection id="review-personal" title="Personal Info">
      {clients.map((client) => (
        <Card
          key={client.hash}
          title={nameOf(client.person)}
          rows={[
            { label: 'Email', value: or(client.loginEmail ?? client.person.email) },
            { label: 'Phone', value: or(formatPhone(client.person.phone)) },
            { label: 'Date of Birth', value: or(formatUsDate(client.person.dob)) },
            {
              label: 'SSN',
              value: (
                <MaskedIdentifier
                  refOf={{ kind: 'person', hash: client.person.hash }}
                  last4={client.person.ssnLast4}
                  label={`SSN of ${nameOf(client.person)}`}
                />
              ),
            },
            { label: 'Gender', value: client.gender ? GENDER_LABELS[client.gender] : '—' },
            { label: 'State of Residence', value: or(stateName(client.residenceState)) },
            ...PERSONAL_QUESTIONS.map((q) => ({
              label: q.field === 'wantsLifeSupport' ? 'Life Support' : q.label,
              value: q.field === 'wantsLifeSupport' ? lifeSupportText(client.wantsLifeSupport) : yesNoText(client[q.field]),
            })),
          ]}
        />
      ))}
    </ReviewSection>
  );
}

function estatePlanRows(client: ClientView, hasSpouse: boolean): Row[] {
  const rows: Row[] = [{ label: 'Current Estate Plan', value: currentPlanText(client) }];
  if (client.hasEstatePlan === 'yes' && (client.estatePlanType ?? '').toLowerCase() === 'trust') {
    rows.push(
      { label: 'Trust Name', value: or(client.trustName) },
      { label: 'Trust Date', value: or(formatUsDate(client.trustDate)) },
      { label: 'Times Amended', value: client.trustTimesAmended ?? '—' },
      { label: 'Reason for Replacing', value: or(client.trustReplacementReason) },
      { label: 'Assets Owned by the Trust', value: client.isAssetsTrustOwned === null ? 'Unanswered' : client.isAssetsTrustOwned === 'yes' ? 'Yes' : 'No' },
    );
  }
  rows.push({ label: 'Governing State', value: or(stateName(client.trustGoverningState)) });
  for (const intent of INTENTS.slice(0, hasSpouse ? 7 : 5)) {
    rows.push({ label: `${intent.number}. ${intent.short(stateName(client.trustGoverningState))}`, value: yesNoText(client.intents[intent.number - 1]) });
  }
  rows.push({ label: 'Other Intentions', value: or(client.trustIntentOther) });
  return rows;
}

function EstatePlanCards() {
  const { view, hasSpouse } = useIntake();
  const clients = [view.client, ...(view.spouse ? [view.spouse] : [])];
  return (
    <ReviewSection id="review-estate-plan" title="Current & New Estate Plan Info">
      {clients.map((client) => (
        <Card key={client.hash} title={nameOf(client.person)} rows={estatePlanRows(client, hasSpouse)} />
      ))}
    </ReviewSection>
  );
}

function guardianText(g: GuardianView): ReactNode {
  return (
    <span className={styles.lines}>
      <span>{nameOf(g)}</span>
      {g.phone && <span>{formatPhone(g.phone)}</span>}
      {g.email && <span>{g.email}</span>}
    </span>
  );
}

function ChildCards() {
  const { view, hasSpouse, ownerNames } = useIntake();
  return (
    <ReviewSection id="review-children" title="Children" empty={view.children.length === 0}>
      {view.children.map((child: ChildView) => {
        const minor = isMinor(child.person.dob);
        const rows: Row[] = [
          { label: 'Date of Birth', value: or(formatUsDate(child.person.dob)) },
          { label: 'Age', value: ageLabel(child.person.dob) },
          { label: 'Gender', value: child.gender ? GENDER_LABELS[child.gender] : '—' },
          ...(hasSpouse ? [{ label: 'Client', value: ownerNames[child.owner] }] : []),
        ];
        if (minor) {
          rows.push({ label: 'Guardian', value: child.guardian1 ? guardianText(child.guardian1) : 'None named' });
          if (child.guardian2) rows.push({ label: 'Second Guardian', value: guardianText(child.guardian2) });
          if (child.guardian2 && child.multiGuardianSpecifics) rows.push({ label: 'How Guardians Serve', value: child.multiGuardianSpecifics });
        }
        return <Card key={child.hash} title={nameOf(child.person)} rows={rows} />;
      })}
    </ReviewSection>
  );
}

function BeneficiaryCards() {
  const { view, hasSpouse, ownerNames } = useIntake();
  const spouseLine = hasSpouse ? [view.client, view.spouse!].map((c) => `${c.person.firstName}: ${yesNoText(c.isSpouseBeneficiary)}`).join(' · ') : null;
  return (
    <>
      <ReviewSection id="review-beneficiaries" title="Beneficiaries" empty={view.beneficiaries.length === 0}>
        {view.beneficiaries.map((b: BeneficiaryView) => {
          const rows: Row[] = [
            { label: 'Type', value: b.type === 'entity' ? (b.entity?.isTrust ? 'Trust' : 'Entity') : 'Person' },
            { label: 'Relationship', value: perClient(b, ownerNames, (t) => t.relationship ?? '') },
            { label: 'Tier', value: perClient(b, ownerNames, tierText) },
            { label: 'Percentage', value: perClient(b, ownerNames, (t) => percentText(t.sharePercent)) },
            { label: 'Per Stirpes', value: perClient(b, ownerNames, (t) => (t.isPerStirpes ? 'Yes' : 'No')) },
          ];
          if (b.type === 'person' && b.person) {
            rows.push({ label: 'Date of Birth', value: or(formatUsDate(b.person.dob)) });
            rows.push({
              label: 'SSN',
              value: <MaskedIdentifier refOf={{ kind: 'person', hash: b.person.hash }} last4={b.person.ssnLast4} label={`SSN of ${beneficiaryName(b)}`} />,
            });
          } else if (b.entity) {
            rows.push({ label: 'Date', value: or(formatUsDate(b.entity.date)) });
            rows.push({
              label: b.entity.identifierKind ? b.entity.identifierKind.toUpperCase() : 'Identifier',
              value: (
                <MaskedIdentifier refOf={{ kind: 'entity', hash: b.hash }} last4={b.entity.identifierLast4} label={`identifier of ${beneficiaryName(b)}`} />
              ),
            });
          }
          const omission = [b.terms1, b.terms2].find((t) => t?.tier === 'omitted' && t.omissionReason)?.omissionReason;
          if (omission) rows.push({ label: 'Reason for Omission', value: omission });
          if (hasSpouse) rows.push({ label: 'Client', value: ownerNames[b.owner] });
          return <Card key={b.hash} title={beneficiaryName(b)} rows={rows} />;
        })}
      </ReviewSection>
      {spouseLine && <p className={styles.note}>The surviving trustor receives all benefits — {spouseLine}</p>}
    </>
  );
}

function orderText(record: { order1: number | null; order2: number | null }, names: Record<'1' | '2' | 'both', string>, hasSpouse: boolean): string {
  if (!hasSpouse) return record.order1 === null ? '—' : String(record.order1);
  const parts = [record.order1 !== null ? `${names['1']}: ${record.order1}` : null, record.order2 !== null ? `${names['2']}: ${record.order2}` : null].filter(
    Boolean,
  );
  if (record.order1 !== null && record.order1 === record.order2) return String(record.order1);
  return parts.join(' · ') || '—';
}

/** How the agents serve, per owning client: one text when they agree (or one owner), else 'Pat: … · Sam: …'. */
function serviceText(agent: AgentView, names: Record<'1' | '2' | 'both', string>): string {
  const lines = [
    { who: names['1'], service: agent.service1 },
    { who: names['2'], service: agent.service2 },
  ].flatMap(({ who, service }) => (service ? [{ who, text: agentServiceText(service) }] : []));
  if (lines.length === 0) return agentServiceText({ isCollective: false, isIndependent: false });
  if (lines.every((line) => line.text === lines[0].text)) return lines[0].text;
  return lines.map((line) => `${line.who}: ${line.text}`).join(' · ');
}

function TrusteeCards() {
  const { view, hasSpouse, ownerNames } = useIntake();
  return (
    <ReviewSection id="review-trustees" title="Successor Trustees" empty={view.trustees.length === 0}>
      {view.trustees.map((t: TrusteeView) => (
        <Card
          key={t.hash}
          title={nameOf(t.person)}
          rows={[
            { label: 'Phone', value: or(formatPhone(t.person.phone)) },
            { label: 'Email', value: or(t.person.email) },
            { label: 'Serve Order', value: orderText(t, ownerNames, hasSpouse) },
            ...(hasSpouse ? [{ label: 'Client', value: ownerNames[t.owner] }] : []),
          ]}
        />
      ))}
    </ReviewSection>
  );
}

const POA_SECTION_TITLES: Record<PoaType, string> = {
  general: 'General Durable Power of Attorneys',
  medical: 'Medical Durable Power of Attorneys',
  financial: 'Financial Durable Power of Attorneys',
};

function PoaCards({ type }: { type: PoaType }) {
  const { view, hasSpouse, ownerNames } = useIntake();
  const agents = view.agents.filter((a) => a.type === type);
  return (
    <ReviewSection id={`review-poa-${type}`} title={POA_SECTION_TITLES[type]} empty={agents.length === 0}>
      {agents.map((a: AgentView) => (
        <Card
          key={a.hash}
          title={nameOf(a.person)}
          rows={[
            { label: 'Phone', value: or(formatPhone(a.person.phone)) },
            { label: 'Email', value: or(a.person.email) },
            { label: 'Order', value: orderText(a, ownerNames, hasSpouse) },
            { label: 'Agents Serve', value: serviceText(a, ownerNames) },
            ...(hasSpouse ? [{ label: 'Client', value: ownerNames[a.owner] }] : []),
          ]}
        />
      ))}
    </ReviewSection>
  );
}

/** Sections 1-8 of the review, in the spec's order (the financial PoA hidden for the firms that hide it). */
export function FamilyReviewSections() {
  const { view } = useIntake();
  return (
    <>
      <PersonalCards />
      <EstatePlanCards />
      <ChildCards />
      <BeneficiaryCards />
      <TrusteeCards />
      <PoaCards type="general" />
      <PoaCards type="medical" />
      {view.showsFinancialPoa && <PoaCards type="financial" />}
    </>
  );
}

/** Every identifier the review shows masked, for the print of those who may reveal them. */
export function identifiersOnReview(view: ReturnType<typeof useIntake>['view']) {
  const refs: { kind: 'person' | 'entity'; hash: string }[] = [];
  for (const c of [view.client, ...(view.spouse ? [view.spouse] : [])]) if (c.person.ssnLast4) refs.push({ kind: 'person', hash: c.person.hash });
  for (const b of view.beneficiaries) {
    if (b.person?.ssnLast4) refs.push({ kind: 'person', hash: b.person.hash });
    if (b.entity?.identifierLast4) refs.push({ kind: 'entity', hash: b.hash });
  }
  return refs;
}
