import { canonicalJson, formKey, identicalCallKey, IDENTICAL_CALL_SECONDS } from '@/lib/idempotency';

// The call key is an HMAC under the server's secret: fixed test secrets, whatever the environment (with
// DATABASE_URL set, the app refuses to generate its own).
beforeAll(() => {
  process.env.NEXTAUTH_SECRET ??= 'unit-test-secret';
  process.env.APP_ENCRYPTION_KEY ??= `k1:${Buffer.alloc(32, 3).toString('base64')}`;
});

describe('idempotency keys', () => {
  it('canonical JSON: key order and undefined values do not matter, everything else does', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { z: null, y: 'x' }], c: undefined } })).toBe('{"a":{"d":[1,{"y":"x","z":null}]},"b":1}');
    expect(canonicalJson({ a: 1, b: 2 })).toBe(canonicalJson({ b: 2, a: 1 }));
    expect(canonicalJson({ a: '1' })).not.toBe(canonicalJson({ a: 1 }));
  });

  it('an identical call gets the same key; another call or input another; the digest is keyed, not a plain hash', () => {
    const input = { client_hash: 'h', first_name: 'Noah', ssn: '123456789' };
    const key = identicalCallKey('child', input);
    expect(key).toEqual(identicalCallKey('child', { ssn: '123456789', first_name: 'Noah', client_hash: 'h' }));
    expect(key.seconds).toBe(IDENTICAL_CALL_SECONDS);
    expect(identicalCallKey('beneficiary', input).key).not.toBe(key.key);
    expect(identicalCallKey('child', { ...input, first_name: 'Emma' }).key).not.toBe(key.key);
    const { createHash } = jest.requireActual<typeof import('node:crypto')>('node:crypto');
    const plain = (text: string) => createHash('sha256').update(text).digest('base64url');
    expect(key.key).toMatch(/^same:child:[A-Za-z0-9_-]{43}$/);
    for (const text of [`child\n${canonicalJson(input)}`, `idempotency:child\n${canonicalJson(input)}`]) expect(key.key).not.toContain(plain(text));
    expect(key.key).not.toContain('123456789');
  });

  it("a form's key stands for a day", () => {
    expect(formKey('abc')).toEqual({ key: 'form:abc', seconds: 86_400 });
  });
});
