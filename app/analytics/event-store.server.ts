// Where analytics rows are stored: the EventStore seam (ADR 0013) and its PostgreSQL implementation,
// one multi-row insert per table per call into the day-partitioned tables of migration 0024. A
// ClickHouse implementation of the same interface replaces it when one PostgreSQL no longer keeps up.
import type { Sql } from '../../db/client.server.js';
import type { AnalyticsEnvironment, Environment } from './environment.js';

export interface EventRow {
  website_id: string;
  /** Stamped by the server when the hit is accepted (the client's dates stay in `data`). */
  occurred_at: Date;
  kind: string;
  visitor_id: string | null;
  visit_no: number | null;
  new_visit: boolean;
  path: string;
  page_type: number | null;
  record_type: number | null;
  item_id: string | null;
  collection_id: string | null;
  referrer_host: string;
  device: string;
  source: 'js' | 'server';
  data: Record<string, unknown>;
  /** The visitor's experiment variants ({hero: "b"}, migration 0029); absent or null when in none. */
  experiments?: Record<string, string> | null;
  /** SPEC 9: 'staging' on internal hosts, else 'production' (analyticsEnvironmentOf, migration 0052). */
  environment: AnalyticsEnvironment;
}

export interface PerformanceRow {
  website_id: string;
  occurred_at: Date;
  event: string;
  page_load_id: string;
  path: string;
  device: string;
  fcp: number | null;
  lcp: number | null;
  cls: number | null;
  inp: number | null;
  fid: number | null;
  ttfb: number | null;
  data: Record<string, unknown>;
  /** SPEC 4: the collector's dev / staging / prod of the host served (environmentOf, migration 0052). */
  environment: Environment;
}

export interface JsErrorRow {
  website_id: string;
  occurred_at: Date;
  message: string;
  source: string;
  line: number | null;
  col: number | null;
  stack: string;
  path: string;
  user_agent: string;
  page_load_id: string;
}

/** The storage seam: each call writes all its rows at once (one statement), or throws and writes none. */
export interface EventStore {
  writeEvents(rows: readonly EventRow[]): Promise<void>;
  writePerformance(rows: readonly PerformanceRow[]): Promise<void>;
  writeErrors(rows: readonly JsErrorRow[]): Promise<void>;
}

/** The UTC day (YYYY-MM-DD) a time falls on: the partition it goes to. */
export const utcDay = (d: Date): string => d.toISOString().slice(0, 10);

/** Makes the day partitions from `first` for `days` days (migration 0024's function). */
export async function ensurePartitions(sql: Sql, first: string, days: number): Promise<void> {
  await sql`select analytics_ensure_partitions(${first}::date, ${days})`;
}

type Cell = string | number | boolean | Date | Record<string, unknown> | null;

/** A column as a text array (postgres.js sends it as text[], the statement casts it to the column's type). */
function textArray(sql: Sql, values: readonly Cell[]) {
  return sql.array(
    values.map((v) =>
      v === null ? null : v instanceof Date ? v.toISOString() : typeof v === 'object' ? JSON.stringify(v) : String(v),
    ) as string[],
    25,
  );
}

/**
 * The tail of a batch's statement that adds its rows (the `ins` CTE's) to each site's count of the
 * day (analytics_usage, migration 0040): in the same statement, so a batch is counted exactly when
 * it is stored. Keys sorted, as for the roll-ups, so two servers lock in the same order.
 */
const usageFrom = (sql: Sql) => sql`
  insert into analytics_usage as u (website_id, day, rows)
  select website_id, (occurred_at at time zone 'UTC')::date, count(*) from ins group by 1, 2 order by 1, 2
  on conflict (website_id, day) do update set rows = u.rows + excluded.rows`;

/**
 * PostgreSQL: each batch is one `insert ... select from unnest(arrays)` per table. Measured against
 * a VALUES list (postgres.js `sql(rows, columns)`) on 500-row batches: about the same speed (18-43
 * ms against 21-45 ms per batch on the shared 2-core machine); unnest is kept because it sends one
 * parameter per column whatever the batch size (a VALUES list of 15 columns reaches PostgreSQL's
 * 65,535-parameter limit at 4,369 rows, and every batch size is another statement to prepare).
 * The days a batch touches get their partitions first, asked once per day and process.
 */
export class PostgresEventStore implements EventStore {
  private readonly knownDays = new Set<string>();

  constructor(private readonly sql: () => Promise<Sql>) {}

  /** Makes sure the partitions of these days exist (remembered, so asked once per day and process). */
  async ensureDays(days: Iterable<string>): Promise<void> {
    const sql = await this.sql();
    for (const day of days) {
      if (this.knownDays.has(day)) continue;
      await ensurePartitions(sql, day, 1);
      this.knownDays.add(day);
    }
  }

  /** Forgets the days known (after the retention job dropped some). */
  forgetDays(): void {
    this.knownDays.clear();
  }

  private async prepare(rows: readonly { occurred_at: Date }[]): Promise<Sql> {
    await this.ensureDays(new Set(rows.map((r) => utcDay(r.occurred_at))));
    return this.sql();
  }

  async writeEvents(rows: readonly EventRow[]): Promise<void> {
    if (rows.length === 0) return;
    const sql = await this.prepare(rows);
    const col = <K extends keyof EventRow>(k: K) =>
      textArray(
        sql,
        rows.map((r) => (r[k] ?? null) as Cell),
      );
    // The events and their daily roll-ups (migration 0025) in one statement: a batch is in both or
    // in neither, so a retried batch never counts twice. Keys are sorted so that two servers adding
    // to the same day's rows take their locks in the same order.
    await sql`
      with ins as (
        insert into analytics_event (website_id, occurred_at, kind, visitor_id, visit_no, new_visit, path, page_type,
                                     record_type, item_id, collection_id, referrer_host, device, source, data, experiments, environment)
        select * from unnest(
          ${col('website_id')}::text[], ${col('occurred_at')}::timestamptz[], ${col('kind')}::text[],
          ${col('visitor_id')}::text[], ${col('visit_no')}::int[], ${col('new_visit')}::boolean[],
          ${col('path')}::text[], ${col('page_type')}::smallint[], ${col('record_type')}::smallint[],
          ${col('item_id')}::text[], ${col('collection_id')}::text[], ${col('referrer_host')}::text[],
          ${col('device')}::text[], ${col('source')}::text[], ${col('data')}::jsonb[], ${col('experiments')}::jsonb[],
          ${col('environment')}::text[])
        returning website_id, occurred_at, kind, visitor_id, new_visit, path, page_type, record_type, referrer_host
      ),
      hit as (
        select ins.*, (ins.occurred_at at time zone coalesce(w.time_zone, 'UTC'))::date as day
          from ins left join website w on w.id = ins.website_id
      ),
      usage as (
        insert into analytics_usage as u (website_id, day, rows)
        select website_id, (occurred_at at time zone 'UTC')::date, count(*) from ins group by 1, 2 order by 1, 2
        on conflict (website_id, day) do update set rows = u.rows + excluded.rows
      ),
      daily as (
        insert into analytics_daily as a (website_id, day, kind, path, referrer_host, page_type, record_type, hits, visits)
        select website_id, day, kind, path, referrer_host, coalesce(page_type, -1), coalesce(record_type, -1),
               count(*), count(*) filter (where new_visit)
          from hit group by 1, 2, 3, 4, 5, 6, 7 order by 1, 2, 3, 4, 5, 6, 7
        on conflict (website_id, day, kind, path, referrer_host, page_type, record_type)
        do update set hits = a.hits + excluded.hits, visits = a.visits + excluded.visits
      )
      insert into analytics_daily_visitor (website_id, day, visitor)
      select distinct website_id, day, analytics_visitor_key(visitor_id) from hit
       where kind = 'page_view' and visitor_id is not null order by 1, 2, 3
      on conflict do nothing`;
  }

  async writePerformance(rows: readonly PerformanceRow[]): Promise<void> {
    if (rows.length === 0) return;
    const sql = await this.prepare(rows);
    const col = <K extends keyof PerformanceRow>(k: K) =>
      textArray(
        sql,
        rows.map((r) => r[k] as Cell),
      );
    await sql`
      with ins as (
        insert into performance_record (website_id, occurred_at, event, page_load_id, path, device, fcp, lcp, cls, inp, fid, ttfb, data,
                                        environment)
        select * from unnest(
          ${col('website_id')}::text[], ${col('occurred_at')}::timestamptz[], ${col('event')}::text[],
          ${col('page_load_id')}::text[], ${col('path')}::text[], ${col('device')}::text[],
          ${col('fcp')}::real[], ${col('lcp')}::real[], ${col('cls')}::real[], ${col('inp')}::real[], ${col('fid')}::real[],
          ${col('ttfb')}::real[], ${col('data')}::jsonb[], ${col('environment')}::text[])
        returning website_id, occurred_at
      )
      ${usageFrom(sql)}`;
  }

  async writeErrors(rows: readonly JsErrorRow[]): Promise<void> {
    if (rows.length === 0) return;
    const sql = await this.prepare(rows);
    const col = <K extends keyof JsErrorRow>(k: K) =>
      textArray(
        sql,
        rows.map((r) => r[k] as Cell),
      );
    await sql`
      with ins as (
        insert into js_error (website_id, occurred_at, message, source, line, col, stack, path, user_agent, page_load_id)
        select * from unnest(
          ${col('website_id')}::text[], ${col('occurred_at')}::timestamptz[], ${col('message')}::text[],
          ${col('source')}::text[], ${col('line')}::int[], ${col('col')}::int[], ${col('stack')}::text[], ${col('path')}::text[],
          ${col('user_agent')}::text[], ${col('page_load_id')}::text[])
        returning website_id, occurred_at
      )
      ${usageFrom(sql)}`;
  }
}
