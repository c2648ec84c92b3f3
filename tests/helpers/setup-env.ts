// Runs before each integration test file: points the app at this worker's database and fixed test keys.
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';

const worker = process.env.JEST_WORKER_ID ?? '1';
if (process.env.DATABASE_URL) {
  const url = new URL(process.env.DATABASE_URL);
  const baseName = url.pathname.slice(1).replace(/_w\d+$/, '') || 'postgres';
  url.pathname = `/${baseName}_w${worker}`;
  process.env.DATABASE_URL = url.toString();
} else {
  process.env.PGLITE_DATA_DIR = 'memory://';
}
process.env.NEXTAUTH_SECRET ??= 'test-nextauth-secret-not-for-production';
process.env.APP_ENCRYPTION_KEY ??= `k1:${Buffer.alloc(32, 7).toString('base64')}`;
process.env.UPLOADS_DIR = path.join(os.tmpdir(), `trustwell-uploads-${worker}-${randomBytes(4).toString('hex')}`);
process.env.SEED_DEMO_DATA = '0';
// Documents go to the local folder above; a developer's UploadThing token must not send test files out.
delete process.env.UPLOADTHING_TOKEN;
