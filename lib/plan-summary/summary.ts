import { flowOf, scenarios, type EstateFlow, type Receipt } from '@/lib/estate-flow';
import { clientName, personName } from '@/lib/estate-flow/names';
import { isMinor } from '@/lib/format/date';
import { fundingExposure } from '@/lib/funding/exposure';
import { FUNDING_STATUS_LABELS, mergeTasks, fundingTasksOf, type FundingMark } from '@/lib/funding/tasks';
import type { FundingKind } from '@/lib/funding/steps';
import { agentServiceText, trustTitle } from '@/lib/intake/review-texts';
import type { BeneficiaryView, ClientView, IntakeView, PoaType, Tier } from '@/lib/intake/types';
import { formatUsd } from '@/lib/money';
import { PREDECEASE_DISTRIBUTIONS } from '@/lib/validation/lists';
import type { Owner } from '@/lib/validation/lists';

/*
 * The plan summary's content (issue 30, "Plan summary PDF"): pure, from the intake as loaded, the funding
 * marks (once funding has begun) and the request's clock; the PDF (components/plan-summary) only draws it.
 * Plain strings throughout, already worded and formatted (money by lib/money, shares as '50.00%'), so a test
 * reads exactly what the document says. No identifier ever enters it: no SSN nor its last four, no entity
 * identifier; account numbers only as the intake's masked last four ('••••1234').
 */

export type SummaryRow = readonly string[];

export type SummaryPerson = { name: string; role: string };

/** One client's ordered list of people (successor trustees, or the agents of one power of attorney). */
export type OrderedList = { heading: string; note: string | null; names: string[] };

/** The agents of one power of attorney, one list per client. */
export type AgentGroup = { heading: string; lists: OrderedList[] };

export type BeneficiaryTable = { heading: string; rows: SummaryRow[] };

export type ClientBeneficiaries = {
  client: string;
  tiers: BeneficiaryTable[];
  omitted: SummaryRow[];
};

export type EstateSection = {
  heading: string;
  summary: string;
  manager: string | null;
  rows: SummaryRow[];
  notes: string[];
};

export type AssetGroup = { owner: string; rows: SummaryRow[] };

export type PlanSummary = {
  /** 'The Rivera Family Trust'. */
  title: string;
  /** 'Pat Rivera & Sam Elise Rivera'. */
  names: string;
  /** The day it was made, in the app's time zone ('Nov 29, 2026'). */
  generatedOn: string;
  /** The latest plan's status label as the app shows it ('Being Finalized'), or a sentence when there is none. */
  status: string;
  governingState: string | null;
  trustors: SummaryPerson[];
  trustees: OrderedList[];
  agents: AgentGroup[];
  guardians: SummaryRow[];
  beneficiaries: ClientBeneficiaries[];
  gifts: SummaryRow[];
  /** The default scenario ('Both have died' for a couple, '<name> dies' for one client). */
  /** The scenario's label ('Both have died', 'Jordan dies') and the section's heading in a sentence. */
  flow: { label: string; heading: string; estates: EstateSection[] } | null;
  funding: {
    begun: boolean;
    /** What the table's last column means, or why it has none. */
    note: string;
    /** Each owner's assets (the client's, the spouse's, the joint ones). */
    groups: AssetGroup[];
    /** The columns of each group's rows: Asset, Kind, Value, and Funding status once funding has begun. */
    columns: string[];
  };
  probate: { sentence: string; byOwner: SummaryRow[]; total: string };
  /** The document's own disclaimer. */
  disclaimer: string;
};

export const SUMMARY_DISCLAIMER =
  'This is a summary of the answers and plan on file, prepared for your convenience. It is not your trust, will or power of attorney, and it is not legal advice: the signed legal documents govern.';

export const FUNDING_NOT_BEGUN_NOTE = 'Funding begins when the attorney finalizes the documents: each asset then gets a step that moves it into the trust.';

const TIER_HEADINGS: Record<Exclude<Tier, 'omitted'>, string> = {
  primary: 'Primary beneficiaries',
  contingent: 'Contingent beneficiaries',
  tertiary: 'Tertiary beneficiaries',
};
const POA_HEADINGS: Record<PoaType, string> = {
  general: 'General durable power of attorney',
  medical: 'Medical durable power of attorney',
  financial: 'Financial durable power of attorney',
};
const KIND_LABELS: Record<Exclude<FundingKind, 'gift'>, string> = {
  'real-estate': 'Real estate',
  bank: 'Bank account',
  brokerage: 'Brokerage account',
  retirement: 'Retirement account',
  annuity: 'Annuity',
  company: 'Company interest',
};

type Clients = Pick<IntakeView, 'client' | 'spouse'>;

const clientsOf = (view: Clients): ClientView[] => (view.spouse ? [view.client, view.spouse] : [view.client]);
const fullNameOf = (client: ClientView) => personName(client.person) || clientName(client);
const percent = (value: string | null) => (value === null || value === '' ? '—' : `${value}%`);
const money = (value: string | null) => (value === null || value.trim() === '' ? '—' : formatUsd(value));

/** Whose an owner's assets are: 'Pat Rivera', 'Sam Elise Rivera', 'Pat and Sam, jointly'. */
export function ownerLabel(view: Clients, owner: Owner): string {
  if (!view.spouse) return fullNameOf(view.client);
  if (owner === 'both') return `${clientName(view.client)} and ${clientName(view.spouse)}, jointly`;
  return fullNameOf(owner === '2' ? view.spouse : view.client);
}

function beneficiaryName(b: BeneficiaryView): string {
  return (b.type === 'entity' ? b.entity?.name : personName(b.person)) || 'Unnamed beneficiary';
}

function trusteesOf(view: Pick<IntakeView, 'client' | 'spouse' | 'trustees'>): OrderedList[] {
  return clientsOf(view).map((client) => {
    const order = (t: IntakeView['trustees'][number]) => (client.ownerNo === 1 ? t.order1 : t.order2);
    const names = view.trustees
      .filter((t) => order(t) !== null)
      .sort((a, b) => order(a)! - order(b)!)
      .map((t) => personName(t.person));
    return { heading: view.spouse ? `For ${fullNameOf(client)}` : '', note: names.length ? 'In the order they serve' : null, names };
  });
}

function agentsOf(view: Pick<IntakeView, 'client' | 'spouse' | 'agents' | 'showsFinancialPoa'>): AgentGroup[] {
  const types: PoaType[] = view.showsFinancialPoa ? ['general', 'medical', 'financial'] : ['general', 'medical'];
  return types
    .map((type) => ({
      heading: POA_HEADINGS[type],
      lists: clientsOf(view).map((client): OrderedList => {
        const order = (a: IntakeView['agents'][number]) => (client.ownerNo === 1 ? a.order1 : a.order2);
        const agents = view.agents.filter((a) => a.type === type && order(a) !== null).sort((a, b) => order(a)! - order(b)!);
        const service = agents.length ? (client.ownerNo === 1 ? agents[0].service1 : agents[0].service2) : null;
        return {
          heading: view.spouse ? `For ${fullNameOf(client)}` : '',
          note: service && agents.length > 1 ? agentServiceText(service) : null,
          names: agents.map((a) => personName(a.person)),
        };
      }),
    }))
    .filter((group) => group.lists.some((list) => list.names.length));
}

function guardiansOf(view: Pick<IntakeView, 'children'>, now: Date | string): SummaryRow[] {
  return view.children
    .filter((c) => isMinor(c.person.dob, now))
    .map((c) => {
      const guardians = [c.guardian1, c.guardian2].filter((g) => g !== null).map((g) => personName(g));
      return [personName(c.person), guardians.length ? guardians.join(' and ') : 'None named'];
    });
}

function beneficiariesOf(view: Pick<IntakeView, 'client' | 'spouse' | 'beneficiaries'>): ClientBeneficiaries[] {
  return clientsOf(view).map((client) => {
    const terms = (b: BeneficiaryView) => (client.ownerNo === 1 ? b.terms1 : b.terms2);
    const tiers = (Object.keys(TIER_HEADINGS) as (keyof typeof TIER_HEADINGS)[])
      .map((tier) => ({
        heading: TIER_HEADINGS[tier],
        rows: view.beneficiaries
          .filter((b) => terms(b)?.tier === tier)
          .map((b) => {
            const t = terms(b)!;
            return [beneficiaryName(b), t.relationship ?? '—', percent(t.sharePercent), t.isPerStirpes ? 'Yes' : 'No'];
          }),
      }))
      .filter((table) => table.rows.length);
    const omitted = view.beneficiaries
      .filter((b) => terms(b)?.tier === 'omitted')
      .map((b) => [beneficiaryName(b), terms(b)!.relationship ?? '—', terms(b)!.omissionReason ?? '—']);
    return { client: fullNameOf(client), tiers, omitted };
  });
}

function giftsOf(view: Pick<IntakeView, 'client' | 'spouse' | 'gifts' | 'beneficiaries' | 'properties'>): SummaryRow[] {
  return view.gifts.map((g) => {
    const b = view.beneficiaries.find((x) => x.hash === g.beneficiaryHash);
    const property = view.properties.find((p) => p.address.hash === g.addressHash)?.address;
    const what =
      g.giftType === 'cash'
        ? `Cash: ${money(g.cashAmount)}`
        : g.giftType === 'property'
          ? `Real estate: ${property ? [[property.street, property.unit].filter(Boolean).join(' '), property.city].filter(Boolean).join(', ') : '—'}`
          : g.specificItem || 'An item';
    return [
      b ? beneficiaryName(b) : 'Beneficiary',
      what,
      ownerLabel(view, g.owner),
      g.predeceaseDistribution ? PREDECEASE_DISTRIBUTIONS[g.predeceaseDistribution] : '—',
    ];
  });
}

const TIER_WORDS: Record<Exclude<Tier, 'omitted'>, string> = { primary: 'Primary', contingent: 'Contingent', tertiary: 'Tertiary' };

function receiptRow(r: Receipt): SummaryRow {
  const how =
    r.kind === 'survivor'
      ? 'As the surviving trustor'
      : r.kind === 'heirs'
        ? 'As state law provides'
        : [r.tier ? `${TIER_WORDS[r.tier]} beneficiary` : '', r.via ?? ''].filter(Boolean).join(', ');
  return [r.name, `${r.sharePercent}%`, how];
}

function estateSection(estate: EstateFlow): EstateSection {
  const acting = estate.trustee?.acting;
  const manager = acting
    ? acting.role === 'surviving-trustor'
      ? `${acting.name}, the surviving trustor`
      : `${acting.name}, successor trustee${acting.order !== null ? ` no. ${acting.order}` : ''}`
    : null;
  return { heading: `${estate.clientName}'s estate`, summary: estate.summary, manager, rows: estate.receipts.map(receiptRow), notes: estate.notes };
}

/** The default "what if" of the household: both clients' deaths for a couple, the client's for one. */
export function defaultScenarioId(view: Pick<IntakeView, 'spouse'>): string {
  return view.spouse ? 'second-death' : 'death';
}

/**
 * The plan summary of a household: `marks` are the funding marks when funding has begun (the plan is being
 * finalized or complete), null before; `now` is the request's clock (minors, the generation date).
 */
export function planSummaryOf(view: IntakeView, marks: readonly FundingMark[] | null, now: Date, generatedOn: string): PlanSummary {
  const begun = marks !== null;
  const tasks = mergeTasks(fundingTasksOf(view), marks ?? []).filter((t) => t.kind !== 'gift' && !t.removed);
  const owners: Owner[] = view.spouse ? ['1', '2', 'both'] : ['1'];
  const groups = owners
    .map((owner) => ({
      owner: ownerLabel(view, owner),
      rows: tasks
        .filter((t) => t.owner === owner || (!view.spouse && t.owner === 'both'))
        .map((t) => {
          const row = [t.title, KIND_LABELS[t.kind as Exclude<FundingKind, 'gift'>], money(t.value)];
          return begun ? [...row, FUNDING_STATUS_LABELS[t.status]] : row;
        }),
    }))
    .filter((g) => g.rows.length);
  const exposure = fundingExposure(view, begun ? mergeTasks(fundingTasksOf(view), marks) : []);
  const byOwner: SummaryRow[] = view.spouse
    ? owners.map((owner) => [ownerLabel(view, owner), formatUsd(exposure.byOwner[owner])])
    : [[ownerLabel(view, '1'), formatUsd(exposure.total)]];
  const flow = flowOf(view, defaultScenarioId(view), now);
  const label = scenarios(view).find((s) => s.id === defaultScenarioId(view))?.label ?? '';
  return {
    title: trustTitle(view),
    names: clientsOf(view).map(fullNameOf).join(' & '),
    generatedOn,
    status: view.latestPlan ? view.latestPlan.statusLabel : 'No estate plan yet',
    governingState: view.client.trustGoverningState,
    trustors: clientsOf(view).map((c) => ({ name: fullNameOf(c), role: view.spouse ? 'Trustor and initial co-trustee' : 'Trustor and initial trustee' })),
    trustees: trusteesOf(view),
    agents: agentsOf(view),
    guardians: guardiansOf(view, now),
    beneficiaries: beneficiariesOf(view),
    gifts: giftsOf(view),
    flow: flow ? { label, heading: `How the estate passes when ${view.spouse ? 'both have died' : label}`, estates: flow.estates.map(estateSection) } : null,
    funding: {
      begun,
      note: begun
        ? 'Each asset is protected by the trust once its funding step is done. Retirement accounts and annuities pass by their beneficiary designations.'
        : FUNDING_NOT_BEGUN_NOTE,
      groups,
      columns: begun ? ['Asset', 'Kind', 'Value', 'Funding'] : ['Asset', 'Kind', 'Value'],
    },
    probate: {
      sentence: begun ? exposure.sentence : `Before funding: ${exposure.sentence.charAt(0).toLowerCase()}${exposure.sentence.slice(1)}`,
      byOwner,
      total: formatUsd(exposure.total),
    },
    disclaimer: SUMMARY_DISCLAIMER,
  };
}

/** 'The Rivera Family Trust – summary.pdf': the trust's name without its article. */
export function summaryFileName(summary: Pick<PlanSummary, 'title'>): string {
  return `${summary.title.replace(/^The /, '')} – summary.pdf`;
}
