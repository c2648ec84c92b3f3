// db/prepared.ts: a read built once per database and run with new values; built for a transaction
// inside one, so it sees the transaction's rows.
import { eq, sql } from 'drizzle-orm';
import { db, type Queryable } from '@/db';
import { preparedRead } from '@/db/prepared';
import { users } from '@/db/schema';
import { makeUser } from '../helpers/factories';

let builds = 0;
const emailsByHash = preparedRead('test_emails_by_hash', (q: Queryable) => {
  builds += 1;
  return q
    .select({ email: users.email })
    .from(users)
    .where(sql`${users.hash} = any(${sql.placeholder('hashes')})`)
    .orderBy(users.email);
});

test('is built once for the database and answers each call with its own values', async () => {
  const { user: ann } = await makeUser();
  const { user: bob } = await makeUser();
  const before = builds;
  expect(await emailsByHash().execute({ hashes: [ann.hash] })).toEqual([{ email: ann.email }]);
  expect(await emailsByHash(db).execute({ hashes: [ann.hash, bob.hash] })).toEqual([ann.email, bob.email].sort().map((email) => ({ email })));
  // A list of one and a list of none share the statement (one array value, not one parameter per item).
  expect(await emailsByHash().execute({ hashes: [] })).toEqual([]);
  expect(builds - before).toBe(1);
  await emailsByHash().execute({ hashes: [bob.hash] });
  expect(builds - before).toBe(1);
});

test('inside a transaction it is built for the transaction and sees its uncommitted rows', async () => {
  const { user } = await makeUser();
  const before = builds;
  await db
    .transaction(async (tx) => {
      await tx
        .update(users)
        .set({ email: `changed-${user.email}` })
        .where(eq(users.id, user.id));
      expect(await emailsByHash(tx).execute({ hashes: [user.hash] })).toEqual([{ email: `changed-${user.email}` }]);
      tx.rollback();
    })
    .catch(() => undefined);
  expect(builds - before).toBe(1);
  expect(await emailsByHash().execute({ hashes: [user.hash] })).toEqual([{ email: user.email }]);
});
