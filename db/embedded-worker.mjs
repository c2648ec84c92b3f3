// The embedded database's thread (db/embedded-client.ts starts it). PGlite is PostgreSQL compiled to
// WebAssembly: every statement, and the parsing of its rows, is CPU work. In the server's own thread it
// would run between renders, so every page would wait behind every other page's queries; here it runs on
// a core of its own and the server thread only sends statements and receives rows.
//
// Messages are handled one at a time, in arrival order (PGlite has one connection anyway), so a
// transaction's statements, which the client sends only while it holds the database, never interleave
// with others.
import { PGlite } from '@electric-sql/pglite';
import { parentPort, workerData } from 'node:worker_threads';

const ready = PGlite.create(workerData.dataDir);
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

async function handle(message) {
  const db = await ready;
  switch (message.op) {
    case 'query': {
      const result = await db.query(message.sql, message.params, optionsOf(message));
      return { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows };
    }
    case 'close':
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
