import type * as actions from '@/lib/actions/intake';
import { isMinor } from '@/lib/format/date';
import type { ActionResult } from '@/lib/http/result';
import type { Owner } from '@/lib/intake/owners';
import { peopleOf } from '@/lib/intake/people';
import type { BeneficiaryTerms, GuardianView, IntakeView, PersonView } from '@/lib/intake/types';
import * as assetSchemas from '@/lib/validation/intake-assets';
import * as intakeSchemas from '@/lib/validation/intake';
import { STALE_VERSION_MESSAGE, type BeneficiaryTermsInput, type GuardianInput, type UpsertAgentInput } from '@/lib/validation/intake';
import { asGuardian, nextHash, person } from './fake-household';

/*
 * The intake's list sections in the fake server, as lib/intake/records/ has them on the real one: one
 * generic fake (`fakeList`: parse with the real schema, find by hash, 409 when the version is stale, create
 * with a new hash at version 1 or update at version + 1, delete, answer the refreshed view) over one
 * declaration per section with only what differs: the noun of its actions and schemas, the IntakeView list
 * it lives in, how an input maps to its view record, and the section's own rules the tests rely on.
 */

export type ActionName = keyof typeof actions;
export type Run = (raw: unknown) => ActionResult<IntakeView>;
/** The fake server as a section sees it: the view now, and answering a changed one. */
export type FakeState = { view: () => IntakeView; answer: (next: IntakeView) => ActionResult<IntakeView> };

export const stale = (): ActionResult<IntakeView> => ({ ok: false, status: 409, message: STALE_VERSION_MESSAGE });

type Versioned = { hash: string; version: number };
/** The IntakeView's lists of versioned records. */
export type ListName = { [K in keyof IntakeView]: IntakeView[K] extends Versioned[] ? K : never }[keyof IntakeView];

type PersonInput = { first_name?: string; middle_name?: string; last_name?: string; suffix?: string; phone?: string; email?: string; dob?: string | null };

/** The person a save makes: the fields sent over the base (the stored or linked person), one version on. */
export const personFrom = (input: PersonInput, base?: PersonView): PersonView => ({
  ...(base ?? person()),
  firstName: input.first_name ?? base?.firstName ?? '',
  middleName: input.middle_name ?? base?.middleName ?? '',
  lastName: input.last_name ?? base?.lastName ?? '',
  suffix: input.suffix ?? base?.suffix ?? '',
  phone: input.phone ?? base?.phone ?? '',
  email: input.email ?? base?.email ?? '',
  dob: input.dob === undefined ? (base?.dob ?? null) : input.dob,
  version: (base?.version ?? 0) + 1,
});

/** A section's person: the stored one, else the household's person the form linked, with the fields sent. */
const recordPerson = (view: IntakeView, input: PersonInput & { existing_person_hash?: string }, stored: PersonView | null | undefined) =>
  personFrom(input, stored ?? peopleOf(view).find((c) => c.person.hash === input.existing_person_hash)?.person);

/** Per-client values for an owner, as the server stores them (values2 = values1 with same values). */
function owned<V, R>(input: { owner: Owner; same_values: boolean; values1: V; values2: V }, map: (v: V) => R): [R | null, R | null] {
  const v2 = input.owner === 'both' && input.same_values ? input.values1 : input.values2;
  return [input.owner === '2' ? null : map(input.values1), input.owner === '1' ? null : map(v2)];
}

/** The view record of a list. */
type RowOf<L extends ListName> = IntakeView[L] extends (infer R)[] ? R : never;

const schemas = { ...intakeSchemas, ...assetSchemas };
type Schemas = typeof schemas;
/** A list section by the noun of its actions (upsertChildAction, deleteChildAction) and schemas (upsertChildSchema ...). */
export type Noun = { [K in keyof Schemas]: K extends `upsert${infer N}Schema` ? N : never }[keyof Schemas];
type Parsed<K extends string> = K extends keyof Schemas ? (Schemas[K] extends { parse: (raw: unknown) => infer T } ? T : never) : never;
type Parser = { parse: (raw: unknown) => unknown };

/** What a section declares besides its noun and list: only what differs. */
type ListRules<N extends Noun, L extends ListName> = {
  /** Which stored record an input addresses besides the hash (an agent under its type). */
  matches?: (record: RowOf<L>, input: Parsed<`upsert${N}Schema` | `delete${N}Schema`>) => boolean;
  /** The view record a save makes besides its hash, version and owner; `stored` is the record saved over. */
  row: (input: Parsed<`upsert${N}Schema`>, stored: RowOf<L> | undefined, view: IntakeView) => Omit<RowOf<L>, 'hash' | 'version' | 'owner'>;
  /** The section's own rule once the saved record is in its list (the other records, the rest of the view). */
  saved?: (step: { view: IntakeView; next: RowOf<L>; input: Parsed<`upsert${N}Schema`>; created: boolean }) => IntakeView;
};

/**
 * The fake of one list section, the IntakeView `list` it lives in (or the one an input names): its upsert
 * and delete actions over the fake server's view, parsed with the real schemas.
 */
function fakeList<N extends Noun, L extends ListName>(
  noun: N,
  list: L | ((input: Parsed<`upsert${N}Schema` | `delete${N}Schema`>) => L),
  rules: ListRules<N, L>,
) {
  type R = RowOf<L> & Versioned;
  type Input = Parsed<`upsert${N}Schema` | `delete${N}Schema`> & { hash?: string; version?: number; owner?: Owner };
  const parse = (verb: 'upsert' | 'delete', raw: unknown) => (schemas[`${verb}${noun}Schema`] as Parser).parse(raw) as Input;
  const find = (view: IntakeView, input: Input) => {
    const name = typeof list === 'function' ? list(input) : list;
    const rows = view[name] as unknown as R[];
    return { name, rows, stored: rows.find((r) => r.hash === input.hash && (rules.matches?.(r, input) ?? true)) };
  };
  return ({ view, answer }: FakeState): [ActionName, Run][] => [
    [
      `upsert${noun}Action`,
      (raw) => {
        const input = parse('upsert', raw) as Input & Parsed<`upsert${N}Schema`>;
        const current = view();
        const { name, rows, stored } = find(current, input);
        if (stored && stored.version !== input.version) return stale();
        const hash = stored?.hash ?? nextHash(noun.toLowerCase());
        const next = { hash, version: (stored?.version ?? 0) + 1, owner: input.owner, ...rules.row(input, stored, current) } as unknown as R;
        const saved = { ...current, [name]: stored ? rows.map((r) => (r === stored ? next : r)) : [...rows, next] };
        return answer(rules.saved ? rules.saved({ view: saved, next, input, created: !stored }) : saved);
      },
    ],
    [
      `delete${noun}Action`,
      (raw) => {
        const input = parse('delete', raw);
        const current = view();
        const { name, rows, stored } = find(current, input);
        if (!stored || stored.version !== input.version) return stale();
        return answer({ ...current, [name]: rows.filter((r) => r !== stored) });
      },
    ],
  ];
}

// ---------------------------------------------------------------------------------------------------------
// The sections: what differs

const guardianView = (g: GuardianInput | null): GuardianView | null => {
  if (!g) return null;
  const made = asGuardian(personFrom(g));
  return { ...made, hash: g.person_hash ?? made.hash };
};

const children = fakeList('Child', 'children', {
  row: (input, stored, view) => {
    const minor = isMinor(input.dob);
    return {
      gender: input.gender || null,
      person: recordPerson(view, input, stored?.person),
      guardian1: minor ? guardianView(input.guardian1) : null,
      guardian2: minor ? guardianView(input.guardian2) : null,
      multiGuardianSpecifics: input.multi_guardian_specifics,
    };
  },
  // As upsertChild: a new child answers 'Do you have any children?' with Yes.
  saved: ({ view, created }) => (created ? { ...view, hasChildren: true } : view),
});

const termsFrom = (t: BeneficiaryTermsInput, trust: boolean): BeneficiaryTerms => ({
  tier: (t.tier || null) as BeneficiaryTerms['tier'],
  sharePercent: t.tier === 'omitted' ? '0.00' : t.share_percent,
  relationship: trust ? 'Trust' : t.relationship || null,
  isPerStirpes: t.tier === 'omitted' ? false : t.is_per_stirpes,
  omissionReason: t.tier === 'omitted' ? t.omission_reason || null : null,
});

const beneficiaries = fakeList('Beneficiary', 'beneficiaries', {
  row: (input, stored, view) => {
    const [terms1, terms2] = owned(input, (t) => termsFrom(t, input.type === 'entity' && input.is_trust));
    return {
      type: input.type,
      person: input.type === 'person' ? recordPerson(view, input, stored?.person) : null,
      entity:
        input.type === 'entity'
          ? {
              name: input.name,
              identifierKind: input.identifier_kind || null,
              identifierLast4: input.identifier ? input.identifier.slice(-4) : (stored?.entity?.identifierLast4 ?? null),
              date: input.date,
              isTrust: input.is_trust,
            }
          : null,
      terms1,
      terms2,
    };
  },
});

const trustees = fakeList('Trustee', 'trustees', {
  row: (input, stored, view) => {
    const [order1, order2] = owned(input, (v) => v.order);
    return { person: recordPerson(view, input, stored?.person), order1, order2 };
  },
});

/** As upsertAgent: a service sent is the client's whole list's (of this type); not sent, it is kept. */
const sentServices = (input: UpsertAgentInput) =>
  owned(input, (v) => (v.is_collective === undefined ? null : { isCollective: v.is_collective, isIndependent: v.is_collective && Boolean(v.is_independent) }));

const agents = fakeList('Agent', 'agents', {
  matches: (agent, input) => agent.type === input.type,
  row: (input, stored, view) => {
    const [order1, order2] = owned(input, (v) => v.order);
    const [sent1, sent2] = sentServices(input);
    const order = { isCollective: false, isIndependent: false };
    return {
      type: input.type,
      person: recordPerson(view, input, stored?.person),
      order1,
      order2,
      service1: input.owner === '2' ? null : (sent1 ?? stored?.service1 ?? order),
      service2: input.owner === '1' ? null : (sent2 ?? stored?.service2 ?? order),
    };
  },
  saved: ({ view, input }) => {
    const [sent1, sent2] = sentServices(input);
    return {
      ...view,
      agents: view.agents.map((a) =>
        a.type !== input.type ? a : { ...a, service1: a.service1 && (sent1 ?? a.service1), service2: a.service2 && (sent2 ?? a.service2) },
      ),
    };
  },
});

type AddressInput = { street: string; unit: string; city: string; state: string; zip: string; value: string | null };
const addressFrom = ({ street, unit, city, state, zip, value }: AddressInput, hash = nextHash('address')) => ({ hash, street, unit, city, state, zip, value });

const properties = fakeList('Property', 'properties', {
  row: (input, stored) => ({
    address: addressFrom(input, stored?.address.hash),
    purchaseMonth: input.purchase_month,
    purchaseYear: input.purchase_year,
    isPrimary1: input.is_primary1 && input.owner !== '2',
    isPrimary2: input.is_primary2 && input.owner !== '1',
  }),
  // One primary residence per owner: this one's flag moves off the owner's previous one.
  saved: ({ view, next }) => ({
    ...view,
    properties: view.properties.map((p) =>
      p === next ? p : { ...p, isPrimary1: p.isPrimary1 && !next.isPrimary1, isPrimary2: p.isPrimary2 && !next.isPrimary2 },
    ),
  }),
});

const companies = fakeList('Company', 'companies', {
  row: (input) => {
    // Stock shares only for a corporation; an address only when some field of it is given.
    const [terms1, terms2] = owned(input, (t) => ({ sharePercent: t.share_percent, stockShares: input.type === 'corporation' ? t.stock_shares : null }));
    const hasAddress = [input.street, input.unit, input.city, input.state, input.zip].some(Boolean) || input.value !== null;
    return { name: input.name, type: input.type, address: hasAddress ? addressFrom(input) : null, terms1, terms2 };
  },
});

const gifts = fakeList('Gift', 'gifts', {
  row: (input) => ({
    giftType: input.gift_type,
    beneficiaryHash: input.beneficiary_hash!,
    addressHash: input.gift_type === 'property' ? input.address_hash! : null,
    cashAmount: input.gift_type === 'cash' ? input.cash_amount : null,
    specificItem: input.gift_type === 'item' ? input.specific_item : null,
    predeceaseDistribution: input.predecease_distribution,
  }),
});

const accountList = { retirement: 'retirementAccounts', brokerage: 'brokerageAccounts', bank: 'bankAccounts', annuity: 'annuityAccounts' } as const;

const accounts = fakeList('Account', (input) => accountList[input.kind], {
  row: (input, stored) => {
    const alnum = input.number.replace(/[^\p{L}\p{N}]/gu, '');
    return {
      kind: input.kind,
      company: input.company,
      type: input.kind === 'annuity' ? '' : input.type,
      numberLast4: alnum ? alnum.slice(-4) : (stored?.numberLast4 ?? null),
      value: input.value,
    };
  },
});

/** Every list section's fake actions, to install on the mocked actions module. */
export const FAKE_LISTS = [children, beneficiaries, trustees, agents, properties, companies, gifts, accounts];
