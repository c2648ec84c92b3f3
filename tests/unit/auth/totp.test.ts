import { Secret, TOTP } from 'otpauth';
import {
  acceptedStep,
  groupedSecret,
  newRecoveryCodes,
  newTotpSecret,
  normaliseCode,
  recoveryCodeHash,
  stepAt,
  totpCodeAt,
  totpUri,
} from '@/lib/auth/second-factor/totp';

// RFC 6238, appendix B: the SHA-1 seed "12345678901234567890" and its codes (the last six digits of the 8).
const RFC_SECRET = new Secret({ buffer: new TextEncoder().encode('12345678901234567890').buffer as ArrayBuffer }).base32;
const at = (seconds: number) => new Date(seconds * 1000);

describe('TOTP codes', () => {
  it.each([
    [59, '287082'],
    [1111111109, '081804'],
    [1111111111, '050471'],
    [1234567890, '005924'],
    [2000000000, '279037'],
  ])('matches RFC 6238’s test vector at T=%i', (seconds, code) => {
    expect(totpCodeAt(RFC_SECRET, at(seconds))).toBe(code);
    expect(acceptedStep(RFC_SECRET, code, null, at(seconds))).toBe(Math.floor(seconds / 30));
  });

  it('accepts one step of clock drift either side, and no more', () => {
    const now = at(1234567890);
    const step = stepAt(now);
    expect(acceptedStep(RFC_SECRET, totpCodeAt(RFC_SECRET, at(1234567890 - 30)), null, now)).toBe(step - 1);
    expect(acceptedStep(RFC_SECRET, totpCodeAt(RFC_SECRET, at(1234567890 + 30)), null, now)).toBe(step + 1);
    expect(acceptedStep(RFC_SECRET, totpCodeAt(RFC_SECRET, at(1234567890 - 60)), null, now)).toBeNull();
    expect(acceptedStep(RFC_SECRET, totpCodeAt(RFC_SECRET, at(1234567890 + 60)), null, now)).toBeNull();
  });

  it('accepts a code once: the same code again, or an older one, is refused inside its window (replay)', () => {
    const now = at(1234567890);
    const code = totpCodeAt(RFC_SECRET, now);
    const step = acceptedStep(RFC_SECRET, code, null, now)!;
    expect(acceptedStep(RFC_SECRET, code, step, now)).toBeNull();
    expect(acceptedStep(RFC_SECRET, code, step, at(1234567890 + 20))).toBeNull();
    expect(acceptedStep(RFC_SECRET, totpCodeAt(RFC_SECRET, at(1234567890 - 30)), step, now)).toBeNull();
    // The next step's code still goes through.
    expect(acceptedStep(RFC_SECRET, totpCodeAt(RFC_SECRET, at(1234567890 + 30)), step, at(1234567890 + 30))).toBe(step + 1);
  });

  it('reads a code typed with spaces, refuses anything that is not six digits', () => {
    expect(normaliseCode('123 456')).toBe('123456');
    expect(normaliseCode(' 123-456 ')).toBe('123456');
    for (const typed of ['', '12345', '1234567', 'abcdef', '12345a']) expect(normaliseCode(typed)).toBeNull();
    expect(acceptedStep(RFC_SECRET, 'abcdef', null, at(59))).toBeNull();
  });

  it('makes a new 160-bit secret each time, and a key URI an app reads', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(secret);
    const uri = totpUri(secret, 'pat@example.com', 'Trustwell');
    expect(uri).toBe(`otpauth://totp/Trustwell:pat%40example.com?issuer=Trustwell&secret=${secret}&algorithm=SHA1&digits=6&period=30`);
    const parsed = new TOTP({ secret: Secret.fromBase32(secret) });
    expect(totpCodeAt(secret, at(1000))).toBe(parsed.generate({ timestamp: 1000 * 1000 }));
    expect(groupedSecret('ABCDEFGHIJKLMNOP')).toBe('ABCD EFGH IJKL MNOP');
  });
});

describe('recovery codes', () => {
  it('are ten distinct codes of ten letters without look-alikes', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-hjkmnp-z2-9]{5}-[a-hjkmnp-z2-9]{5}$/);
  });

  it('hash the same however typed, and refuse what cannot be one', () => {
    const [code] = newRecoveryCodes();
    const hash = recoveryCodeHash(code);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(recoveryCodeHash(code.toUpperCase().replace('-', ' '))).toBe(hash);
    expect(recoveryCodeHash(code.replace('-', ''))).toBe(hash);
    for (const typed of ['', 'short', 'x'.repeat(40), '123456']) expect(recoveryCodeHash(typed)).toBeNull();
  });
});
