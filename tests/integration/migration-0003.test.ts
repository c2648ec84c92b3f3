import { eq, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client, Pool } from 'pg';
import { getHandle, type Database } from '@/db';
import { migrationsFolder } from '@/db/migrate';
import * as schema from '@/db/schema';
import { rowsOf } from '@/lib/kernel/rows';

/*
 * Migration 0003 (households, the spec's limits as constraints, row versions, consents) on a database that
 * holds rows of the old shape. The database is migrated only up to 0002 (a copy of the migrations folder with
 * the journal cut there), filled with raw SQL, then migrated with the real folder. PostgreSQL gets a
 * throwaway database; PGlite uses this test file's own in-memory database, emptied first.
 */

type Scratch = { db: Database; migrate: (folder: string) => Promise<void>; close: () => Promise<void> };

async function openScratch(): Promise<Scratch> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const target = new URL(url);
    target.pathname = `${target.pathname}_m0003`;
    const name = target.pathname.slice(1);
    const maintenance = new URL(url);
    maintenance.pathname = '/postgres';
    const admin = new Client({ connectionString: maintenance.toString() });
    await admin.connect();
    // tests/helpers/global-setup.ts dropped the last run's copy before the run (DROP DATABASE waits on the
    // server's checkpoints: seconds on a loaded server, once past this file's time limit in CI, issue 33).
    try {
      await admin.query(`CREATE DATABASE "${name}"`);
    } catch (error) {
      await admin.end();
      throw error;
    }
    const pool = new Pool({ connectionString: target.toString(), max: 2 });
    // An idle connection ended by the server (seen once in CI: 57P01 mid-file) is dropped and replaced by
    // the pool; unlistened, the event failed the running test as an unhandled error.
    pool.on('error', () => undefined);
    const db = drizzlePg({ client: pool, schema });
    return {
      db,
      migrate: (folder) => migratePg(db, { migrationsFolder: folder }),
      // Left in place, not dropped: the next run's global setup drops it, outside any test's time limit.
      close: async () => {
        await pool.end();
        await admin.end();
      },
    };
  }
  const handle = getHandle();
  for (const statement of ['DROP SCHEMA public CASCADE', 'CREATE SCHEMA public', 'DROP SCHEMA IF EXISTS drizzle CASCADE']) {
    await handle.db.execute(sql.raw(statement));
  }
  return {
    db: handle.db,
    migrate: (folder) => migratePglite(handle.db as unknown as PgliteDatabase<typeof schema>, { migrationsFolder: folder }),
    // The file's database stays, fully migrated; setup-db closes it.
    close: async () => undefined,
  };
}

/** A copy of the migrations folder whose journal stops after the first `count` migrations. */
function migrationsUpTo(count: number): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trustwell-migrations-'));
  fs.mkdirSync(path.join(dir, 'meta'));
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  journal.entries = journal.entries.slice(0, count);
  fs.writeFileSync(path.join(dir, 'meta/_journal.json'), JSON.stringify(journal));
  for (const { tag } of journal.entries) fs.copyFileSync(path.join(migrationsFolder, `${tag}.sql`), path.join(dir, `${tag}.sql`));
  return dir;
}

/** The SQLSTATE of a failed query (drizzle wraps the driver's error). */
function codeOf(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

// Rows of the old shape (migration 0002), with fixed ids. Clients: 1+2 married with the plan on the higher
// id; 3 single; 4 -> 5 a one-sided link; 6 -> 7 <-> 8 (7 and 8 married, 6's link ambiguous); 7 and 8 both
// hold plans, 8 the latest.
const OLD_ROWS = `
INSERT INTO persons (id, hash, first_name, last_name, email, ssn_cipher, ssn_last4) VALUES
  (1, 'p1', 'Ana', 'Lopez', 'ana@old.test', 'v2:k1:iv:tag:ana', '1111'), (2, 'p2', 'Ben', 'Lopez', 'ben@old.test', NULL, NULL),
  (3, 'p3', 'Cy', 'Single', 'cy@old.test', NULL, NULL), (4, 'p4', 'Di', 'One', NULL, NULL, NULL), (5, 'p5', 'Ed', 'Sided', NULL, NULL, NULL),
  (6, 'p6', 'Flo', 'Stray', NULL, NULL, NULL), (7, 'p7', 'Gus', 'Pair', NULL, NULL, NULL), (8, 'p8', 'Hal', 'Pair', NULL, NULL, NULL),
  (9, 'p9', 'Ivy', 'Advisor', 'ivy@old.test', NULL, NULL), (10, 'p10', 'Kid', 'Lopez', NULL, NULL, NULL);
INSERT INTO users (id, hash, person_id, email, password_hash, is_advisory) VALUES
  (1, 'u1', 1, 'ana@old.test', 'x', false), (2, 'u2', 2, 'ben@old.test', 'x', false), (3, 'u3', 3, 'cy@old.test', 'x', false), (9, 'u9', 9, 'ivy@old.test', 'x', true);
INSERT INTO advisors (id, hash, user_id) VALUES (1, 'a1', 9);
INSERT INTO clients (id, hash, person_id, user_id, advisor_id, spouse_id, residence_state, trust_governing_state, trust_times_amended, is_trust_submitted, gender) VALUES
  (1, 'c1', 1, 1, 1, NULL, 'ca', 'Nowhere', 150, true, 'female'),
  (2, 'c2', 2, 2, 1, 1, 'California', 'NY', 2, true, 'male'),
  (3, 'c3', 3, 3, 1, NULL, 'OR', NULL, NULL, false, NULL),
  (4, 'c4', 4, NULL, 1, 5, NULL, NULL, NULL, false, NULL),
  (5, 'c5', 5, NULL, 1, NULL, NULL, NULL, NULL, false, NULL),
  (6, 'c6', 6, NULL, 1, 7, NULL, NULL, NULL, false, NULL),
  (7, 'c7', 7, NULL, 1, 8, NULL, NULL, NULL, false, NULL),
  (8, 'c8', 8, NULL, 1, 7, NULL, NULL, NULL, false, NULL);
UPDATE clients SET spouse_id = 2 WHERE id = 1;
INSERT INTO estate_plans (id, hash, client_id, status, created_at, updated_at) VALUES
  (1, 'ep1', 2, 'preparing', now() - interval '30 days', now() - interval '1 day'),
  (2, 'ep2', 3, 'incomplete', now() - interval '5 days', now() - interval '5 days'),
  (3, 'ep3', 7, 'canceled', now() - interval '9 days', now() - interval '9 days'),
  (4, 'ep4', 8, 'incomplete', now() - interval '2 days', now() - interval '2 days');
INSERT INTO estate_plan_status_changes (estate_plan_id, from_status, to_status, changed_by_user_id, created_at) VALUES
  (1, NULL, 'incomplete', 2, now() - interval '30 days'),
  (1, 'paid', 'sent', 2, '2026-01-15T10:00:00Z'),
  (1, 'sent', 'preparing', NULL, now() - interval '3 days');
INSERT INTO notes (id, hash, client_id, body) VALUES (1, 'n1', 1, 'Ana''s question'), (2, 'n2', 2, 'Ben''s question'), (3, 'n3', 3, 'Cy''s note'), (4, 'n4', 7, 'Gus''s note');
INSERT INTO addresses (id, hash, street, state, zip, value) VALUES
  (1, 'ad1', '1 Main St', 'california', '95126-1234', '500000.00'),
  (2, 'ad2', '2 Side St', 'ZZ', '1234', '-5.00'),
  (3, 'ad3', '3 Good St', 'WA', '98101', '250000.50');
INSERT INTO properties (id, hash, address_id, purchase_month, purchase_year) VALUES (1, 'pr1', 1, 13, 1850), (2, 'pr2', 2, 6, 2001), (3, 'pr3', 3, NULL, 2020);
INSERT INTO client_properties (client_id, property_id, is_primary) VALUES (3, 1, true), (3, 2, true), (1, 3, true), (2, 3, true);
INSERT INTO beneficiaries (id, hash, type, person_id, entity_name, entity_identifier_cipher, entity_identifier_last4, is_trust) VALUES
  (1, 'b1', 'person', 10, 'Stray name', NULL, NULL, false),
  (2, 'b2', 'entity', NULL, 'Old Charity', 'v2:k1:iv:tag:ein', '4567', false),
  (3, 'b3', 'person', NULL, NULL, NULL, NULL, false);
INSERT INTO client_beneficiaries (client_id, beneficiary_id, tier, share_percent, relationship, is_per_stirpes, omission_reason) VALUES
  (1, 1, 'primary', '120.00', 'Child', true, NULL), (2, 2, 'omitted', '50.00', 'Other', true, 'Provided for'), (2, 3, 'primary', '100.00', 'Child', false, NULL);
INSERT INTO fiduciaries (id, hash, person_id) VALUES (1, 'f1', 10);
INSERT INTO client_fiduciaries (client_id, fiduciary_id, serve_order) VALUES (1, 1, 0), (2, 1, 2);
INSERT INTO companies (id, hash, name, type, address_id) VALUES (1, 'co1', 'Lopez Corp', 'corporation', 3);
INSERT INTO client_companies (client_id, company_id, share_percent, stock_shares) VALUES (1, 1, '60.00', 2000000000), (2, 1, '-3.00', -1);
INSERT INTO gifts (id, hash, gift_type, beneficiary_id, address_id, cash_amount, specific_item) VALUES (1, 'g1', 'cash', 1, 3, '1000.00', 'Stray item');
INSERT INTO accounts (id, hash, kind, company, type, number_cipher, number_last4, value) VALUES (1, 'ac1', 'brokerage', 'Schwab', 'Joint', 'v2:k1:iv:tag:acct', 'XY99', '10.00');
INSERT INTO client_accounts (client_id, account_id) VALUES (1, 1), (2, 1);
INSERT INTO invites (id, hash, advisor_id, client_name, client_email, joined_user_id) VALUES (1, 'i1', 1, 'Cy Single', 'cy@old.test', 3), (2, 'i2', 1, 'New Person', 'new@old.test', NULL);
INSERT INTO payment_methods (id, hash, advisor_id, gateway, token, kind, brand, last4) VALUES (1, 'pm1', 1, 'test', 'tok1', 'bank', NULL, '6789'), (2, 'pm2', 1, 'test', 'tok2', 'card', 'visa', '4242');
`;

const SEQUENCES = [
  'persons',
  'users',
  'advisors',
  'clients',
  'estate_plans',
  'estate_plan_status_changes',
  'notes',
  'addresses',
  'properties',
  'beneficiaries',
  'fiduciaries',
  'companies',
  'gifts',
  'accounts',
  'invites',
  'payment_methods',
];

describe('migration 0003 carries rows of the old shape over', () => {
  let scratch: Scratch;
  const q = async <R = Record<string, unknown>>(text: string): Promise<R[]> => rowsOf<R>(await scratch.db.execute(sql.raw(text)));
  /** The SQLSTATE a statement fails with, or 'ok'. */
  const outcome = (text: string) =>
    q(text).then(
      () => 'ok',
      (error: unknown) => codeOf(error) ?? String(error),
    );

  beforeAll(async () => {
    scratch = await openScratch();
    const upTo0002 = migrationsUpTo(3);
    try {
      await scratch.migrate(upTo0002);
    } finally {
      fs.rmSync(upTo0002, { recursive: true, force: true });
    }
    expect(await q(`select 1 from information_schema.columns where table_name = 'clients' and column_name = 'spouse_id'`)).toHaveLength(1);
    for (const statement of OLD_ROWS.split(';')
      .map((s) => s.trim())
      .filter(Boolean))
      await q(statement);
    for (const table of SEQUENCES) await q(`select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`);
    await scratch.migrate(migrationsFolder);
  }, 120_000);

  afterAll(async () => {
    await scratch?.close();
  }, 60_000);

  it('makes one household per client: pairs with owner 1 holding the plan (else the lower id), and singles', async () => {
    const households = await q<{ owner1: number; owner2: number | null; hash: string; version: number }>(
      'select owner1_client_id as owner1, owner2_client_id as owner2, hash, version from households order by owner1_client_id',
    );
    expect(households.map((h) => [h.owner1, h.owner2])).toEqual([
      [2, 1], // the plan was on the higher id
      [3, null],
      [4, 5], // a one-sided link to a client linked to nobody else
      [6, null], // its link pointed at someone married to another
      [8, 7], // both held plans: the latest wins
    ]);
    for (const h of households) expect(h.hash).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(new Set(households.map((h) => h.hash)).size).toBe(households.length);
    expect(households.every((h) => Number(h.version) === 1)).toBe(true);
    expect(await q(`select 1 from information_schema.columns where table_name = 'clients' and column_name = 'spouse_id'`)).toEqual([]);
  });

  it('moves plans and notes to owner 1, merging two notes of one household', async () => {
    expect(await q('select id, client_id from estate_plans order by id')).toEqual([
      { id: 1, client_id: 2 },
      { id: 2, client_id: 3 },
      { id: 3, client_id: 8 },
      { id: 4, client_id: 8 },
    ]);
    expect(await q('select client_id, body from notes order by client_id')).toEqual([
      { client_id: 2, body: "Ben's question\n\nAna's question" },
      { client_id: 3, body: "Cy's note" },
      { client_id: 8, body: "Gus's note" },
    ]);
  });

  it('records the submission of a submitted household’s plan from its status history', async () => {
    const plans = await q<{ id: number; submitted_at: Date | string | null; submitted_by_user_id: number | null }>(
      'select id, submitted_at, submitted_by_user_id from estate_plans order by id',
    );
    expect(new Date(plans[0].submitted_at!).toISOString()).toBe('2026-01-15T10:00:00.000Z');
    expect(plans[0].submitted_by_user_id).toBe(2);
    expect(plans.slice(1).map((p) => p.submitted_at)).toEqual([null, null, null]);
  });

  it('keeps the data and mends what the new constraints refuse', async () => {
    expect(await q('select id, hash, first_name, ssn_cipher, ssn_last4 from persons where id = 1')).toEqual([
      { id: 1, hash: 'p1', first_name: 'Ana', ssn_cipher: 'v2:k1:iv:tag:ana', ssn_last4: '1111' },
    ]);
    expect(await q('select id, residence_state, trust_governing_state, trust_times_amended, gender from clients where id in (1, 2, 3) order by id')).toEqual([
      { id: 1, residence_state: 'CA', trust_governing_state: null, trust_times_amended: null, gender: 'female' },
      { id: 2, residence_state: 'CA', trust_governing_state: 'NY', trust_times_amended: 2, gender: 'male' },
      { id: 3, residence_state: 'OR', trust_governing_state: null, trust_times_amended: null, gender: null },
    ]);
    expect(await q('select id, state, zip, value from addresses order by id')).toEqual([
      { id: 1, state: 'CA', zip: '95126', value: '500000.00' },
      { id: 2, state: null, zip: null, value: null },
      { id: 3, state: 'WA', zip: '98101', value: '250000.50' },
    ]);
    expect(await q('select id, purchase_month, purchase_year from properties order by id')).toEqual([
      { id: 1, purchase_month: null, purchase_year: null },
      { id: 2, purchase_month: 6, purchase_year: 2001 },
      { id: 3, purchase_month: null, purchase_year: 2020 },
    ]);
    // One primary residence per owner: the earliest keeps it; a shared primary stays primary for both.
    expect(await q('select client_id, property_id, is_primary from client_properties order by client_id, property_id')).toEqual([
      { client_id: 1, property_id: 3, is_primary: true },
      { client_id: 2, property_id: 3, is_primary: true },
      { client_id: 3, property_id: 1, is_primary: true },
      { client_id: 3, property_id: 2, is_primary: false },
    ]);
    const beneficiaries = await q<{
      id: number;
      type: string;
      person_id: number | null;
      entity_name: string | null;
      kind: string | null;
      cipher: string | null;
    }>('select id, type, person_id, entity_name, entity_identifier_kind as kind, entity_identifier_cipher as cipher from beneficiaries order by id');
    expect(beneficiaries[0]).toEqual({ id: 1, type: 'person', person_id: 10, entity_name: null, kind: null, cipher: null });
    expect(beneficiaries[1]).toEqual({ id: 2, type: 'entity', person_id: null, entity_name: 'Old Charity', kind: 'tin', cipher: 'v2:k1:iv:tag:ein' });
    // A person beneficiary without a person row got an empty one; its share is kept.
    expect(beneficiaries[2]).toMatchObject({ id: 3, type: 'person', person_id: expect.any(Number), entity_name: null });
    expect(await q(`select first_name, last_name from persons where id = ${beneficiaries[2].person_id}`)).toEqual([{ first_name: '', last_name: '' }]);
    expect(
      await q(
        'select client_id, beneficiary_id, tier, share_percent, is_per_stirpes, omission_reason from client_beneficiaries order by client_id, beneficiary_id',
      ),
    ).toEqual([
      { client_id: 1, beneficiary_id: 1, tier: 'primary', share_percent: '100.00', is_per_stirpes: true, omission_reason: null },
      { client_id: 2, beneficiary_id: 2, tier: 'omitted', share_percent: '0.00', is_per_stirpes: false, omission_reason: 'Provided for' },
      { client_id: 2, beneficiary_id: 3, tier: 'primary', share_percent: '100.00', is_per_stirpes: false, omission_reason: null },
    ]);
    expect(await q('select client_id, serve_order from client_fiduciaries order by client_id')).toEqual([
      { client_id: 1, serve_order: null },
      { client_id: 2, serve_order: 2 },
    ]);
    // stock_shares is bigint now: a count past 2^31 fits.
    expect(
      (
        await q<{ client_id: number; share_percent: string; stock_shares: string | number | null }>(
          'select client_id, share_percent, stock_shares from client_companies order by client_id',
        )
      ).map((r) => [r.client_id, r.share_percent, r.stock_shares === null ? null : Number(r.stock_shares)]),
    ).toEqual([
      [1, '60.00', 2_000_000_000],
      [2, '0.00', null],
    ]);
    await q('update client_companies set stock_shares = 3000000000 where client_id = 1');
    expect(await q('select id, address_id, cash_amount, specific_item from gifts')).toEqual([
      { id: 1, address_id: null, cash_amount: '1000.00', specific_item: null },
    ]);
    expect(await q('select number_cipher, number_last4, value, version from accounts')).toEqual([
      { number_cipher: 'v2:k1:iv:tag:acct', number_last4: 'XY99', value: '10.00', version: 1 },
    ]);
    expect(await q('select id, client_id from invites order by id')).toEqual([
      { id: 1, client_id: 3 },
      { id: 2, client_id: null },
    ]);
    expect(await q('select id, bank_account_type from payment_methods order by id')).toEqual([
      { id: 1, bank_account_type: 'checking' },
      { id: 2, bank_account_type: null },
    ]);
    expect(await q(`select proname from pg_proc where proname like 'migration_0003_%'`)).toEqual([]);
  });

  it('gives every edited record a version that each drizzle update raises', async () => {
    const versioned = await q<{ table_name: string }>(
      `select table_name from information_schema.columns where column_name = 'version' and table_schema = 'public' order by table_name`,
    );
    expect(versioned.map((r) => r.table_name)).toEqual([
      'accounts',
      'beneficiaries',
      'children',
      'clients',
      'companies',
      'fiduciaries',
      'funding_tasks',
      'gifts',
      'households',
      'notes',
      'persons',
      'poa_agents',
      'properties',
    ]);
    await scratch.db.update(schema.clients).set({ isOrganDonor: true }).where(eq(schema.clients.id, 3));
    await scratch.db.update(schema.clients).set({ isOrganDonor: false }).where(eq(schema.clients.id, 3));
    const [client] = await scratch.db.select({ version: schema.clients.version }).from(schema.clients).where(eq(schema.clients.id, 3));
    expect(client.version).toBe(3);
    // An update from another versioned table stays unambiguous.
    await scratch.db
      .update(schema.notes)
      .set({ body: 'joined' })
      .from(schema.households)
      .where(sql`${schema.notes.clientId} = ${schema.households.owner1ClientId} and ${schema.households.owner1ClientId} = 3`);
    expect(await q('select body, version from notes where client_id = 3')).toEqual([{ body: 'joined', version: 2 }]);
  });

  describe('the database refuses what the spec does not allow', () => {
    it.each([
      ['a state that is not a code', `update clients set residence_state = 'XX' where id = 3`],
      ['a governing state that is not a code', `update clients set trust_governing_state = 'ca' where id = 3`],
      ['amended 100 times', `update clients set trust_times_amended = 100 where id = 3`],
      ['an address state that is not a code', `update addresses set state = 'Washington' where id = 3`],
      ['a ZIP+4', `update addresses set zip = '98101-1234' where id = 3`],
      ['a negative value', `update addresses set value = -1 where id = 3`],
      ['month 0', `update properties set purchase_month = 0 where id = 3`],
      ['month 13', `update properties set purchase_month = 13 where id = 3`],
      ['year 1899', `update properties set purchase_year = 1899 where id = 3`],
      ['a share over 100', `update client_beneficiaries set share_percent = 100.01 where beneficiary_id = 3`],
      ['a negative share', `update client_beneficiaries set share_percent = -1 where beneficiary_id = 3`],
      ['an omitted beneficiary with a share', `update client_beneficiaries set share_percent = 10 where beneficiary_id = 2`],
      ['a company share over 100', `update client_companies set share_percent = 101 where client_id = 1`],
      ['negative stock', `update client_companies set stock_shares = -5 where client_id = 1`],
      ['stock past what JavaScript reads exactly', `update client_companies set stock_shares = 9007199254740992 where client_id = 1`],
      ['serve order 0', `update client_fiduciaries set serve_order = 0 where client_id = 2`],
      ['serve order 100', `update client_fiduciaries set serve_order = 100 where client_id = 2`],
      ['a person beneficiary with an entity name', `update beneficiaries set entity_name = 'X' where id = 1`],
      ['a person beneficiary without a person', `update beneficiaries set person_id = null where id = 1`],
      ['an entity beneficiary with a person', `update beneficiaries set person_id = 10 where id = 2`],
      ['an entity without a name', `update beneficiaries set entity_name = null where id = 2`],
      ['an identifier without its kind', `update beneficiaries set entity_identifier_kind = null where id = 2`],
      ['a cash gift with an item', `update gifts set specific_item = 'Watch' where id = 1`],
      ['a negative cash amount', `update gifts set cash_amount = -1 where id = 1`],
      ['a negative account value', `update accounts set value = -0.01 where id = 1`],
      ['a bank payment method without its account type', `update payment_methods set bank_account_type = null where id = 1`],
      ['a card with a bank account type', `update payment_methods set bank_account_type = 'savings' where id = 2`],
      ['a household whose owners are one client', `update households set owner2_client_id = 3 where owner1_client_id = 3`],
      [
        'consent to a fourth statement',
        `insert into plan_consents (hash, estate_plan_id, client_id, statement, acknowledged_by_user_id) values ('pc-x', 2, 3, 4, 3)`,
      ],
      ['a submitter without a submission time', `update estate_plans set submitted_by_user_id = 3 where id = 2`],
    ])('CHECK: %s', async (_case, statement) => {
      expect(await outcome(statement)).toBe('23514');
    });

    it('one primary residence per owner (a partial unique index)', async () => {
      expect(await outcome('update client_properties set is_primary = true where client_id = 3 and property_id = 2')).toBe('23505');
      // Not primary: any number.
      expect(await outcome('insert into client_properties (client_id, property_id, is_primary) values (1, 1, false)')).toBe('ok');
    });

    it('one household per client, in either owner column', async () => {
      // Client 5 is owner 2 of the household of 4: it cannot be owner 1 or 2 of another.
      expect(await outcome(`insert into households (hash, owner1_client_id) values ('hh-x', 5)`)).toBe('23505');
      expect(await outcome(`update households set owner2_client_id = 5 where owner1_client_id = 6`)).toBe('23505');
      expect(await outcome(`insert into households (hash, owner1_client_id) values ('hh-y', 3)`)).toBe('23505');
      // Marrying the single client 6 to 3 works, and 6's own household row goes first.
      expect(await outcome(`delete from households where owner1_client_id = 6`)).toBe('ok');
      expect(await outcome(`update households set owner2_client_id = 6 where owner1_client_id = 3`)).toBe('ok');
    });

    it('plans and notes hang off owner 1 and follow a change of owner 1', async () => {
      expect(await outcome(`insert into estate_plans (hash, client_id) values ('ep-x', 1)`)).toBe('23503');
      expect(await outcome(`update notes set client_id = 1 where client_id = 2`)).toBe('23503');
      // Owner 2 becomes owner 1: the plan and the note move along.
      await q('update households set owner1_client_id = 1, owner2_client_id = 2 where owner1_client_id = 2');
      expect(await q('select client_id from estate_plans where id = 1')).toEqual([{ client_id: 1 }]);
      expect(await q(`select client_id from notes where body like 'Ben%'`)).toEqual([{ client_id: 1 }]);
    });

    it('consents are unique per plan, client and statement', async () => {
      const insert = `insert into plan_consents (hash, estate_plan_id, client_id, statement, acknowledged_by_user_id, impersonator_user_id, ip, user_agent)
                      values ('pc-1', 2, 3, 1, 9, null, '203.0.113.9', 'jest')`;
      expect(await outcome(insert)).toBe('ok');
      expect(await outcome(insert.replace("'pc-1'", "'pc-2'"))).toBe('23505');
    });
  });
});
