/** Next's start-up hook: the database is migrated (and seeded when empty) before the first request. */
export async function register() {
  // The imports sit inside the runtime check (not after an early return) so bundlers drop them from the
  // edge build, which cannot load `pg` or PGlite.
  if (process.env.NEXT_RUNTIME === 'nodejs' && process.env.SKIP_DB_PREPARE !== '1') {
    const { getSecrets } = await import('./lib/config/secrets');
    const { trustedOrigins } = await import('./lib/http/origin');
    const { gatewayFromEnv } = await import('./lib/payments/gateway');
    for (const [label, check] of [
      ['secrets', getSecrets],
      ['origins', trustedOrigins],
      // A partial LawPay configuration stops the server here instead of failing the first payment.
      ['payments', gatewayFromEnv],
    ] as const) {
      try {
        check();
      } catch (error) {
        // A deployment without its secrets, or with a malformed ALLOWED_ORIGINS, must not start: one clear
        // line instead of a stack trace (or, for the origins, a 500 on every form post).
        console.error(`[${label}] ${error instanceof Error ? error.message : String(error)}`);
        process.exit(1);
      }
    }
    const gateway = gatewayFromEnv();
    console.log(`[payments] ${gateway.name === 'lawpay' ? 'LawPay' : `Sandbox gateway: ${gateway.label}`}`);
    const { prepareDatabase } = await import('./lib/startup/prepare');
    try {
      await prepareDatabase();
    } catch (error) {
      // Demo data asked for on a production database (lib/startup/production.ts): one clear line, no start.
      if ((error as Error | null)?.name !== 'DemoDataRefused') throw error;
      console.error(`[db] ${(error as Error).message}`);
      process.exit(1);
    }
    // Background jobs (mail delivery, maintenance) run in every server process; pg-boss hands each job
    // to one of them. scripts/server.mjs stops the workers before it exits.
    const { allJobs } = await import('./lib/startup/jobs');
    const { startJobWorkers, stopJobWorkers } = await import('./lib/jobs/runner');
    await startJobWorkers(allJobs);
    (globalThis as { __trustwellShutdown?: () => Promise<void> }).__trustwellShutdown = () => stopJobWorkers();
  }
}
