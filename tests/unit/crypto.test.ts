import { randomBytes } from 'node:crypto';
import { currentPrefix, decrypt, encrypt, isCurrent, openIdentifier, parseKeyring, sealAccountNumber, sealIdentifier, type Place } from '@/lib/crypto';
import { encryptV1 } from '../helpers/legacy-envelope';

const keyA = randomBytes(32).toString('base64');
const keyB = randomBytes(32).toString('base64');
const ringA = parseKeyring(`k1:${keyA}`);
const here: Place = { table: 'persons', column: 'ssn_cipher', rowHash: 'rowHashAAAAAAAAAAAAAAA' };

describe('field encryption (AES-256-GCM)', () => {
  it('round-trips a value at its place', () => {
    expect(decrypt(encrypt('123456789', here, ringA), here, ringA)).toBe('123456789');
  });

  it('uses a fresh IV every time', () => {
    const a = encrypt('123456789', here, ringA);
    const b = encrypt('123456789', here, ringA);
    expect(a).not.toBe(b);
    expect(a.split(':')[2]).not.toBe(b.split(':')[2]);
  });

  it('writes v2 envelopes naming the key it used, never containing the plain value', () => {
    const envelope = encrypt('123456789', here, ringA);
    expect(envelope.startsWith('v2:k1:')).toBe(true);
    expect(envelope.split(':')).toHaveLength(5);
    expect(envelope).not.toContain('123456789');
    expect(isCurrent(envelope, ringA)).toBe(true);
    expect(currentPrefix(ringA)).toBe('v2:k1:');
  });

  it.each([
    ['ciphertext', 4],
    ['auth tag', 3],
    ['iv', 2],
  ])('rejects a tampered %s', (_part, index) => {
    const parts = encrypt('123456789', here, ringA).split(':');
    const bytes = Buffer.from(parts[index], 'base64url');
    bytes[0] ^= 0x01;
    parts[index] = bytes.toString('base64url');
    expect(() => decrypt(parts.join(':'), here, ringA)).toThrow();
  });

  it('rejects a truncated auth tag, a downgrade to v1 and an extra part', () => {
    const parts = encrypt('123456789', here, ringA).split(':');
    expect(() =>
      decrypt([...parts.slice(0, 3), Buffer.from(parts[3], 'base64url').subarray(0, 4).toString('base64url'), parts[4]].join(':'), here, ringA),
    ).toThrow();
    // Relabelled as v1 it would be checked without its place: the tag no longer matches.
    expect(() => decrypt(['v1', ...parts.slice(1)].join(':'), here, ringA)).toThrow();
    expect(() => decrypt([...parts, 'x'].join(':'), here, ringA)).toThrow(/Malformed/);
  });

  describe('bound to its place', () => {
    const envelope = encrypt('123456789', here, ringA);

    it.each([
      ['another row', { ...here, rowHash: 'rowHashBBBBBBBBBBBBBBB' }],
      ['another column', { ...here, column: 'entity_identifier_cipher' }],
      ['another table', { ...here, table: 'beneficiaries' }],
    ])('does not decrypt when copied to %s', (_where, place) => {
      expect(() => decrypt(envelope, place, ringA)).toThrow();
    });

    it.each([
      { table: '', column: 'ssn_cipher', rowHash: 'h' },
      { table: 'persons', column: '', rowHash: 'h' },
      { table: 'persons', column: 'ssn_cipher', rowHash: '' },
      // Dots would make `table.column.rowHash` ambiguous.
      { table: 'persons', column: 'ssn.cipher', rowHash: 'h' },
      { table: 'persons', column: 'ssn_cipher', rowHash: 'a.b' },
    ])('refuses to encrypt without a full, plain place %p', (place) => {
      expect(() => encrypt('1', place, ringA)).toThrow(/place/);
    });
  });

  describe('v1 envelopes written before the binding', () => {
    it('stay readable, at any place', () => {
      const old = encryptV1('123456789', ringA);
      expect(old.startsWith('v1:k1:')).toBe(true);
      expect(decrypt(old, here, ringA)).toBe('123456789');
      expect(decrypt(old, { ...here, rowHash: 'other' }, ringA)).toBe('123456789');
      expect(isCurrent(old, ringA)).toBe(false);
    });

    it('still detect tampering', () => {
      const parts = encryptV1('123456789', ringA).split(':');
      const body = Buffer.from(parts[4], 'base64url');
      body[0] ^= 0x01;
      parts[4] = body.toString('base64url');
      expect(() => decrypt(parts.join(':'), here, ringA)).toThrow();
    });
  });

  it('decrypts values written under an older key after rotation, and encrypts with the new one', () => {
    const old = encrypt('987654321', here, ringA);
    const rotated = parseKeyring(`k2:${keyB},k1:${keyA}`);
    expect(decrypt(old, here, rotated)).toBe('987654321');
    expect(decrypt(encryptV1('987654321', ringA), here, rotated)).toBe('987654321');
    expect(encrypt('x', here, rotated).split(':').slice(0, 2)).toEqual(['v2', 'k2']);
    expect(isCurrent(old, rotated)).toBe(false);
  });

  it('refuses an unknown key id and malformed input', () => {
    const other = parseKeyring(`k9:${keyB}`);
    expect(() => decrypt(encrypt('1', here, ringA), here, other)).toThrow(/Unknown encryption key/);
    expect(() => decrypt('garbage', here, ringA)).toThrow(/Malformed/);
    expect(() => decrypt('v3:k1:a:b:c', here, ringA)).toThrow(/Malformed/);
  });

  it.each(['', 'nokey', `k1:${Buffer.alloc(16).toString('base64')}`])('rejects a bad key spec %p', (spec) => {
    expect(() => parseKeyring(spec)).toThrow();
  });
});

describe('sealing identifiers', () => {
  it.each([
    ['123-45-6789', '123456789', '6789'],
    [' 94-1234567 ', '941234567', '4567'],
    ['12', '12', '12'],
  ])('keeps the digits of an SSN/EIN %p, last four for display', (raw, digits, last4) => {
    const sealed = sealIdentifier(raw, here, ringA);
    expect(sealed.last4).toBe(last4);
    expect(openIdentifier(sealed.cipher, here, ringA)).toBe(digits);
  });

  it.each([null, undefined, '', '  ', '---'])('stores nothing for %p', (raw) => {
    expect(sealIdentifier(raw, here, ringA)).toEqual({ cipher: null, last4: null });
    expect(sealAccountNumber(raw, here, ringA)).toEqual({ cipher: null, last4: null });
  });

  it.each([
    ['7000123456', '7000123456', '3456'],
    ['  AB-12 34CD  ', 'AB-12 34CD', '34CD'],
    ['X12345678', 'X12345678', '5678'],
    ['GB29NWBK60161331926819', 'GB29NWBK60161331926819', '6819'],
    ['12-AB', '12-AB', '12AB'],
    ['Z9', 'Z9', 'Z9'],
  ])('keeps every character of account number %p (trimmed), last four letters or digits', (raw, kept, last4) => {
    const place = { table: 'accounts', column: 'number_cipher', rowHash: 'acct' };
    const sealed = sealAccountNumber(raw, place, ringA);
    expect(sealed.last4).toBe(last4);
    expect(openIdentifier(sealed.cipher, place, ringA)).toBe(kept);
    // The stored text never carries the number. (Two or three characters turn up in random base64 by
    // chance, about once in a hundred runs for "Z9", so the check starts at four.)
    if (kept.length >= 4) expect(sealed.cipher).not.toContain(kept);
  });

  it('binds a sealed value to its place', () => {
    const sealed = sealIdentifier('123456789', here, ringA);
    expect(() => openIdentifier(sealed.cipher, { ...here, rowHash: 'someone-else' }, ringA)).toThrow();
    expect(openIdentifier(null, here, ringA)).toBeNull();
  });
});
