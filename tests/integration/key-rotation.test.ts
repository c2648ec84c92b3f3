import { asc, eq } from 'drizzle-orm';
import { db } from '@/db';
import * as t from '@/db/schema';
import { newHash } from '@/db/schema/columns';
import { decrypt, encrypt, parseKeyring, sealAccountNumber, sealIdentifier, type Keyring } from '@/lib/crypto';
import { formatRotationReport, rotateKeys } from '@/lib/crypto-rotation';
import { placeOf } from '@/lib/encrypted-columns';
import { resetDatabase } from '../helpers/db';
import { encryptV1 } from '../helpers/legacy-envelope';

const k1 = `k1:${Buffer.alloc(32, 1).toString('base64')}`;
const k2 = `k2:${Buffer.alloc(32, 2).toString('base64')}`;
const k0 = `k0:${Buffer.alloc(32, 9).toString('base64')}`;
const oldRing = parseKeyring(k1);
const newRing = parseKeyring(`${k2},${k1}`);

type Expected = { column: 'ssn' | 'ein' | 'account'; hash: string; plain: string; last4: string };

async function person(ssn: string, envelope: (place: ReturnType<typeof placeOf>) => string): Promise<Expected> {
  const hash = newHash();
  await db.insert(t.persons).values({ hash, firstName: 'P', lastName: ssn, ssnCipher: envelope(placeOf(t.persons.ssnCipher, hash)), ssnLast4: ssn.slice(-4) });
  return { column: 'ssn', hash, plain: ssn, last4: ssn.slice(-4) };
}

/** Rows under k1 in every encrypted column: v1 envelopes (before place binding), v2 ones, one already under k2, and empty ones. */
async function seedUnderOldKey(): Promise<Expected[]> {
  const expected: Expected[] = [];
  expected.push(await person('111223333', () => encryptV1('111223333', oldRing)));
  expected.push(await person('222334444', (place) => encrypt('222334444', place, oldRing)));
  expected.push(await person('333445555', (place) => encrypt('333445555', place, newRing))); // already current
  await db.insert(t.persons).values({ firstName: 'No', lastName: 'SSN' });

  const einHash = newHash();
  await db.insert(t.beneficiaries).values({
    hash: einHash,
    type: 'entity',
    entityName: 'Charity',
    entityIdentifierCipher: encryptV1('941234567', oldRing),
    entityIdentifierLast4: '4567',
    entityIdentifierKind: 'ein',
  });
  expected.push({ column: 'ein', hash: einHash, plain: '941234567', last4: '4567' });
  const einHash2 = newHash();
  const ein2 = sealIdentifier('12-3456789', placeOf(t.beneficiaries.entityIdentifierCipher, einHash2), oldRing);
  await db.insert(t.beneficiaries).values({
    hash: einHash2,
    type: 'entity',
    entityName: 'Trust',
    entityIdentifierCipher: ein2.cipher,
    entityIdentifierLast4: ein2.last4,
    entityIdentifierKind: 'tin',
  });
  expected.push({ column: 'ein', hash: einHash2, plain: '123456789', last4: '6789' });

  for (const number of ['AB-1234 XY9', '7000123456']) {
    const hash = newHash();
    const sealed = sealAccountNumber(number, placeOf(t.accounts.numberCipher, hash), oldRing);
    await db.insert(t.accounts).values({ hash, kind: 'bank', numberCipher: sealed.cipher, numberLast4: sealed.last4 });
    expected.push({ column: 'account', hash, plain: number, last4: sealed.last4! });
  }
  await db.insert(t.accounts).values({ kind: 'brokerage' });
  return expected;
}

const columns = {
  ssn: { table: t.persons, cipher: t.persons.ssnCipher, last4: t.persons.ssnLast4 },
  ein: { table: t.beneficiaries, cipher: t.beneficiaries.entityIdentifierCipher, last4: t.beneficiaries.entityIdentifierLast4 },
  account: { table: t.accounts, cipher: t.accounts.numberCipher, last4: t.accounts.numberLast4 },
} as const;

async function stored(e: Expected) {
  const c = columns[e.column];
  const [row] = await db.select({ cipher: c.cipher, last4: c.last4, updatedAt: c.table.updatedAt }).from(c.table).where(eq(c.table.hash, e.hash));
  return row;
}

async function allCiphers(): Promise<string[]> {
  const rows = await Promise.all(Object.values(columns).map((c) => db.select({ cipher: c.cipher }).from(c.table).orderBy(asc(c.table.id))));
  return rows
    .flat()
    .map((r) => r.cipher)
    .filter((x): x is string => x !== null);
}

function decryptAt(e: Expected, envelope: string, ring: Keyring): string {
  return decrypt(envelope, placeOf(columns[e.column].cipher, e.hash), ring);
}

describe('key rotation (npm run keys:rotate)', () => {
  beforeEach(async () => {
    await resetDatabase();
  });

  it('re-encrypts every value under the new key as place-bound v2, keeping plaintexts and last fours; a rerun changes nothing', async () => {
    const expected = await seedUnderOldKey();
    const before = await Promise.all(expected.map(stored));

    const report = await rotateKeys(db, newRing);
    expect(report.columns.map((c) => [c.column, c.reencrypted, c.current, c.failed.length])).toEqual([
      ['persons.ssn_cipher', 2, 1, 0],
      ['beneficiaries.entity_identifier_cipher', 2, 0, 0],
      ['accounts.number_cipher', 2, 0, 0],
      ['mail_outbox.secret_cipher', 0, 0, 0],
      ['totp_factors.secret_cipher', 0, 0, 0],
    ]);
    expect(formatRotationReport(report)).toBe(
      'Re-encrypted 6 values (persons.ssn_cipher: 2, beneficiaries.entity_identifier_cipher: 2, accounts.number_cipher: 2, mail_outbox.secret_cipher: 0, totp_factors.secret_cipher: 0); 1 already current.',
    );

    for (const [i, e] of expected.entries()) {
      const row = await stored(e);
      expect(row.cipher).toMatch(/^v2:k2:/);
      expect(decryptAt(e, row.cipher!, newRing)).toBe(e.plain);
      expect(row.last4).toBe(e.last4);
      // Re-encryption is not an edit.
      expect(row.updatedAt).toEqual(before[i].updatedAt);
      // Bound to its place: not readable at another row's.
      expect(() => decrypt(row.cipher!, placeOf(columns[e.column].cipher, newHash()), newRing)).toThrow();
    }
    // Nothing needs the old key any more: it may now be removed from APP_ENCRYPTION_KEY.
    for (const e of expected) {
      const cipher = (await stored(e)).cipher!;
      expect(() => decryptAt(e, cipher, oldRing)).toThrow(/Unknown encryption key id "k2"/);
    }
    const ciphers = await allCiphers();
    expect(ciphers).toHaveLength(7);

    const again = await rotateKeys(db, newRing);
    expect(again.reencrypted).toBe(0);
    expect(again.current).toBe(7);
    expect(formatRotationReport(again)).toBe(
      'Re-encrypted 0 values (persons.ssn_cipher: 0, beneficiaries.entity_identifier_cipher: 0, accounts.number_cipher: 0, mail_outbox.secret_cipher: 0, totp_factors.secret_cipher: 0); 7 already current.',
    );
    expect(await allCiphers()).toEqual(ciphers);
  });

  it('resumes an interrupted run where it stopped', async () => {
    const people: Expected[] = [];
    for (let i = 0; i < 7; i++) people.push(await person(`55500000${i}`, () => encryptV1(`55500000${i}`, oldRing)));

    let batches = 0;
    await expect(
      rotateKeys(db, newRing, {
        batchSize: 2,
        onBatch: () => {
          batches++;
          throw new Error('interrupted');
        },
      }),
    ).rejects.toThrow('interrupted');
    expect(batches).toBe(1);
    // The first batch was committed, the rest is untouched.
    expect((await allCiphers()).filter((c) => c.startsWith('v2:k2:'))).toHaveLength(2);
    expect((await allCiphers()).filter((c) => c.startsWith('v1:k1:'))).toHaveLength(5);

    const seen: number[] = [];
    const resumed = await rotateKeys(db, newRing, { batchSize: 2, onBatch: ({ rows }) => void seen.push(rows) });
    expect(resumed.reencrypted).toBe(5);
    expect(resumed.current).toBe(2);
    expect(seen).toEqual([2, 2, 1]);
    for (const p of people) expect(decryptAt(p, (await stored(p)).cipher!, newRing)).toBe(p.plain);
  });

  it('reports values it cannot decrypt, leaves them as they are and finishes the rest', async () => {
    const good = await person('123450000', () => encryptV1('123450000', oldRing));
    // Written under a key no longer listed, and a v2 value copied from another row.
    const lostKey = await person('999887777', (place) => encrypt('999887777', place, parseKeyring(k0)));
    const copied = await person('888776666', () => encrypt('888776666', placeOf(t.persons.ssnCipher, good.hash), oldRing));
    const lostBefore = (await stored(lostKey)).cipher;

    const report = await rotateKeys(db, newRing, { batchSize: 1 });
    expect(report.reencrypted).toBe(1);
    expect(report.failed).toBe(2);
    expect(report.columns[0].failed.map((f) => f.rowHash).sort()).toEqual([lostKey.hash, copied.hash].sort());
    const text = formatRotationReport(report);
    expect(text).toContain(`Could not re-encrypt persons.ssn_cipher of row ${lostKey.hash}: Unknown encryption key id "k0".`);
    expect(text).toContain('2 values could not be decrypted');
    expect((await stored(lostKey)).cipher).toBe(lostBefore);
    expect((await stored(good)).cipher).toMatch(/^v2:k2:/);
  });
});
