// Read replicas (DATABASE_READ_URL, ADR 0033): the catalog's reads in a storefront request go to a
// streaming standby when it has replayed every catalog change this process knows of, else to the
// primary; a standby that is down or refuses is left for the primary until it answers again.
import { AsyncLocalStorage } from 'node:async_hooks';
import type postgres from 'postgres';

type Sql = postgres.Sql;

/** How long a standby that failed is left alone before it is asked again (a probe, not a page's query). */
const DOWN_FOR_MS = 5_000;
/** A lagging standby is asked for its replay position at most this often. */
const PROBE_EVERY_MS = 25;

export interface Standby {
  /** The URL without its password, for logs. */
  where: string;
  sql: Sql;
}

export interface ReadRouter {
  /** The client the catalog reads with: each top-level statement goes to a fresh standby or to the primary. */
  sql: Sql;
  /**
   * A catalog change was heard (this process's write, or another's NOTIFY): no standby is used
   * until the primary's WAL position after it is known and a standby has replayed past it.
   */
  changed(): void;
  /** Tests and logs: the fence (primary LSN a standby must have replayed) and each standby's known position. */
  state(): { fence: string | null; standbys: { where: string; replayed: string | null; down: boolean }[] };
  close(): Promise<void>;
}

/** Only requests run through this may read a standby: anonymous storefront GETs (app/server/main.ts). */
const standbyAllowed = new AsyncLocalStorage<boolean>();

/** Runs `fn` (a storefront request) with its catalog reads allowed on a standby. */
export function readingStandbys<T>(fn: () => T): T {
  return standbyAllowed.run(true, fn);
}

/** A WAL position ("16/B374D848") as a number that compares; null for none. */
export function parseLsn(text: string | null | undefined): bigint | null {
  const m = /^([0-9A-F]{1,8})\/([0-9A-F]{1,8})$/i.exec(text ?? '');
  return m ? (BigInt(`0x${m[1]}`) << 32n) + BigInt(`0x${m[2]}`) : null;
}

const formatLsn = (n: bigint | null) =>
  n === null ? null : `${(n >> 32n).toString(16).toUpperCase()}/${(n & 0xffffffffn).toString(16).toUpperCase()}`;

/** Errors a standby's query fails with that the primary would not: it is down, refuses, or replay conflicted. */
export function standbyFault(e: unknown, isUnavailable: (e: unknown) => boolean): boolean {
  if (isUnavailable(e)) return true;
  const code = (e as { code?: unknown } | null)?.code;
  // 40001: canceled by a recovery conflict (hot standby); 25006: a write reached a read-only standby.
  return code === '40001' || code === '40P01' || code === '25006';
}

interface StandbyState extends Standby {
  /** Its last known replay position; null until it answered a probe (and after it failed). */
  replayed: bigint | null;
  downUntil: number;
  probing: boolean;
  lastProbe: number;
  /** An outage is logged once, and its end once. */
  reportedDown: boolean;
}

export interface ReadRouterOptions {
  primary: Sql;
  standbys: Standby[];
  isUnavailable: (e: unknown) => boolean;
  /** Runs a background statement outside the request that triggered it (no request counts it). */
  detached: <T>(fn: () => T) => T;
  log: (line: string) => void;
}

export function createReadRouter(opts: ReadRouterOptions): ReadRouter {
  const { primary, isUnavailable, detached, log } = opts;
  const standbys: StandbyState[] = opts.standbys.map((s) => ({
    ...s,
    replayed: null,
    downUntil: 0,
    probing: false,
    lastProbe: 0,
    reportedDown: false,
  }));
  // The primary's WAL position after the last change heard; while a read of it is under way
  // (`fencing` > 0), nothing is known and every read goes to the primary. It starts unknown: a
  // standby may lag writes made before this process started.
  let fence: bigint | null = null;
  let fencing = 0;
  let next = 0;

  function readFence(): void {
    fencing++;
    // Sent (by `then`) inside `detached`: the request that heard of the change does not count it.
    void detached(() =>
      primary<{ lsn: string }[]>`select pg_current_wal_lsn()::text as lsn`.then(
        ([row]) => {
          const lsn = parseLsn(row?.lsn);
          if (lsn !== null && (fence === null || lsn > fence)) fence = lsn;
          fencing--;
        },
        (e: Error) => {
          // Unknown: the standbys stay unused until the next change or read asks again.
          fencing--;
          fence = null;
          log(`db: cannot read the primary's WAL position (${e.message}); reading the primary`);
        },
      ),
    );
  }

  function markDown(s: StandbyState, e: unknown): void {
    s.replayed = null;
    s.downUntil = Date.now() + DOWN_FOR_MS;
    if (!s.reportedDown) {
      s.reportedDown = true;
      log(`db: standby ${s.where} is not answering (${(e as Error)?.message ?? e}); reading the primary until it does`);
    }
  }

  function probe(s: StandbyState): void {
    const now = Date.now();
    if (s.probing || now - s.lastProbe < PROBE_EVERY_MS || now < s.downUntil) return;
    s.probing = true;
    s.lastProbe = now;
    void detached(() =>
      s.sql<{ lsn: string | null; recovering: boolean }[]>`
      select pg_last_wal_replay_lsn()::text as lsn, pg_is_in_recovery() as recovering`.then(
        ([row]) => {
          s.probing = false;
          if (!row?.recovering) {
            // Promoted, or not a standby at all: its data is no longer the primary's.
            markDown(s, new Error('it is not in recovery (not a standby of the primary)'));
            return;
          }
          s.replayed = parseLsn(row.lsn);
          if (s.reportedDown) {
            s.reportedDown = false;
            log(`db: standby ${s.where} answers again`);
          }
        },
        (e: unknown) => {
          s.probing = false;
          markDown(s, e);
        },
      ),
    );
  }

  /** The standby a read may go to now, or null for the primary. */
  function pick(): StandbyState | null {
    if (standbyAllowed.getStore() !== true || standbys.length === 0) return null;
    if (fencing > 0) return null;
    if (fence === null) {
      readFence();
      return null;
    }
    const now = Date.now();
    for (let i = 0; i < standbys.length; i++) {
      const s = standbys[(next + i) % standbys.length];
      if (now < s.downUntil) continue;
      if (s.replayed !== null && s.replayed >= fence) {
        next = (next + i + 1) % standbys.length;
        return s;
      }
      probe(s);
    }
    return null;
  }

  /**
   * A statement on the standby that, should the standby fail it, runs on the primary instead: the
   * page gets its rows either way. (A fragment made here and never awaited is never sent.)
   */
  function onStandby(s: StandbyState, args: unknown[]): unknown {
    const call = s.sql as unknown as (...a: unknown[]) => postgres.PendingQuery<postgres.Row[]>;
    const query = call(...args);
    const settle = query.then.bind(query);
    let result: Promise<unknown> | null = null;
    const run = () =>
      (result ??= settle(
        (rows) => rows,
        (e: unknown) => {
          if (!standbyFault(e, isUnavailable)) throw e;
          if (isUnavailable(e)) markDown(s, e);
          return (primary as unknown as (...a: unknown[]) => Promise<unknown>)(...args);
        },
      ));
    Object.assign(query, {
      then: (ok?: (v: unknown) => unknown, fail?: (e: unknown) => unknown) => run().then(ok, fail),
      catch: (fail?: (e: unknown) => unknown) => run().catch(fail),
      finally: (f?: () => void) => run().finally(f),
    });
    return query;
  }

  const routed = new Proxy(primary, {
    apply(_target, _this, args: unknown[]) {
      // Only a tagged template is a statement; sql(values) and sql(identifiers) are helpers.
      const strings = args[0] as { raw?: unknown } | undefined;
      const s = strings && Array.isArray(strings.raw) ? pick() : null;
      return s ? onStandby(s, args) : (primary as unknown as (...a: unknown[]) => unknown)(...args);
    },
    // sql.unsafe, sql.begin, sql.listen...: the primary's (transactions and writes stay there).
  });

  return {
    sql: routed,
    changed() {
      if (standbys.length > 0) readFence();
    },
    state: () => ({
      fence: fencing > 0 ? null : formatLsn(fence),
      standbys: standbys.map((s) => ({ where: s.where, replayed: formatLsn(s.replayed), down: Date.now() < s.downUntil })),
    }),
    close: async () => {
      await Promise.all(standbys.map((s) => s.sql.end({ timeout: 5 }).catch(() => {})));
    },
  };
}

/** DATABASE_READ_URL's standbys: comma-separated connection strings (checked at start by app/utils/env.server.ts). */
export function readUrls(raw: string | undefined): string[] {
  return (raw ?? '')
    .split(',')
    .map((u) => u.trim())
    .filter(Boolean);
}
