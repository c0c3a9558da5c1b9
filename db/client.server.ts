// The one database client (postgres.js): a real PostgreSQL when DATABASE_URL is set, else an
// embedded PGlite in DATA_DIR served on a loopback port. Migrates and seeds an empty database.
import { AsyncLocalStorage } from 'node:async_hooks';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { migrate } from './migrate.server.js';
import { countsStatements, databaseFromEnv, databasePrepared, managedShutdown } from './env.server.js';
import { createReadRouter, type ReadRouter } from './replicas.server.js';
import { isEmpty, seed } from './seed.server.js';

export type Sql = postgres.Sql;

export interface OpenOptions {
  /** A PostgreSQL connection string; when set, nothing embedded is started. */
  url?: string;
  /** PGlite data folder; null for an in-memory database (tests). Ignored with `url`. */
  dataDir?: string | null;
  /** Apply pending migrations (default true). */
  migrate?: boolean;
  /** Seed the demo store when the database has no website (default true). */
  seedIfEmpty?: boolean;
  /**
   * An in-memory PGlite starts from this data (a `dumpSnapshot` of an earlier one) instead of an
   * empty cluster: test suites migrate and seed once, then open copies.
   */
  pgliteSnapshot?: Blob;
  /**
   * Streaming standbys of the PostgreSQL at `url` (DATABASE_READ_URL): the catalog reads there when
   * they are fresh enough (db/replicas.server.ts, ADR 0033). Ignored without `url`.
   */
  readUrls?: string[];
  /** Pool size for a real PostgreSQL (default 10). The embedded one always gets 1. */
  max?: number;
  /** Seconds to wait for a connection (default CONNECT_TIMEOUT_S). */
  connectTimeoutS?: number;
  log?: (line: string) => void;
}

export interface Db {
  sql: Sql;
  kind: 'postgres' | 'pglite';
  /** Where it lives: the URL without its password, or the PGlite folder (or "memory"). */
  where: string;
  /**
   * With standbys (DATABASE_READ_URL): the client storefront catalog reads go through, and what
   * must hear of each catalog change. Absent, everything reads `sql`.
   */
  reads?: ReadRouter;
  close(): Promise<void>;
  /** An embedded database's whole data, for `pgliteSnapshot` (PGlite only). */
  dumpSnapshot?: () => Promise<Blob>;
}

/**
 * Tests only: with STOREFRONT_COUNT_STATEMENTS=1 (refused in production, app/utils/env.server.ts)
 * each statement sent adds one to the counter of the `countStatements` call it runs under, so a
 * test can see how many statements a request cost (app/server/main.ts sends it in a header).
 * Counted when sent: a statement queued behind a busy pool is sent from another context and missed.
 */
const statementCounters = new AsyncLocalStorage<{ statements: number; standby?: number }>();

/**
 * Runs `fn` with `counter` counting the statements it sends (only while counting is on, tests);
 * `standby` counts those of them a standby answered (DATABASE_READ_URL).
 */
export function countStatements<T>(counter: { statements: number; standby?: number }, fn: () => T): T {
  return statementCounters.run(counter, fn);
}

/** Runs `fn` outside any request's count: work a request set off but does not wait for. */
function detached<T>(fn: () => T): T {
  return statementCounters.exit(fn);
}

/** postgres.js options shared by both paths: bigint stays a string, notices are not printed. */
const BASE = { onnotice: () => {}, connection: { application_name: 'storefront' } } as const;

/** postgres.js's per-statement hook, there only while statements are counted. */
function statementHook(pool: 'primary' | 'standby' = 'primary'): { debug?: () => void } {
  if (!countsStatements()) return {};
  return {
    debug: () => {
      const c = statementCounters.getStore();
      if (!c) return;
      c.statements++;
      if (pool === 'standby') c.standby = (c.standby ?? 0) + 1;
    },
  };
}

/**
 * Seconds to wait for a connection before giving up: a database that does not answer must turn
 * into a quick 503, not hold every request (postgres.js waits 30 s by default).
 */
export const CONNECT_TIMEOUT_S = 5;
/** A statement running longer than this is cancelled by the server (a real PostgreSQL). */
export const STATEMENT_TIMEOUT_MS = 5000;

/**
 * Opens a database. Used once per process by getSql(), and directly by tests and scripts that
 * want their own (an in-memory PGlite, a throw-away PostgreSQL database).
 */
export async function openDb(opts: OpenOptions = {}): Promise<Db> {
  const log = opts.log ?? ((line: string) => console.log(line));
  const db = opts.url
    ? openPostgres(opts.url, opts.max ?? 10, opts.connectTimeoutS ?? CONNECT_TIMEOUT_S)
    : await openPglite(opts.dataDir ?? null, log, opts.pgliteSnapshot);
  if (opts.url && opts.readUrls?.length) withStandbys(db, opts.readUrls, opts, log);
  try {
    if (opts.migrate ?? true) {
      const applied = await migrate(db.sql);
      if (applied.length > 0) log(`db: applied migrations ${applied.join(', ')} (${db.where})`);
    }
    if ((opts.seedIfEmpty ?? true) && (await isEmpty(db.sql))) {
      const r = await seed(db.sql);
      log(`db: seeded the demo store, ${r.inserted} rows (${db.where})`);
    }
  } catch (e) {
    await db.close().catch(() => {});
    throw e;
  }
  return db;
}

/**
 * Gives `db` its standbys' pools (opened lazily: a standby down at start stops nothing) and the
 * router the catalog reads through; closing `db` closes them.
 */
function withStandbys(db: Db, urls: string[], opts: OpenOptions, log: (line: string) => void): void {
  const standbys = urls.map((url) => {
    const s = openPostgres(url, opts.max ?? 10, Math.min(opts.connectTimeoutS ?? CONNECT_TIMEOUT_S, 2), 'standby');
    return { where: s.where, sql: s.sql };
  });
  const reads = createReadRouter({ primary: db.sql, standbys, isUnavailable: isDatabaseUnavailable, detached, log });
  const closePrimary = db.close;
  db.reads = reads;
  db.close = async () => {
    await reads.close();
    await closePrimary();
  };
  log(`db: catalog reads may go to ${standbys.length} standby(s): ${standbys.map((s) => s.where).join(', ')}`);
}

function openPostgres(url: string, max: number, connectTimeoutS: number, pool: 'primary' | 'standby' = 'primary'): Db {
  const sql = postgres(url, {
    ...BASE,
    ...statementHook(pool),
    max,
    connect_timeout: connectTimeoutS,
    connection: { ...BASE.connection, statement_timeout: STATEMENT_TIMEOUT_MS },
  }) as unknown as Sql;
  return {
    sql,
    kind: 'postgres',
    where: redact(url),
    close: () => sql.end({ timeout: 5 }),
  };
}

/** A connection string with its password masked, for logs and errors. */
export function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(unparsable DATABASE_URL)';
  }
}

/** PGlite folders opened by this process: a second open in-process is refused like one from outside. */
const openHere = new Set<string>();

async function openPglite(dataDir: string | null, log: (line: string) => void, snapshot?: Blob): Promise<Db> {
  const [{ PGlite }, { PGLiteSocketServer }] = await Promise.all([import('@electric-sql/pglite'), import('@electric-sql/pglite-socket')]);
  let dir: string | undefined;
  let release = () => {};
  if (dataDir !== null) {
    fs.mkdirSync(dataDir, { recursive: true });
    dir = path.join(path.resolve(dataDir), 'pglite');
    release = acquireLock(path.resolve(dataDir));
  }
  let pg: InstanceType<typeof PGlite> | undefined;
  let server: InstanceType<typeof PGLiteSocketServer> | undefined;
  let sockDir: string | undefined;
  const removeSocketDir = () => {
    if (sockDir) fs.rmSync(sockDir, { recursive: true, force: true });
  };
  try {
    pg = dir === undefined ? await PGlite.create(snapshot ? { loadDataDir: snapshot } : {}) : await PGlite.create(dir);
    // A couple of spare connections: a reconnecting client must not be refused while its old
    // socket is being torn down. postgres.js itself uses one (see DESIGN: PGlite pitfalls).
    // A Unix socket in a folder only this user can enter: PGlite has no passwords, so a TCP port
    // would let any local user in as superuser.
    sockDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-pg-'));
    fs.chmodSync(sockDir, 0o700);
    server = new PGLiteSocketServer({ db: pg, path: path.join(sockDir, '.s.PGSQL.5432'), maxConnections: 3 });
    await server.start();
  } catch (e) {
    await server?.stop().catch(() => {});
    await pg?.close().catch(() => {});
    removeSocketDir();
    release();
    throw new Error(`Could not start the embedded database${dir ? ` in ${dir}` : ''}: ${(e as Error).message}`, { cause: e });
  }
  const sql = postgres({
    ...BASE,
    ...statementHook(),
    path: path.join(sockDir, '.s.PGSQL.5432'),
    user: 'postgres',
    database: 'postgres',
    max: 1,
    connect_timeout: CONNECT_TIMEOUT_S,
    // PGlite speaks no TLS and keeps one session: a prepared-statement cache is fine with max 1.
    ssl: false,
  }) as unknown as Sql;
  let closed = false;
  const p = pg;
  const s = server;
  const close = async () => {
    if (closed) return;
    closed = true;
    await sql.end({ timeout: 5 }).catch(() => {});
    await s.stop().catch(() => {});
    await p.close().catch((e: Error) => log(`db: closing the embedded database failed: ${e.message}`));
    removeSocketDir();
    release();
  };
  return { sql, kind: 'pglite', where: dir ?? 'memory', close, dumpSnapshot: () => p.dumpDataDir('gzip') };
}

interface LockInfo {
  pid: number;
  host: string;
  started: string;
}

/**
 * Takes DATA_DIR/storefront.lock for this process. PGlite is a single-process database: a second
 * process opening the same folder would corrupt it, so it is refused with an explanation. A lock
 * left by a process that no longer runs is taken over.
 */
export function acquireLock(dataDir: string): () => void {
  const file = path.join(dataDir, 'storefront.lock');
  if (openHere.has(dataDir)) {
    throw new Error(`The embedded database in ${dataDir} is already open in this process; use getSql() instead of opening it twice.`);
  }
  const me: LockInfo = { pid: process.pid, host: os.hostname(), started: new Date().toISOString() };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, JSON.stringify(me) + '\n', { flag: 'wx' });
      openHere.add(dataDir);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        openHere.delete(dataDir);
        process.off('exit', release);
        try {
          const held = readLock(file);
          if (held?.pid === process.pid) fs.unlinkSync(file);
        } catch {
          // already gone
        }
      };
      process.on('exit', release);
      return release;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const held = readLock(file);
      if (held && held.pid !== process.pid && held.host === os.hostname() && alive(held.pid)) {
        throw new Error(
          `The embedded database in ${dataDir} is in use by another process (pid ${held.pid}, since ${held.started}). ` +
            'PGlite serves one process only: stop that process, set DATA_DIR to another folder, ' +
            'or set DATABASE_URL to share a PostgreSQL server between processes.',
        );
      }
      if (held && held.host !== os.hostname()) {
        throw new Error(
          `The embedded database in ${dataDir} is locked by host ${held.host} (pid ${held.pid}). ` +
            `If no process there uses it any more, delete ${file}.`,
        );
      }
      // Stale (its process is gone) or unreadable: take it over.
      fs.rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not take the lock ${file}: another process keeps taking it.`);
}

function readLock(file: string): LockInfo | null {
  try {
    const v = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<LockInfo>;
    return typeof v.pid === 'number' ? { pid: v.pid, host: String(v.host ?? ''), started: String(v.started ?? '') } : null;
  } catch {
    return null;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: it exists but belongs to someone else.
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

// Kept on globalThis so that a module reloaded in development (Vite) reuses the open database.
const KEY = Symbol.for('storefront.db');
type Holder = { [KEY]?: Promise<Db> };
const holder = globalThis as Holder;

/** The process-wide database, opened (migrated, seeded when empty) on first use. */
export function getDb(): Promise<Db> {
  let p = holder[KEY];
  if (!p) {
    const opts = databaseFromEnv();
    // A worker of a cluster (app/server/cluster.ts) whose primary migrated and seeded the database
    // before forking it: N workers do not each go through the migrations again.
    if (opts.url && databasePrepared()) Object.assign(opts, { migrate: false, seedIfEmpty: false });
    p = openDb(opts).then((db) => {
      // A server that drains requests first (app/server/main.ts) closes the database itself.
      if (db.kind === 'pglite' && !managedShutdown()) closeOnSignals();
      return db;
    });
    // A failed start is not cached: the next request tries again (and reports again).
    p.catch(() => {
      if (holder[KEY] === p) delete holder[KEY];
    });
    holder[KEY] = p;
  }
  return p;
}

/** The process-wide postgres.js client. */
export async function getSql(): Promise<Sql> {
  return (await getDb()).sql;
}

/**
 * The client the storefront's cached reads go through (ADR 0033: the catalog, the site's
 * languages and translations, access rules, running experiments, tweaks, the restock extras): the
 * read router when `db` has standbys, else `db.sql`. Only in a request app/server/main.ts marks
 * does the router send a statement to a standby (one past the last change heard); elsewhere, and
 * for transactions, it is the primary. Sessions, carts, site users and writes use `getSql()`.
 */
export function readSqlOf(db: Db): Sql {
  return db.reads?.sql ?? db.sql;
}

/** `readSqlOf` the process-wide database. */
export async function getReadSql(): Promise<Sql> {
  return readSqlOf(await getDb());
}

/** Closes the process-wide database (tests, scripts, shutdown). */
export async function closeDb(): Promise<void> {
  const p = holder[KEY];
  if (!p) return;
  delete holder[KEY];
  const db = await p.catch(() => null);
  await db?.close();
}

let signalsHooked = false;

/**
 * Closes the database cleanly on Ctrl-C / SIGTERM in a script, so PGlite's files are flushed and its
 * lock released. A process with a signal handler of its own (the HTTP server) closes the database
 * itself once its requests and jobs are done: closing it here too would pull it from under them.
 */
function closeOnSignals(): void {
  if (signalsHooked) return;
  signalsHooked = true;
  for (const sig of ['SIGINT', 'SIGTERM'] as const) {
    process.once(sig, () => {
      if (process.listenerCount(sig) > 0) return;
      const timer = setTimeout(() => process.exit(sig === 'SIGINT' ? 130 : 143), 5000);
      timer.unref();
      closeDb().finally(() => process.exit(sig === 'SIGINT' ? 130 : 143));
    });
  }
}

// postgres.js connection failures, and the server refusing or cancelling work for its own reasons.
const UNAVAILABLE_CODES = new Set([
  'CONNECT_TIMEOUT',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
  // admin shutdown, crash shutdown, cannot connect now, too many connections, statement timeout
  '57P01',
  '57P02',
  '57P03',
  '53300',
  '57014',
]);

/** Whether an error means the database cannot serve right now (a 503), not that a query is wrong. */
export function isDatabaseUnavailable(e: unknown): boolean {
  for (let err = e, depth = 0; err && depth < 5; err = (err as { cause?: unknown }).cause, depth++) {
    const code = (err as { code?: unknown }).code;
    if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08'))) return true;
    if (err instanceof Error && /^Could not start the embedded database/.test(err.message)) return true;
  }
  return false;
}
