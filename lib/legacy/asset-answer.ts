import { maskAccountNumber } from '@/lib/format/account';
import type { AccountView, AddressView, BeneficiaryView, CompanyTerms, CompanyView, GiftView, IntakeView, PropertyView } from '@/lib/intake/types';
import type { LegacyClientExtras } from './client-answer';
import { toLegacyLists } from './family-answer';
import { byOwnerLists, flip, perspectiveOf, pick, recordHead } from './perspective';

/*
 * The full refreshed data the spec says every asset call answers (intake §7, "Asset sections"): the family
 * lists of toLegacyLists plus properties, companies1/2/Both, gifts, retirementAccounts, brokerageAccounts,
 * bankAccounts, annuityAccounts and notes, seen from the client the call named. Account numbers leave only
 * masked (••••1234).
 */

function addressLines(a: AddressView) {
  const lineOne = [a.street, a.unit].filter(Boolean).join(' ');
  const lineTwo = [[a.city, a.state].filter(Boolean).join(', '), a.zip].filter(Boolean).join(' ');
  return { line_one: lineOne, line_two: lineTwo, full: [lineOne, lineTwo].filter(Boolean).join(', ') };
}

function addressFields(a: AddressView) {
  return { street: a.street, unit: a.unit, city: a.city, state: a.state, zip: a.zip, value: a.value, ...addressLines(a) };
}

function legacyAddress(a: AddressView) {
  return { hash_id: a.hash, ...addressFields(a) };
}

function legacyProperty(p: PropertyView, perspective: 1 | 2) {
  const [primary1, primary2] = pick(perspective, p.isPrimary1, p.isPrimary2);
  const owner = flip(p.owner, perspective);
  return {
    hash_id: p.hash,
    version: p.version,
    owner,
    hash_id_address: p.address.hash,
    ...addressFields(p.address),
    purchase_month: p.purchaseMonth,
    purchase_year: p.purchaseYear,
    is_primary1: primary1,
    is_primary2: primary2,
    // The addressed client's own flag (or the spouse's for the spouse's property).
    pivot: { is_primary: owner === '2' ? primary2 : primary1 },
  };
}

function legacyCompanyTerms(n: 1 | 2, terms: CompanyTerms | null) {
  return { [`share_percent${n}`]: terms?.sharePercent ?? null, [`stock_shares${n}`]: terms?.stockShares ?? null };
}

function legacyCompany(c: CompanyView, perspective: 1 | 2) {
  const [terms1, terms2] = pick(perspective, c.terms1, c.terms2);
  return {
    ...recordHead(c, perspective),
    name: c.name,
    type: c.type,
    address: c.address ? legacyAddress(c.address) : null,
    ...legacyCompanyTerms(1, terms1),
    ...legacyCompanyTerms(2, terms2),
  };
}

function legacyGiftBeneficiary(b: BeneficiaryView | undefined) {
  if (!b) return null;
  return {
    hash_id: b.hash,
    type: b.type,
    first_name: b.person?.firstName ?? null,
    middle_name: b.person?.middleName ?? null,
    last_name: b.person?.lastName ?? null,
    suffix: b.person?.suffix ?? null,
    name: b.entity?.name ?? null,
  };
}

function legacyGift(g: GiftView, perspective: 1 | 2, view: IntakeView) {
  return {
    ...recordHead(g, perspective),
    gift_type: g.giftType,
    beneficiary: legacyGiftBeneficiary(view.beneficiaries.find((b) => b.hash === g.beneficiaryHash)),
    hash_id_bene: g.beneficiaryHash,
    hash_id_address: g.addressHash,
    cash_amount: g.cashAmount,
    specific_item: g.specificItem,
    predecease_distribution: g.predeceaseDistribution,
  };
}

function legacyAccount(a: AccountView, perspective: 1 | 2) {
  return {
    ...recordHead(a, perspective),
    company: a.company,
    ...(a.kind === 'annuity' ? {} : { type: a.type }),
    number: maskAccountNumber(a.numberLast4) || null,
    value: a.value,
  };
}

/**
 * The full refreshed client data every asset call answers (intake §7): the family lists and client of
 * toLegacyLists, then properties, companies1/2/Both, gifts, the four account lists and notes.
 */
export function toLegacyData(view: IntakeView, addressedHash: string, extras: LegacyClientExtras) {
  const perspective = perspectiveOf(view, addressedHash);
  return {
    ...toLegacyLists(view, addressedHash, extras),
    properties: view.properties.map((p) => legacyProperty(p, perspective)),
    ...byOwnerLists(
      'companies',
      view.companies.map((c) => legacyCompany(c, perspective)),
    ),
    gifts: view.gifts.map((g) => legacyGift(g, perspective, view)),
    retirementAccounts: view.retirementAccounts.map((a) => legacyAccount(a, perspective)),
    brokerageAccounts: view.brokerageAccounts.map((a) => legacyAccount(a, perspective)),
    bankAccounts: view.bankAccounts.map((a) => legacyAccount(a, perspective)),
    annuityAccounts: view.annuityAccounts.map((a) => legacyAccount(a, perspective)),
    notes: view.note.hash ? [{ hash_id: view.note.hash, version: view.note.version, note: view.note.body }] : [],
  };
}
