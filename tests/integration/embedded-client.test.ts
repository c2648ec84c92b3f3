// The embedded database's thread (db/embedded-client.ts): what drizzle and the app rely on when PGlite
// runs off the server's thread. Always on a fresh in-memory PGlite of its own, whatever DATABASE_URL says.
import { EmbeddedClient } from '@/db/embedded-client';
import { EmbeddedFolderInUseError } from '@/db/embedded-folder-lock';

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

describe('prepared statements (each statement text is prepared once and reused)', () => {
  let small: EmbeddedClient;
  beforeAll(async () => {
    // Two prepared texts at most, so the third evicts the least recently used.
    small = new EmbeddedClient('memory://', { maxPrepared: 2 });
    await small.query('create table kinds (id int primary key, at timestamptz, flag boolean, doc jsonb, tags text[], amount numeric(12, 2))');
  }, 60_000);
  afterAll(async () => {
    await small.close();
  });

  test('parameters of every kind the app sends are serialized as PGlite does, on first and later runs', async () => {
    const insert = 'insert into kinds values ($1, $2, $3, $4, $5, $6)';
    await small.query(insert, [1, new Date('2026-03-04T05:06:07Z'), true, JSON.stringify({ a: [1, 'two'] }), ['x', 'y'], '12.50']);
    await small.query(insert, [2, null, false, null, [], '0.10']);
    const rows = (await small.query<Record<string, unknown>>('select id, at, flag, doc, tags, amount from kinds order by id')).rows;
    expect(rows.map((r) => [r.id, (r.at as Date | null)?.toISOString() ?? null, r.flag, r.doc, r.tags, r.amount])).toEqual([
      [1, '2026-03-04T05:06:07.000Z', true, { a: [1, 'two'] }, ['x', 'y'], '12.50'],
      [2, null, false, null, [], '0.10'],
    ]);
  });

  test('more texts than are kept: the least recently used is closed and prepared again when it comes back', async () => {
    const texts = ['select count(*)::int as n from kinds', 'select max(id) as n from kinds', 'select min(id) as n from kinds'];
    for (let round = 0; round < 3; round++) {
      for (const text of texts) expect((await small.query<{ n: number }>(text)).rows[0].n).toEqual(expect.any(Number));
    }
  });

  test('a statement whose table changed shape is prepared again (a migration between two runs)', async () => {
    await small.query('create table shape (a int)');
    await small.query('insert into shape values (1)');
    expect((await small.query('select * from shape')).rows).toEqual([{ a: 1 }]);
    await small.query('alter table shape add column b text');
    expect((await small.query('select * from shape')).rows).toEqual([{ a: 1, b: null }]);
    await small.query('drop table shape');
    await expect(small.query('select * from shape')).rejects.toMatchObject({ code: '42P01' });
    await small.query('create table shape (c int)');
    expect((await small.query('select * from shape')).rows).toEqual([]);
  });

  test('a statement that does not parse fails with its error and leaves the connection usable', async () => {
    await expect(small.query('selec 1')).rejects.toMatchObject({ code: '42601' });
    await expect(small.transaction(async (tx) => tx.query('selec 1'))).rejects.toMatchObject({ code: '42601' });
    expect((await small.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
  });
});

describe('maintenance (PGlite has no autovacuum)', () => {
  let kept: EmbeddedClient;
  beforeAll(async () => {
    kept = new EmbeddedClient('memory://', { maintenanceMs: 50 });
    await kept.query('create table notes (id int primary key, body text)');
  }, 60_000);
  afterAll(async () => {
    await kept.close();
  });
  const visiblePages = async () =>
    (await kept.query<{ pages: number; visible: number }>("select relpages as pages, relallvisible as visible from pg_class where relname = 'notes'")).rows[0];

  test('vacuums and analyzes after writes: the pages become all-visible and the planner learns the row count', async () => {
    await kept.query("insert into notes select i, repeat('x', 100) from generate_series(1, 2000) i");
    await new Promise((r) => setTimeout(r, 400));
    const after = await visiblePages();
    expect(after.pages).toBeGreaterThan(0);
    expect(after.visible).toBe(after.pages);
    expect((await kept.query<{ n: number }>("select reltuples::int as n from pg_class where relname = 'notes'")).rows[0].n).toBe(2000);
  });

  test('never inside an open transaction: a transaction longer than the interval commits as usual', async () => {
    await kept.transaction(async (tx) => {
      await tx.query('update notes set body = $1 where id = 1', ['changed']);
      await new Promise((r) => setTimeout(r, 300));
      await tx.query('update notes set body = $1 where id = 2', ['changed']);
    });
    expect((await kept.query<{ n: number }>("select count(*)::int as n from notes where body = 'changed'")).rows[0].n).toBe(2);
  });
});

describe('a database in a folder', () => {
  let dir: string;
  let folder: EmbeddedClient;
  beforeAll(async () => {
    const fs = await import('node:fs');
    const os = await import('node:os');
    const path = await import('node:path');
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trustwell-embedded-'));
    // A new folder: initialised in a throwaway thread, then opened (with a 32 MB buffer pool).
    folder = new EmbeddedClient(dir);
  }, 120_000);
  afterAll(async () => {
    await folder.close();
    (await import('node:fs')).rmSync(dir, { recursive: true, force: true });
  }, 120_000);

  test('is initialised, opened with the smaller buffer pool, and reopened on a new thread with its data, answering calls made meanwhile', async () => {
    expect((await folder.query<{ shared_buffers: string }>('show shared_buffers')).rows).toEqual([{ shared_buffers: '32MB' }]);
    await folder.query('create table kept (id int primary key)');
    await folder.query('insert into kept values (1), (2)');
    // A transaction in progress finishes before the reopen; a query sent during the reopen waits for it.
    const tx = folder.transaction(async (t) => {
      await t.query('insert into kept values (3)');
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    const reopened = folder.reopen();
    const during = folder.query<{ n: number }>('select count(*)::int as n from kept');
    await Promise.all([tx, reopened]);
    expect((await during).rows).toEqual([{ n: 3 }]);
    expect((await folder.query<{ id: number }>('select id from kept order by id')).rows).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }]);
  }, 120_000);

  test('is opened by one process at a time: a live process’s lock refuses it, a dead one’s is taken over, a close gives it back', async () => {
    const fs = await import('node:fs');
    const os = await import('node:os');
    const path = await import('node:path');
    const { spawn } = await import('node:child_process');
    const { once } = (await import('node:events')).default;
    // The open folder is this process's, through the reopen above.
    expect(fs.readFileSync(`${dir}.lock`, 'utf8').trim()).toBe(String(process.pid));
    const other = fs.mkdtempSync(path.join(os.tmpdir(), 'trustwell-embedded-locked-'));
    const sleeper = spawn('sleep', ['60']);
    try {
      fs.writeFileSync(`${other}.lock`, `${sleeper.pid}\n`);
      expect(() => new EmbeddedClient(other)).toThrow(EmbeddedFolderInUseError);
      expect(() => new EmbeddedClient(other)).toThrow(`The embedded database in ${other} is open in another process (pid ${sleeper.pid}).`);
    } finally {
      sleeper.kill();
    }
    await once(sleeper, 'exit');
    const taken = new EmbeddedClient(other);
    try {
      expect((await taken.query<{ one: number }>('select 1 as one')).rows).toEqual([{ one: 1 }]);
      expect(fs.readFileSync(`${other}.lock`, 'utf8').trim()).toBe(String(process.pid));
    } finally {
      await taken.close();
      fs.rmSync(other, { recursive: true, force: true });
    }
    expect(fs.existsSync(`${other}.lock`)).toBe(false);
  }, 120_000);
});

test("PGlite's WebAssembly is compiled once per process, on an object every test file of a Jest worker shares", async () => {
  const workerThreads = (await import('node:worker_threads')).default as unknown as Record<symbol, unknown>;
  const compiled = workerThreads[Symbol.for('trustwell.pglite-wasm-modules')] as Record<string, unknown>;
  // Compiled by whichever test file of this worker opened a database first: another file's realm, so its
  // class is told by its tag, not by instanceof.
  expect(Object.prototype.toString.call(compiled.pgliteWasmModule)).toBe('[object WebAssembly.Module]');
  expect(Object.prototype.toString.call(compiled.initdbWasmModule)).toBe('[object WebAssembly.Module]');
  expect(Object.keys(compiled).sort()).toEqual(['initdbWasmModule', 'pgliteWasmModule']);
  // A second database instantiates the same modules (nothing compiled again) and works.
  const second = new EmbeddedClient('memory://');
  try {
    expect((await second.query<{ one: number }>('select 1 as one')).rows).toEqual([{ one: 1 }]);
    expect(workerThreads[Symbol.for('trustwell.pglite-wasm-modules')]).toBe(compiled);
  } finally {
    await second.close();
  }
}, 60_000);
