import 'server-only';
import { hash, verify } from '@node-rs/argon2';

// argon2id with OWASP's recommended floor (19 MiB, 2 passes); Algorithm.Argon2id is the enum value 2.
const options = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/** Hashes a password for storage. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

// Verified against when the email is unknown, so a miss costs as much time as a wrong password.
const dummyHash = hash('not-a-real-password', options);

/** Checks a password against a stored hash (or a dummy one, to keep timing even). */
export async function verifyPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  try {
    return await verify(stored ?? (await dummyHash), password);
  } catch {
    return false;
  }
}
