import 'server-only';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/*
 * Where uploaded documents' bytes live. Local disk under ./.data/uploads by default; the UploadThing
 * store (when UPLOADTHING_TOKEN is set) is added by the files feature behind this same interface.
 */
export type StoredObject = { storage: 'local'; key: string };

export function localUploadsDir(): string {
  return path.resolve(/*turbopackIgnore: true*/ process.cwd(), process.env.UPLOADS_DIR ?? '.data/uploads');
}

function localPath(key: string): string {
  // Keys are generated here, never taken from a request; still refuse anything that could escape the folder.
  if (!/^[A-Za-z0-9_-]+$/.test(key)) throw new Error('Invalid storage key.');
  return path.join(localUploadsDir(), key);
}

/** Stores bytes and returns where they went. */
export async function putObject(bytes: Uint8Array): Promise<StoredObject> {
  const key = randomBytes(18).toString('base64url');
  await fs.mkdir(localUploadsDir(), { recursive: true });
  await fs.writeFile(localPath(key), bytes, { mode: 0o600 });
  return { storage: 'local', key };
}
