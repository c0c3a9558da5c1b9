// Retention of analytics records: a daily job drops whole day partitions older than the longest
// retention any site keeps, and deletes the older rows of sites that keep less; every ten minutes a
// job holds the tables to their storage budget, dropping the oldest day partitions first (issue 28).
// The server enqueues them at start and on their schedule (pg-boss runs each on one server).
import type { Sql } from '../../db/client.server.js';
import { env } from '../utils/env.server.js';
import { defineJob, enqueue } from '../utils/jobs.server.js';
import { errorText, log } from '../utils/log.server.js';
import { utcDay } from './event-store.server.js';
import { analyticsSettingsOf, RETENTION_DAYS } from './settings.server.js';

export const ANALYTICS_TABLES = ['analytics_event', 'performance_record', 'js_error'] as const;
const DAY_MS = 86_400_000;
const BUDGET_EVERY_MS = 10 * 60_000;

/** Bytes the three analytics tables may take together: ANALYTICS_STORAGE_MB, 1024 MB by default. */
export function storageBudgetBytes(): number {
  return env().analytics.storageMb * 1_000_000;
}

export interface RetentionResult {
  /** The partitions dropped, by name (<table>_YYYYMMDD). */
  dropped: string[];
  /** Rows deleted from sites keeping less than the longest retention. */
  deleted: number;
}

/** The first UTC day kept when `days` days are kept on `today`. */
export function firstKeptDay(today: Date, days: number): string {
  return utcDay(new Date(today.getTime() - days * DAY_MS));
}

/** The day partitions of the analytics tables, with their day (YYYYMMDD) and size on disk. */
async function dayPartitions(sql: Sql): Promise<{ name: string; day: string; bytes: number }[]> {
  const parts = await sql<{ name: string; bytes: string }[]>`
    select c.relname as name, pg_total_relation_size(c.oid)::text as bytes from pg_inherits i
      join pg_class c on c.oid = i.inhrelid join pg_class p on p.oid = i.inhparent
     where p.relname in ${sql(ANALYTICS_TABLES as unknown as string[])}`;
  return parts.flatMap((p) => {
    const day = /_(\d{8})$/.exec(p.name)?.[1];
    return day ? [{ name: p.name, day, bytes: Number(p.bytes) }] : [];
  });
}

/**
 * Holds the analytics tables to `budget` bytes: while they take more, the oldest day's partitions
 * (all three tables') are dropped, a whole day at a time. Today's and later days are never dropped:
 * a flood of today is what the rate limits and the daily quota bound. Returns the partitions dropped.
 */
export async function enforceStorageBudget(sql: Sql, budget = storageBudgetBytes(), now = new Date()): Promise<string[]> {
  const parts = await dayPartitions(sql);
  let total = parts.reduce((n, p) => n + p.bytes, 0);
  const today = utcDay(now).replaceAll('-', '');
  const days = [...new Set(parts.map((p) => p.day))].sort();
  const dropped: string[] = [];
  for (const day of days) {
    if (total <= budget || day >= today) break;
    for (const p of parts.filter((x) => x.day === day)) {
      await sql`drop table if exists ${sql(p.name)}`;
      dropped.push(p.name);
      total -= p.bytes;
    }
  }
  if (dropped.length > 0) {
    log.warn(
      `analytics: over the storage budget of ${Math.round(budget / 1e6)} MB: dropped ${dropped.length} day partitions (${dropped.join(', ')})`,
    );
  }
  return dropped.sort();
}

export async function applyRetention(sql: Sql, now = new Date()): Promise<RetentionResult> {
  const sites = await sql<{ id: string; settings: unknown }[]>`select id, settings from website`;
  const retention = sites.map((s) => ({ id: s.id, days: analyticsSettingsOf(s.settings).retentionDays }));
  const longest = retention.reduce((m, s) => Math.max(m, s.days), sites.length === 0 ? RETENTION_DAYS.default : 0);
  const keepFrom = firstKeptDay(now, longest).replaceAll('-', '');

  const parts = await sql<{ name: string }[]>`
    select c.relname as name from pg_inherits i
      join pg_class c on c.oid = i.inhrelid join pg_class p on p.oid = i.inhparent
     where p.relname in ${sql(ANALYTICS_TABLES as unknown as string[])}`;
  const dropped: string[] = [];
  for (const { name } of parts) {
    const day = /_(\d{8})$/.exec(name)?.[1];
    if (!day || day >= keepFrom) continue;
    await sql`drop table if exists ${sql(name)}`;
    dropped.push(name);
  }

  let deleted = 0;
  for (const s of retention) {
    // The daily roll-ups (migration 0025) of days no site keeps any more, a day's margin for time zones.
    await sql`
      with gone as (delete from analytics_daily where website_id = ${s.id} and day < ${firstKeptDay(now, s.days + 1)}::date returning 1)
      delete from analytics_daily_visitor where website_id = ${s.id} and day < ${firstKeptDay(now, s.days + 1)}::date`;
    if (s.days >= longest) continue;
    const cutoff = new Date(`${firstKeptDay(now, s.days)}T00:00:00Z`);
    for (const t of ANALYTICS_TABLES) {
      const r = await sql`delete from ${sql(t)} where website_id = ${s.id} and occurred_at < ${cutoff}`;
      deleted += r.count;
    }
  }
  // The daily counts of the quota (migration 0040) are needed for today only; a week is kept to look at.
  await sql`delete from analytics_usage where day < ${firstKeptDay(now, 7)}::date`;
  if (dropped.length > 0 || deleted > 0) log.info(`analytics: retention dropped ${dropped.length} day partitions, deleted ${deleted} rows`);
  dropped.push(...(await enforceStorageBudget(sql, storageBudgetBytes(), now)));
  return { dropped: dropped.sort(), deleted };
}

export const retentionJob = defineJob<{ day: string }>(
  'analytics-retention',
  async (_data, ctx) => {
    await applyRetention(ctx.sql);
  },
  { retryLimit: 3, retryDelay: 60 },
);

export const storageBudgetJob = defineJob<{ slot: number }>(
  'analytics-storage-budget',
  async (_data, ctx) => {
    await enforceStorageBudget(ctx.sql);
  },
  { retryLimit: 1, retryDelay: 60 },
);

let timers: NodeJS.Timeout[] = [];

/** Enqueues the retention job now and every day after, the storage budget's every ten minutes (once per process). */
export function scheduleRetention(sql: Sql): void {
  if (timers.length > 0) return;
  const run = () => {
    const day = utcDay(new Date());
    enqueue(sql, retentionJob, { day }, { singletonKey: `analytics-retention-${day}` }).catch((e: unknown) =>
      log.error(`analytics: enqueueing the retention job failed: ${errorText(e)}`),
    );
  };
  // One job per ten-minute slot however many servers ask.
  const budget = () => {
    const slot = Math.floor(Date.now() / BUDGET_EVERY_MS);
    enqueue(sql, storageBudgetJob, { slot }, { singletonKey: `analytics-storage-budget-${slot}` }).catch((e: unknown) =>
      log.error(`analytics: enqueueing the storage budget job failed: ${errorText(e)}`),
    );
  };
  run();
  timers = [setInterval(run, DAY_MS), setInterval(budget, BUDGET_EVERY_MS)];
  for (const t of timers) t.unref();
}

export function stopRetention(): void {
  for (const t of timers) clearInterval(t);
  timers = [];
}
