import { sql } from 'drizzle-orm';
import { Client } from 'pg';
import { db } from '@/db';
import { rowsOf } from '@/lib/kernel/rows';

/*
 * On PostgreSQL, an idle pooled connection that the server ends (a restart, a failover, an administrator's
 * pg_terminate_backend) must not take the process down: the pool reports it, drops the connection and the
 * next query opens another. (Without the pool's error listener Node raised it as an unhandled error event.)
 * On the embedded database there is no server to end a connection.
 */
const onPostgres = process.env.DATABASE_URL ? it : it.skip;

describe('the database connection pool', () => {
  onPostgres('survives the server ending its idle connections, and answers the next query', async () => {
    const before = rowsOf<{ pid: number }>(await db.execute(sql`select pg_backend_pid() as pid`));
    expect(before).toHaveLength(1);
    const logged = jest.spyOn(console, 'error').mockImplementation(() => {});
    const admin = new Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    try {
      await admin.query('select pg_terminate_backend($1)', [before[0].pid]);
      // The idle connection hears of its end on its socket; give the event a moment to arrive.
      for (let i = 0; i < 50 && logged.mock.calls.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(logged.mock.calls.map((call) => String(call[0]))).toEqual([expect.stringContaining('[db] an idle PostgreSQL connection was closed')]);
      const after = rowsOf<{ pid: number }>(await db.execute(sql`select pg_backend_pid() as pid`));
      expect(after[0].pid).not.toBe(before[0].pid);
    } finally {
      logged.mockRestore();
      await admin.end();
    }
  });
});
