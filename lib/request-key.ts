/**
 * A random key for one create (a record dialog's, lib/idempotency.ts on the server): 22 base64url
 * characters from 16 random bytes. crypto.getRandomValues, unlike randomUUID, works outside secure contexts
 * (an http address other than localhost) too.
 */
export function newRequestKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}
