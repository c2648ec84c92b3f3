import { eq } from 'drizzle-orm';
import { POST as deleteAnnuity } from '@/app/api/clientInfo/delete/annuityAccount/route';
import { POST as deleteBankRoute } from '@/app/api/clientInfo/delete/bankAccount/route';
import { POST as deleteGiftRoute } from '@/app/api/clientInfo/delete/gift/route';
import { POST as deletePropertyRoute } from '@/app/api/clientInfo/delete/property/route';
import { POST as saveAnnuity } from '@/app/api/clientInfo/updateOrCreate/annuityAccount/route';
import { POST as saveBank } from '@/app/api/clientInfo/updateOrCreate/bankAccount/route';
import { POST as saveCompanyRoute } from '@/app/api/clientInfo/updateOrCreate/company/route';
import { POST as saveGiftRoute } from '@/app/api/clientInfo/updateOrCreate/gift/route';
import { POST as saveNoteRoute } from '@/app/api/clientInfo/updateOrCreate/note/route';
import { POST as savePropertyRoute } from '@/app/api/clientInfo/updateOrCreate/property/route';
import { POST as saveRetirement } from '@/app/api/clientInfo/updateOrCreate/retirementAccount/route';
import { db } from '@/db';
import * as t from '@/db/schema';
import { openIdentifier } from '@/lib/crypto';
import { placeOf } from '@/lib/encrypted-columns';
import type { RequestContext } from '@/lib/kernel/context';
import type { RouteHandler } from '@/lib/http/route';
import { deleteAccount } from '@/lib/intake/records';
import { deleteBeneficiary } from '@/lib/intake/records';
import { PROPERTY_HAS_GIFTS } from '@/lib/intake/records/properties';
import { deleteProperty } from '@/lib/intake/records';
import { saveNote } from '@/lib/intake/save-note';
import { upsertAccount } from '@/lib/intake/records';
import { upsertCompany } from '@/lib/intake/records';
import { GIFT_BENEFICIARY_NOT_OWNED, GIFT_PROPERTY_NOT_OWNED } from '@/lib/intake/records/gifts';
import { upsertGift } from '@/lib/intake/records';
import { upsertProperty } from '@/lib/intake/records';
import { STALE_VERSION_MESSAGE, upsertBeneficiarySchema } from '@/lib/validation/intake';
import { upsertBeneficiary } from '@/lib/intake/records';
import {
  deleteAccountSchema,
  deletePropertySchema,
  saveNoteSchema,
  upsertAccountSchema,
  upsertCompanySchema,
  upsertGiftSchema,
  upsertPropertySchema,
} from '@/lib/validation/intake-assets';
import { resetDatabase } from '../helpers/db';
import { signInAs, signOut } from '../helpers/session';
import { databaseFingerprint } from '../helpers/world';
import { makeCouple, type Couple } from './helpers/intake';

/*
 * Intake sections 7-14: the domain functions (rules and versions) and the compatibility routes (the spec's
 * payloads and the full refreshed data), against the real database.
 */

let couple: Couple;
let ctx: RequestContext;
beforeEach(async () => {
  await resetDatabase();
  couple = await makeCouple();
  ctx = couple.clientCtx as RequestContext;
});

const h1 = () => couple.owner1.hash;
const addProperty = (fields: Record<string, unknown> = {}) =>
  upsertProperty(
    ctx,
    upsertPropertySchema.parse({
      client_hash: h1(),
      owner: 'both',
      street: '1 Main St',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
      value: '350,000',
      ...fields,
    }),
  );
const addBeneficiary = (owner: '1' | '2' | 'both', first = 'Bea') =>
  upsertBeneficiary(
    ctx,
    upsertBeneficiarySchema.parse({
      client_hash: h1(),
      type: 'person',
      owner,
      first_name: first,
      last_name: 'Doe',
      same_values: true,
      values1: { tier: 'primary', share_percent: '100', relationship: 'Child' },
      values2: { tier: 'primary', share_percent: '100', relationship: 'Child' },
    }),
  );

describe('properties', () => {
  it('stores the address, money exactly, purchase month and year; one primary residence per owner', async () => {
    let view = await addProperty({ is_primary1: true, is_primary2: true, purchase_month: '4', purchase_year: '1999', unit: 'Apt 2' });
    expect(view.properties[0]).toMatchObject({
      owner: 'both',
      isPrimary1: true,
      isPrimary2: true,
      purchaseMonth: 4,
      purchaseYear: 1999,
      address: { value: '350000.00', unit: 'Apt 2', zip: '78701' },
    });
    const home = view.properties[0];
    // A second property made client 1's primary residence moves the flag off the first for client 1 only.
    view = await addProperty({ street: '2 Lake Rd', is_primary1: true });
    const [first, second] = view.properties;
    expect([first.isPrimary1, first.isPrimary2, second.isPrimary1, second.isPrimary2]).toEqual([false, true, true, false]);
    // Editing the first as the spouse's only: the primary flag of a non-owner is ignored.
    view = await upsertProperty(
      ctx,
      upsertPropertySchema.parse({
        client_hash: h1(),
        hash: home.hash,
        version: home.version,
        owner: '2',
        is_primary1: true,
        is_primary2: true,
        street: '1 Main St',
        city: 'Austin',
        state: 'TX',
        zip: '78701',
      }),
    );
    expect(view.properties[0]).toMatchObject({ owner: '2', isPrimary1: false, isPrimary2: true, address: { value: null } });
    expect(view.properties[1].isPrimary1).toBe(true);
  });

  it('refuses bad input with field errors and writes nothing', async () => {
    const year = new Date().getFullYear();
    for (const bad of [
      { zip: '1234' },
      { state: 'XX' },
      { purchase_year: String(year + 1) },
      { purchase_year: '1899' },
      { purchase_month: '13' },
      { value: '12.345' },
      { street: '12 Main #4' },
    ]) {
      const parsed = upsertPropertySchema.safeParse({ client_hash: h1(), owner: 'both', street: '1 Main', city: 'Austin', state: 'TX', zip: '78701', ...bad });
      expect({ bad, ok: parsed.success }).toEqual({ bad, ok: false });
    }
    expect(
      upsertPropertySchema.safeParse({
        client_hash: h1(),
        owner: 'both',
        street: '1 Main',
        city: 'Austin',
        state: 'TX',
        zip: '78701',
        purchase_year: String(year),
      }).success,
    ).toBe(true);
  });

  it('answers 409 on a stale version and keeps a property given as a gift', async () => {
    const view = await addProperty();
    const property = view.properties[0];
    await upsertProperty(
      ctx,
      upsertPropertySchema.parse({
        client_hash: h1(),
        hash: property.hash,
        version: property.version,
        owner: 'both',
        street: 'Changed',
        city: 'Austin',
        state: 'TX',
        zip: '78701',
      }),
    );
    await expect(
      upsertProperty(
        ctx,
        upsertPropertySchema.parse({
          client_hash: h1(),
          hash: property.hash,
          version: property.version,
          owner: 'both',
          street: 'Stale',
          city: 'Austin',
          state: 'TX',
          zip: '78701',
        }),
      ),
    ).rejects.toMatchObject({ code: 'CONFLICT', message: STALE_VERSION_MESSAGE });

    const withHeir = await addBeneficiary('both');
    await upsertGift(
      ctx,
      upsertGiftSchema.parse({
        client_hash: h1(),
        owner: 'both',
        gift_type: 'property',
        beneficiary_hash: withHeir.beneficiaries[0].hash,
        address_hash: property.address.hash,
        predecease_distribution: 'bloodline',
      }),
    );
    await expect(deleteProperty(ctx, deletePropertySchema.parse({ client_hash: h1(), hash: property.hash, version: 2 }))).rejects.toMatchObject({
      code: 'CONFLICT',
      message: PROPERTY_HAS_GIFTS,
    });
  });
});

describe('companies', () => {
  it('keeps stock shares only for corporations, per-owner shares with same values', async () => {
    let view = await upsertCompany(
      ctx,
      upsertCompanySchema.parse({
        client_hash: h1(),
        owner: 'both',
        name: 'Acme',
        type: 'corporation',
        values1: { share_percent: '40', stock_shares: '1,000' },
      }),
    );
    expect(view.companies[0]).toMatchObject({
      owner: 'both',
      type: 'corporation',
      address: null,
      terms1: { sharePercent: '40.00', stockShares: 1000 },
      terms2: { sharePercent: '40.00', stockShares: 1000 },
    });
    const acme = view.companies[0];
    view = await upsertCompany(
      ctx,
      upsertCompanySchema.parse({
        client_hash: h1(),
        hash: acme.hash,
        version: acme.version,
        owner: 'both',
        same_values: false,
        name: 'Acme',
        type: 'partnership',
        values1: { share_percent: '30', stock_shares: 5 },
        values2: { share_percent: '20', stock_shares: 7 },
        street: '5 Oak',
        zip: '12345',
      }),
    );
    expect(view.companies[0]).toMatchObject({
      type: 'partnership',
      terms1: { sharePercent: '30.00', stockShares: null },
      terms2: { sharePercent: '20.00', stockShares: null },
      address: { street: '5 Oak', zip: '12345', city: '' },
    });
    // Clearing the address removes it.
    const saved = view.companies[0];
    view = await upsertCompany(
      ctx,
      upsertCompanySchema.parse({
        client_hash: h1(),
        hash: saved.hash,
        version: saved.version,
        owner: '1',
        name: 'Acme',
        type: 'partnership',
        values1: { share_percent: '30' },
      }),
    );
    expect(view.companies[0]).toMatchObject({ owner: '1', address: null, terms2: null });
    expect(await db.select().from(t.addresses)).toEqual([]);
  });

  it('requires a share percent for each owner and a known type', () => {
    expect(
      upsertCompanySchema
        .safeParse({ client_hash: h1(), owner: 'both', same_values: false, name: 'A', type: 'corporation', values1: { share_percent: '10' } })
        .error?.issues.map((i) => i.path.join('.')),
    ).toEqual(['values2.share_percent']);
    expect(upsertCompanySchema.safeParse({ client_hash: h1(), owner: '1', name: 'A', type: 'trust', values1: { share_percent: '10' } }).success).toBe(false);
    expect(upsertCompanySchema.safeParse({ client_hash: h1(), owner: '1', name: 'A', type: 'corporation', values1: { share_percent: '101' } }).success).toBe(
      false,
    );
  });
});

describe('specific gifts', () => {
  it('saves each type with only its own value, and refuses a beneficiary or property the owner cannot give', async () => {
    await addBeneficiary('1', 'One');
    let view = await addBeneficiary('2', 'Two');
    view = await addProperty({ owner: '1' });
    const [one, two] = view.beneficiaries;
    const property = view.properties[0];

    view = await upsertGift(
      ctx,
      upsertGiftSchema.parse({
        client_hash: h1(),
        owner: '1',
        gift_type: 'cash',
        beneficiary_hash: one.hash,
        cash_amount: '1,500.50',
        specific_item: 'ignored',
        predecease_distribution: 'equally',
      }),
    );
    expect(view.gifts[0]).toMatchObject({
      owner: '1',
      giftType: 'cash',
      cashAmount: '1500.50',
      specificItem: null,
      addressHash: null,
      predeceaseDistribution: 'equally',
      beneficiaryHash: one.hash,
    });

    await expect(
      upsertGift(
        ctx,
        upsertGiftSchema.parse({
          client_hash: h1(),
          owner: '1',
          gift_type: 'item',
          beneficiary_hash: two.hash,
          specific_item: 'Piano',
          predecease_distribution: 'lapse',
        }),
      ),
    ).rejects.toMatchObject({
      code: 'VALIDATION',
      message: GIFT_BENEFICIARY_NOT_OWNED,
    });
    await expect(
      upsertGift(
        ctx,
        upsertGiftSchema.parse({
          client_hash: h1(),
          owner: 'both',
          gift_type: 'property',
          beneficiary_hash: one.hash,
          address_hash: property.address.hash,
          predecease_distribution: 'lapse',
        }),
      ),
    ).rejects.toMatchObject({
      code: 'VALIDATION',
      message: GIFT_PROPERTY_NOT_OWNED,
    });
    view = await upsertGift(
      ctx,
      upsertGiftSchema.parse({
        client_hash: h1(),
        owner: '1',
        gift_type: 'property',
        beneficiary_hash: one.hash,
        address_hash: property.address.hash,
        predecease_distribution: 'bloodline',
      }),
    );
    expect(view.gifts[1]).toMatchObject({ giftType: 'property', addressHash: property.address.hash, cashAmount: null });
    // A beneficiary with a gift cannot be removed silently.
    await expect(deleteBeneficiary(ctx, { client_hash: h1(), hash: one.hash, version: one.version })).rejects.toMatchObject({ code: 'CONFLICT' });
  });

  it("requires the type's own value, the beneficiary and the distribution", () => {
    const issues = (input: Record<string, unknown>) =>
      upsertGiftSchema.safeParse({ client_hash: h1(), owner: '1', ...input }).error?.issues.map((i) => i.path.join('.')) ?? [];
    expect(issues({ gift_type: 'cash', predecease_distribution: 'lapse' })).toEqual(['beneficiary_hash', 'cash_amount']);
    expect(issues({ gift_type: 'property', beneficiary_hash: 'abc', predecease_distribution: 'lapse' })).toEqual(['address_hash']);
    expect(issues({ gift_type: 'item', beneficiary_hash: 'abc', specific_item: 'Ring' })).toEqual(['predecease_distribution']);
    expect(issues({ beneficiary_hash: 'abc', predecease_distribution: 'lapse' })).toContain('gift_type');
  });
});

describe('accounts', () => {
  it('keeps every character of the number, sealed; the view shows only the last four', async () => {
    let view = await upsertAccount(
      ctx,
      upsertAccountSchema.parse({
        client_hash: h1(),
        kind: 'bank',
        owner: '2',
        company: 'Wells Fargo',
        type: 'Savings',
        number: ' AB-12 34 5678 ',
        value: '12,000.50',
      }),
    );
    const account = view.bankAccounts[0];
    expect(account).toMatchObject({ kind: 'bank', owner: '2', company: 'Wells Fargo', type: 'Savings', numberLast4: '5678', value: '12000.50' });
    const [row] = await db.select().from(t.accounts).where(eq(t.accounts.hash, account.hash));
    expect(openIdentifier(row.numberCipher, placeOf(t.accounts.numberCipher, row.hash))).toBe('AB-12 34 5678');
    expect(JSON.stringify(view)).not.toContain('AB-12');
    // '' keeps the stored number; the annuity has no type.
    view = await upsertAccount(
      ctx,
      upsertAccountSchema.parse({
        client_hash: h1(),
        hash: account.hash,
        version: account.version,
        kind: 'bank',
        owner: 'both',
        company: 'My Credit Union',
        type: 'Savings',
        number: '',
      }),
    );
    expect(view.bankAccounts[0]).toMatchObject({ owner: 'both', company: 'My Credit Union', numberLast4: '5678', value: null });
    view = await upsertAccount(
      ctx,
      upsertAccountSchema.parse({ client_hash: h1(), kind: 'annuity', owner: '1', company: 'MetLife', type: 'ignored', number: '99' }),
    );
    expect(view.annuityAccounts[0]).toMatchObject({ type: '', numberLast4: '99' });
    // A bank account's hash is not an annuity.
    await expect(deleteAccount(ctx, deleteAccountSchema.parse({ client_hash: h1(), kind: 'annuity', hash: account.hash, version: 2 }))).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    view = await deleteAccount(ctx, deleteAccountSchema.parse({ client_hash: h1(), kind: 'bank', hash: account.hash, version: 2 }));
    expect(view.bankAccounts).toEqual([]);
  });

  it('requires a type except for annuities, and refuses the word Other as a company', () => {
    expect(
      upsertAccountSchema.safeParse({ client_hash: h1(), kind: 'retirement', owner: '1', company: 'Vanguard' }).error?.issues.map((i) => i.path.join('.')),
    ).toEqual(['type']);
    expect(upsertAccountSchema.safeParse({ client_hash: h1(), kind: 'annuity', owner: '1', company: 'MetLife' }).success).toBe(true);
    expect(upsertAccountSchema.safeParse({ client_hash: h1(), kind: 'bank', owner: '1', company: 'Other', type: 'Savings' }).success).toBe(false);
  });
});

describe('the note', () => {
  it('is created, updated at its version, and answers 409 when stale', async () => {
    let view = await saveNote(ctx, saveNoteSchema.parse({ client_hash: couple.owner2!.hash, body: 'First' }));
    expect(view.note).toMatchObject({ body: 'First', version: 1 });
    view = await saveNote(ctx, saveNoteSchema.parse({ client_hash: h1(), version: 1, body: 'Second' }));
    expect(view.note).toMatchObject({ body: 'Second', version: 2 });
    await expect(saveNote(ctx, saveNoteSchema.parse({ client_hash: h1(), version: 1, body: 'Stale' }))).rejects.toMatchObject({ code: 'CONFLICT' });
    const [row] = await db.select().from(t.notes);
    expect(row).toMatchObject({ clientId: couple.owner1.id, body: 'Second' });
  });
});

describe('out of scope', () => {
  it("another household's people get 404 and nothing is written", async () => {
    const other = await makeCouple();
    const before = await databaseFingerprint();
    await expect(
      upsertProperty(
        other.clientCtx as RequestContext,
        upsertPropertySchema.parse({ client_hash: h1(), owner: '1', street: 'x', city: 'y', state: 'TX', zip: '12345' }),
      ),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(saveNote(other.advisorCtx as RequestContext, saveNoteSchema.parse({ client_hash: h1(), body: 'x' }))).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(await databaseFingerprint()).toEqual(before);
  });
});

// ---------------------------------------------------------------------------------------------------------
// The compatibility routes

type Answer = Record<string, unknown> & { message?: string };
async function call(handler: RouteHandler, body: Record<string, unknown>, options: { form?: boolean } = {}) {
  const url = 'http://localhost/api/clientInfo/x/';
  const request = options.form
    ? new Request(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(Object.entries(body).map(([k, v]) => [k, v === null ? '' : String(v)])).toString(),
      })
    : new Request(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const response = await handler(request, { params: Promise.resolve({}) });
  return { status: response.status, body: (await response.json()) as Answer };
}

const ASSET_KEYS = [
  'properties',
  'companies1',
  'companies2',
  'companiesBoth',
  'gifts',
  'retirementAccounts',
  'brokerageAccounts',
  'bankAccounts',
  'annuityAccounts',
  'notes',
];

describe('the asset routes', () => {
  beforeEach(async () => {
    await signInAs(couple.household.user);
  });
  afterAll(() => signOut());

  it("save and delete a property with the spec's payload; the answer is the full refreshed data", async () => {
    const h2 = couple.owner2!.hash;
    const { status, body } = await call(savePropertyRoute, {
      hash_id: h1(),
      hash_id_spouse: h2,
      hash_id_property: '',
      owner: 'both',
      is_primary: 2,
      street: '1 Main St',
      unit: '',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
      value: '350,000',
      purchase_month: '',
      purchase_year: 2004,
    });
    expect(status).toBe(200);
    for (const key of [...ASSET_KEYS, 'client', 'children', 'beneficiariesBoth', 'fiduciaries1', 'generalPoasBoth']) expect(body).toHaveProperty(key);
    expect(body.properties).toEqual([
      expect.objectContaining({
        owner: 'both',
        street: '1 Main St',
        value: '350000.00',
        purchase_month: null,
        purchase_year: 2004,
        is_primary1: false,
        is_primary2: true,
        line_one: '1 Main St',
        line_two: 'Austin, TX 78701',
        full: '1 Main St, Austin, TX 78701',
      }),
    ]);
    // From the spouse's page the numbering turns: the spouse is 1.
    const fromSpouse = await call(savePropertyRoute, {
      hash_id: h2,
      hash_id_spouse: h1(),
      owner: '1',
      is_primary: true,
      street: '9 Elm',
      city: 'Austin',
      state: 'TX',
      zip: '78702',
    });
    const props = fromSpouse.body.properties as Record<string, unknown>[];
    expect(props.map((p) => [p.owner, p.is_primary1, p.is_primary2])).toEqual([
      ['both', false, false],
      ['1', true, false],
    ]);
    // The spouse's own primary moved to 9 Elm: in the household's numbering, owner 2.
    const [rows] = [await db.select().from(t.clientProperties).where(eq(t.clientProperties.isPrimary, true))];
    expect(rows.map((r) => r.clientId)).toEqual([couple.owner2!.id]);

    const removed = await call(deletePropertyRoute, { hash_id: h1(), hash_id_spouse: h2, hash_id_property: props[1].hash_id });
    expect(removed.status).toBe(200);
    expect(removed.body.properties).toHaveLength(1);
  });

  it('answers 4xx { message } for bad input and writes nothing', async () => {
    const before = await databaseFingerprint();
    const bad = await call(savePropertyRoute, { hash_id: h1(), owner: 'both', street: '1 Main', city: 'Austin', state: 'TX', zip: '7870' });
    expect(bad.status).toBe(422);
    expect(bad.body.message).toEqual(expect.any(String));
    const unknown = await call(deleteGiftRoute, { hash_id: h1(), hash_id_gift: 'nope' });
    expect(unknown.status).toBe(404);
    expect(await databaseFingerprint()).toEqual(before);
  });

  it('company, gift, accounts and note through their routes (form posts too)', async () => {
    const h2 = couple.owner2!.hash;
    const company = await call(
      saveCompanyRoute,
      {
        hash_id: h1(),
        hash_id_spouse: h2,
        hash_id_company: '',
        hash_id_address: '',
        owner: 'both',
        name: 'Acme',
        type: 'Partnership',
        street: '',
        unit: '',
        city: '',
        state: '',
        zip: '',
        value: '',
        share_percent1: '60',
        stock_shares1: '100',
        share_percent2: '40',
        stock_shares2: '',
      },
      { form: true },
    );
    expect(company.status).toBe(200);
    expect(company.body.companiesBoth).toEqual([
      expect.objectContaining({
        name: 'Acme',
        type: 'partnership',
        share_percent1: '60.00',
        stock_shares1: null,
        share_percent2: '40.00',
        stock_shares2: null,
      }),
    ]);

    await addBeneficiary('both');
    const prop = await call(savePropertyRoute, { hash_id: h1(), owner: 'both', street: '1 Main St', city: 'Austin', state: 'TX', zip: '78701' });
    const property = (prop.body.properties as Record<string, string>[])[0];
    const heir = (prop.body.beneficiariesBoth as Record<string, string>[])[0];
    const gift = await call(saveGiftRoute, {
      hash_id: h1(),
      hash_id_spouse: h2,
      hash_id_gift: '',
      owner: 'both',
      gift_type: 'Real Estate',
      hash_id_bene: heir.hash_id,
      hash_id_address: property.hash_id_address,
      cash_amount: '',
      specific_item: '',
      predecease_distribution: 'bloodline',
    });
    expect(gift.status).toBe(200);
    expect(gift.body.gifts).toEqual([
      expect.objectContaining({
        owner: 'both',
        gift_type: 'property',
        hash_id_bene: heir.hash_id,
        hash_id_address: property.hash_id_address,
        beneficiary: expect.objectContaining({ first_name: 'Bea' }),
      }),
    ]);
    const giftHash = (gift.body.gifts as Record<string, string>[])[0].hash_id;
    expect((await call(deleteGiftRoute, { hash_id: h1(), hash_id_spouse: h2, hash_id_gift: giftHash })).body.gifts).toEqual([]);

    const retirement = await call(saveRetirement, {
      hash_id: h1(),
      hash_id_spouse: h2,
      hash_id_account: '',
      owner: '2',
      company: 'Vanguard',
      type: 'Roth IRA',
      number: 'RIRA-000-7788',
      value: '45,000',
    });
    expect(retirement.body.retirementAccounts).toEqual([
      expect.objectContaining({ owner: '2', company: 'Vanguard', type: 'Roth IRA', number: '••••7788', value: '45000.00' }),
    ]);
    expect(JSON.stringify(retirement.body)).not.toContain('RIRA');
    const bank = await call(saveBank, { hash_id: h2, hash_id_spouse: h1(), owner: '1', company: 'Chase Local', type: 'Checkings', number: '1234', value: '' });
    expect(bank.body.bankAccounts).toEqual([expect.objectContaining({ owner: '1', company: 'Chase Local', number: '••••1234' })]);
    const bankHash = (bank.body.bankAccounts as Record<string, string>[])[0].hash_id;
    // A bank account's hash through the annuity delete: 404.
    expect((await call(deleteAnnuity, { hash_id: h1(), hash_id_account: bankHash })).status).toBe(404);
    expect((await call(deleteBankRoute, { hash_id: h1(), hash_id_account: bankHash })).body.bankAccounts).toEqual([]);
    const annuity = await call(saveAnnuity, { hash_id: h1(), owner: '1', company: 'MetLife', number: 'X1', value: '10' });
    expect(annuity.body.annuityAccounts).toEqual([
      { hash_id: expect.any(String), version: 1, owner: '1', company: 'MetLife', number: '••••X1', value: '10.00' },
    ]);

    const note = await call(saveNoteRoute, { note: 'Call me', hash: h2, hash2: h1() });
    expect(note.body.notes).toEqual([{ hash_id: expect.any(String), version: 1, note: 'Call me' }]);
    expect(note.body.client).toMatchObject({ hash_id: h2 });
  });
});

// Issue 18: an amount with cents is stored as that amount at every door (routes and actions), never ×100.
describe('money with cents', () => {
  beforeEach(async () => {
    await signInAs(couple.household.user);
  });
  afterAll(() => signOut());

  const AMOUNTS: [unknown, string][] = [
    ['1500.00', '1500.00'],
    ['1,500.00', '1500.00'],
    ['1250000.75', '1250000.75'],
    ['$1,500', '1500.00'],
    [1500.5, '1500.50'],
  ];

  it.each(AMOUNTS)('the routes store %p as %p (property value, company value, cash gift, account values)', async (sentAmount, stored) => {
    const property = await call(savePropertyRoute, {
      hash_id: h1(),
      owner: '1',
      street: '1 Main St',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
      value: sentAmount,
    });
    expect((property.body.properties as Record<string, unknown>[])[0].value).toBe(stored);
    const company = await call(saveCompanyRoute, {
      hash_id: h1(),
      owner: '1',
      name: 'Acme',
      type: 'Partnership',
      street: '5 Oak',
      value: sentAmount,
      share_percent1: '100',
    });
    expect((company.body.companies1 as { address: { value: string } }[])[0].address.value).toBe(stored);
    const heir = (await addBeneficiary('1')).beneficiaries[0].hash;
    const gift = await call(saveGiftRoute, {
      hash_id: h1(),
      owner: '1',
      gift_type: 'Cash Amount',
      hash_id_bene: heir,
      cash_amount: sentAmount,
      predecease_distribution: 'lapse',
    });
    expect((gift.body.gifts as Record<string, unknown>[])[0].cash_amount).toBe(stored);
    for (const [handler, key] of [
      [saveRetirement, 'retirementAccounts'],
      [saveBank, 'bankAccounts'],
      [saveAnnuity, 'annuityAccounts'],
    ] as const) {
      const account = await call(handler, { hash_id: h1(), owner: '1', company: 'Vanguard', type: 'Roth IRA', number: '1234', value: sentAmount });
      expect({ key, value: (account.body[key] as Record<string, unknown>[])[0].value }).toEqual({ key, value: stored });
    }
    const rows = [...(await db.select({ value: t.addresses.value }).from(t.addresses)), ...(await db.select({ value: t.accounts.value }).from(t.accounts))];
    expect(rows.map((row) => row.value).filter((value) => value !== null)).toEqual(Array(5).fill(stored));
  });

  it.each(AMOUNTS.filter(([amount]) => typeof amount === 'string'))('the actions store %p as %p', async (sentAmount, stored) => {
    const { upsertPropertyAction, upsertAccountAction } = await import('@/lib/actions/intake');
    const property = await upsertPropertyAction({
      client_hash: h1(),
      owner: '1',
      street: '1 Main St',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
      value: sentAmount,
    } as never);
    expect(property).toMatchObject({ ok: true, data: { properties: [{ address: { value: stored } }] } });
    const account = await upsertAccountAction({
      client_hash: h1(),
      kind: 'brokerage',
      owner: '1',
      company: 'Vanguard',
      type: 'Individual',
      value: sentAmount,
    } as never);
    expect(account).toMatchObject({ ok: true, data: { brokerageAccounts: [{ value: stored }] } });
  });

  it('refuses a third decimal and writes nothing', async () => {
    const before = await databaseFingerprint();
    const bad = await call(savePropertyRoute, { hash_id: h1(), owner: '1', street: '1 Main St', city: 'Austin', state: 'TX', zip: '78701', value: '1500.005' });
    expect(bad).toMatchObject({ status: 422, body: { message: expect.stringContaining('Value') } });
    expect(await databaseFingerprint()).toEqual(before);
  });
});
