import 'server-only';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Secrets the app cannot run without. Taken from the environment; on the embedded default they are
 * generated once into ./.data/secrets.json so `npm start` works with zero set-up (and says so). With
 * DATABASE_URL (a real deployment) both must come from the environment: a generated file would give each
 * machine its own keys, and encrypted values one machine writes would be unreadable to the next.
 */
type Secrets = { NEXTAUTH_SECRET: string; APP_ENCRYPTION_KEY: string };

const REQUIRED = ['NEXTAUTH_SECRET', 'APP_ENCRYPTION_KEY'] as const;

/**
 * Why this environment may not start, in one line, or null when it may: with DATABASE_URL set, every
 * required secret must be set (non-blank) in the environment. Pure, for start-up scripts to print.
 */
export function assertProductionSecrets(env: Record<string, string | undefined> = process.env): string | null {
  if (!env.DATABASE_URL?.trim()) return null;
  const missing = REQUIRED.filter((name) => !env[name]?.trim());
  if (missing.length === 0) return null;
  return `${missing.join(' and ')} ${missing.length === 1 ? 'is' : 'are'} not set. With DATABASE_URL (a real deployment) set NEXTAUTH_SECRET and APP_ENCRYPTION_KEY in the environment; see docs/operations.md.`;
}

let cached: Secrets | undefined;

function secretsFile(): string {
  return path.resolve(/*turbopackIgnore: true*/ process.cwd(), process.env.SECRETS_FILE ?? '.data/secrets.json');
}

function readOrCreateFile(): Secrets {
  const file = secretsFile();
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as Secrets;
  } catch {
    const created: Secrets = {
      NEXTAUTH_SECRET: randomBytes(32).toString('base64url'),
      APP_ENCRYPTION_KEY: `k1:${randomBytes(32).toString('base64')}`,
    };
    fs.mkdirSync(path.dirname(file), { recursive: true });
    // wx: if another process created it meanwhile, keep theirs.
    try {
      fs.writeFileSync(file, JSON.stringify(created, null, 2), { flag: 'wx', mode: 0o600 });
      console.warn(`[secrets] Generated NEXTAUTH_SECRET and APP_ENCRYPTION_KEY into ${file}. Set them in the environment for production.`);
      return created;
    } catch {
      return JSON.parse(fs.readFileSync(file, 'utf8')) as Secrets;
    }
  }
}

/** The secrets in force, from the environment first. Throws when a deployment (DATABASE_URL) lacks one. */
export function getSecrets(): Secrets {
  if (cached) return cached;
  const problem = assertProductionSecrets(process.env);
  if (problem) throw new Error(problem);
  // A blank variable counts as unset, as in assertProductionSecrets.
  const set = (value: string | undefined) => (value?.trim() ? value : undefined);
  const fromEnv = { NEXTAUTH_SECRET: set(process.env.NEXTAUTH_SECRET), APP_ENCRYPTION_KEY: set(process.env.APP_ENCRYPTION_KEY) };
  const file = fromEnv.NEXTAUTH_SECRET && fromEnv.APP_ENCRYPTION_KEY ? undefined : readOrCreateFile();
  cached = {
    NEXTAUTH_SECRET: fromEnv.NEXTAUTH_SECRET ?? file!.NEXTAUTH_SECRET,
    APP_ENCRYPTION_KEY: fromEnv.APP_ENCRYPTION_KEY ?? file!.APP_ENCRYPTION_KEY,
  };
  // next-auth reads its secret from the environment.
  process.env.NEXTAUTH_SECRET = cached.NEXTAUTH_SECRET;
  return cached;
}
