import { Client } from 'pg';

/*
 * Integration tests run on embedded PGlite (in memory, one per test file) by default, and on PostgreSQL
 * when DATABASE_URL is set: then each Jest worker gets its own fresh database, created here.
 */
export default async function globalSetup() {
  const base = process.env.DATABASE_URL;
  if (!base) return;
  const workers = Number(process.env.JEST_MAX_WORKERS ?? 4);
  const baseName = new URL(base).pathname.slice(1) || 'postgres';
  // Create databases from the maintenance database: the named one need not exist.
  const maintenance = new URL(base);
  maintenance.pathname = '/postgres';
  const admin = new Client({ connectionString: maintenance.toString() });
  await admin.connect();
  try {
    for (let i = 1; i <= workers; i++) {
      const name = `${baseName}_w${i}`;
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.query(`CREATE DATABASE "${name}"`);
      // The worker's scratch database of tests/integration/migration-0003.test.ts, left by the last run:
      // dropped here, before any test's time limit starts, rather than in that file's afterAll (issue 33).
      await admin.query(`DROP DATABASE IF EXISTS "${name}_m0003" WITH (FORCE)`);
    }
  } finally {
    await admin.end();
  }
}
