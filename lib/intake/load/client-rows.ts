import { eq, sql } from 'drizzle-orm';
import { advisorFirms, clients, firms, persons, users } from '@/db/schema';
import type { Household } from '@/lib/kernel/scope';
import { firmShowsFinancialPoa } from '../firm-rules';
import type { ClientView } from '../types';
import { jsonList, jsonRows, orNull, type RowOf } from './json-shape';
import { personShape, personView } from './person-shape';
import { aliased, as, inClients, type ListScope, recordColumns, subquery } from './subqueries';

const c = aliased(clients, 'c');
const p = aliased(persons, 'p');
const u = aliased(users, 'u');
const af = aliased(advisorFirms, 'af');
const f = aliased(firms, 'f');

/** A client's row: ClientView's columns as stored (seven intent columns, three spouse-PoA columns). */
const clientShape = {
  ...recordColumns(c),
  person: personShape(p, false),
  loginEmail: orNull(u.email),
  // The advisor's first firm decides the firm-specific rules.
  firstFirm: sql<
    string | null
  >`(select ${f.name} from ${as(af)} join ${as(f)} on ${eq(f.id, af.firmId)} where ${eq(af.advisorId, c.advisorId)} order by ${af.position}, ${af.firmId} limit 1)`,
  gender: c.gender,
  residenceState: c.residenceState,
  isUsCitizen: c.isUsCitizen,
  isReceivingMedicaid: c.isReceivingMedicaid,
  hasMentalDisorder: c.hasMentalDisorder,
  wantsLifeSupport: c.wantsLifeSupport,
  wantsCremation: c.wantsCremation,
  isOrganDonor: c.isOrganDonor,
  hasEstatePlan: c.hasEstatePlan,
  estatePlanType: c.estatePlanType,
  trustName: c.trustName,
  trustDate: c.trustDate,
  trustTimesAmended: c.trustTimesAmended,
  trustReplacementReason: c.trustReplacementReason,
  isAssetsTrustOwned: c.isAssetsTrustOwned,
  trustGoverningState: c.trustGoverningState,
  intent1: c.hasTrustIntent1,
  intent2: c.hasTrustIntent2,
  intent3: c.hasTrustIntent3,
  intent4: c.hasTrustIntent4,
  intent5: c.hasTrustIntent5,
  intent6: c.hasTrustIntent6,
  intent7: c.hasTrustIntent7,
  trustIntentOther: c.trustIntentOther,
  isSpouseBeneficiary: c.isSpouseBeneficiary,
  isSpousePoaGeneral: c.isSpousePoaGeneral,
  isSpousePoaMedical: c.isSpousePoaMedical,
  isSpousePoaFinancial: c.isSpousePoaFinancial,
  isTrustSubmitted: c.isTrustSubmitted,
  hasChildren: c.hasChildren,
};
type ClientRow = RowOf<typeof clientShape>;

/** The household's clients (owner 1 and owner 2), as one JSON column. */
export function clientsColumn(scope: ListScope) {
  const from = sql`${as(c)} join ${as(p)} on ${eq(p.id, c.personId)} left join ${as(u)} on ${eq(u.id, c.userId)}`;
  return subquery(sql`select ${jsonList(clientShape, [c.id])} from ${from} where ${inClients(scope, c.id)}`);
}

/** One client of the household as the page shows it, with what its row decides for the household. */
export type ClientOfHousehold = { view: ClientView; showsFinancialPoa: boolean; hasChildren: boolean | null };

/** The household's clients from their JSON column: owner 1, and owner 2 (null when single). */
export function clientsOf(household: Household, value: unknown): { client: ClientOfHousehold; spouse: ClientOfHousehold | null } {
  const rows = jsonRows(value, clientShape);
  const clientOf = (id: number, ownerNo: 1 | 2) => {
    const row = rows.find((r) => r.id === id);
    if (!row) throw new Error(`Household ${household.householdHash} lost client ${id}`);
    return clientView(row, ownerNo);
  };
  return { client: clientOf(household.clientId, 1), spouse: household.spouseId === null ? null : clientOf(household.spouseId, 2) };
}

function clientView(row: ClientRow, ownerNo: 1 | 2): ClientOfHousehold {
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
}
