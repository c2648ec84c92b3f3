import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { assertProductionSecrets } from '@/lib/config/secrets';

const url = 'postgres://postgres@127.0.0.1:5432/trustwell';
const hint = 'With DATABASE_URL (a real deployment) set NEXTAUTH_SECRET and APP_ENCRYPTION_KEY in the environment; see docs/operations.md.';

describe('assertProductionSecrets', () => {
  it('lets the embedded default start without secrets (they are generated)', () => {
    expect(assertProductionSecrets({})).toBeNull();
    expect(assertProductionSecrets({ DATABASE_URL: '' })).toBeNull();
  });

  it('lets a deployment with both secrets start', () => {
    expect(assertProductionSecrets({ DATABASE_URL: url, NEXTAUTH_SECRET: 's', APP_ENCRYPTION_KEY: 'k1:x' })).toBeNull();
  });

  it.each([
    [{ APP_ENCRYPTION_KEY: 'k1:x' }, `NEXTAUTH_SECRET is not set. ${hint}`],
    [{ NEXTAUTH_SECRET: 's' }, `APP_ENCRYPTION_KEY is not set. ${hint}`],
    [{}, `NEXTAUTH_SECRET and APP_ENCRYPTION_KEY are not set. ${hint}`],
    [{ NEXTAUTH_SECRET: '  ', APP_ENCRYPTION_KEY: 'k1:x' }, `NEXTAUTH_SECRET is not set. ${hint}`],
  ])('refuses a deployment lacking a secret (%p) in one line', (secrets, message) => {
    const problem = assertProductionSecrets({ DATABASE_URL: url, ...secrets });
    expect(problem).toBe(message);
    expect(problem).not.toContain('\n');
  });
});

describe('getSecrets', () => {
  const saved = { ...process.env };
  let dir: string;

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trustwell-secrets-'));
    for (const name of ['DATABASE_URL', 'NEXTAUTH_SECRET', 'APP_ENCRYPTION_KEY']) delete process.env[name];
    process.env.SECRETS_FILE = path.join(dir, 'secrets.json');
  });

  afterEach(() => {
    process.env = { ...saved };
    fs.rmSync(dir, { recursive: true, force: true });
  });

  // A fresh module each time: getSecrets caches what it found.
  const load = () => {
    let mod!: typeof import('@/lib/config/secrets');
    jest.isolateModules(() => {
      mod = jest.requireActual('@/lib/config/secrets');
    });
    return mod;
  };

  it('refuses to run a deployment without its secrets, and writes no secrets file', () => {
    process.env.DATABASE_URL = url;
    process.env.NEXTAUTH_SECRET = 'from-env';
    expect(() => load().getSecrets()).toThrow(`APP_ENCRYPTION_KEY is not set. ${hint}`);
    expect(fs.existsSync(process.env.SECRETS_FILE!)).toBe(false);
  });

  it('ignores a secrets file left on a deployment', () => {
    fs.writeFileSync(process.env.SECRETS_FILE!, JSON.stringify({ NEXTAUTH_SECRET: 'file', APP_ENCRYPTION_KEY: 'k1:file' }));
    process.env.DATABASE_URL = url;
    expect(() => load().getSecrets()).toThrow(/NEXTAUTH_SECRET and APP_ENCRYPTION_KEY are not set/);
  });

  it('takes a deployment’s secrets from the environment', () => {
    Object.assign(process.env, { DATABASE_URL: url, NEXTAUTH_SECRET: 'env-secret', APP_ENCRYPTION_KEY: 'k1:env' });
    expect(load().getSecrets()).toEqual({ NEXTAUTH_SECRET: 'env-secret', APP_ENCRYPTION_KEY: 'k1:env' });
    expect(fs.existsSync(process.env.SECRETS_FILE!)).toBe(false);
  });

  it('generates the secrets file (mode 600) on the embedded default, once', () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const first = load().getSecrets();
      expect(first.APP_ENCRYPTION_KEY).toMatch(/^k1:/);
      expect(fs.statSync(process.env.SECRETS_FILE!).mode & 0o777).toBe(0o600);
      expect(load().getSecrets()).toEqual(first);
      expect(warn).toHaveBeenCalledTimes(1);
    } finally {
      warn.mockRestore();
    }
  });
});
