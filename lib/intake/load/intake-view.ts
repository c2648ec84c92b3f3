import { householdLockOf } from '@/lib/billing/feature-lock';
import { isTrustSubmitted } from '@/lib/estate-plans/submitted';
import { isMinor } from '@/lib/format/date';
import type { PublicContext } from '@/lib/kernel/context';
import { can } from '@/lib/kernel/policy';
import type { Household } from '@/lib/kernel/scope';
import { completionOf } from '../completion';
import type { HouseholdOwners } from '../owners';
import type { AccountKind, IntakeAbilities, IntakeView } from '../types';
import { clientsOf } from './client-rows';
import { recordViews, type ListRow } from './list-columns';
import { noteView } from './note';
import { advisorView, latestPlanView, planOf } from './plan-and-advisor';

/** The IntakeView of a household from its row of lists (listColumns). */
export function intakeViewOf(ctx: PublicContext, household: Household, listRow: ListRow | undefined): IntakeView {
  const owners: HouseholdOwners = { owner1Id: household.clientId, owner2Id: household.spouseId };
  const { client, spouse } = clientsOf(household, listRow?.clients);
  const showsFinancialPoa = client.showsFinancialPoa && (spouse?.showsFinancialPoa ?? true);

  const { accounts, ...lists } = recordViews(listRow, owners);
  const accountsOf = (kind: AccountKind) => accounts.filter((a) => a.kind === kind);

  // The page and the abilities ---------------------------------------------------------------------------
  const plan = planOf(listRow?.plan);
  const isSubmitted = isTrustSubmitted({
    latestPlanSubmitted: plan?.submittedAt != null,
    owner1Flag: client.view.isTrustSubmitted,
    owner2Flag: spouse?.view.isTrustSubmitted ?? null,
  });
  const actor = ctx.actor;
  const isLegal = !!actor && (actor.isLegal || actor.isAdmin);
  const abilities: IntakeAbilities = {
    canEdit: !!actor && can(actor, 'intake.write') && (!isSubmitted || isLegal),
    canRevealIdentifiers: !!actor && can(actor, 'identifiers.reveal'),
    isLegal,
    isSubmitted,
    canSubmit: !!actor && can(actor, 'plan.submit') && !isSubmitted,
  };
  const featureLock = householdLockOf(actor, listRow as { unpaidInvoices: unknown; maxInvoices: unknown } | undefined);

  const view: Omit<IntakeView, 'completion'> = {
    householdHash: household.householdHash,
    client: client.view,
    spouse: spouse?.view ?? null,
    showsFinancialPoa,
    advisor: advisorView(listRow?.advisor),
    latestPlan: latestPlanView(plan),
    // The household's answer lives on owner 1's row.
    hasChildren: client.hasChildren,
    // The list sections (records/sections.ts), each under its own key.
    ...lists,
    retirementAccounts: accountsOf('retirement'),
    brokerageAccounts: accountsOf('brokerage'),
    bankAccounts: accountsOf('bank'),
    annuityAccounts: accountsOf('annuity'),
    note: noteView(listRow?.note),
    abilities,
    featureLock,
  };
  return { ...view, completion: completionOf(view, (child) => isMinor(child.person.dob) && !child.guardian1) };
}
