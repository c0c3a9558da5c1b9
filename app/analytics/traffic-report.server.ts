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
  day: string;
  views: number;
  visits: number;
  visitors: number;
}

/**
 * Views, visits and unique visitors by day, from the daily roll-ups (migration 0025): the days of
 * the range and of the previous period, each a sum over that day's few roll-up rows.
 */
async function trafficByDay(db: Sql, p: ReportPeriod): Promise<DayRow[]> {
  const { range } = p;
  return reportQuery(
    db,
    (sql) =>
      sql<DayRow[]>`
    with d as (
      select day, sum(hits)::int as views, sum(visits)::int as visits
        from analytics_daily
       where website_id = ${p.site.websiteId} and kind = 'page_view' and day between ${range.prevFrom} and ${range.to}
       group by day
    ), v as (
      select day, count(*)::int as visitors
        from analytics_daily_visitor
       where website_id = ${p.site.websiteId} and day between ${range.prevFrom} and ${range.to}
       group by day
    )
    select to_char(coalesce(d.day, v.day), 'YYYY-MM-DD') as day,
           coalesce(d.views, 0) as views, coalesce(d.visits, 0) as visits, coalesce(v.visitors, 0) as visitors
      from d full join v on v.day = d.day`,
  );
}

/** Unique visitors over the range and over the previous period (a visitor of several days counts once). */
async function visitorsByPeriod(db: Sql, p: ReportPeriod): Promise<{ cur: boolean; visitors: number }[]> {
  const { range } = p;
  return reportQuery(
    db,
    (sql) =>
      sql<{ cur: boolean; visitors: number }[]>`
    select cur, count(*)::int as visitors
      from (select distinct day >= ${range.from}::date as cur, visitor
              from analytics_daily_visitor
             where website_id = ${p.site.websiteId} and day between ${range.prevFrom} and ${range.to}) v
     group by cur`,
  );
}

/** The top `TOP_LIMIT` values of a column over the range, with their previous-period counts. */
async function topBy(db: Sql, p: ReportPeriod, column: 'path' | 'referrer_host'): Promise<TopRow[]> {
  const { range } = p;
  const rows = await reportQuery(
    db,
    (sql) =>
      sql<{ key: string; views: number; previous_views: number }[]>`
    select ${sql(column)} as key,
           coalesce(sum(hits) filter (where day >= ${range.from}::date), 0)::int as views,
           coalesce(sum(hits) filter (where day < ${range.from}::date), 0)::int as previous_views
      from analytics_daily
     where website_id = ${p.site.websiteId} and kind = 'page_view' and day between ${range.prevFrom} and ${range.to}
       ${column === 'referrer_host' ? sql`and referrer_host <> ''` : sql``}
     group by 1
    having sum(hits) filter (where day >= ${range.from}::date) > 0
     order by views desc, key
     limit ${TOP_LIMIT}`,
  );
  return rows.map((r) => ({ key: r.key, views: r.views, previousViews: r.previous_views }));
}

export const trafficQueries = {
  byDay: trafficByDay,
  visitors: visitorsByPeriod,
  topPages: (sql: Sql, p: ReportPeriod) => topBy(sql, p, 'path'),
  topReferrers: (sql: Sql, p: ReportPeriod) => topBy(sql, p, 'referrer_host'),
};

export async function trafficReport(sql: Sql, p: ReportPeriod): Promise<TrafficReport> {
  const [rows, visitors, topPages, topReferrers] = await Promise.all([
    trafficByDay(sql, p),
    visitorsByPeriod(sql, p),
    topBy(sql, p, 'path'),
    topBy(sql, p, 'referrer_host'),
  ]);
  const byDay = new Map(rows.map((r) => [r.day, r]));
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
  const sum = (k: 'views' | 'visits', current: boolean) =>
    days.reduce((n, d) => n + (current ? d[k] : d[k === 'views' ? 'previousViews' : 'previousVisits']), 0);
  const periodVisitors = (cur: boolean) => visitors.find((v) => v.cur === cur)?.visitors ?? 0;
  const totals = {
    visits: { current: sum('visits', true), previous: sum('visits', false) },
    visitors: { current: periodVisitors(true), previous: periodVisitors(false) },
    views: { current: sum('views', true), previous: sum('views', false) },
  };
  return { totals, days, topPages, topReferrers };
}
