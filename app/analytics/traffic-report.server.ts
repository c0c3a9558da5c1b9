// The traffic report of /config/analytics for one site and date range: visits (hits that began a
// visit), unique visitors (distinct visitor ids; visitors under a restrictive cookie policy have
// none and are not counted) and page views, in total and by day (the site's days, every day of the
// range present, zero when nothing happened), the top pages and the top referring hosts, each with
// the previous period's figure beside it.
import type { Sql } from '../../db/client.server.js';
import { daysBetween } from './date-range.js';
import { reportQuery, type ReportPeriod } from './report-period.server.js';

/** A figure and the same figure over the previous period. */
export interface Pair {
  current: number;
  previous: number;
}

export interface TrafficDay {
  day: string;
  views: number;
  visits: number;
  visitors: number;
  /** The same day of the previous period (as many days before the range's first day). */
  previousDay: string;
  previousViews: number;
  previousVisits: number;
  previousVisitors: number;
}

export interface TopRow {
  /** A path, or a referring host. */
  key: string;
  views: number;
  previousViews: number;
}

export interface TrafficReport {
  totals: { visits: Pair; visitors: Pair; views: Pair };
  days: TrafficDay[];
  topPages: TopRow[];
  topReferrers: TopRow[];
}

export const TOP_LIMIT = 10;

interface DayRow {
  day: string | null;
  cur: boolean | null;
  views: number;
  visits: number;
  visitors: number;
}

/**
 * Views, visits and visitors by day and by period in one pass: hits are first grouped per visitor
 * and day, and per visitor and period (a grouping-sets hash aggregate), then those groups are
 * counted, which is much cheaper than a count(distinct) per group.
 */
async function trafficByDay(db: Sql, p: ReportPeriod): Promise<DayRow[]> {
  return reportQuery(
    db,
    (sql) =>
      sql<DayRow[]>`
    with per_visitor as (
      select day, cur, visitor_id, count(*) as views, count(*) filter (where new_visit) as visits
        from (
          select (occurred_at at time zone ${p.site.timeZone})::date as day,
                 occurred_at >= ${p.start} as cur, visitor_id, new_visit
            from analytics_event
           where website_id = ${p.site.websiteId} and kind = 'page_view'
             and occurred_at >= ${p.prevStart} and occurred_at < ${p.end}
        ) hit
       group by grouping sets ((day, visitor_id), (cur, visitor_id))
    )
    select to_char(day, 'YYYY-MM-DD') as day, cur, sum(views)::int as views, sum(visits)::int as visits, count(visitor_id)::int as visitors
      from per_visitor group by day, cur`,
  );
}

/** The top `TOP_LIMIT` values of a column over the range, with their previous-period counts. */
async function topBy(db: Sql, p: ReportPeriod, column: 'path' | 'referrer_host'): Promise<TopRow[]> {
  const rows = await reportQuery(
    db,
    (sql) =>
      sql<{ key: string; views: number; previous_views: number }[]>`
    select ${sql(column)} as key,
           count(*) filter (where occurred_at >= ${p.start})::int as views,
           count(*) filter (where occurred_at < ${p.start})::int as previous_views
      from analytics_event
     where website_id = ${p.site.websiteId} and kind = 'page_view'
       and occurred_at >= ${p.prevStart} and occurred_at < ${p.end}
       ${column === 'referrer_host' ? sql`and referrer_host <> ''` : sql``}
     group by 1
    having count(*) filter (where occurred_at >= ${p.start}) > 0
     order by views desc, key
     limit ${TOP_LIMIT}`,
  );
  return rows.map((r) => ({ key: r.key, views: r.views, previousViews: r.previous_views }));
}

export const trafficQueries = {
  byDay: trafficByDay,
  topPages: (sql: Sql, p: ReportPeriod) => topBy(sql, p, 'path'),
  topReferrers: (sql: Sql, p: ReportPeriod) => topBy(sql, p, 'referrer_host'),
};

export async function trafficReport(sql: Sql, p: ReportPeriod): Promise<TrafficReport> {
  const [rows, topPages, topReferrers] = await Promise.all([trafficByDay(sql, p), topBy(sql, p, 'path'), topBy(sql, p, 'referrer_host')]);
  const byDay = new Map<string, DayRow>();
  const totals = { visits: { current: 0, previous: 0 }, visitors: { current: 0, previous: 0 }, views: { current: 0, previous: 0 } };
  for (const r of rows) {
    if (r.day !== null) byDay.set(r.day, r);
    else if (r.cur !== null) {
      const k = r.cur ? 'current' : 'previous';
      totals.visits[k] = r.visits;
      totals.visitors[k] = r.visitors;
      totals.views[k] = r.views;
    }
  }
  const { range } = p;
  const previousDays = daysBetween(range.prevFrom, range.prevTo);
  const days = daysBetween(range.from, range.to).map((day, i): TrafficDay => {
    const c = byDay.get(day);
    const pd = previousDays[i];
    const q = byDay.get(pd);
    return {
      day,
      views: c?.views ?? 0,
      visits: c?.visits ?? 0,
      visitors: c?.visitors ?? 0,
      previousDay: pd,
      previousViews: q?.views ?? 0,
      previousVisits: q?.visits ?? 0,
      previousVisitors: q?.visitors ?? 0,
    };
  });
  return { totals, days, topPages, topReferrers };
}
