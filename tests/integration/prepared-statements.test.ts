// Both drivers keep each statement text prepared per connection (db/index.ts for PostgreSQL,
// db/embedded-worker.mjs for the embedded database), so PostgreSQL parses and plans it once.
import { eq, sql } from 'drizzle-orm';
import { db } from '@/db';
import { users } from '@/db/schema';

test('a statement run twice on one connection is prepared once, and answers with the current values', async () => {
  const texts = await db.transaction(async (tx) => {
    // A transaction is one connection on either driver.
    const first = await tx.select({ id: users.id }).from(users).where(eq(users.email, 'nobody@example.test'));
    const again = await tx.select({ id: users.id }).from(users).where(eq(users.email, 'someone-else@example.test'));
    expect(first).toEqual([]);
    expect(again).toEqual([]);
    const result = await tx.execute(sql`select statement from pg_prepared_statements where statement like ${'%from "users" where "users"."email" = $1%'}`);
    return (result.rows as { statement: string }[]).map((r) => r.statement);
  });
  expect(texts).toEqual(['select "id" from "users" where "users"."email" = $1']);
});
