import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { getSecrets } from './config/secrets';

/*
 * Field encryption for SSNs and identifiers: AES-256-GCM, random 96-bit IV, 128-bit auth tag.
 * Envelope: `v1:<keyId>:<iv>:<tag>:<ciphertext>` (base64url parts). APP_ENCRYPTION_KEY is a
 * comma-separated list `id:base64key`; the first key encrypts, every listed key can decrypt, so a key
 * can be rotated by putting the new one first.
 */

type Keyring = { current: string; keys: Map<string, Buffer> };

export function parseKeyring(spec: string): Keyring {
  const keys = new Map<string, Buffer>();
  let current = '';
  for (const part of spec.split(',').map((p) => p.trim()).filter(Boolean)) {
    const sep = part.indexOf(':');
    if (sep < 1) throw new Error('APP_ENCRYPTION_KEY entries must look like "keyId:base64key".');
    const id = part.slice(0, sep);
    const key = Buffer.from(part.slice(sep + 1), 'base64');
    if (key.length !== 32) throw new Error(`Encryption key "${id}" must be 32 bytes (base64).`);
    keys.set(id, key);
    current ||= id;
  }
  if (!current) throw new Error('APP_ENCRYPTION_KEY is empty.');
  return { current, keys };
}

let keyring: Keyring | undefined;
function activeKeyring(): Keyring {
  keyring ??= parseKeyring(getSecrets().APP_ENCRYPTION_KEY);
  return keyring;
}

/** Encrypts a sensitive value for storage. */
export function encrypt(plain: string, ring: Keyring = activeKeyring()): string {
  const key = ring.keys.get(ring.current)!;
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return ['v1', ring.current, iv.toString('base64url'), tag.toString('base64url'), body.toString('base64url')].join(':');
}

/** Decrypts a stored envelope; throws if it was tampered with or its key is unknown. */
export function decrypt(envelope: string, ring: Keyring = activeKeyring()): string {
  const [version, keyId, iv, tag, body] = envelope.split(':');
  if (version !== 'v1' || !keyId || !iv || !tag || body === undefined) throw new Error('Malformed ciphertext.');
  const key = ring.keys.get(keyId);
  if (!key) throw new Error(`Unknown encryption key id "${keyId}".`);
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

/** The columns a sensitive number is stored in: ciphertext plus the last four digits for masked display. */
export function sealIdentifier(raw: string | null | undefined): { cipher: string | null; last4: string | null } {
  const digits = (raw ?? '').replace(/\D/g, '');
  if (!digits) return { cipher: null, last4: null };
  return { cipher: encrypt(digits), last4: digits.slice(-4) };
}

/** For tests and scripts that need a fixed ring. */
export function resetKeyringForTests(): void {
  keyring = undefined;
}
