import type { RoleName, World } from '../../../helpers/world';
import { intakeWrite, owner1, owner2, records, withRecords, type Entry, type Prepared } from '.';

// Sections 7-14: assets and the note.

const propertyInput = (w: World) => ({
  client_hash: owner1(w),
  owner: 'both',
  is_primary1: true,
  street: '9 Matrix Rd',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
  value: '250,000',
  purchase_year: 2001,
});
const companyInput = (w: World) => ({
  client_hash: owner1(w),
  owner: '1',
  name: 'Matrix LLC',
  type: 'limited liability company',
  values1: { share_percent: '100' },
});
const giftInput = (w: World, p: Prepared) => ({
  client_hash: owner1(w),
  owner: 'both',
  gift_type: 'cash',
  beneficiary_hash: records(p).beneficiary,
  cash_amount: '1,000',
  predecease_distribution: 'bloodline',
});
const accountInput = (w: World) => ({
  client_hash: owner1(w),
  kind: 'bank',
  owner: '2',
  company: 'Wells Fargo',
  type: 'Savings',
  number: 'AB-1234 5678',
  value: '12,000.50',
});
const deleteAsset = (key: 'property' | 'company' | 'gift') => (w: World, _role: RoleName, p: Prepared) => ({
  input: { client_hash: owner1(w), hash: records(p)[key], version: 1 },
});
const accountRoutes = (['retirement', 'brokerage', 'bank', 'annuity'] as const).flatMap((kind): [string, Entry][] => [
  [
    `POST /api/clientInfo/updateOrCreate/${kind}Account`,
    {
      permission: 'intake.write',
      args: (w) => ({
        body: {
          hash_id: owner1(w),
          hash_id_spouse: owner2(w),
          hash_id_account: '',
          owner: '1',
          company: 'Vanguard',
          type: 'Other kind',
          number: '12-34',
          value: '1,000',
        },
      }),
      expect: intakeWrite,
    },
  ],
  [
    `POST /api/clientInfo/delete/${kind}Account`,
    {
      permission: 'intake.write',
      prepare: withRecords,
      args: (w, _r, p) => ({ body: { hash_id: owner1(w), hash_id_spouse: owner2(w), hash_id_account: records(p)[kind] } }),
      expect: intakeWrite,
    },
  ],
]);
export const ASSET_DOORS: Record<string, Entry> = {
  'action lib/actions/intake.ts#upsertPropertyAction': { permission: 'intake.write', args: (w) => ({ input: propertyInput(w) }), expect: intakeWrite },
  'action lib/actions/intake.ts#deletePropertyAction': { permission: 'intake.write', prepare: withRecords, args: deleteAsset('property'), expect: intakeWrite },
  'action lib/actions/intake.ts#upsertCompanyAction': { permission: 'intake.write', args: (w) => ({ input: companyInput(w) }), expect: intakeWrite },
  'action lib/actions/intake.ts#deleteCompanyAction': { permission: 'intake.write', prepare: withRecords, args: deleteAsset('company'), expect: intakeWrite },
  'action lib/actions/intake.ts#upsertGiftAction': {
    permission: 'intake.write',
    prepare: withRecords,
    args: (w, _r, p) => ({ input: giftInput(w, p) }),
    expect: intakeWrite,
  },
  'action lib/actions/intake.ts#deleteGiftAction': { permission: 'intake.write', prepare: withRecords, args: deleteAsset('gift'), expect: intakeWrite },
  'action lib/actions/intake.ts#upsertAccountAction': { permission: 'intake.write', args: (w) => ({ input: accountInput(w) }), expect: intakeWrite },
  'action lib/actions/intake.ts#deleteAccountAction': {
    permission: 'intake.write',
    prepare: withRecords,
    args: (w, _r, p) => ({ input: { client_hash: owner1(w), kind: 'annuity', hash: records(p).annuity, version: 1 } }),
    expect: intakeWrite,
  },
  'action lib/actions/intake.ts#saveNoteAction': {
    permission: 'intake.write',
    args: (w) => ({ input: { client_hash: owner2(w), body: 'Matrix note' } }),
    expect: intakeWrite,
  },
  'POST /api/clientInfo/updateOrCreate/property': {
    permission: 'intake.write',
    args: (w) => ({
      body: {
        hash_id: owner1(w),
        hash_id_spouse: owner2(w),
        hash_id_property: '',
        owner: 'both',
        is_primary: 'both',
        street: '9 Matrix Rd',
        unit: '',
        city: 'Austin',
        state: 'TX',
        zip: '78701',
        value: '250,000',
        purchase_month: 4,
        purchase_year: 2001,
      },
    }),
    expect: intakeWrite,
  },
  'POST /api/clientInfo/delete/property': {
    permission: 'intake.write',
    prepare: withRecords,
    args: (w, _r, p) => ({ body: { hash_id: owner1(w), hash_id_spouse: owner2(w), hash_id_property: records(p).property } }),
    expect: intakeWrite,
  },
  'POST /api/clientInfo/updateOrCreate/company': {
    permission: 'intake.write',
    args: (w) => ({
      body: {
        hash_id: owner1(w),
        hash_id_spouse: owner2(w),
        hash_id_company: '',
        hash_id_address: '',
        owner: 'both',
        name: 'Matrix Inc',
        type: 'corporation',
        street: '',
        unit: '',
        city: '',
        state: '',
        zip: '',
        value: '',
        share_percent1: '50',
        stock_shares1: '100',
        share_percent2: '50',
        stock_shares2: '100',
      },
    }),
    expect: intakeWrite,
  },
  'POST /api/clientInfo/delete/company': {
    permission: 'intake.write',
    prepare: withRecords,
    args: (w, _r, p) => ({ body: { hash_id: owner1(w), hash_id_spouse: owner2(w), hash_id_company: records(p).company } }),
    expect: intakeWrite,
  },
  'POST /api/clientInfo/updateOrCreate/gift': {
    permission: 'intake.write',
    prepare: withRecords,
    args: (w, _r, p) => ({
      body: {
        hash_id: owner1(w),
        hash_id_spouse: owner2(w),
        hash_id_gift: '',
        owner: 'both',
        gift_type: 'property',
        hash_id_bene: records(p).beneficiary,
        hash_id_address: records(p).propertyAddress,
        cash_amount: '',
        specific_item: '',
        predecease_distribution: 'equally',
      },
    }),
    expect: intakeWrite,
  },
  'POST /api/clientInfo/delete/gift': {
    permission: 'intake.write',
    prepare: withRecords,
    args: (w, _r, p) => ({ body: { hash_id: owner1(w), hash_id_spouse: owner2(w), hash_id_gift: records(p).gift } }),
    expect: intakeWrite,
  },
  ...Object.fromEntries(accountRoutes),
  'POST /api/clientInfo/updateOrCreate/note': {
    permission: 'intake.write',
    args: (w) => ({ body: { note: 'Matrix note', hash: owner1(w), hash2: owner2(w) } }),
    expect: intakeWrite,
  },
};
