import { createCipheriv, randomBytes } from 'node:crypto';
import type { Keyring } from '@/lib/crypto';

/** A `v1` envelope as lib/crypto.ts wrote it before values were bound to their place (no associated data). */
export function encryptV1(plain: string, ring: Keyring): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', ring.keys.get(ring.current)!, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', ring.current, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join(':');
}
