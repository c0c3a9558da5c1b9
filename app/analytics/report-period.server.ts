// The instants a dashboard's date range covers: the site's days (its time zone, from the website
// row) turned into [start, end) timestamps for the range and for the previous period, so every
// report query filters occurred_at by plain bounds (which lets PostgreSQL skip other days' partitions).
import type { Sql } from '../../db/client.server.js';
import type { DateRange } from './date-range.js';

export interface ReportSite {
  websiteId: string;
  timeZone: string;
  currency: string;
  locale: string;
  /** Today in the site's time zone, YYYY-MM-DD. */
  today: string;
}

export interface ReportPeriod {
  site: ReportSite;
  range: DateRange;
  /** The range: [start, end). */
  start: Date;
  end: Date;
  /** The previous period: [prevStart, start). */
  prevStart: Date;
}

/** The site's time zone, currency and today; null when there is no such site. */
export async function reportSite(sql: Sql, websiteId: string): Promise<ReportSite | null> {
  const [row] = await sql<{ time_zone: string; currency: string; locale: string; today: string }[]>`
    select time_zone, currency, locale, to_char((now() at time zone time_zone)::date, 'YYYY-MM-DD') as today
      from website where id = ${websiteId}`;
  return row ? { websiteId, timeZone: row.time_zone, currency: row.currency, locale: row.locale, today: row.today } : null;
}

export async function reportPeriod(sql: Sql, site: ReportSite, range: DateRange): Promise<ReportPeriod> {
  const [b] = await sql<{ prev_start: Date; start: Date; end: Date }[]>`
    select (${range.prevFrom}::date::timestamp at time zone ${site.timeZone}) as prev_start,
           (${range.from}::date::timestamp at time zone ${site.timeZone}) as start,
           ((${range.to}::date + 1)::timestamp at time zone ${site.timeZone}) as "end"`;
  return { site, range, start: b.start, end: b.end, prevStart: b.prev_start };
}

/**
 * Runs a report query in a transaction of its own with settings for one big aggregate: no JIT
 * (compiling costs more than it saves on these scans of well under a second), and enough work
 * memory for the per-visitor grouping not to spill to disk. Both are local to the transaction.
 */
export function reportQuery<T>(sql: Sql, run: (tx: Sql) => Promise<T>): Promise<T> {
  return sql.begin(async (tx) => {
    await tx`select set_config('jit', 'off', true), set_config('work_mem', '64MB', true)`;
    return run(tx as unknown as Sql);
  }) as Promise<T>;
}
