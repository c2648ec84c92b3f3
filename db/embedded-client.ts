import 'server-only';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import workerThreads, { Worker } from 'node:worker_threads';
import { lockEmbeddedFolder } from './embedded-folder-lock';

/*
 * The embedded database (PGlite) on a thread of its own (db/embedded-worker.mjs), behind the two calls
 * drizzle's PGlite driver makes: `query(sql, params, options)` and `transaction(fn)`.
 *
 * Why a thread: PGlite runs PostgreSQL as WebAssembly in the calling thread. In the server's thread every
 * statement and the parsing of its rows ran between renders, so with a few concurrent requests each page
 * waited behind all the others' queries (about half of a big intake page's CPU time, docs/performance.md).
 * On its own thread the database works on the second core while the server renders.
 *
 * Transactions: PGlite has one connection. A transaction takes the database (later queries and
 * transactions wait, in order, until it commits or rolls back), then sends BEGIN, its statements and
 * COMMIT or ROLLBACK; the thread runs messages one at a time in arrival order. PGlite itself behaves the
 * same: a plain query waits for an open transaction. (So code inside a transaction must use the
 * transaction, never `db`, or it waits for itself, as it would with PGlite in-process.)
 *
 * The thread keeps each statement text prepared (db/embedded-worker.mjs says why and how).
 */

type QueryOptions = { rowMode?: 'array' | 'object'; parsers?: Record<number, (value: string, typeId: number) => unknown> };
export type EmbeddedResults<T = unknown> = { rows: T[]; fields: { name: string; dataTypeID: number }[]; affectedRows?: number };
type Reply = { id: number; result?: unknown; error?: Record<string, unknown> & { message: string } };
type Pending = { resolve: (value: unknown) => void; reject: (error: unknown) => void };

/** What drizzle's driver calls on a PGlite instance and on its transactions. */
export type EmbeddedQueryable = {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<EmbeddedResults<T>>;
};

// Next compiles db/ into .next; the thread's script is loaded from the project as it is.
const workerScript = () => path.resolve(/*turbopackIgnore: true*/ process.cwd(), 'db/embedded-worker.mjs');

/*
 * PGlite's WebAssembly (PostgreSQL, 9 MB, and its initdb, 0.3 MB) compiled once per process and handed to
 * every database thread, which instantiates it without compiling (issue 32). A Jest worker opens a database
 * per test file: each file's thread compiled both modules again (once a thread died with SIGSEGV while
 * compiling, under --experimental-vm-modules), and each compilation's code lived as long as its thread. V8
 * shares one compiled module between the threads it is posted to. Jest gives every test file its own module
 * registry, so the compiled modules are kept on an object every file shares: the worker_threads module
 * itself, which Jest takes from Node and does not re-create per file.
 */
type PgliteModules = { pgliteWasmModule: WebAssembly.Module; initdbWasmModule: WebAssembly.Module };
const COMPILED = Symbol.for('trustwell.pglite-wasm-modules');

function compiledPglite(): PgliteModules {
  const shared = workerThreads as unknown as { [COMPILED]?: PgliteModules };
  if (!shared[COMPILED]) {
    // Resolved from the project, as the thread's script resolves PGlite (the bundled server has no node_modules of its own).
    const resolve = createRequire(path.resolve(/*turbopackIgnore: true*/ process.cwd(), 'package.json')).resolve;
    const compile = (file: string) => new WebAssembly.Module(readFileSync(resolve(`@electric-sql/pglite/${file}`)));
    shared[COMPILED] = { pgliteWasmModule: compile('pglite.wasm'), initdbWasmModule: compile('initdb.wasm') };
  }
  return shared[COMPILED];
}

export class EmbeddedClient implements EmbeddedQueryable {
  #worker: Worker;
  readonly #dataDir: string;
  readonly #options: { maxPrepared?: number; maintenanceMs?: number };
  readonly #pending = new Map<number, Pending>();
  #nextId = 1;
  /** Set when the thread has stopped (closed, or crashed): every later call fails with it at once. */
  #stopped: Error | null = null;
  /** Settles when the last transaction that took the database has ended. */
  #held: Promise<void> = Promise.resolve();
  /** Gives the folder back (db/embedded-folder-lock.ts), once the thread has closed it. */
  readonly #unlock: () => void;

  /**
   * `maxPrepared`: how many statement texts the thread keeps prepared (tests make it small).
   * `maintenanceMs`: how often the thread vacuums and analyzes after writes (10 minutes; tests make it short).
   */
  constructor(dataDir: string, options: { maxPrepared?: number; maintenanceMs?: number } = {}) {
    this.#dataDir = dataDir;
    this.#options = options;
    // A folder is opened by one process at a time (db/embedded-folder-lock.ts); memory is this process's own.
    this.#unlock = dataDir.startsWith('memory://') ? () => undefined : lockEmbeddedFolder(dataDir);
    this.#worker = this.#startThread();
  }

  #startThread(): Worker {
    const { maxPrepared, maintenanceMs } = this.#options;
    const worker = new Worker(workerScript(), { workerData: { dataDir: this.#dataDir, maxPrepared, maintenanceMs, ...compiledPglite() } });
    // An idle database must not keep a script's process alive; it is referenced while a reply is awaited.
    worker.unref();
    worker.on('message', (reply: Reply) => this.#settle(reply));
    worker.on('error', (error) => this.#worker === worker && this.#stop(error));
    worker.on('exit', (code) => this.#worker === worker && this.#stop(new Error(`The embedded database thread stopped (exit code ${code}).`)));
    return worker;
  }

  /**
   * Closes the database and opens it again on a new thread, once the calls in flight have been answered.
   * The WebAssembly memory PostgreSQL grew into never shrinks: after the first start's migrations and demo
   * data (about 150 MB more than a reopened database needs), start-up begins again with a fresh thread
   * (docs/performance.md, "Memory"). Not for an in-memory database, whose data would go with the thread.
   */
  async reopen(): Promise<void> {
    if (this.#dataDir.startsWith('memory://')) return;
    const before = this.#held;
    let release!: () => void;
    this.#held = new Promise<void>((resolve) => (release = resolve));
    try {
      await before;
      while (this.#pending.size > 0) await new Promise((resolve) => setTimeout(resolve, 5));
      const old = this.#worker;
      await this.#send({ op: 'close' });
      this.#worker = this.#startThread();
      await old.terminate();
    } finally {
      release();
    }
  }

  async query<T>(sql: string, params: unknown[] = [], options: QueryOptions = {}): Promise<EmbeddedResults<T>> {
    await this.#held;
    return this.#queryNow<T>(sql, params, options);
  }

  /**
   * Runs a script of statements without parameters through PostgreSQL's simple protocol (one result per
   * statement), after any open transaction. The job queue (lib/jobs) installs its schema and takes its
   * locks this way; the app's own statements always go through `query`.
   */
  async exec(sql: string): Promise<EmbeddedResults[]> {
    await this.#held;
    return this.#send({ op: 'exec', sql }) as Promise<EmbeddedResults[]>;
  }

  async transaction<T>(fn: (tx: EmbeddedQueryable) => Promise<T>): Promise<T> {
    const before = this.#held;
    let release!: () => void;
    this.#held = new Promise<void>((resolve) => (release = resolve));
    await before;
    const tx: EmbeddedQueryable = { query: (sql, params, options) => this.#queryNow(sql, params ?? [], options ?? {}) };
    try {
      await this.#queryNow('BEGIN');
      const result = await fn(tx);
      await this.#queryNow('COMMIT');
      return result;
    } catch (error) {
      // A failed COMMIT has already ended the transaction; ROLLBACK then only warns.
      await this.#queryNow('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      release();
    }
  }

  async close(): Promise<void> {
    await this.#held;
    try {
      await this.#send({ op: 'close' });
    } finally {
      this.#stopped ??= new Error('The embedded database is closed.');
      await this.#worker.terminate();
      this.#unlock();
    }
  }

  #queryNow<T>(sql: string, params: unknown[] = [], options: QueryOptions = {}): Promise<EmbeddedResults<T>> {
    // Functions cannot cross to the thread. drizzle's parsers only keep a type's text as it is (its dates
    // and intervals); the thread applies that to the same type ids.
    const textTypes = Object.keys(options.parsers ?? {}).map(Number);
    return this.#send({ op: 'query', sql, params, rowMode: options.rowMode ?? 'object', textTypes }) as Promise<EmbeddedResults<T>>;
  }

  #send(message: Record<string, unknown>): Promise<unknown> {
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      if (this.#stopped) return reject(this.#stopped);
      if (this.#pending.size === 0) this.#worker.ref();
      this.#pending.set(id, { resolve, reject });
      this.#worker.postMessage({ ...message, id });
    });
  }

  #settle(reply: Reply): void {
    const pending = this.#pending.get(reply.id);
    if (!pending) return;
    this.#pending.delete(reply.id);
    if (this.#pending.size === 0) this.#worker.unref();
    if (reply.error) pending.reject(databaseError(reply.error));
    else pending.resolve(reply.result);
  }

  #stop(error: Error): void {
    this.#stopped ??= error;
    for (const pending of this.#pending.values()) pending.reject(error);
    this.#pending.clear();
  }
}

/** The thread's error as an Error again, with PostgreSQL's fields (code, constraint, detail, …) on it. */
function databaseError({ message, stack, ...fields }: Record<string, unknown> & { message: string }): Error {
  const error = Object.assign(new Error(message), fields);
  if (typeof stack === 'string') error.stack = stack;
  return error;
}
