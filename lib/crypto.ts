import 'server-only';
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { getSecrets } from './config/secrets';

/*
 * Field encryption for SSNs and identifiers: AES-256-GCM, random 96-bit IV, 128-bit auth tag.
 * Envelope: `v2:<keyId>:<iv>:<tag>:<ciphertext>` (base64url parts). A v2 value is bound to its place: the
 * associated data is `<table>.<column>.<rowHash>`, so a value copied into another row or column does not
 * decrypt. `v1` envelopes (same parts, no associated data) were written before the binding and stay
 * readable; `npm run keys:rotate` turns them into v2.
 * APP_ENCRYPTION_KEY is a comma-separated list `id:base64key`; the first key encrypts, every listed key can
 * decrypt, so a key is rotated by putting the new one first and running `npm run keys:rotate`.
 */

export type Keyring = { current: string; keys: Map<string, Buffer> };

export function parseKeyring(spec: string): Keyring {
  const keys = new Map<string, Buffer>();
  let current = '';
  for (const part of spec
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
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

/** Where an encrypted value lives: its table, its column and the row's public hash. */
export type Place = { table: string; column: string; rowHash: string };

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const ROW_HASH = /^[A-Za-z0-9_-]+$/;

/** The associated data a v2 envelope is bound to. No part may hold a dot, so the joined string is unambiguous. */
function associatedData(place: Place): Buffer {
  if (!NAME.test(place?.table ?? '') || !NAME.test(place.column ?? '') || !ROW_HASH.test(place.rowHash ?? '')) {
    throw new Error('An encrypted value needs its place: a table and column name and the row hash.');
  }
  return Buffer.from(`${place.table}.${place.column}.${place.rowHash}`, 'utf8');
}

/** Encrypts a sensitive value for storage at its place, under the ring's current key (a v2 envelope). */
export function encrypt(plain: string, place: Place, ring: Keyring = activeKeyring()): string {
  const aad = associatedData(place);
  const key = ring.keys.get(ring.current)!;
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(aad);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return ['v2', ring.current, iv.toString('base64url'), tag.toString('base64url'), body.toString('base64url')].join(':');
}

/**
 * Decrypts a stored envelope read from `place`; throws if it was tampered with, belongs to another place
 * (v2) or its key is unknown. v1 envelopes carry no place and are read as they are.
 */
export function decrypt(envelope: string, place: Place, ring: Keyring = activeKeyring()): string {
  const [version, keyId, iv, tag, body, extra] = envelope.split(':');
  if ((version !== 'v1' && version !== 'v2') || !keyId || !iv || !tag || body === undefined || extra !== undefined) throw new Error('Malformed ciphertext.');
  const key = ring.keys.get(keyId);
  if (!key) throw new Error(`Unknown encryption key id "${keyId}".`);
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'), { authTagLength: 16 });
  if (version === 'v2') decipher.setAAD(associatedData(place));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

/** Whether an envelope is already in the current format under the ring's current key (nothing to rotate). */
export function isCurrent(envelope: string, ring: Keyring): boolean {
  return envelope.startsWith(currentPrefix(ring));
}

/** The prefix every up-to-date envelope starts with: `v2:<current key id>:`. */
export function currentPrefix(ring: Keyring): string {
  return `v2:${ring.current}:`;
}

type Sealed = { cipher: string | null; last4: string | null };

/**
 * An SSN, EIN or TIN as stored: its digits encrypted at their place, plus the last four digits for masked
 * display. Formatting (dashes, spaces) is dropped; nothing is stored when there are no digits.
 */
export function sealIdentifier(raw: string | null | undefined, place: Place, ring?: Keyring): Sealed {
  const digits = (raw ?? '').replace(/\D/g, '');
  if (!digits) return { cipher: null, last4: null };
  return { cipher: encrypt(digits, place, ring), last4: digits.slice(-4) };
}

/**
 * An account number as stored: every character kept (account numbers may contain letters, and what the
 * client typed is what the attorney needs), only surrounding whitespace trimmed, encrypted at its place.
 * The last four letters or digits (separators skipped) are kept for masked display.
 */
export function sealAccountNumber(raw: string | null | undefined, place: Place, ring?: Keyring): Sealed {
  const value = (raw ?? '').trim();
  const alphanumeric = value.replace(/[^\p{L}\p{N}]/gu, '');
  if (!alphanumeric) return { cipher: null, last4: null };
  return { cipher: encrypt(value, place, ring), last4: alphanumeric.slice(-4) };
}

/** Reads back a value sealed at `place` (SSN, identifier or account number); null stays null. */
export function openIdentifier(cipher: string | null | undefined, place: Place, ring?: Keyring): string | null {
  return cipher ? decrypt(cipher, place, ring) : null;
}
