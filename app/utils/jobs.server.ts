// The job queue: pg-boss in the one database (its own `pgboss` schema), driven through our
// postgres.js client so the embedded PGlite's single connection serves it too (ADR 0012).
import PgBoss from 'pg-boss';
import type postgres from 'postgres';
import type { Sql } from '../../db/client.server.js';
import { errorText, log } from './log.server.js';

export interface JobOptions {
  /** Attempts after the first (default 5). */
  retryLimit?: number;
  /** Seconds before the first retry (default 10); doubled each time with `retryBackoff`. */
  retryDelay?: number;
  retryBackoff?: boolean;
  /** Seconds a job may run before it counts as failed (default 120). */
  expireInSeconds?: number;
}

export interface JobContext {
  id: string;
  /** 0 on the first attempt. */
  retryCount: number;
  /** The attempt after which no retry comes (`retryCount === retryLimit` is the last one). */
  retryLimit?: number;
  sql: Sql;
}

export interface JobDefinition<T extends object> {
  name: string;
  options: Required<JobOptions>;
  handler: (data: T, ctx: JobContext) => Promise<void>;
}

const DEFAULTS: Required<JobOptions> = { retryLimit: 5, retryDelay: 10, retryBackoff: true, expireInSeconds: 120 };

const definitions = new Map<string, JobDefinition<object>>();

/**
 * Declares a kind of job. Call it at the top of the module that owns the work, and import that
 * module in app/entry.server.tsx, so the server's workers (startJobs there) know it.
 */
export function defineJob<T extends object>(
  name: string,
  handler: (data: T, ctx: JobContext) => Promise<void>,
  options: JobOptions = {},
): JobDefinition<T> {
  if (!/^[a-z0-9-]+$/.test(name)) throw new Error(`job name ${name}: lower-case letters, digits and dashes only`);
  const def: JobDefinition<T> = { name, handler, options: { ...DEFAULTS, ...options } };
  definitions.set(name, def as unknown as JobDefinition<object>);
  return def;
}

interface Boss {
  boss: PgBoss;
  queues: Set<string>;
  working: boolean;
}

// One pg-boss per database client: the process's own, or a test's in-memory one.
const bosses = new WeakMap<Sql, Promise<Boss>>();

function adapter(sql: Sql | postgres.TransactionSql) {
  return {
    executeSql: async (text: string, values: unknown[] = []) => {
      // pg-boss passes undefined for absent options; postgres.js refuses undefined parameters.
      const params = values.map((v) => (v === undefined ? null : v)) as never[];
      // Its migrations and queue creation are one text with BEGIN ... COMMIT: with a pool, that
      // text must keep one connection to itself (postgres.js refuses a bare BEGIN otherwise).
      if (/^\s*BEGIN\b/im.test(text) && 'reserve' in sql) {
        const reserved = await sql.reserve();
        try {
          return { rows: (await reserved.unsafe(text, params)) as unknown as unknown[] };
        } finally {
          reserved.release();
        }
      }
      return { rows: (await sql.unsafe(text, params)) as unknown as unknown[] };
    },
  };
}

function bossFor(sql: Sql): Promise<Boss> {
  let p = bosses.get(sql);
  if (!p) {
    p = (async () => {
      // Maintenance every 30 s, not pg-boss's 120: it is what finds a job whose server died while
      // running it (past its expireInSeconds) and gives it back for a retry, so a mail being sent by a
      // killed server goes out within about two minutes of it, not five.
      const boss = new PgBoss({
        db: adapter(sql),
        schedule: false,
        supervise: true,
        maintenanceIntervalSeconds: 30,
        migrate: true,
      } as PgBoss.ConstructorOptions);
      boss.on('error', (e) => log.error(`jobs: ${errorText(e)}`));
      await boss.start();
      return { boss, queues: new Set<string>(), working: false };
    })();
    p.catch(() => bosses.delete(sql));
    bosses.set(sql, p);
  }
  return p;
}

async function ensureQueue(b: Boss, name: string): Promise<void> {
  if (b.queues.has(name)) return;
  await b.boss.createQueue(name);
  b.queues.add(name);
}

/** Queues a job; it runs in a worker of any server on this database, with retries and backoff. */
export async function enqueue<T extends object>(
  sql: Sql,
  def: JobDefinition<T>,
  data: T,
  opts: { singletonKey?: string } = {},
): Promise<string | null> {
  const b = await bossFor(sql);
  await ensureQueue(b, def.name);
  return b.boss.send(def.name, data, { ...def.options, ...(opts.singletonKey ? { singletonKey: opts.singletonKey } : {}) });
}

// The started pg-boss of each database, once known without waiting (enqueueIn needs it at once).
const ready = new WeakMap<Sql, Boss>();

/**
 * Makes `def`'s queue ready on this database, so that `enqueueIn` can then write its jobs inside a
 * transaction without a query of its own (on PGlite the transaction holds the one connection).
 */
export async function prepareJob(sql: Sql, def: JobDefinition<never> | JobDefinition<object>): Promise<void> {
  const b = await bossFor(sql);
  await ensureQueue(b, def.name);
  ready.set(sql, b);
}

/**
 * Queues a job in the caller's transaction `tx` (of the database `sql`): it exists if and only if
 * the transaction commits, so what caused it and the job are never apart. `prepareJob(sql, def)`
 * must have run before the transaction began.
 */
export async function enqueueIn<T extends object>(
  sql: Sql,
  tx: postgres.TransactionSql,
  def: JobDefinition<T>,
  data: T,
  opts: { id?: string; singletonKey?: string } = {},
): Promise<string | null> {
  const b = ready.get(sql);
  if (!b || !b.queues.has(def.name)) throw new Error(`jobs: prepareJob(sql, ${def.name}) must run before the transaction that enqueues it`);
  return b.boss.send(def.name, data, {
    ...def.options,
    ...(opts.id ? { id: opts.id } : {}),
    ...(opts.singletonKey ? { singletonKey: opts.singletonKey } : {}),
    db: adapter(tx),
  } as PgBoss.SendOptions);
}

async function runOne(sql: Sql, def: JobDefinition<object>, job: PgBoss.Job<object> & { retryCount?: number }): Promise<void> {
  await def.handler(job.data, { id: job.id, retryCount: job.retryCount ?? 0, retryLimit: def.options.retryLimit, sql });
}

/**
 * Starts a worker for every defined job on this database (the server calls it once at start).
 * A handler that throws fails the job, and pg-boss retries it as its options say.
 */
export async function startWorkers(sql: Sql, pollingIntervalSeconds = 1): Promise<void> {
  const b = await bossFor(sql);
  ready.set(sql, b);
  if (b.working) return;
  b.working = true;
  for (const def of definitions.values()) {
    await ensureQueue(b, def.name);
    await b.boss.work<object>(def.name, { pollingIntervalSeconds, includeMetadata: true }, async (jobs) => {
      for (const job of jobs) {
        try {
          await runOne(sql, def, job);
        } catch (e) {
          log.warn(`jobs: ${def.name} ${job.id} failed (attempt ${(job.retryCount ?? 0) + 1}): ${errorText(e)}`);
          throw e;
        }
      }
    });
  }
}

/**
 * Runs the queued jobs of one kind now, in this process, until none is ready (tests and scripts).
 * Returns how many ran, and how many of those failed (left for their retry).
 */
export async function runQueuedJobs(sql: Sql, def: JobDefinition<object> | JobDefinition<never>): Promise<{ ran: number; failed: number }> {
  const b = await bossFor(sql);
  const d = def as unknown as JobDefinition<object>;
  await ensureQueue(b, d.name);
  let ran = 0;
  let failed = 0;
  for (;;) {
    const jobs = (await b.boss.fetch(d.name, { batchSize: 10, includeMetadata: true })) as (PgBoss.Job<object> & { retryCount?: number })[];
    if (!jobs || jobs.length === 0) break;
    for (const job of jobs) {
      ran++;
      try {
        await runOne(sql, d, job);
        await b.boss.complete(d.name, job.id);
      } catch (e) {
        failed++;
        await b.boss.fail(d.name, job.id, { message: errorText(e) });
      }
    }
  }
  return { ran, failed };
}

/** The state pg-boss keeps for a job (created, retry, active, completed, failed...), or null. */
export async function jobState(
  sql: Sql,
  def: JobDefinition<never> | JobDefinition<object>,
  id: string,
): Promise<{ state: string; retryCount: number; output: unknown } | null> {
  const b = await bossFor(sql);
  const job = (await b.boss.getJobById(def.name, id)) as (PgBoss.JobWithMetadata & { retryCount?: number }) | null;
  return job ? { state: job.state, retryCount: job.retryCount ?? 0, output: job.output } : null;
}

/** Stops this database's pg-boss (workers finish their current job first). */
export async function stopJobs(sql: Sql): Promise<void> {
  const p = bosses.get(sql);
  if (!p) return;
  bosses.delete(sql);
  ready.delete(sql);
  const b = await p.catch(() => null);
  await b?.boss.stop({ graceful: true, wait: true, timeout: 5000 }).catch(() => {});
}
