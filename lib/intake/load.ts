import 'server-only';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { db, readTogether, type Queryable } from '@/db';
import {
  beneficiaries,
  children,
  clientBeneficiaries,
  clientChildren,
  clientFiduciaries,
  clientPoaAgents,
  clients,
  estatePlans,
  fiduciaries,
  persons,
  poaAgents,
  users,
} from '@/db/schema';
import type { EstatePlanStatus } from '@/db/schema';
import { householdLockOf } from '@/lib/advisors/feature-lock';
import { can, type Permission } from '@/lib/auth/policy';
import { clientScope, loadHousehold, type Household } from '@/lib/auth/scope';
import { AppError } from '@/lib/errors';
import { statusLabel } from '@/lib/estate-plans/statuses';
import { isMinor } from '@/lib/format/date';
import type { PublicContext } from '@/lib/http/context';
import { completionOf } from './completion';
import { firmShowsFinancialPoa } from './firm-rules';
import { deriveOwner, type HouseholdOwners, type Owner, type Pivot } from './owners';
import { peopleOf } from './people';
import type {
  AccountKind,
  AccountView,
  AddressView,
  AgentView,
  CompanyTerms,
  CompanyType,
  CompanyView,
  GiftType,
  GiftView,
  NoteView,
  PredeceaseDistribution,
  PropertyView,
  BeneficiaryTerms,
  BeneficiaryView,
  ChildView,
  ClientView,
  GuardianView,
  IntakeAbilities,
  IntakeView,
  PersonView,
  PoaType,
  TrusteeView,
} from './types';

/*
 * The client-info page's one load of a household: the IntakeView of lib/intake/types.ts. The number of SQL
 * queries is fixed whatever the household holds: the household (through the scope), then the two clients,
 * the children, the beneficiaries, the trustees, the agents, the latest plan and the assets (sections 7-14),
 * one query each and run together: 8 in all (9 when the page is addressed by a numeric client id). Each
 * family list query joins the
 * pivots of the household's clients with the items and their persons; rows are grouped here. Only the
 * columns the view uses are selected: never an SSN, identifier or account number cipher.
 *
 * The asset lists (properties, companies, gifts, accounts, and the note) come in one query of one row:
 * each list is a JSON array of its pivot rows (one element per item and owning client), built by a
 * subquery over the household's clients and grouped here like the family lists. Money and percentages are
 * cast to text in SQL, so they reach big.js as exact decimal strings, never through a float.
 */

/** The spec's numeric client id form of the page's address (resolved within the scope to the hash). */
const NUMERIC_ID = /^\d{1,9}$/;

/**
 * The public hash a client-info address stands for: a hash as it is, a numeric client id resolved within
 * the actor's scope (one query); NOT_FOUND outside it, exactly as an unknown hash.
 */
export async function resolveClientHash(ctx: PublicContext, hashOrId: string, permission: Permission = 'intake.read', q: Queryable = db): Promise<string> {
  const address = (hashOrId ?? '').trim();
  if (!NUMERIC_ID.test(address)) return address;
  if (!ctx.actor || !can(ctx.actor, permission)) throw new AppError('NOT_FOUND');
  const [row] = await q
    .select({ hash: clients.hash })
    .from(clients)
    .where(and(eq(clients.id, Number(address)), clientScope(ctx.actor)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  return row.hash;
}

/**
 * Loads the intake of the household a client address opens (either spouse's hash, or the numeric client
 * id), within the actor's scope for the permission; NOT_FOUND otherwise.
 */
export async function loadIntake(ctx: PublicContext, clientHashOrId: string, permission: Permission = 'intake.read', q: Queryable = db): Promise<IntakeView> {
  const hash = await resolveClientHash(ctx, clientHashOrId, permission, q);
  const household = await loadHousehold(ctx, hash, permission, q);
  return loadHouseholdIntake(ctx, household, q);
}

// ---------------------------------------------------------------------------------------------------------

type PersonKey = 'hash' | 'version' | 'firstName' | 'middleName' | 'lastName' | 'suffix' | 'email' | 'phone' | 'dob' | 'ssnLast4';

/** The person columns the view shows (no cipher), from `persons` or an alias of it. */
function personColumns<T extends Record<PersonKey, AnyPgColumn>>(t: T): Pick<T, PersonKey> {
  return {
    hash: t.hash,
    version: t.version,
    firstName: t.firstName,
    middleName: t.middleName,
    lastName: t.lastName,
    suffix: t.suffix,
    email: t.email,
    phone: t.phone,
    dob: t.dob,
    ssnLast4: t.ssnLast4,
  };
}
type PersonRow = {
  hash: string;
  version: number;
  firstName: string;
  middleName: string | null;
  lastName: string;
  suffix: string | null;
  email: string | null;
  phone: string | null;
  dob: string | null;
  ssnLast4: string | null;
};

function personView(row: PersonRow): PersonView {
  return {
    hash: row.hash,
    version: row.version,
    firstName: row.firstName,
    middleName: row.middleName ?? '',
    lastName: row.lastName,
    suffix: row.suffix ?? '',
    email: row.email ?? '',
    phone: row.phone ?? '',
    dob: row.dob,
    ssnLast4: row.ssnLast4,
  };
}

/** A left-joined guardian (drizzle answers null when the child has none); no date of birth or SSN shown. */
function guardianView(row: PersonRow | null): GuardianView | null {
  if (!row) return null;
  const { hash, version, firstName, middleName, lastName, suffix, email, phone } = personView(row);
  return { hash, version, firstName, middleName, lastName, suffix, email, phone };
}

/** Groups joined item-pivot rows by item, keeping the first row's item columns and every pivot. */
function groupPivots<R, V>(rows: readonly R[], keyOf: (row: R) => string, pivotOf: (row: R) => Pivot<V>): { row: R; pivots: Pivot<V>[] }[] {
  const groups = new Map<string, { row: R; pivots: Pivot<V>[] }>();
  for (const row of rows) {
    const key = keyOf(row);
    const group = groups.get(key);
    if (group) group.pivots.push(pivotOf(row));
    else groups.set(key, { row, pivots: [pivotOf(row)] });
  }
  return [...groups.values()];
}

function valuesOf<V>(pivots: readonly Pivot<V>[], clientId: number | null): V | null {
  if (clientId === null) return null;
  return pivots.find((p) => p.clientId === clientId)?.values ?? null;
}

const POA_ORDER: Record<PoaType, number> = { general: 0, medical: 1, financial: 2 };
const firstOrder = (a: number | null, b: number | null) => Math.min(a ?? 100, b ?? 100);

/**
 * The IntakeView of a household already loaded through the scope (a write reloads it inside its
 * transaction with this). Seven queries, run together (one after another in a transaction).
 */
export async function loadHouseholdIntake(ctx: PublicContext, household: Household, q: Queryable = db): Promise<IntakeView> {
  const owners: HouseholdOwners = { owner1Id: household.clientId, owner2Id: household.spouseId };
  const clientIds = household.spouseId === null ? [household.clientId] : [household.clientId, household.spouseId];

  const guardian1 = alias(persons, 'guardian1');
  const guardian2 = alias(persons, 'guardian2');

  const [clientRows, childRows, beneficiaryRows, trusteeRows, agentRows, planRows, assetRows] = await readTogether(q, [
    q
      .select({
        id: clients.id,
        hash: clients.hash,
        version: clients.version,
        person: personColumns(persons),
        loginEmail: users.email,
        // The advisor's first firm decides the firm-specific rules.
        firstFirm: sql<string | null>`(select f.name from advisor_firms af join firms f on f.id = af.firm_id where af.advisor_id = "clients"."advisor_id" order by af.position, af.firm_id limit 1)`,
        gender: clients.gender,
        residenceState: clients.residenceState,
        isUsCitizen: clients.isUsCitizen,
        isReceivingMedicaid: clients.isReceivingMedicaid,
        hasMentalDisorder: clients.hasMentalDisorder,
        wantsLifeSupport: clients.wantsLifeSupport,
        wantsCremation: clients.wantsCremation,
        isOrganDonor: clients.isOrganDonor,
        hasEstatePlan: clients.hasEstatePlan,
        estatePlanType: clients.estatePlanType,
        trustName: clients.trustName,
        trustDate: clients.trustDate,
        trustTimesAmended: clients.trustTimesAmended,
        trustReplacementReason: clients.trustReplacementReason,
        isAssetsTrustOwned: clients.isAssetsTrustOwned,
        trustGoverningState: clients.trustGoverningState,
        intent1: clients.hasTrustIntent1,
        intent2: clients.hasTrustIntent2,
        intent3: clients.hasTrustIntent3,
        intent4: clients.hasTrustIntent4,
        intent5: clients.hasTrustIntent5,
        intent6: clients.hasTrustIntent6,
        intent7: clients.hasTrustIntent7,
        trustIntentOther: clients.trustIntentOther,
        isSpouseBeneficiary: clients.isSpouseBeneficiary,
        isSpousePoaGeneral: clients.isSpousePoaGeneral,
        isSpousePoaMedical: clients.isSpousePoaMedical,
        isSpousePoaFinancial: clients.isSpousePoaFinancial,
        isTrustSubmitted: clients.isTrustSubmitted,
      })
      .from(clients)
      .innerJoin(persons, eq(persons.id, clients.personId))
      .leftJoin(users, eq(users.id, clients.userId))
      .where(inArray(clients.id, clientIds)),
    q
      .select({
        id: children.id,
        hash: children.hash,
        version: children.version,
        gender: children.gender,
        multiGuardianSpecifics: children.multiGuardianSpecifics,
        clientId: clientChildren.clientId,
        person: personColumns(persons),
        guardian1: personColumns(guardian1),
        guardian2: personColumns(guardian2),
      })
      .from(clientChildren)
      .innerJoin(children, eq(children.id, clientChildren.childId))
      .innerJoin(persons, eq(persons.id, children.personId))
      .leftJoin(guardian1, eq(guardian1.id, children.guardian1PersonId))
      .leftJoin(guardian2, eq(guardian2.id, children.guardian2PersonId))
      .where(inArray(clientChildren.clientId, clientIds))
      .orderBy(asc(children.id)),
    q
      .select({
        id: beneficiaries.id,
        hash: beneficiaries.hash,
        version: beneficiaries.version,
        type: beneficiaries.type,
        entityName: beneficiaries.entityName,
        entityIdentifierKind: beneficiaries.entityIdentifierKind,
        entityIdentifierLast4: beneficiaries.entityIdentifierLast4,
        entityDate: beneficiaries.entityDate,
        isTrust: beneficiaries.isTrust,
        clientId: clientBeneficiaries.clientId,
        tier: clientBeneficiaries.tier,
        sharePercent: clientBeneficiaries.sharePercent,
        relationship: clientBeneficiaries.relationship,
        isPerStirpes: clientBeneficiaries.isPerStirpes,
        omissionReason: clientBeneficiaries.omissionReason,
        person: personColumns(persons),
      })
      .from(clientBeneficiaries)
      .innerJoin(beneficiaries, eq(beneficiaries.id, clientBeneficiaries.beneficiaryId))
      .leftJoin(persons, eq(persons.id, beneficiaries.personId))
      .where(inArray(clientBeneficiaries.clientId, clientIds))
      .orderBy(asc(beneficiaries.id)),
    q
      .select({
        id: fiduciaries.id,
        hash: fiduciaries.hash,
        version: fiduciaries.version,
        clientId: clientFiduciaries.clientId,
        order: clientFiduciaries.order,
        person: personColumns(persons),
      })
      .from(clientFiduciaries)
      .innerJoin(fiduciaries, eq(fiduciaries.id, clientFiduciaries.fiduciaryId))
      .innerJoin(persons, eq(persons.id, fiduciaries.personId))
      .where(inArray(clientFiduciaries.clientId, clientIds))
      .orderBy(asc(fiduciaries.id)),
    q
      .select({
        id: poaAgents.id,
        hash: poaAgents.hash,
        version: poaAgents.version,
        type: clientPoaAgents.type,
        clientId: clientPoaAgents.clientId,
        order: clientPoaAgents.order,
        isCollective: clientPoaAgents.isCollective,
        isIndependent: clientPoaAgents.isIndependent,
        person: personColumns(persons),
      })
      .from(clientPoaAgents)
      .innerJoin(poaAgents, eq(poaAgents.id, clientPoaAgents.agentId))
      .innerJoin(persons, eq(persons.id, poaAgents.personId))
      .where(inArray(clientPoaAgents.clientId, clientIds))
      .orderBy(asc(poaAgents.id)),
    q
      .select({ hash: estatePlans.hash, status: estatePlans.status, submittedAt: estatePlans.submittedAt })
      .from(estatePlans)
      .where(eq(estatePlans.clientId, household.clientId))
      .orderBy(desc(estatePlans.createdAt), desc(estatePlans.id))
      .limit(1),
    q.select(assetColumns(clientIds, household.clientId)).from(clients).where(eq(clients.id, household.clientId)),
  ]);

  // Clients ----------------------------------------------------------------------------------------------
  const clientViewOf = (id: number, ownerNo: 1 | 2): { view: ClientView; showsFinancialPoa: boolean } => {
    const row = clientRows.find((r) => r.id === id);
    if (!row) throw new Error(`Household ${household.householdHash} lost client ${id}`);
    return {
      showsFinancialPoa: firmShowsFinancialPoa(row.firstFirm),
      view: {
        hash: row.hash,
        version: row.version,
        ownerNo,
        person: personView(row.person),
        loginEmail: row.loginEmail,
        gender: row.gender,
        residenceState: row.residenceState,
        isUsCitizen: row.isUsCitizen,
        isReceivingMedicaid: row.isReceivingMedicaid,
        hasMentalDisorder: row.hasMentalDisorder,
        wantsLifeSupport: row.wantsLifeSupport,
        wantsCremation: row.wantsCremation,
        isOrganDonor: row.isOrganDonor,
        hasEstatePlan: row.hasEstatePlan,
        estatePlanType: row.estatePlanType,
        trustName: row.trustName,
        trustDate: row.trustDate,
        trustTimesAmended: row.trustTimesAmended,
        trustReplacementReason: row.trustReplacementReason,
        isAssetsTrustOwned: row.isAssetsTrustOwned,
        trustGoverningState: row.trustGoverningState,
        intents: [row.intent1, row.intent2, row.intent3, row.intent4, row.intent5, row.intent6, row.intent7],
        trustIntentOther: row.trustIntentOther,
        isSpouseBeneficiary: row.isSpouseBeneficiary,
        isSpousePoa: { general: row.isSpousePoaGeneral, medical: row.isSpousePoaMedical, financial: row.isSpousePoaFinancial },
        isTrustSubmitted: row.isTrustSubmitted,
      },
    };
  };
  const client = clientViewOf(household.clientId, 1);
  const spouse = household.spouseId === null ? null : clientViewOf(household.spouseId, 2);
  const showsFinancialPoa = client.showsFinancialPoa && (spouse?.showsFinancialPoa ?? true);
  const ownerOf = (pivots: readonly Pivot<unknown>[]): Owner => deriveOwner(pivots, owners) ?? '1';

  // Lists ------------------------------------------------------------------------------------------------
  const childViews: ChildView[] = groupPivots(childRows, (r) => String(r.id), (r) => ({ clientId: r.clientId, values: {} })).map(({ row, pivots }) => ({
    hash: row.hash,
    version: row.version,
    owner: ownerOf(pivots),
    gender: row.gender,
    person: personView(row.person),
    guardian1: guardianView(row.guardian1),
    guardian2: guardianView(row.guardian2),
    multiGuardianSpecifics: row.multiGuardianSpecifics ?? '',
  }));

  const beneficiaryViews: BeneficiaryView[] = groupPivots<(typeof beneficiaryRows)[number], BeneficiaryTerms>(
    beneficiaryRows,
    (r) => String(r.id),
    (r) => ({
      clientId: r.clientId,
      values: { tier: r.tier, sharePercent: r.sharePercent, relationship: r.relationship, isPerStirpes: r.isPerStirpes, omissionReason: r.omissionReason },
    }),
  ).map(({ row, pivots }) => ({
    hash: row.hash,
    version: row.version,
    owner: ownerOf(pivots),
    type: row.type,
    person: row.type === 'person' && row.person ? personView(row.person as PersonRow) : null,
    entity:
      row.type === 'entity'
        ? { name: row.entityName ?? '', identifierKind: row.entityIdentifierKind, identifierLast4: row.entityIdentifierLast4, date: row.entityDate, isTrust: row.isTrust }
        : null,
    terms1: valuesOf(pivots, owners.owner1Id),
    terms2: valuesOf(pivots, owners.owner2Id),
  }));

  const trusteeViews: TrusteeView[] = groupPivots<(typeof trusteeRows)[number], number | null>(
    trusteeRows,
    (r) => String(r.id),
    (r) => ({ clientId: r.clientId, values: r.order }),
  )
    .map(({ row, pivots }) => ({
      hash: row.hash,
      version: row.version,
      owner: ownerOf(pivots),
      person: personView(row.person),
      order1: valuesOf(pivots, owners.owner1Id),
      order2: valuesOf(pivots, owners.owner2Id),
    }))
    .sort((a, b) => firstOrder(a.order1, a.order2) - firstOrder(b.order1, b.order2));

  type AgentTerms = { order: number | null; isCollective: boolean; isIndependent: boolean };
  const agentViews: AgentView[] = groupPivots<(typeof agentRows)[number], AgentTerms>(
    agentRows,
    (r) => `${r.id}:${r.type}`,
    (r) => ({ clientId: r.clientId, values: { order: r.order, isCollective: r.isCollective, isIndependent: r.isIndependent } }),
  )
    .map(({ row, pivots }) => {
      const terms1 = valuesOf(pivots, owners.owner1Id);
      const terms2 = valuesOf(pivots, owners.owner2Id);
      return {
        hash: row.hash,
        version: row.version,
        type: row.type,
        owner: ownerOf(pivots),
        person: personView(row.person),
        order1: terms1?.order ?? null,
        order2: terms2?.order ?? null,
        isCollective: (terms1 ?? terms2)?.isCollective ?? false,
        isIndependent: (terms1 ?? terms2)?.isIndependent ?? false,
      };
    })
    .sort((a, b) => POA_ORDER[a.type] - POA_ORDER[b.type] || firstOrder(a.order1, a.order2) - firstOrder(b.order1, b.order2));

  // Assets -------------------------------------------------------------------------------------------------
  const assets = assetRows[0];
  const addressOf = (r: AddressJson): AddressView => ({
    hash: r.addressHash,
    street: r.street ?? '',
    unit: r.unit ?? '',
    city: r.city ?? '',
    state: r.state ?? '',
    zip: r.zip ?? '',
    value: r.value,
  });
  const propertyViews: PropertyView[] = groupPivots<PropertyJson, boolean>(
    jsonRows<PropertyJson>(assets?.properties),
    (r) => String(r.id),
    (r) => ({ clientId: r.clientId, values: r.isPrimary }),
  ).map(({ row, pivots }) => ({
    hash: row.hash,
    version: row.version,
    owner: ownerOf(pivots),
    address: addressOf(row),
    purchaseMonth: row.purchaseMonth,
    purchaseYear: row.purchaseYear,
    isPrimary1: valuesOf(pivots, owners.owner1Id) ?? false,
    isPrimary2: valuesOf(pivots, owners.owner2Id) ?? false,
  }));
  const companyViews: CompanyView[] = groupPivots<CompanyJson, CompanyTerms>(
    jsonRows<CompanyJson>(assets?.companies),
    (r) => String(r.id),
    (r) => ({ clientId: r.clientId, values: { sharePercent: r.sharePercent, stockShares: r.stockShares === null ? null : Number(r.stockShares) } }),
  ).map(({ row, pivots }) => ({
    hash: row.hash,
    version: row.version,
    owner: ownerOf(pivots),
    name: row.name,
    type: row.type,
    address: row.addressHash ? addressOf(row as AddressJson) : null,
    terms1: valuesOf(pivots, owners.owner1Id),
    terms2: valuesOf(pivots, owners.owner2Id),
  }));
  const giftViews: GiftView[] = groupPivots<GiftJson, null>(
    jsonRows<GiftJson>(assets?.gifts),
    (r) => String(r.id),
    (r) => ({ clientId: r.clientId, values: null }),
  ).map(({ row, pivots }) => ({
    hash: row.hash,
    version: row.version,
    owner: ownerOf(pivots),
    giftType: row.giftType,
    beneficiaryHash: row.beneficiaryHash,
    addressHash: row.addressHash,
    cashAmount: row.cashAmount,
    specificItem: row.specificItem,
    predeceaseDistribution: row.predeceaseDistribution,
  }));
  const accountViews: AccountView[] = groupPivots<AccountJson, null>(
    jsonRows<AccountJson>(assets?.accounts),
    (r) => String(r.id),
    (r) => ({ clientId: r.clientId, values: null }),
  ).map(({ row, pivots }) => ({
    hash: row.hash,
    version: row.version,
    kind: row.kind,
    owner: ownerOf(pivots),
    company: row.company ?? '',
    type: row.kind === 'annuity' ? '' : (row.type ?? ''),
    numberLast4: row.numberLast4,
    value: row.value,
  }));
  const accountsOf = (kind: AccountKind) => accountViews.filter((a) => a.kind === kind);
  const noteRow = jsonValue<NoteView>(assets?.note);
  const note: NoteView = noteRow ? { hash: noteRow.hash, version: noteRow.version, body: noteRow.body ?? '' } : { hash: null, version: null, body: '' };

  // The page and the abilities ---------------------------------------------------------------------------
  const plan = planRows[0] ?? null;
  const isSubmitted = plan?.submittedAt != null || client.view.isTrustSubmitted || (spouse?.view.isTrustSubmitted ?? false);
  const actor = ctx.actor;
  const isLegal = !!actor && (actor.isLegal || actor.isAdmin);
  const abilities: IntakeAbilities = {
    canEdit: !!actor && can(actor, 'intake.write') && (!isSubmitted || isLegal),
    canRevealIdentifiers: !!actor && can(actor, 'identifiers.reveal'),
    isLegal,
    isSubmitted,
    canSubmit: !!actor && can(actor, 'plan.submit') && !isSubmitted,
  };
  const featureLock = householdLockOf(actor, household);

  const lists = { children: childViews, beneficiaries: beneficiaryViews, trustees: trusteeViews, agents: agentViews };
  const view: Omit<IntakeView, 'completion'> = {
    householdHash: household.householdHash,
    client: client.view,
    spouse: spouse?.view ?? null,
    showsFinancialPoa,
    latestPlan: plan ? { hash: plan.hash, status: plan.status, statusLabel: statusLabel(plan.status as EstatePlanStatus) } : null,
    ...lists,
    properties: propertyViews,
    companies: companyViews,
    gifts: giftViews,
    retirementAccounts: accountsOf('retirement'),
    brokerageAccounts: accountsOf('brokerage'),
    bankAccounts: accountsOf('bank'),
    annuityAccounts: accountsOf('annuity'),
    note,
    people: peopleOf(lists),
    abilities,
    featureLock,
  };
  return { ...view, completion: completionOf(view, (child) => isMinor(child.person.dob) && !child.guardian1) };
}

// ---------------------------------------------------------------------------------------------------------
// The asset query

type AddressJson = { addressHash: string; street: string | null; unit: string | null; city: string | null; state: string | null; zip: string | null; value: string | null };
type PropertyJson = AddressJson & { id: number; hash: string; version: number; clientId: number; isPrimary: boolean; purchaseMonth: number | null; purchaseYear: number | null };
type CompanyJson = Omit<AddressJson, 'addressHash'> & {
  addressHash: string | null;
  id: number;
  hash: string;
  version: number;
  clientId: number;
  name: string;
  type: CompanyType | null;
  sharePercent: string | null;
  stockShares: number | string | null;
};
type GiftJson = {
  id: number;
  hash: string;
  version: number;
  clientId: number;
  giftType: GiftType;
  beneficiaryHash: string;
  addressHash: string | null;
  cashAmount: string | null;
  specificItem: string | null;
  predeceaseDistribution: PredeceaseDistribution | null;
};
type AccountJson = { id: number; hash: string; version: number; clientId: number; kind: AccountKind; company: string | null; type: string | null; numberLast4: string | null; value: string | null };

/** A json column as the driver hands it: parsed (pg, PGlite) or, defensively, as text. */
function jsonValue<T>(value: unknown): T | null {
  if (value === null || value === undefined) return null;
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}
function jsonRows<T>(value: unknown): T[] {
  return jsonValue<T[]>(value) ?? [];
}

/**
 * The asset lists of the household's clients as JSON arrays of pivot rows, and owner 1's note: five
 * subqueries of one statement. Never the account number cipher: only its last four.
 */
function assetColumns(clientIds: number[], owner1Id: number) {
  const inClients = (column: string) => inArray(sql.raw(column), clientIds);
  const address = (a: string) =>
    sql.raw(`'addressHash', ${a}.hash, 'street', ${a}.street, 'unit', ${a}.unit, 'city', ${a}.city, 'state', ${a}.state, 'zip', ${a}.zip, 'value', ${a}.value::text`);
  return {
    properties: sql<unknown>`(select coalesce(json_agg(json_build_object(
        'id', p.id, 'hash', p.hash, 'version', p.version, 'clientId', cp.client_id, 'isPrimary', cp.is_primary,
        'purchaseMonth', p.purchase_month, 'purchaseYear', p.purchase_year, ${address('a')}) order by p.id, cp.client_id), '[]'::json)
      from client_properties cp join properties p on p.id = cp.property_id join addresses a on a.id = p.address_id
      where ${inClients('cp.client_id')})`,
    companies: sql<unknown>`(select coalesce(json_agg(json_build_object(
        'id', c.id, 'hash', c.hash, 'version', c.version, 'clientId', cc.client_id, 'name', c.name, 'type', c.type,
        'sharePercent', cc.share_percent::text, 'stockShares', cc.stock_shares, ${address('a')}) order by c.id, cc.client_id), '[]'::json)
      from client_companies cc join companies c on c.id = cc.company_id left join addresses a on a.id = c.address_id
      where ${inClients('cc.client_id')})`,
    gifts: sql<unknown>`(select coalesce(json_agg(json_build_object(
        'id', g.id, 'hash', g.hash, 'version', g.version, 'clientId', cg.client_id, 'giftType', g.gift_type,
        'beneficiaryHash', b.hash, 'addressHash', a.hash, 'cashAmount', g.cash_amount::text, 'specificItem', g.specific_item,
        'predeceaseDistribution', g.predecease_distribution) order by g.id, cg.client_id), '[]'::json)
      from client_gifts cg join gifts g on g.id = cg.gift_id join beneficiaries b on b.id = g.beneficiary_id left join addresses a on a.id = g.address_id
      where ${inClients('cg.client_id')})`,
    accounts: sql<unknown>`(select coalesce(json_agg(json_build_object(
        'id', x.id, 'hash', x.hash, 'version', x.version, 'clientId', ca.client_id, 'kind', x.kind, 'company', x.company,
        'type', x.type, 'numberLast4', x.number_last4, 'value', x.value::text) order by x.id, ca.client_id), '[]'::json)
      from client_accounts ca join accounts x on x.id = ca.account_id
      where ${inClients('ca.client_id')})`,
    note: sql<unknown>`(select json_build_object('hash', n.hash, 'version', n.version, 'body', n.body) from notes n where n.client_id = ${owner1Id})`,
  };
}
