// The embedded database's thread (db/embedded-client.ts): what drizzle and the app rely on when PGlite
// runs off the server's thread. Always on a fresh in-memory PGlite of its own, whatever DATABASE_URL says.
import { EmbeddedClient } from '@/db/embedded-client';

let client: EmbeddedClient;

beforeAll(async () => {
  client = new EmbeddedClient('memory://');
  await client.query('create table items (id int primary key, name text not null unique)');
}, 60_000);

afterAll(async () => {
  await client.close();
});

beforeEach(async () => {
  await client.query('delete from items');
});

const names = async () => (await client.query<{ name: string }>('select name from items order by id')).rows.map((r) => r.name);

test('answers rows as objects or arrays, with parameters, and keeps the text of the types drizzle asks for', async () => {
  await client.query('insert into items (id, name) values ($1, $2), ($3, $4)', [1, 'one', 2, 'two']);
  expect(await names()).toEqual(['one', 'two']);
  const arrays = await client.query("select id, timestamptz '2026-01-02 03:04:05+00' as at from items order by id", [], {
    rowMode: 'array',
    parsers: { 1184: (value) => value },
  });
  expect(arrays.rows).toEqual([
    [1, '2026-01-02 03:04:05+00'],
    [2, '2026-01-02 03:04:05+00'],
  ]);
  // Without a parser for it, PGlite parses the type as usual.
  const parsed = await client.query<{ at: unknown }>("select timestamptz '2026-01-02 03:04:05+00' as at");
  // (A Date made outside Jest's sandbox, so no toBeInstanceOf.)
  expect((parsed.rows[0].at as Date).toISOString()).toBe('2026-01-02T03:04:05.000Z');
});

test("a database error keeps PostgreSQL's fields, which the app reads (unique violations)", async () => {
  await client.query("insert into items values (1, 'one')");
  // With drizzle's parsers among the options, which PGlite puts on its error (functions cannot be sent).
  const error = await client.query("insert into items values (2, 'one')", [], { parsers: { 1184: (value) => value } }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(Error);
  expect(error).toMatchObject({ code: '23505', constraint: 'items_name_key', message: expect.stringContaining('duplicate key') });
  expect(await names()).toEqual(['one']);
});

test('a transaction commits its statements together, and rolls all back when its function throws', async () => {
  await client.transaction(async (tx) => {
    await tx.query("insert into items values (1, 'one')");
    await tx.query("insert into items values (2, 'two')");
  });
  await expect(
    client.transaction(async (tx) => {
      await tx.query("insert into items values (3, 'three')");
      throw new Error('changed my mind');
    }),
  ).rejects.toThrow('changed my mind');
  // A failed statement rolls back what came before it in the same transaction.
  await expect(
    client.transaction(async (tx) => {
      await tx.query("insert into items values (4, 'four')");
      await tx.query("insert into items values (5, 'one')");
    }),
  ).rejects.toMatchObject({ code: '23505' });
  expect(await names()).toEqual(['one', 'two']);
});

test('queries and transactions that arrive while a transaction is open wait for it, in order', async () => {
  const seen: string[] = [];
  let insideOpen!: () => void;
  const opened = new Promise<void>((resolve) => (insideOpen = resolve));
  let finish!: () => void;
  const finished = new Promise<void>((resolve) => (finish = resolve));

  const first = client.transaction(async (tx) => {
    await tx.query("insert into items values (1, 'one')");
    insideOpen();
    await finished; // the others are sent now, while this transaction holds the database
    await tx.query("insert into items values (2, 'two')");
    seen.push('first committed');
  });
  await opened;
  const read = names().then((rows) => seen.push(`read ${rows.join(',')}`));
  const second = client.transaction(async (tx) => {
    await tx.query("insert into items values (3, 'three')");
    seen.push('second committed');
  });
  const readAfter = names().then((rows) => seen.push(`read ${rows.join(',')}`));
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(seen).toEqual([]);
  finish();
  await Promise.all([first, read, second, readAfter]);
  // Nobody saw the first transaction half done, and the later read saw the second transaction too.
  expect(seen).toEqual(['first committed', 'read one,two', 'second committed', 'read one,two,three']);
});
