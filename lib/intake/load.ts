import 'server-only';
import { and, eq, sql, type SQLWrapper } from 'drizzle-orm';
import { db, type Queryable } from '@/db';
import { preparedRead } from '@/db/prepared';
import { clients } from '@/db/schema';
import type { EstatePlanStatus } from '@/db/schema';
import { householdLockOf, lockColumns } from '@/lib/billing/feature-lock';
import { can, type Permission } from '@/lib/kernel/policy';
import { clientScope, householdReads, loadHouseholdWith, type Household } from '@/lib/kernel/scope';
import { AppError } from '@/lib/kernel/errors';
import { statusLabel } from '@/lib/estate-plans/statuses';
import { isTrustSubmitted } from '@/lib/estate-plans/submitted';
import { formatAppDateTime } from '@/lib/format/app-time';
import { personName } from '@/lib/people/person-name';
import { isMinor } from '@/lib/format/date';
import type { PublicContext } from '@/lib/kernel/context';
import { completionOf } from './completion';
import { firmShowsFinancialPoa } from './firm-rules';
import { deriveOwner, type HouseholdOwners, type Owner, type Pivot } from './owners';
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
  PlanStatusChange,
  PoaType,
  TrusteeView,
} from './types';

/*
 * The client-info page's one load of a household: the IntakeView of lib/intake/types.ts. The number of SQL
 * queries is fixed whatever the household holds: the household (through the scope), then two statements
 * run together: the two clients, and one row holding every list as JSON (children with their guardians,
 * beneficiaries, trustees, agents, the assets of sections 7-14, owner 1's note and latest plan). 3 in all
 * (4 when the page is addressed by a numeric client id). Each list is a JSON array of its pivot rows (one
 * element per item and owning client), built by a subquery over the household's clients and grouped here
 * by item. Only the columns the view uses are selected: never an SSN, identifier or account number cipher.
 * Money and percentages are cast to text in SQL, so they reach big.js as exact decimal strings, never
 * through a float.
 *
 * Why JSON: on the embedded database every statement has a fixed cost in its thread, and drizzle's row
 * mapping a cost in the server's; one statement of one row replaced five row sets (docs/performance.md).
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
  // The scope check and every list in one statement: the household's row carries the lists' columns.
  const row = await loadHouseholdWith(ctx, hash, permission, householdWithLists, q);
  return intakeViewOf(ctx, row, row);
}

// ---------------------------------------------------------------------------------------------------------

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
 * The household's clients and every list in one row (listColumns below), built once (db/prepared.ts):
 * read with the household's scope check for the page, and on its own for a household already loaded.
 */
const householdWithLists = householdReads('intake_household', ({ owner1Id, owner2Id }) =>
  listColumns({ clientIds: sql`array[${owner1Id}, ${owner2Id}]`, owner1Id }),
);
const householdLists = preparedRead('intake_lists', (q) =>
  q
    .select(listColumns({ clientIds: sql.placeholder('clientIds'), owner1Id: sql.placeholder('owner1Id') }))
    .from(clients)
    .where(sql`${clients.id} = ${sql.placeholder('owner1Id')}`),
);
type ListRow = Partial<Record<keyof ReturnType<typeof listColumns>, unknown>>;

/**
 * The IntakeView of a household already loaded through the scope (a write reloads it inside its
 * transaction with this), from one statement.
 */
export async function loadHouseholdIntake(ctx: PublicContext, household: Household, q: Queryable = db): Promise<IntakeView> {
  const clientIds = household.spouseId === null ? [household.clientId] : [household.clientId, household.spouseId];
  const [listRow] = await householdLists(q).execute({ clientIds, owner1Id: household.clientId });
  return intakeViewOf(ctx, household, listRow);
}

/** The IntakeView of a household from its row of lists (listColumns). */
function intakeViewOf(ctx: PublicContext, household: Household, listRow: ListRow | undefined): IntakeView {
  const owners: HouseholdOwners = { owner1Id: household.clientId, owner2Id: household.spouseId };
  const clientRows = jsonRows<ClientJson>(listRow?.clients, SHAPES.client);
  const childRows = jsonRows<ChildJson>(listRow?.children, SHAPES.child);
  const beneficiaryRows = jsonRows<BeneficiaryJson>(listRow?.beneficiaries, SHAPES.beneficiary);
  const trusteeRows = jsonRows<TrusteeJson>(listRow?.trustees, SHAPES.trustee);
  const agentRows = jsonRows<AgentJson>(listRow?.agents, SHAPES.agent);

  // Clients ----------------------------------------------------------------------------------------------
  const clientViewOf = (id: number, ownerNo: 1 | 2): { view: ClientView; showsFinancialPoa: boolean; hasChildren: boolean | null } => {
    const row = clientRows.find((r) => r.id === id);
    if (!row) throw new Error(`Household ${household.householdHash} lost client ${id}`);
    return {
      showsFinancialPoa: firmShowsFinancialPoa(row.firstFirm),
      hasChildren: row.hasChildren,
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
  const childViews: ChildView[] = groupPivots(
    childRows,
    (r) => String(r.id),
    (r) => ({ clientId: r.clientId, values: {} }),
  ).map(({ row, pivots }) => ({
    hash: row.hash,
    version: row.version,
    owner: ownerOf(pivots),
    gender: row.gender,
    person: personView(row.person),
    guardian1: guardianView(row.guardian1),
    guardian2: guardianView(row.guardian2),
    multiGuardianSpecifics: row.multiGuardianSpecifics ?? '',
  }));

  const beneficiaryViews: BeneficiaryView[] = groupPivots<BeneficiaryJson, BeneficiaryTerms>(
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
    person: row.type === 'person' && row.person ? personView(row.person) : null,
    entity:
      row.type === 'entity'
        ? {
            name: row.entityName ?? '',
            identifierKind: row.entityIdentifierKind,
            identifierLast4: row.entityIdentifierLast4,
            date: row.entityDate,
            isTrust: row.isTrust,
          }
        : null,
    terms1: valuesOf(pivots, owners.owner1Id),
    terms2: valuesOf(pivots, owners.owner2Id),
  }));

  const trusteeViews: TrusteeView[] = groupPivots<TrusteeJson, number | null>(
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
  const agentViews: AgentView[] = groupPivots<AgentJson, AgentTerms>(
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
        service1: terms1 ? { isCollective: terms1.isCollective, isIndependent: terms1.isIndependent } : null,
        service2: terms2 ? { isCollective: terms2.isCollective, isIndependent: terms2.isIndependent } : null,
      };
    })
    .sort((a, b) => POA_ORDER[a.type] - POA_ORDER[b.type] || firstOrder(a.order1, a.order2) - firstOrder(b.order1, b.order2));

  // Assets -------------------------------------------------------------------------------------------------
  const assets = listRow;
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
    jsonRows<PropertyJson>(assets?.properties, SHAPES.property),
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
    jsonRows<CompanyJson>(assets?.companies, SHAPES.company),
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
    jsonRows<GiftJson>(assets?.gifts, SHAPES.gift),
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
    jsonRows<AccountJson>(assets?.accounts, SHAPES.account),
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
  const noteRow = jsonOne<NoteView>(assets?.note, SHAPES.note);
  const advisorRow = jsonOne<AdvisorJson>(assets?.advisor, SHAPES.advisor);
  const note: NoteView = noteRow ? { hash: noteRow.hash, version: noteRow.version, body: noteRow.body ?? '' } : { hash: null, version: null, body: '' };

  // The page and the abilities ---------------------------------------------------------------------------
  const plan = jsonOne<PlanJson>(listRow?.plan, SHAPES.plan);
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

  const lists = { children: childViews, beneficiaries: beneficiaryViews, trustees: trusteeViews, agents: agentViews };
  const view: Omit<IntakeView, 'completion'> = {
    householdHash: household.householdHash,
    client: client.view,
    spouse: spouse?.view ?? null,
    showsFinancialPoa,
    advisor: advisorRow ? { name: personName(advisorRow), email: advisorRow.email, phone: advisorRow.phone ?? '' } : null,
    latestPlan: plan
      ? { hash: plan.hash, status: plan.status, statusLabel: statusLabel(plan.status as EstatePlanStatus), history: plan.history.map(statusChangeOf) }
      : null,
    // The household's answer lives on owner 1's row.
    hasChildren: client.hasChildren,
    ...lists,
    properties: propertyViews,
    companies: companyViews,
    gifts: giftViews,
    retirementAccounts: accountsOf('retirement'),
    brokerageAccounts: accountsOf('brokerage'),
    bankAccounts: accountsOf('bank'),
    annuityAccounts: accountsOf('annuity'),
    note,
    abilities,
    featureLock,
  };
  return { ...view, completion: completionOf(view, (child) => isMinor(child.person.dob) && !child.guardian1) };
}

/** A status change as the page shows it (the time in the app's time zone, formatted here on the server). */
function statusChangeOf([status, at, by]: PlanJson['history'][number]): PlanStatusChange {
  const when = new Date(at);
  return { statusLabel: statusLabel(status as EstatePlanStatus), at: when.toISOString(), atText: formatAppDateTime(when), by: by ?? 'System' };
}

// ---------------------------------------------------------------------------------------------------------
// The list query: the household's clients and every list as JSON, in one statement of one row

/** A client's row: ClientView's columns as stored (seven intent columns, three spouse-PoA columns). */
type ClientJson = Omit<ClientView, 'ownerNo' | 'person' | 'intents' | 'isSpousePoa'> & {
  id: number;
  person: PersonRow;
  firstFirm: string | null;
  intent1: boolean | null;
  intent2: boolean | null;
  intent3: boolean | null;
  intent4: boolean | null;
  intent5: boolean | null;
  intent6: boolean | null;
  intent7: boolean | null;
  isSpousePoaGeneral: boolean | null;
  isSpousePoaMedical: boolean | null;
  isSpousePoaFinancial: boolean | null;
  hasChildren: boolean | null;
};

type ChildJson = {
  id: number;
  hash: string;
  version: number;
  gender: ChildView['gender'];
  multiGuardianSpecifics: string | null;
  clientId: number;
  person: PersonRow;
  guardian1: PersonRow | null;
  guardian2: PersonRow | null;
};
type BeneficiaryJson = {
  id: number;
  hash: string;
  version: number;
  type: BeneficiaryView['type'];
  entityName: string | null;
  entityIdentifierKind: NonNullable<BeneficiaryView['entity']>['identifierKind'];
  entityIdentifierLast4: string | null;
  entityDate: string | null;
  isTrust: boolean;
  clientId: number;
  tier: BeneficiaryTerms['tier'];
  sharePercent: string | null;
  relationship: string | null;
  isPerStirpes: boolean;
  omissionReason: string | null;
  person: PersonRow | null;
};
type TrusteeJson = { id: number; hash: string; version: number; clientId: number; order: number | null; person: PersonRow };
type AgentJson = {
  id: number;
  hash: string;
  version: number;
  type: PoaType;
  clientId: number;
  order: number | null;
  isCollective: boolean;
  isIndependent: boolean;
  person: PersonRow;
};
type AdvisorJson = { firstName: string; middleName: string | null; lastName: string; suffix: string | null; email: string; phone: string | null };
type PlanJson = { hash: string; status: string; submittedAt: string | null; history: [status: string, at: string, by: string | null][] };

type AddressJson = {
  addressHash: string;
  street: string | null;
  unit: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  value: string | null;
};
type PropertyJson = AddressJson & {
  id: number;
  hash: string;
  version: number;
  clientId: number;
  isPrimary: boolean;
  purchaseMonth: number | null;
  purchaseYear: number | null;
};
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
type AccountJson = {
  id: number;
  hash: string;
  version: number;
  clientId: number;
  kind: AccountKind;
  company: string | null;
  type: string | null;
  numberLast4: string | null;
  value: string | null;
};

/** A json column as the driver hands it: parsed (pg, PGlite) or, defensively, as text. */
function jsonValue(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  return typeof value === 'string' ? JSON.parse(value) : value;
}

/*
 * The shape of one list's element: its keys in order, each with the SQL expression of its value (or a nested
 * shape, null when `absentWhen`). The database builds each element as a JSON array of the values, not an
 * object: json_build_object repeated every key for every row and was most of the statement's time in the
 * embedded database (docs/performance.md); the same shape then names the values here.
 */
type Shape = { readonly [key: string]: string | { readonly absentWhen: string; readonly shape: Shape } };

function jsonArraySql(shape: Shape): string {
  const values = Object.values(shape).map((v) => (typeof v === 'string' ? v : `case when ${v.absentWhen} then null else ${jsonArraySql(v.shape)} end`));
  return `json_build_array(${values.join(', ')})`;
}

function named(shape: Shape, values: readonly unknown[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  let i = 0;
  for (const key of Object.keys(shape)) {
    const spec = shape[key];
    const value = values[i++];
    out[key] = typeof spec === 'string' || value === null ? value : named(spec.shape, value as unknown[]);
  }
  return out;
}

function jsonRows<T>(value: unknown, shape: Shape): T[] {
  const rows = jsonValue(value) as unknown[][] | null;
  return (rows ?? []).map((values) => named(shape, values) as T);
}

function jsonOne<T>(value: unknown, shape: Shape): T | null {
  const values = jsonValue(value) as unknown[] | null;
  return values ? (named(shape, values) as T) : null;
}

/** A person with the columns the view shows (never the SSN cipher); null when the left join found none. */
const personShape = (p: string) => ({
  absentWhen: `${p}.id is null`,
  shape: {
    hash: `${p}.hash`,
    version: `${p}.version`,
    firstName: `${p}.first_name`,
    middleName: `${p}.middle_name`,
    lastName: `${p}.last_name`,
    suffix: `${p}.suffix`,
    email: `${p}.email`,
    phone: `${p}.phone`,
    dob: `${p}.dob`,
    ssnLast4: `${p}.ssn_last4`,
  },
});
const addressShape = (a: string) => ({
  addressHash: `${a}.hash`,
  street: `${a}.street`,
  unit: `${a}.unit`,
  city: `${a}.city`,
  state: `${a}.state`,
  zip: `${a}.zip`,
  value: `${a}.value::text`,
});

const SHAPES = {
  client: {
    id: 'c.id',
    hash: 'c.hash',
    version: 'c.version',
    person: personShape('p'),
    loginEmail: 'u.email',
    // The advisor's first firm decides the firm-specific rules.
    firstFirm:
      '(select f.name from advisor_firms af join firms f on f.id = af.firm_id where af.advisor_id = c.advisor_id order by af.position, af.firm_id limit 1)',
    gender: 'c.gender',
    residenceState: 'c.residence_state',
    isUsCitizen: 'c.is_us_citizen',
    isReceivingMedicaid: 'c.is_receiving_medicaid',
    hasMentalDisorder: 'c.has_mental_disorder',
    wantsLifeSupport: 'c.wants_life_support',
    wantsCremation: 'c.wants_cremation',
    isOrganDonor: 'c.is_organ_donor',
    hasEstatePlan: 'c.has_estate_plan',
    estatePlanType: 'c.estate_plan_type',
    trustName: 'c.trust_name',
    trustDate: 'c.trust_date',
    trustTimesAmended: 'c.trust_times_amended',
    trustReplacementReason: 'c.trust_replacement_reason',
    isAssetsTrustOwned: 'c.is_assets_trust_owned',
    trustGoverningState: 'c.trust_governing_state',
    intent1: 'c.has_trust_intent_1',
    intent2: 'c.has_trust_intent_2',
    intent3: 'c.has_trust_intent_3',
    intent4: 'c.has_trust_intent_4',
    intent5: 'c.has_trust_intent_5',
    intent6: 'c.has_trust_intent_6',
    intent7: 'c.has_trust_intent_7',
    trustIntentOther: 'c.trust_intent_other',
    isSpouseBeneficiary: 'c.is_spouse_beneficiary',
    isSpousePoaGeneral: 'c.is_spouse_poa_general',
    isSpousePoaMedical: 'c.is_spouse_poa_medical',
    isSpousePoaFinancial: 'c.is_spouse_poa_financial',
    isTrustSubmitted: 'c.is_trust_submitted',
    hasChildren: 'c.has_children',
  },
  child: {
    id: 'ch.id',
    hash: 'ch.hash',
    version: 'ch.version',
    gender: 'ch.gender',
    multiGuardianSpecifics: 'ch.multi_guardian_specifics',
    clientId: 'cc.client_id',
    person: personShape('p'),
    guardian1: personShape('g1'),
    guardian2: personShape('g2'),
  },
  beneficiary: {
    id: 'b.id',
    hash: 'b.hash',
    version: 'b.version',
    type: 'b.type',
    entityName: 'b.entity_name',
    entityIdentifierKind: 'b.entity_identifier_kind',
    entityIdentifierLast4: 'b.entity_identifier_last4',
    entityDate: 'b.entity_date',
    isTrust: 'b.is_trust',
    clientId: 'cb.client_id',
    tier: 'cb.tier',
    sharePercent: 'cb.share_percent::text',
    relationship: 'cb.relationship',
    isPerStirpes: 'cb.is_per_stirpes',
    omissionReason: 'cb.omission_reason',
    person: personShape('p'),
  },
  trustee: { id: 'f.id', hash: 'f.hash', version: 'f.version', clientId: 'cf.client_id', order: 'cf.serve_order', person: personShape('p') },
  agent: {
    id: 'ag.id',
    hash: 'ag.hash',
    version: 'ag.version',
    type: 'ca.type',
    clientId: 'ca.client_id',
    order: 'ca.serve_order',
    isCollective: 'ca.is_collective',
    isIndependent: 'ca.is_independent',
    person: personShape('p'),
  },
  plan: {
    hash: 'ep.hash',
    status: 'ep.status',
    submittedAt: 'ep.submitted_at',
    // Its status changes, oldest first: [status, when, who] (no user: the System).
    history: `(select coalesce(json_agg(json_build_array(sc.to_status, sc.created_at, nullif(concat_ws(' ', sp.first_name, sp.last_name), '')) order by sc.created_at, sc.id), '[]'::json)
      from estate_plan_status_changes sc left join users su on su.id = sc.changed_by_user_id left join persons sp on sp.id = su.person_id
      where sc.estate_plan_id = ep.id)`,
  },
  property: {
    id: 'p.id',
    hash: 'p.hash',
    version: 'p.version',
    clientId: 'cp.client_id',
    isPrimary: 'cp.is_primary',
    purchaseMonth: 'p.purchase_month',
    purchaseYear: 'p.purchase_year',
    ...addressShape('a'),
  },
  company: {
    id: 'c.id',
    hash: 'c.hash',
    version: 'c.version',
    clientId: 'cc.client_id',
    name: 'c.name',
    type: 'c.type',
    sharePercent: 'cc.share_percent::text',
    stockShares: 'cc.stock_shares',
    ...addressShape('a'),
  },
  gift: {
    id: 'g.id',
    hash: 'g.hash',
    version: 'g.version',
    clientId: 'cg.client_id',
    giftType: 'g.gift_type',
    beneficiaryHash: 'b.hash',
    addressHash: 'a.hash',
    cashAmount: 'g.cash_amount::text',
    specificItem: 'g.specific_item',
    predeceaseDistribution: 'g.predecease_distribution',
  },
  account: {
    id: 'x.id',
    hash: 'x.hash',
    version: 'x.version',
    clientId: 'ca.client_id',
    kind: 'x.kind',
    company: 'x.company',
    type: 'x.type',
    numberLast4: 'x.number_last4',
    value: 'x.value::text',
  },
  note: { hash: 'n.hash', version: 'n.version', body: 'n.body' },
  // Owner 1's advisor, whom the household contacts with questions: the contact e-mail, else the sign-in's.
  advisor: {
    firstName: 'ap.first_name',
    middleName: 'ap.middle_name',
    lastName: 'ap.last_name',
    suffix: 'ap.suffix',
    email: "coalesce(nullif(ap.email, ''), au.email)",
    phone: 'ap.phone',
  },
} satisfies Record<string, Shape>;

/**
 * The household's clients, every list of theirs as a JSON array of pivot rows (one element per item and
 * owning client), owner 1's latest plan and note: subqueries of one statement, so the page's load does not
 * grow with the lists and the database is asked once. Never a cipher: identifiers and account
 * numbers only by their last four.
 */
function listColumns({ clientIds, owner1Id }: { clientIds: SQLWrapper; owner1Id: SQLWrapper }) {
  const inClients = (column: string) => sql`${sql.raw(column)} = any(${clientIds})`;
  const list = (shape: Shape, orderBy: string) => sql.raw(`coalesce(json_agg(${jsonArraySql(shape)} order by ${orderBy}), '[]'::json)`);
  const one = (shape: Shape) => sql.raw(jsonArraySql(shape));
  return {
    clients: sql<unknown>`(select ${list(SHAPES.client, 'c.id')}
      from clients c join persons p on p.id = c.person_id left join users u on u.id = c.user_id
      where ${inClients('c.id')})`,
    children: sql<unknown>`(select ${list(SHAPES.child, 'ch.id, cc.client_id')}
      from client_children cc join children ch on ch.id = cc.child_id join persons p on p.id = ch.person_id
      left join persons g1 on g1.id = ch.guardian1_person_id left join persons g2 on g2.id = ch.guardian2_person_id
      where ${inClients('cc.client_id')})`,
    beneficiaries: sql<unknown>`(select ${list(SHAPES.beneficiary, 'b.id, cb.client_id')}
      from client_beneficiaries cb join beneficiaries b on b.id = cb.beneficiary_id left join persons p on p.id = b.person_id
      where ${inClients('cb.client_id')})`,
    trustees: sql<unknown>`(select ${list(SHAPES.trustee, 'f.id, cf.client_id')}
      from client_fiduciaries cf join fiduciaries f on f.id = cf.fiduciary_id join persons p on p.id = f.person_id
      where ${inClients('cf.client_id')})`,
    agents: sql<unknown>`(select ${list(SHAPES.agent, 'ag.id, ca.type, ca.client_id')}
      from client_poa_agents ca join poa_agents ag on ag.id = ca.agent_id join persons p on p.id = ag.person_id
      where ${inClients('ca.client_id')})`,
    plan: sql<unknown>`(select ${one(SHAPES.plan)}
      from estate_plans ep where ep.client_id = ${owner1Id} order by ep.created_at desc, ep.id desc limit 1)`,
    properties: sql<unknown>`(select ${list(SHAPES.property, 'p.id, cp.client_id')}
      from client_properties cp join properties p on p.id = cp.property_id join addresses a on a.id = p.address_id
      where ${inClients('cp.client_id')})`,
    companies: sql<unknown>`(select ${list(SHAPES.company, 'c.id, cc.client_id')}
      from client_companies cc join companies c on c.id = cc.company_id left join addresses a on a.id = c.address_id
      where ${inClients('cc.client_id')})`,
    gifts: sql<unknown>`(select ${list(SHAPES.gift, 'g.id, cg.client_id')}
      from client_gifts cg join gifts g on g.id = cg.gift_id join beneficiaries b on b.id = g.beneficiary_id left join addresses a on a.id = g.address_id
      where ${inClients('cg.client_id')})`,
    accounts: sql<unknown>`(select ${list(SHAPES.account, 'x.id, ca.client_id')}
      from client_accounts ca join accounts x on x.id = ca.account_id
      where ${inClients('ca.client_id')})`,
    note: sql<unknown>`(select ${one(SHAPES.note)} from notes n where n.client_id = ${owner1Id})`,
    advisor: sql<unknown>`(select ${one(SHAPES.advisor)}
      from clients ac join advisors a on a.id = ac.advisor_id join users au on au.id = a.user_id join persons ap on ap.id = au.person_id
      where ac.id = ${owner1Id})`,
    // The features lock's figures (owner 1's advisor's), for the page's notice and the view's featureLock.
    ...lockColumns(sql`${owner1Id}`),
  };
}
