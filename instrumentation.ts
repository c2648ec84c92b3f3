/** Next's start-up hook: the database is migrated (and seeded when empty) before the first request. */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs' || process.env.SKIP_DB_PREPARE === '1') return;
  const { getSecrets } = await import('./lib/config/secrets');
  getSecrets();
  const { prepareDatabase } = await import('./db/prepare');
  await prepareDatabase();
}
