import { z } from 'zod';
import { accountNumber, choice, choiceOrOther, freeText, money, percent, purchaseMonth, purchaseYear, stateCode, stockShares, street, zip } from './fields';
import {
  blank,
  optionalHash,
  optionalVersion,
  ownedValueKeys,
  ownerField,
  publicHash,
  requestKey,
  requireVersion,
  versionWithHash,
  whenFieldsValid,
} from './intake';
import { COMPANY_TYPES, PREDECEASE_DISTRIBUTIONS, type Owner } from './lists';

/*
 * The intake's asset saves and deletes (client-info sections 7-14), built from the same blocks and field
 * rules as sections 1-6 (./intake.ts, ./fields.ts) and with the same conventions: `client_hash` the
 * household's address, `hash` + `version` the record, owners '1' / '2' / 'both' in the household's numbering
 * with each owner's values in values1 / values2. Money as typed ('350,000') answers a 2-decimal string.
 */

export const ACCOUNT_KINDS = ['retirement', 'brokerage', 'bank', 'annuity'] as const;
export const GIFT_TYPE_KEYS = ['property', 'cash', 'item'] as const;
export const PREDECEASE_KEYS = ['bloodline', 'equally', 'lapse'] as const satisfies readonly (keyof typeof PREDECEASE_DISTRIBUTIONS)[];
export const NOTE_MAX_LENGTH = 10_000;
export const NO_BENEFICIARIES = { title: 'No Beneficiaries Found', text: 'You must first add beneficiaries for designating gifts to' } as const;
export const NO_PROPERTIES = { title: 'No Properties Found', text: 'You must first add properties to be able to select them as real estate gifts' } as const;
export const PRIMARY_RESIDENCE_CHANGE = {
  title: 'Confirm Primary Residence Change',
  text: 'You can only have one primary residence set at a time. Are you sure you wish to change it to this property?',
} as const;

const sameValuesFlag = () =>
  z
    .boolean()
    .nullish()
    .transform((value) => value ?? true);
const flag = () =>
  z
    .boolean({ error: 'Please tick the box or not.' })
    .nullish()
    .transform((value) => value ?? false);

const recordFields = {
  client_hash: publicHash('Client'),
  hash: optionalHash('Record'),
  version: optionalVersion(),
  request_key: requestKey(),
};

/** The address of a property (street, city, state and ZIP required) or a company (all optional). */
const addressFields = (required: boolean) => ({
  street: street({ optional: !required }),
  unit: freeText('Unit', { optional: true, max: 50 }),
  city: freeText('City', { optional: !required, max: 100 }),
  state: stateCode({ optional: !required, label: 'State' }),
  zip: zip({ optional: !required }),
  value: money({ optional: true, label: 'Value' }),
});

// ---------------------------------------------------------------------------------------------------------
// Section 7: properties

const propertyObject = z.object({
  ...recordFields,
  owner: ownerField(),
  /** Primary residence of the client (owner 1) / the spouse (owner 2); ignored for a non-owner. */
  is_primary1: flag(),
  is_primary2: flag(),
  ...addressFields(true),
  value: money({ optional: true, label: 'Value' }),
  purchase_month: purchaseMonth({ optional: true }),
  purchase_year: purchaseYear({ optional: true }),
});
export const upsertPropertySchema = propertyObject.check(versionWithHash);
export type UpsertPropertyInput = z.output<typeof upsertPropertySchema>;
export type UpsertPropertyForm = z.input<typeof upsertPropertySchema>;

// ---------------------------------------------------------------------------------------------------------
// Section 8: companies

export const companyTermsSchema = z.object({
  share_percent: percent({ optional: true, label: 'Share percent' }),
  /** Only for corporations; the domain stores null for any other type. */
  stock_shares: stockShares({ optional: true }),
});
export type CompanyTermsInput = z.output<typeof companyTermsSchema>;

const companyObject = z
  .object({
    ...recordFields,
    owner: ownerField(),
    same_values: sameValuesFlag(),
    values1: companyTermsSchema.prefault({ share_percent: null, stock_shares: null }),
    values2: companyTermsSchema.prefault({ share_percent: null, stock_shares: null }),
    name: freeText('Company name'),
    type: choice(COMPANY_TYPES, { label: 'Company type' }),
    ...addressFields(false),
  })
  .check(
    z.superRefine(
      (value, ctx) => {
        for (const key of ownedValueKeys(value.owner, value.same_values)) {
          if (value[key]?.share_percent == null) ctx.addIssue({ code: 'custom', path: [key, 'share_percent'], message: 'Share percent is required.' });
        }
      },
      whenFieldsValid('owner', 'same_values'),
    ),
  );
export const upsertCompanySchema = companyObject.check(versionWithHash);
export type UpsertCompanyInput = z.output<typeof upsertCompanySchema>;
export type UpsertCompanyForm = z.input<typeof upsertCompanySchema>;

// ---------------------------------------------------------------------------------------------------------
// Section 9: specific gifts

const giftObject = z
  .object({
    ...recordFields,
    owner: ownerField(),
    gift_type: z.enum(GIFT_TYPE_KEYS, { error: 'Please choose the gift type.' }),
    beneficiary_hash: optionalHash('Beneficiary'),
    /** A real-estate gift: the property's address hash. */
    address_hash: optionalHash('Property'),
    cash_amount: money({ optional: true, label: 'Cash amount' }),
    specific_item: freeText('Specific item', { optional: true, max: 1000 }),
    predecease_distribution: z.enum(PREDECEASE_KEYS, { error: 'Please choose what happens if the beneficiary dies first.' }),
  })
  .check(
    z.superRefine((value, ctx) => {
      const need = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
      if (!value.beneficiary_hash) need('beneficiary_hash', 'Please choose the beneficiary.');
      if (value.gift_type === 'property' && !value.address_hash) need('address_hash', 'Please choose the property.');
      if (value.gift_type === 'cash' && value.cash_amount === null) need('cash_amount', 'Cash amount is required.');
      if (value.gift_type === 'item' && blank(value.specific_item)) need('specific_item', 'Specific item is required.');
    }, whenFieldsValid('gift_type')),
  );
export const upsertGiftSchema = giftObject.check(versionWithHash);
export type UpsertGiftInput = z.output<typeof upsertGiftSchema>;
export type UpsertGiftForm = z.input<typeof upsertGiftSchema>;

// ---------------------------------------------------------------------------------------------------------
// Sections 10-13: accounts

export const accountKind = () => z.enum(ACCOUNT_KINDS, { error: 'Please choose the kind of account.' });

const accountObject = z
  .object({
    ...recordFields,
    kind: accountKind(),
    owner: ownerField(),
    /** A list entry or the typed Other. */
    company: choiceOrOther('Company'),
    /** A list entry or the typed Other; annuities have none (stored null). */
    type: choiceOrOther('Type', { optional: true }),
    /** '' keeps the stored number; anything else replaces it, every character kept. */
    number: accountNumber({ optional: true }),
    value: money({ optional: true, label: 'Value' }),
  })
  .check(
    z.superRefine(
      (value, ctx) => {
        if (value.kind !== 'annuity' && blank(value.type)) ctx.addIssue({ code: 'custom', path: ['type'], message: 'Type is required.' });
      },
      whenFieldsValid('kind', 'type'),
    ),
  );
export const upsertAccountSchema = accountObject.check(versionWithHash);
export type UpsertAccountInput = z.output<typeof upsertAccountSchema>;
export type UpsertAccountForm = z.input<typeof upsertAccountSchema>;

// ---------------------------------------------------------------------------------------------------------
// Section 14: the note

const noteObject = z.object({
  client_hash: publicHash('Client'),
  /** The note's version as read; absent before the first save (and in legacy calls). */
  version: optionalVersion(),
  body: freeText('Comments', { optional: true, max: NOTE_MAX_LENGTH }),
});
export const saveNoteSchema = noteObject;
export type SaveNoteInput = z.output<typeof saveNoteSchema>;

// ---------------------------------------------------------------------------------------------------------
// Deletes

const deleteAssetObject = z.object({ client_hash: publicHash('Client'), hash: publicHash('Record'), version: optionalVersion() });
const deleteAccountObject = deleteAssetObject.extend({ kind: accountKind() });
export const deletePropertySchema = deleteAssetObject.check(requireVersion);
export const deleteCompanySchema = deleteAssetObject.check(requireVersion);
export const deleteGiftSchema = deleteAssetObject.check(requireVersion);
export const deleteAccountSchema = deleteAccountObject.check(requireVersion);
export type DeleteAssetInput = z.output<typeof deletePropertySchema>;
export type DeleteAccountInput = z.output<typeof deleteAccountSchema>;

/** The shapes without the version requirement, for the compatibility routes (no versions sent). */
export const legacyAssetShapes = {
  property: propertyObject,
  company: companyObject,
  gift: giftObject,
  account: accountObject,
  note: noteObject,
  delete: deleteAssetObject,
  deleteAccount: deleteAccountObject,
} as const;

export type { Owner };
