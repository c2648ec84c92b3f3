import { randomBytes } from 'node:crypto';
import { decrypt, encrypt, parseKeyring } from '@/lib/crypto';

const keyA = randomBytes(32).toString('base64');
const keyB = randomBytes(32).toString('base64');
const ringA = parseKeyring(`k1:${keyA}`);

describe('field encryption (AES-256-GCM)', () => {
  it('round-trips a value', () => {
    expect(decrypt(encrypt('123456789', ringA), ringA)).toBe('123456789');
  });

  it('uses a fresh IV every time', () => {
    const a = encrypt('123456789', ringA);
    const b = encrypt('123456789', ringA);
    expect(a).not.toBe(b);
    expect(a.split(':')[2]).not.toBe(b.split(':')[2]);
  });

  it('names the key it used and never contains the plain value', () => {
    const envelope = encrypt('123456789', ringA);
    expect(envelope.startsWith('v1:k1:')).toBe(true);
    expect(envelope).not.toContain('123456789');
  });

  it.each([
    ['ciphertext', 4],
    ['auth tag', 3],
    ['iv', 2],
  ])('rejects a tampered %s', (_part, index) => {
    const parts = encrypt('123456789', ringA).split(':');
    const bytes = Buffer.from(parts[index], 'base64url');
    bytes[0] ^= 0x01;
    parts[index] = bytes.toString('base64url');
    expect(() => decrypt(parts.join(':'), ringA)).toThrow();
  });

  it('decrypts rows written under an older key after rotation, and encrypts with the new one', () => {
    const old = encrypt('987654321', ringA);
    const rotated = parseKeyring(`k2:${keyB},k1:${keyA}`);
    expect(decrypt(old, rotated)).toBe('987654321');
    expect(encrypt('x', rotated).split(':')[1]).toBe('k2');
  });

  it('refuses an unknown key id and malformed input', () => {
    const other = parseKeyring(`k9:${keyB}`);
    expect(() => decrypt(encrypt('1', ringA), other)).toThrow(/Unknown encryption key/);
    expect(() => decrypt('garbage', ringA)).toThrow(/Malformed/);
  });

  it.each(['', 'nokey', `k1:${Buffer.alloc(16).toString('base64')}`])('rejects a bad key spec %p', (spec) => {
    expect(() => parseKeyring(spec)).toThrow();
  });
});
