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
    }
  } finally {
    await admin.end();
  }
}
