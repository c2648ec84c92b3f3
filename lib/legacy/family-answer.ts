import type { AgentView, BeneficiaryTerms, BeneficiaryView, ChildView, GuardianView, IntakeView, PoaType, TrusteeView } from '@/lib/intake/types';
import { legacyClient, legacyPerson, ssnOf, type LegacyClientExtras } from './client-answer';
import { byOwnerLists, flip, perspectiveOf, pick, recordHead } from './perspective';

/*
 * The refreshed IntakeView as the spec's save and delete calls of the family sections answer it (intake
 * §7): the client and spouse objects, children, beneficiaries, fiduciaries and agents, each seen from the
 * client the call named.
 */

function legacyGuardian(n: 1 | 2, guardian: GuardianView | null) {
  const prefix = `guardian_${n}_`;
  return {
    [`has_guardian_${n}`]: guardian !== null,
    [`guardian_${n}_hash`]: guardian?.hash ?? null,
    [`${prefix}first_name`]: guardian?.firstName ?? null,
    [`${prefix}middle_name`]: guardian?.middleName ?? null,
    [`${prefix}last_name`]: guardian?.lastName ?? null,
    [`${prefix}suffix`]: guardian?.suffix ?? null,
    [`${prefix}phone`]: guardian?.phone ?? null,
    [`${prefix}email`]: guardian?.email ?? null,
  };
}

function legacyChild(child: ChildView, perspective: 1 | 2) {
  return {
    ...recordHead(child, perspective),
    gender: child.gender,
    ...legacyPerson(child.person),
    ...legacyGuardian(1, child.guardian1),
    ...legacyGuardian(2, child.guardian2),
    multi_guardian_specifics: child.multiGuardianSpecifics,
  };
}

function legacyTerms(n: 1 | 2, terms: BeneficiaryTerms | null) {
  return {
    [`tier${n}`]: terms?.tier ?? null,
    [`share_percent${n}`]: terms?.sharePercent ?? null,
    [`relationship${n}`]: terms?.relationship ?? null,
    [`is_per_stirpes${n}`]: terms?.isPerStirpes ?? null,
    [`omission_reason${n}`]: terms?.omissionReason ?? null,
  };
}

function legacyBeneficiary(b: BeneficiaryView, perspective: 1 | 2) {
  const [terms1, terms2] = pick(perspective, b.terms1, b.terms2);
  return {
    ...recordHead(b, perspective),
    type: b.type,
    ...(b.person
      ? legacyPerson(b.person)
      : { person_hash: null, first_name: null, middle_name: null, last_name: null, suffix: null, phone: null, email: null, dob: null, ssn: null }),
    name: b.entity?.name ?? null,
    identifier: b.entity ? ssnOf(b.entity.identifierLast4) : null,
    identifier_kind: b.entity?.identifierKind ?? null,
    date: b.entity?.date ?? null,
    is_trust: b.entity?.isTrust ?? false,
    ...legacyTerms(1, terms1),
    ...legacyTerms(2, terms2),
  };
}

function legacyTrustee(trustee: TrusteeView, perspective: 1 | 2) {
  const [order1, order2] = pick(perspective, trustee.order1, trustee.order2);
  return { ...recordHead(trustee, perspective), ...legacyPerson(trustee.person), order1, order2 };
}

function legacyAgent(agent: AgentView, perspective: 1 | 2) {
  const [order1, order2] = pick(perspective, agent.order1, agent.order2);
  const [service1, service2] = pick(perspective, agent.service1, agent.service2);
  const owner = flip(agent.owner, perspective);
  return {
    hash_id: agent.hash,
    version: agent.version,
    type: agent.type,
    owner,
    ...legacyPerson(agent.person),
    type1: owner === '2' ? null : agent.type,
    order1,
    type2: owner === '1' ? null : agent.type,
    order2,
    // The first owning client's, as before; per client in is_collective1/2 and is_independent1/2.
    is_collective: (service1 ?? service2)?.isCollective ?? false,
    is_independent: (service1 ?? service2)?.isIndependent ?? false,
    is_collective1: service1?.isCollective ?? null,
    is_independent1: service1?.isIndependent ?? null,
    is_collective2: service2?.isCollective ?? null,
    is_independent2: service2?.isIndependent ?? null,
  };
}

/**
 * The refreshed lists as the spec's save and delete calls answer them: client (the one the call named)
 * and spouse, children, beneficiaries1/2/Both, fiduciaries1/2/Both, poas1/2/Both (every agent under every
 * type) and generalPoas1/2/Both, medicalPoas1/2/Both, financialPoas1/2/Both (empty where the financial PoA
 * is hidden).
 */
export function toLegacyLists(view: IntakeView, addressedHash: string, extras: LegacyClientExtras) {
  const perspective = perspectiveOf(view, addressedHash);
  const [client, spouse] = pick(perspective, view.client, view.spouse);
  const agents = view.agents.filter((a) => a.type !== 'financial' || view.showsFinancialPoa).map((a) => legacyAgent(a, perspective));
  const ofType = (type: PoaType) => agents.filter((a) => a.type === type);
  return {
    client: legacyClient(client!, spouse, extras),
    spouse: spouse ? legacyClient(spouse, client, extras) : null,
    children: view.children.map((c) => legacyChild(c, perspective)),
    ...byOwnerLists(
      'beneficiaries',
      view.beneficiaries.map((b) => legacyBeneficiary(b, perspective)),
    ),
    ...byOwnerLists(
      'fiduciaries',
      view.trustees.map((t) => legacyTrustee(t, perspective)),
    ),
    ...byOwnerLists('poas', agents),
    ...byOwnerLists('generalPoas', ofType('general')),
    ...byOwnerLists('medicalPoas', ofType('medical')),
    ...byOwnerLists('financialPoas', ofType('financial')),
  };
}
