// WEB_CONCURRENCY > 1 (issue 29, item 5): the primary of a node:cluster, which migrates and seeds the
// PostgreSQL database once, forks the workers that serve the shared port, restarts one that dies and
// stops them all on SIGTERM. It loads no part of the app: the workers do (app/server/main.ts).
import cluster, { type Worker } from 'node:cluster';
import { openDb } from '../../db/client.server.js';
import { WORKER_VARS, workerIdFromEnv, type Env } from '../utils/env.server.js';
import { errorText, log } from '../utils/log.server.js';

/** This process's worker number (1..N, number 1 does the once-per-server work): 0 for a server without workers. */
export function workerId(): number {
  return cluster.isWorker ? workerIdFromEnv() : 0;
}

/**
 * Whether this process does the work that must happen once per server, not once per worker: the
 * first owner, the job workers (pg-boss), analytics partitions and retention, the cart clean-up.
 */
export function doesServerChores(): boolean {
  const id = workerId();
  return id === 0 || id === 1;
}

/** A worker that lived this long before dying starts again at once; quicker deaths back off. */
const HEALTHY_AFTER_MS = 60_000;
const MAX_BACKOFF_MS = 30_000;
/** Past this after SIGTERM, workers still running are killed (each gives its requests 10 s). */
const STOP_TIMEOUT_MS = 15_000;

export async function runPrimary(config: Env): Promise<void> {
  const n = config.webConcurrency;
  // Once, before any worker: a database that does not answer yet is left to the workers, which
  // migrate it on first use as a single server does (migrations take an advisory lock).
  let prepared = false;
  try {
    const db = await openDb({ url: config.databaseUrl, max: 1, log: (line) => log.info(line) });
    await db.close();
    prepared = true;
  } catch (e) {
    log.error(`storefront: preparing the database failed; the workers will try again: ${errorText(e)}`);
  }

  const workers = new Map<number, Worker>();
  const quickDeaths = new Map<number, number>();
  const restarts = new Set<NodeJS.Timeout>();
  let stopping = false;
  let failedExits = 0;
  let othersStarted = false;

  const fork = (id: number): Worker => {
    const startedAt = Date.now();
    const w = cluster.fork({ [WORKER_VARS.id]: String(id), ...(prepared ? { [WORKER_VARS.dbPrepared]: '1' } : {}) });
    workers.set(id, w);
    // Worker 1 first: it makes the first owner before it listens, so no worker answers a sign-in
    // before that owner exists; the others start once it (or its replacement) listens.
    if (id === 1 && !othersStarted) {
      w.once('listening', () => {
        if (othersStarted || stopping) return;
        othersStarted = true;
        for (let other = 2; other <= n; other++) fork(other);
      });
    }
    w.on('exit', (code, signal) => {
      if (workers.get(id) === w) workers.delete(id);
      if (stopping) {
        if (code !== 0) failedExits++;
        if (workers.size === 0) process.exit(failedExits === 0 ? 0 : 1);
        return;
      }
      const deaths = Date.now() - startedAt > HEALTHY_AFTER_MS ? 0 : (quickDeaths.get(id) ?? 0);
      quickDeaths.set(id, deaths + 1);
      const delay = deaths === 0 ? 0 : Math.min(MAX_BACKOFF_MS, 1000 * 2 ** (deaths - 1));
      log.error(
        `storefront: worker ${id} (pid ${w.process.pid}) exited (${signal ?? `code ${code}`}); starting another` +
          (delay ? ` in ${delay / 1000} s` : ''),
      );
      const t = setTimeout(() => {
        restarts.delete(t);
        if (!stopping) fork(id);
      }, delay);
      restarts.add(t);
    });
    return w;
  };

  fork(1);
  log.info(`storefront: starting ${n} workers (WEB_CONCURRENCY) on port ${config.port}`);

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    for (const t of restarts) clearTimeout(t);
    log.info(`storefront: ${signal}: the workers finish their requests, then stop`);
    if (workers.size === 0) process.exit(0);
    // Each worker drains and closes its database itself (main.ts), exiting 0.
    for (const w of workers.values()) w.process.kill('SIGTERM');
    setTimeout(() => {
      log.error(`storefront: ${workers.size} worker(s) did not stop in ${STOP_TIMEOUT_MS / 1000} s; killing them`);
      for (const w of workers.values()) w.process.kill('SIGKILL');
      process.exit(1);
    }, STOP_TIMEOUT_MS).unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}
