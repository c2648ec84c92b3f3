import type { COMPANY_TYPES, FUNDING_STATUSES } from '@/db/schema/enums';
import type { Owner } from '@/lib/validation/lists';
import { COMPANY_STEP_DETAIL, type FundingKind } from './steps';

/*
 * The funding tasks an intake asks for (issue 30), worked out from the intake alone, so the same rule serves
 * the first list (when the plan reaches Being Finalized) and every later change (an account added after
 * the signing becomes a task; a sold house's task becomes not needed). Pure: the caller reads the intake
 * and the stored tasks and writes what reconcileTasks answers, in one transaction.
 */

export type FundingStatus = (typeof FUNDING_STATUSES)[number];

export const FUNDING_STATUS_LABELS: Record<FundingStatus, string> = {
  'not-started': 'Not started',
  'in-progress': 'In progress',
  done: 'Done',
  'not-needed': 'Not needed',
};

/** The reason written on a task whose asset left the intake (a sold house, a closed account). */
export const REMOVED_REASON = 'No longer in the intake';

/** One task as the intake asks for it: `key` names the asset (its kind and public hash) and never changes. */
export type FundingTaskSpec = {
  key: string;
  kind: FundingKind;
  owner: Owner;
  /** The asset in a few words: '12 Elm St, Springfield', 'Vanguard IRA ••••1234'. */
  title: string;
  /** The asset's stated value (decimal string), when the intake has one. */
  value: string | null;
  /** What the step means for this asset in particular (a company's by its type), beside the kind's step. */
  detail: string | null;
};

/*
 * The assets the tasks are made from, as the intake's view has them (IntakeView satisfies FundingAssets):
 * written out here rather than imported, because the intake sits beside this feature, not below it.
 */
type AccountKind = 'retirement' | 'brokerage' | 'bank' | 'annuity';
type AddressView = { street: string; unit: string; city: string; value: string | null };
type AccountView = { hash: string; owner: Owner; kind: AccountKind; company: string; type: string; numberLast4: string | null; value: string | null };
type CompanyView = { hash: string; owner: Owner; name: string; type: (typeof COMPANY_TYPES)[number] | null };
type GiftView = {
  hash: string;
  owner: Owner;
  giftType: 'property' | 'cash' | 'item';
  beneficiaryHash: string;
  cashAmount: string | null;
  specificItem: string | null;
};
type BeneficiaryName = { hash: string; person: { firstName: string; lastName: string } | null; entity: { name: string } | null };

export type FundingAssets = {
  properties: readonly { hash: string; owner: Owner; address: AddressView }[];
  bankAccounts: readonly AccountView[];
  brokerageAccounts: readonly AccountView[];
  retirementAccounts: readonly AccountView[];
  annuityAccounts: readonly AccountView[];
  companies: readonly CompanyView[];
  gifts: readonly GiftView[];
  beneficiaries: readonly BeneficiaryName[];
};

const ACCOUNT_NAMES: Record<AccountKind, string> = {
  retirement: 'retirement account',
  brokerage: 'brokerage account',
  bank: 'bank account',
  annuity: 'annuity',
};

function addressTitle(address: AddressView): string {
  const street = [address.street, address.unit].filter(Boolean).join(' ');
  return [street, address.city].filter(Boolean).join(', ') || 'Real estate';
}

function accountTitle(account: AccountView): string {
  const what = [account.company, account.type].filter(Boolean).join(' ') || ACCOUNT_NAMES[account.kind];
  return account.numberLast4 ? `${what} ••••${account.numberLast4}` : what;
}

function companyTitle(company: CompanyView): string {
  return company.name || 'Company interest';
}

function giftTitle(gift: GiftView, assets: FundingAssets): string {
  const beneficiary = assets.beneficiaries.find((b) => b.hash === gift.beneficiaryHash);
  const to = beneficiary?.person ? `${beneficiary.person.firstName} ${beneficiary.person.lastName}`.trim() : (beneficiary?.entity?.name ?? '');
  // A cash gift's amount is the task's value, shown beside the title.
  const what = gift.giftType === 'cash' ? 'Cash gift' : `Gift of ${gift.specificItem || 'an item'}`;
  return to ? `${what} to ${to}` : what;
}

/**
 * The tasks of an intake, in the order the page lists them: real estate, accounts (bank, brokerage,
 * retirement, annuity), companies, then gifts. A gift of real estate has no task of its own: the property's
 * deed moves it (docs/decisions.md, "The funding tracker").
 */
export function fundingTasksOf(assets: FundingAssets): FundingTaskSpec[] {
  const tasks: FundingTaskSpec[] = [];
  for (const p of assets.properties)
    tasks.push({ key: `real-estate:${p.hash}`, kind: 'real-estate', owner: p.owner, title: addressTitle(p.address), value: p.address.value, detail: null });
  for (const list of [assets.bankAccounts, assets.brokerageAccounts, assets.retirementAccounts, assets.annuityAccounts])
    for (const a of list) tasks.push({ key: `${a.kind}:${a.hash}`, kind: a.kind, owner: a.owner, title: accountTitle(a), value: a.value, detail: null });
  for (const c of assets.companies)
    tasks.push({
      key: `company:${c.hash}`,
      kind: 'company',
      owner: c.owner,
      title: companyTitle(c),
      value: null,
      detail: c.type ? COMPANY_STEP_DETAIL[c.type] : null,
    });
  for (const g of assets.gifts) {
    if (g.giftType === 'property') continue;
    tasks.push({
      key: `gift:${g.hash}`,
      kind: 'gift',
      owner: g.owner,
      title: giftTitle(g, assets),
      value: g.giftType === 'cash' ? g.cashAmount : null,
      detail: null,
    });
  }
  return tasks;
}

/** A person's mark on a task, as stored (funding_tasks): only tasks someone has touched have one. */
export type FundingMark = {
  key: string;
  /** The asset's description when the mark was made: what the task is called once the asset is gone. */
  title: string;
  kind: FundingKind;
  owner: Owner;
  value: string | null;
  status: FundingStatus;
  reason: string | null;
  changedBy: string | null;
  changedAt: Date | null;
  version: number;
};

/** A task as the page shows it: the intake's ask and the stored mark, if any. */
export type FundingTask = FundingTaskSpec & {
  status: FundingStatus;
  reason: string | null;
  changedBy: string | null;
  changedAt: Date | null;
  /** The stored mark's version (the next change sends it back); null for a task nobody has marked yet. */
  version: number | null;
  /** The asset has left the intake since the task was marked. */
  removed: boolean;
};

/**
 * The tasks of a finished plan: what the intake asks for today (fundingTasksOf), each with its stored mark,
 * then the marks whose asset has left the intake. Worked out on every read instead of stored when the plan
 * is finished, so an account added after the signing is a task at once, and a sold house's open task reads
 * not needed (REMOVED_REASON) without anyone writing it; a finished one stays finished (the deed was
 * recorded, the house sold later). A mark is written only when a person changes a task.
 */
export function mergeTasks(wanted: readonly FundingTaskSpec[], marks: readonly FundingMark[]): FundingTask[] {
  const byKey = new Map(marks.map((m) => [m.key, m]));
  const tasks: FundingTask[] = wanted.map((spec) => {
    const mark = byKey.get(spec.key);
    return {
      ...spec,
      status: mark?.status ?? 'not-started',
      reason: mark?.reason ?? null,
      changedBy: mark?.changedBy ?? null,
      changedAt: mark?.changedAt ?? null,
      version: mark?.version ?? null,
      removed: false,
    };
  });
  const wantedKeys = new Set(wanted.map((t) => t.key));
  for (const mark of marks) {
    if (wantedKeys.has(mark.key)) continue;
    const open = mark.status === 'not-started' || mark.status === 'in-progress';
    tasks.push({
      key: mark.key,
      kind: mark.kind,
      owner: mark.owner,
      title: mark.title,
      value: mark.value,
      detail: null,
      status: open ? 'not-needed' : mark.status,
      reason: open ? REMOVED_REASON : mark.reason,
      changedBy: mark.changedBy,
      changedAt: mark.changedAt,
      version: mark.version,
      removed: true,
    });
  }
  return tasks;
}

export type FundingProgress = { total: number; done: number; notNeeded: number; open: number; percent: number };

/**
 * How far funding has come: the tasks finished or not needed over all of them, as a whole percent rounded
 * down (100 % only when nothing is left). Null when the plan has no task: nothing to fund is not "100 % funded".
 */
export function fundingProgress(tasks: readonly { status: FundingStatus }[]): FundingProgress | null {
  if (!tasks.length) return null;
  const done = tasks.filter((t) => t.status === 'done').length;
  const notNeeded = tasks.filter((t) => t.status === 'not-needed').length;
  const open = tasks.length - done - notNeeded;
  return { total: tasks.length, done, notNeeded, open, percent: Math.floor(((done + notNeeded) * 100) / tasks.length) };
}
