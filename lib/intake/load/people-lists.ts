import { eq, sql } from 'drizzle-orm';
import { beneficiaries, children, clientBeneficiaries, clientChildren, clientFiduciaries, clientPoaAgents, fiduciaries, persons, poaAgents } from '@/db/schema';
import type { HouseholdOwners } from '../owners';
import type { AgentView, BeneficiaryTerms, BeneficiaryView, ChildView, PoaType, TrusteeView } from '../types';
import { asText, jsonRows, type RowOf } from './json-shape';
import { guardianView, personShape, personView } from './person-shape';
import { firstOrder, itemsOf } from './pivots';
import { aliased, as, listColumn, type ListScope, recordColumns } from './subqueries';

/*
 * The people lists of sections 3-6: children with their guardians, beneficiaries, trustees and agents. Each
 * is one JSON column of pivot rows (one element per item and owning client), grouped here by item.
 */

const p = aliased(persons, 'p');

// Children ---------------------------------------------------------------------------------------------------
const ch = aliased(children, 'ch');
const cc = aliased(clientChildren, 'cc');
const g1 = aliased(persons, 'g1');
const g2 = aliased(persons, 'g2');
const childShape = {
  ...recordColumns(ch),
  gender: ch.gender,
  multiGuardianSpecifics: ch.multiGuardianSpecifics,
  clientId: cc.clientId,
  person: personShape(p, false),
  guardian1: personShape(g1, true),
  guardian2: personShape(g2, true),
};

export function childrenColumn(scope: ListScope) {
  const from = sql`${as(cc)} join ${as(ch)} on ${eq(ch.id, cc.childId)} join ${as(p)} on ${eq(p.id, ch.personId)} left join ${as(g1)} on ${eq(g1.id, ch.guardian1PersonId)} left join ${as(g2)} on ${eq(g2.id, ch.guardian2PersonId)}`;
  return listColumn(scope, childShape, [ch.id, cc.clientId], from);
}

export function childViews(value: unknown, owners: HouseholdOwners): ChildView[] {
  return itemsOf(jsonRows(value, childShape), owners, () => ({})).map(({ row, owner }) => ({
    hash: row.hash,
    version: row.version,
    owner,
    gender: row.gender,
    person: personView(row.person),
    guardian1: guardianView(row.guardian1),
    guardian2: guardianView(row.guardian2),
    multiGuardianSpecifics: row.multiGuardianSpecifics ?? '',
  }));
}

// Beneficiaries ----------------------------------------------------------------------------------------------
const b = aliased(beneficiaries, 'b');
const cb = aliased(clientBeneficiaries, 'cb');
const beneficiaryShape = {
  ...recordColumns(b),
  type: b.type,
  entityName: b.entityName,
  entityIdentifierKind: b.entityIdentifierKind,
  entityIdentifierLast4: b.entityIdentifierLast4,
  entityDate: b.entityDate,
  isTrust: b.isTrust,
  clientId: cb.clientId,
  tier: cb.tier,
  sharePercent: asText(cb.sharePercent),
  relationship: cb.relationship,
  isPerStirpes: cb.isPerStirpes,
  omissionReason: cb.omissionReason,
  person: personShape(p, true),
};

export function beneficiariesColumn(scope: ListScope) {
  const from = sql`${as(cb)} join ${as(b)} on ${eq(b.id, cb.beneficiaryId)} left join ${as(p)} on ${eq(p.id, b.personId)}`;
  return listColumn(scope, beneficiaryShape, [b.id, cb.clientId], from);
}

export function beneficiaryViews(value: unknown, owners: HouseholdOwners): BeneficiaryView[] {
  const termsOf = (r: RowOf<typeof beneficiaryShape>): BeneficiaryTerms => ({
    tier: r.tier,
    sharePercent: r.sharePercent,
    relationship: r.relationship,
    isPerStirpes: r.isPerStirpes,
    omissionReason: r.omissionReason,
  });
  return itemsOf(jsonRows(value, beneficiaryShape), owners, termsOf).map(({ row, owner, values1, values2 }) => ({
    hash: row.hash,
    version: row.version,
    owner,
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
    terms1: values1,
    terms2: values2,
  }));
}

// Trustees ---------------------------------------------------------------------------------------------------
const f = aliased(fiduciaries, 'f');
const cf = aliased(clientFiduciaries, 'cf');
const trusteeShape = { ...recordColumns(f), clientId: cf.clientId, order: cf.order, person: personShape(p, false) };

export function trusteesColumn(scope: ListScope) {
  const from = sql`${as(cf)} join ${as(f)} on ${eq(f.id, cf.fiduciaryId)} join ${as(p)} on ${eq(p.id, f.personId)}`;
  return listColumn(scope, trusteeShape, [f.id, cf.clientId], from);
}

export function trusteeViews(value: unknown, owners: HouseholdOwners): TrusteeView[] {
  return itemsOf(jsonRows(value, trusteeShape), owners, (r) => r.order)
    .map(({ row, owner, values1, values2 }) => ({
      hash: row.hash,
      version: row.version,
      owner,
      person: personView(row.person),
      order1: values1,
      order2: values2,
    }))
    .sort((a, b) => firstOrder(a.order1, a.order2) - firstOrder(b.order1, b.order2));
}

// Agents -----------------------------------------------------------------------------------------------------
const ag = aliased(poaAgents, 'ag');
const ca = aliased(clientPoaAgents, 'ca');
const agentShape = {
  ...recordColumns(ag),
  type: ca.type,
  clientId: ca.clientId,
  order: ca.order,
  isCollective: ca.isCollective,
  isIndependent: ca.isIndependent,
  person: personShape(p, false),
};

export function agentsColumn(scope: ListScope) {
  const from = sql`${as(ca)} join ${as(ag)} on ${eq(ag.id, ca.agentId)} join ${as(p)} on ${eq(p.id, ag.personId)}`;
  return listColumn(scope, agentShape, [ag.id, ca.type, ca.clientId], from);
}

const POA_ORDER: Record<PoaType, number> = { general: 0, medical: 1, financial: 2 };

export function agentViews(value: unknown, owners: HouseholdOwners): AgentView[] {
  // One item per agent and power of attorney type.
  return itemsOf(
    jsonRows(value, agentShape),
    owners,
    (r) => ({ order: r.order, isCollective: r.isCollective, isIndependent: r.isIndependent }),
    (r) => `${r.id}:${r.type}`,
  )
    .map(({ row, owner, values1: terms1, values2: terms2 }) => {
      return {
        hash: row.hash,
        version: row.version,
        type: row.type,
        owner,
        person: personView(row.person),
        order1: terms1?.order ?? null,
        order2: terms2?.order ?? null,
        service1: terms1 ? { isCollective: terms1.isCollective, isIndependent: terms1.isIndependent } : null,
        service2: terms2 ? { isCollective: terms2.isCollective, isIndependent: terms2.isIndependent } : null,
      };
    })
    .sort((a, b) => POA_ORDER[a.type] - POA_ORDER[b.type] || firstOrder(a.order1, a.order2) - firstOrder(b.order1, b.order2));
}
