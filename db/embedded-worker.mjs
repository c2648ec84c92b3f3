// The embedded database's thread (db/embedded-client.ts starts it). PGlite is PostgreSQL compiled to
// WebAssembly: every statement, and the parsing of its rows, is CPU work. In the server's own thread it
// would run between renders, so every page would wait behind every other page's queries; here it runs on
// a core of its own and the server thread only sends statements and receives rows.
//
// Messages are handled one at a time, in arrival order (PGlite has one connection anyway), so a
// transaction's statements, which the client sends only while it holds the database, never interleave
// with others.
import { PGlite, parse, protocol } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import fs from 'node:fs';
import path from 'node:path';
import { Worker, parentPort, workerData } from 'node:worker_threads';

/*
 * A new folder is initialised (PostgreSQL's initdb, a WebAssembly instance of its own) in a throwaway
 * thread, which then exits: what initdb leaves behind in a thread's memory (about 100 to 200 MB of RSS
 * that a garbage collection did not give back) goes with that thread, not with the database's
 * (docs/performance.md, "Memory"). A folder that exists, or an in-memory database, opens directly.
 */
function initialised(dataDir) {
  if (dataDir.startsWith('memory://') || fs.existsSync(path.join(dataDir, 'PG_VERSION'))) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const init = new Worker(new URL(import.meta.url), { workerData: { dataDir, initOnly: true, ...compiled } });
    init.once('error', reject);
    init.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`Initialising the embedded database failed (exit code ${code}).`))));
  });
}

/*
 * PostgreSQL's buffer pool lives in the WebAssembly memory and is resident in full once the database has
 * started (its 128 MB default cost 128 MB of RSS, whatever the data's size). 32 MB holds the demo data and
 * the bench's 5,000 households several times over; a page that is not in it is read from the folder's
 * files, which the operating system caches (docs/performance.md, "Memory").
 */
const SHARED_BUFFERS = workerData.sharedBuffers ?? '32MB';
// pg_trgm: the dashboard's search is served by trigram indexes (migration trigram_search, issue 32); an
// extension PGlite does not load cannot be created, so every PGlite the project opens loads it (the bench's
// seeding too, scripts/bench-advisor.mjs).
// PGlite's WebAssembly, compiled once by the process that started this thread (db/embedded-client.ts):
// instantiated here, not compiled again. Absent, PGlite compiles its own.
const compiled = workerData.pgliteWasmModule ? { pgliteWasmModule: workerData.pgliteWasmModule, initdbWasmModule: workerData.initdbWasmModule } : {};
const options = { startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${SHARED_BUFFERS}`], extensions: { pg_trgm }, ...compiled };

if (workerData.initOnly) {
  const db = await PGlite.create(workerData.dataDir, options);
  await db.close();
  process.exit(0);
}

const ready = initialised(workerData.dataDir)
  .then(() => PGlite.create(workerData.dataDir, options))
  .then(async (db) => {
    // Plan each prepared statement once (see "Prepared statements" below): left to itself PostgreSQL kept
    // re-planning the page loads on every run (their `= any($1)` lists look costlier to a generic plan), and
    // planning in WebAssembly cost more than running them: the intake's lists 1.5 ms of planning for 2 ms of
    // work, the actor's 0.4 for 0.1 ms (docs/performance.md). The embedded database holds one installation's
    // data, where a plan chosen without the parameters' values does as well.
    await db.exec('set plan_cache_mode = force_generic_plan');
    return db;
  });
// Keep the start-up failure for the replies; an unhandled rejection would kill the thread silently.
ready.catch(() => {});

/** Rebuilds the parsers drizzle asked for: it only ever passes identity parsers (keep the text) for type ids. */
function optionsOf({ rowMode, textTypes }) {
  const keep = (value) => value;
  return { rowMode, parsers: Object.fromEntries((textTypes ?? []).map((oid) => [oid, keep])) };
}

/**
 * PostgreSQL's error fields (code, constraint, detail, …) travel as plain properties; the client rebuilds
 * the error. Only text and numbers go: PGlite also puts the query's options on the error, and the parsers
 * in them are functions, which cannot be sent.
 */
function errorOf(error) {
  if (!(error instanceof Error)) return { message: String(error) };
  const fields = Object.entries(error).filter(([, value]) => ['string', 'number', 'boolean'].includes(typeof value));
  return { ...Object.fromEntries(fields), name: error.name, message: error.message, stack: error.stack };
}

/*
 * Prepared statements. PGlite's own `query` parses, analyses and plans every statement afresh; for the
 * app's joins planning took longer than running them (the actor's statement: about 1.5 ms of planning for
 * 0.1 ms of work). The app sends few distinct statement texts (drizzle builds the same text for the same
 * query shape), so each text is prepared once under a name and later calls only bind, describe and execute
 * it: PostgreSQL skips parsing, and after five runs plans it once for all runs when that plan is as good
 * (its usual rule for prepared statements). This follows PGlite's `query` step by step (the same messages,
 * parsers and serializers) with a named statement instead of the unnamed one.
 */
const { serialize } = protocol;
// Closed least recently used first beyond this many (texts with a varying number of parameters add up).
const MAX_PREPARED = workerData.maxPrepared ?? 500;
/** Statement text → { name, paramTypes }, oldest first (Map order), so the least recent is closed first. */
const prepared = new Map();
let preparedCount = 0;
// "cached plan must not change result type": a table the statement reads was changed (a migration).
const PLAN_CHANGED = '0A000';

function concat(parts) {
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

async function send(db, message) {
  return db.execProtocolStream(message, { syncToFs: false });
}

async function statementFor(db, sql) {
  const known = prepared.get(sql);
  if (known) {
    prepared.delete(sql);
    prepared.set(sql, known);
    return known;
  }
  if (prepared.size >= MAX_PREPARED) {
    const [oldestSql, oldest] = prepared.entries().next().value;
    prepared.delete(oldestSql);
    await send(db, serialize.close({ type: 'S', name: oldest.name }));
  }
  const name = `tw_${++preparedCount}`;
  await send(db, serialize.parse({ name, text: sql }));
  const paramTypes = parse.parseDescribeStatementResults(await send(db, serialize.describe({ type: 'S', name })));
  const statement = { name, paramTypes };
  prepared.set(sql, statement);
  return statement;
}

async function preparedQuery(db, sql, params, options) {
  return db.runExclusive(async () => {
    let messages;
    try {
      const { name, paramTypes } = await statementFor(db, sql);
      const values = params.map((value, i) => {
        if (value === null || value === undefined) return null;
        const serializer = db.serializers[paramTypes[i]];
        return serializer ? serializer(value) : value.toString();
      });
      // Bind, describe, execute and sync in one call: each call crosses into WebAssembly, and a failed
      // step makes PostgreSQL skip to the Sync that ends the batch.
      messages = await send(
        db,
        concat([serialize.bind({ statement: name, values }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()]),
      );
    } catch (error) {
      // After a failed Parse (statementFor) PostgreSQL waits for a Sync; after a failed batch one more is harmless.
      await send(db, serialize.sync()).catch(() => undefined);
      // A failed statement is forgotten, so the next call prepares it again (after a migration changed
      // its tables, or when it never parsed).
      const statement = prepared.get(sql);
      if (statement) {
        prepared.delete(sql);
        await send(db, serialize.close({ type: 'S', name: statement.name })).catch(() => undefined);
      }
      throw Object.assign(error, { query: sql });
    }
    // As PGlite's query does after each statement (nothing to do for a folder on disk or memory).
    await db.syncToFs();
    return parse.parseResults(messages, db.parsers, options)[0];
  });
}

async function query(db, { sql, params }, options) {
  try {
    return await preparedQuery(db, sql, params ?? [], options);
  } catch (error) {
    if (error?.code !== PLAN_CHANGED) throw error;
    return preparedQuery(db, sql, params ?? [], options);
  }
}

/*
 * Maintenance. PGlite runs PostgreSQL in single-user mode, without autovacuum: nothing would reclaim the
 * rows updates and deletes leave behind, mark pages all-visible (which index-only scans need) or gather
 * the planner's statistics. Measured on the advisor dashboard's 5,000 households: its list statement took
 * 12.6 ms on a never-vacuumed database and 6.2 ms after one VACUUM (ANALYZE) (docs/performance.md). The
 * thread runs it when the database opens and then every `maintenanceMs` (10 minutes) if statements have
 * written since, in the same queue as the app's statements and never inside an open transaction (a
 * transaction spans several messages; the next round tries again).
 */
const MAINTENANCE_MS = workerData.maintenanceMs ?? 10 * 60_000;
const WRITES = /^\s*(insert|update|delete|create|alter|drop|truncate)\b/i;
let writesSinceMaintenance = 1;
let closed = false;

function maintain() {
  queue = queue.then(async () => {
    const db = await ready.catch(() => null);
    if (!db || closed || writesSinceMaintenance === 0 || db.isInTransaction()) return;
    writesSinceMaintenance = 0;
    // A failed run (a statement the database refuses) is tried again at the next round.
    await db.exec('vacuum (analyze)').catch(() => (writesSinceMaintenance += 1));
  });
}

async function handle(message) {
  const db = await ready;
  switch (message.op) {
    case 'query': {
      if (WRITES.test(message.sql)) writesSinceMaintenance += 1;
      const result = await query(db, message, optionsOf(message));
      return { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows };
    }
    case 'exec': {
      // A script of several statements without parameters (the job queue's schema and its locked
      // blocks): the simple protocol, one result per statement.
      writesSinceMaintenance += 1;
      try {
        const results = await db.exec(message.sql);
        return results.map((result) => ({ rows: result.rows, fields: result.fields, affectedRows: result.affectedRows }));
      } catch (error) {
        // A script that failed between its BEGIN and COMMIT leaves the one connection in an aborted
        // transaction; end it here, in the same turn, so no later statement lands in it.
        if (db.isInTransaction()) await db.exec('rollback').catch(() => undefined);
        throw error;
      }
    }
    case 'close':
      closed = true;
      await db.close();
      return null;
    default:
      throw new Error(`unknown operation ${message.op}`);
  }
}

let queue = Promise.resolve();
parentPort.on('message', (message) => {
  queue = queue.then(async () => {
    try {
      parentPort.postMessage({ id: message.id, result: await handle(message) });
    } catch (error) {
      parentPort.postMessage({ id: message.id, error: errorOf(error) });
    }
  });
});

maintain();
if (MAINTENANCE_MS > 0) setInterval(maintain, MAINTENANCE_MS).unref();
