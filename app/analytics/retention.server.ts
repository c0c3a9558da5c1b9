// Retention of analytics records: a daily job drops whole day partitions older than the longest
// retention any site keeps, and deletes the older rows of sites that keep less. The server enqueues
// it at start and every day after (pg-boss runs it on one server of the database).
import type { Sql } from '../../db/client.server.js';
import { defineJob, enqueue } from '../utils/jobs.server.js';
import { errorText, log } from '../utils/log.server.js';
import { utcDay } from './event-store.server.js';
import { analyticsSettingsOf, RETENTION_DAYS } from './settings.server.js';

export const ANALYTICS_TABLES = ['analytics_event', 'performance_record', 'js_error'] as const;
const DAY_MS = 86_400_000;

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
  if (dropped.length > 0 || deleted > 0) log.info(`analytics: retention dropped ${dropped.length} day partitions, deleted ${deleted} rows`);
  return { dropped: dropped.sort(), deleted };
}

export const retentionJob = defineJob<{ day: string }>(
  'analytics-retention',
  async (_data, ctx) => {
    await applyRetention(ctx.sql);
  },
  { retryLimit: 3, retryDelay: 60 },
);

let timer: NodeJS.Timeout | null = null;

/** Enqueues the retention job now and every day after (once per process). */
export function scheduleRetention(sql: Sql): void {
  if (timer) return;
  const run = () => {
    const day = utcDay(new Date());
    enqueue(sql, retentionJob, { day }, { singletonKey: `analytics-retention-${day}` }).catch((e: unknown) =>
      log.error(`analytics: enqueueing the retention job failed: ${errorText(e)}`),
    );
  };
  run();
  timer = setInterval(run, DAY_MS);
  timer.unref();
}

export function stopRetention(): void {
  if (timer) clearInterval(timer);
  timer = null;
}
