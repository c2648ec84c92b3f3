import type { Owner } from './owners';
import type { BeneficiaryView, CompanyTerms, CompanyType, GiftType, GiftView, PropertyView } from './types';

/*
 * The rules of the asset sections (7-14), pure and shared by the forms and the domain functions, so the
 * modal offers exactly what the server accepts: gift choices per owner, one primary residence per owner,
 * stock shares only for corporations, purchase years, when the note is saved.
 */

// Gifts ------------------------------------------------------------------------------------------------------

/**
 * A beneficiary can receive a gift of `giftOwner` when it stands on the list of at least one of the gift's
 * owners: a joint gift may go to either spouse's beneficiary, a gift of the client only to the client's.
 */
export function beneficiaryFitsGift(beneficiaryOwner: Owner, giftOwner: Owner): boolean {
  return beneficiaryOwner === 'both' || giftOwner === 'both' || beneficiaryOwner === giftOwner;
}

/**
 * A property can be given by `giftOwner` when every giver owns it: the client may give the client's or a
 * joint property; a joint gift needs a joint property (one spouse cannot give the other's house).
 */
export function propertyFitsGift(propertyOwner: Owner, giftOwner: Owner): boolean {
  return propertyOwner === 'both' || propertyOwner === giftOwner;
}

export type GiftChoices = { beneficiaries: BeneficiaryView[]; properties: PropertyView[] };

/** What the gift modal offers for an owner (the spec: an owner change refreshes the choices). */
export function giftChoices(giftOwner: Owner, view: { beneficiaries: readonly BeneficiaryView[]; properties: readonly PropertyView[] }): GiftChoices {
  return {
    beneficiaries: view.beneficiaries.filter((b) => beneficiaryFitsGift(b.owner, giftOwner)),
    properties: view.properties.filter((p) => propertyFitsGift(p.owner, giftOwner)),
  };
}

/**
 * The form's selection after an owner change: a beneficiary or property no longer offered is cleared; a
 * real-estate gift with no property left to offer resets its type (the spec: choosing Real Estate with no
 * properties resets the type).
 */
export function refreshGiftSelection<S extends { giftType: GiftType | ''; beneficiaryHash: string; addressHash: string }>(
  selection: S,
  choices: GiftChoices,
): S {
  const next = { ...selection };
  if (next.beneficiaryHash && !choices.beneficiaries.some((b) => b.hash === next.beneficiaryHash)) next.beneficiaryHash = '';
  if (next.addressHash && !choices.properties.some((p) => p.address.hash === next.addressHash)) next.addressHash = '';
  if (next.giftType === 'property' && choices.properties.length === 0) next.giftType = '';
  return next;
}

/** The gift type an edited gift shows, from which of property, cash amount and item is set. */
export function giftTypeOf(gift: Pick<GiftView, 'addressHash' | 'cashAmount' | 'specificItem'>): GiftType | '' {
  if (gift.addressHash) return 'property';
  if (gift.cashAmount !== null && gift.cashAmount !== '') return 'cash';
  if (gift.specificItem) return 'item';
  return '';
}

/** Whether a stored gift still fits its owner (its beneficiary and property may have changed owner since). */
export function giftIsValid(gift: GiftView, view: { beneficiaries?: readonly BeneficiaryView[]; properties?: readonly PropertyView[] }): boolean {
  const beneficiary = (view.beneficiaries ?? []).find((b) => b.hash === gift.beneficiaryHash);
  if (!beneficiary || !beneficiaryFitsGift(beneficiary.owner, gift.owner)) return false;
  if (gift.giftType !== 'property') return true;
  const property = (view.properties ?? []).find((p) => p.address.hash === gift.addressHash);
  return !!property && propertyFitsGift(property.owner, gift.owner);
}

// Properties -------------------------------------------------------------------------------------------------

/** The primary choice of a shared property: No, client 1, client 2, Both; a single owner's is a checkbox. */
export type PrimaryChoice = 'no' | '1' | '2' | 'both';

/** Each owner's primary flag for a choice, limited to the property's owners. */
export function primaryFlags(choice: PrimaryChoice, owner: Owner): { isPrimary1: boolean; isPrimary2: boolean } {
  const wants1 = choice === '1' || choice === 'both';
  const wants2 = choice === '2' || choice === 'both';
  return { isPrimary1: wants1 && owner !== '2', isPrimary2: wants2 && owner !== '1' };
}

/** The choice a stored property shows. */
export function primaryChoiceOf(p: Pick<PropertyView, 'isPrimary1' | 'isPrimary2'>): PrimaryChoice {
  if (p.isPrimary1 && p.isPrimary2) return 'both';
  if (p.isPrimary1) return '1';
  if (p.isPrimary2) return '2';
  return 'no';
}

/**
 * The other properties that are today the primary residence of an owner this save makes primary: not
 * empty means the spec's 'Confirm Primary Residence Change', and the server moves the flag off them.
 */
export function primaryConflicts(
  properties: readonly PropertyView[],
  editingHash: string | null,
  flags: { isPrimary1: boolean; isPrimary2: boolean },
): PropertyView[] {
  return properties.filter((p) => p.hash !== editingHash && ((flags.isPrimary1 && p.isPrimary1) || (flags.isPrimary2 && p.isPrimary2)));
}

/** The purchase years offered: the current year down to 1900. */
export function purchaseYears(now: Date = new Date()): number[] {
  const years: number[] = [];
  for (let y = now.getFullYear(); y >= 1900; y--) years.push(y);
  return years;
}

// Companies --------------------------------------------------------------------------------------------------

/** Stock shares only for corporations: null otherwise, whatever was typed. */
export function stockSharesFor(type: CompanyType | '' | null, shares: number | null | undefined): number | null {
  return type === 'corporation' && shares !== undefined ? shares : null;
}

/** Same values switched on: a missing share percent or stock count of one owner is filled from the other. */
export function fillCompanyTerms(a: CompanyTerms, b: CompanyTerms): CompanyTerms {
  return { sharePercent: a.sharePercent ?? b.sharePercent, stockShares: a.stockShares ?? b.stockShares };
}

// Note -------------------------------------------------------------------------------------------------------

/** The spec: the note is saved on blur only if the entered note or the stored note is non-empty. */
export function noteShouldSave(entered: string, stored: string): boolean {
  if (entered === stored) return false;
  return entered.trim() !== '' || stored.trim() !== '';
}
