// The Core Web Vitals report of /config/analytics for one site and date range: the 75th percentile
// of LCP, FCP, CLS, INP and TTFB of the page-speed records, per page (path) and per device class,
// each rated good / needs improvement / poor by the SPEC 4 thresholds (constants.ts), the worst
// pages (by LCP, then the others) first, with the previous period's p75 beside each.
import type { Sql } from '../../db/client.server.js';
import { DEVICES, rate, type Rating } from './constants.js';
import { ENVIRONMENTS } from './environment.js';
import { VITALS, type Vital } from './report-labels.js';
import { reportQuery, type ReportPeriod } from './report-period.server.js';

export interface VitalValue {
  /** The p75 (ms, or unitless for CLS); null when no record of the period had the metric. */
  p75: number | null;
  rating: Rating | null;
  previousP75: number | null;
}

export interface VitalsRow {
  /** A path, or a device class. */
  key: string;
  /** Page loads measured in the range, and in the previous period. */
  loads: number;
  previousLoads: number;
  metrics: Record<Vital, VitalValue>;
}

export interface VitalsReport {
  pages: VitalsRow[];
  devices: VitalsRow[];
  /** Per environment the pages were served from (dev, staging, prod: SPEC 4, migration 0052). */
  environments: VitalsRow[];
}

/** The most pages listed (the worst ones). */
export const VITALS_PAGE_LIMIT = 50;

type P75Row = { path: string | null; device: string | null; environment: string | null; cur: boolean; loads: number } & Record<
  Vital,
  number | null
>;

type Grouping = 'path' | 'device' | 'environment';

/**
 * Every p75 of one grouping (per path, or per device class) for both periods. Grouping by the
 * text in byte order (collate "C") lets PostgreSQL sort with abbreviated keys: the sort by path
 * was most of the query's time under the database's libc collation (bench:analytics).
 */
function p75By(db: Sql, p: ReportPeriod, by: Grouping): Promise<P75Row[]> {
  return reportQuery(
    db,
    (sql) =>
      sql<P75Row[]>`
    select ${by === 'path' ? sql`path collate "C"` : sql`null::text`} as path, ${by === 'device' ? sql`device collate "C"` : sql`null::text`} as device,
           ${by === 'environment' ? sql`environment collate "C"` : sql`null::text`} as environment,
           occurred_at >= ${p.start} as cur, count(*)::int as loads,
           percentile_cont(0.75) within group (order by lcp) as lcp,
           percentile_cont(0.75) within group (order by fcp) as fcp,
           percentile_cont(0.75) within group (order by cls) as cls,
           percentile_cont(0.75) within group (order by inp) as inp,
           percentile_cont(0.75) within group (order by ttfb) as ttfb
      from performance_record
     where website_id = ${p.site.websiteId} and event = 'page-speed'
       and occurred_at >= ${p.prevStart} and occurred_at < ${p.end}
     group by 1, 2, 3, 4`,
  );
}

/**
 * Every p75, per path, per device and per environment, for both periods: one query per grouping at
 * once, each on its own connection (and so its own core), rather than one query over all grouping
 * sets, which sorted every record again for each in one backend.
 */
async function vitalsP75(db: Sql, p: ReportPeriod): Promise<P75Row[]> {
  const groups = await Promise.all((['path', 'device', 'environment'] as const).map((by) => p75By(db, p, by)));
  return groups.flat();
}

export const vitalsQueries = { p75: vitalsP75 };

/** The value shown: ms rounded to whole numbers, CLS to three decimals. */
function round(metric: Vital, v: number | null): number | null {
  if (v === null) return null;
  return metric === 'cls' ? Math.round(v * 1000) / 1000 : Math.round(v);
}

function rowsBy(rows: P75Row[], keyOf: (r: P75Row) => string | null): VitalsRow[] {
  const out = new Map<string, { cur?: P75Row; prev?: P75Row }>();
  for (const r of rows) {
    const key = keyOf(r);
    if (key === null) continue;
    const e = out.get(key) ?? {};
    if (r.cur) e.cur = r;
    else e.prev = r;
    out.set(key, e);
  }
  return [...out]
    .filter(([, e]) => e.cur)
    .map(([key, e]) => {
      const metrics = {} as Record<Vital, VitalValue>;
      for (const m of VITALS) {
        const p75 = round(m, e.cur?.[m] ?? null);
        metrics[m] = { p75, rating: p75 === null ? null : rate(m, p75), previousP75: round(m, e.prev?.[m] ?? null) };
      }
      return { key, loads: e.cur?.loads ?? 0, previousLoads: e.prev?.loads ?? 0, metrics };
    });
}

const SEVERITY: Record<Rating, number> = { poor: 2, 'needs-improvement': 1, good: 0 };

/** Worst first: by LCP's rating, then LCP, then the other metrics' ratings. */
function worstFirst(a: VitalsRow, b: VitalsRow): number {
  const sev = (r: VitalsRow, m: Vital) => (r.metrics[m].rating ? SEVERITY[r.metrics[m].rating!] : -1);
  const lcp = sev(b, 'lcp') - sev(a, 'lcp') || (b.metrics.lcp.p75 ?? -1) - (a.metrics.lcp.p75 ?? -1);
  if (lcp) return lcp;
  const rest = (r: VitalsRow) => VITALS.reduce((s, m) => s + Math.max(0, sev(r, m)), 0);
  return rest(b) - rest(a) || a.key.localeCompare(b.key);
}

export async function vitalsReport(sql: Sql, p: ReportPeriod): Promise<VitalsReport> {
  const rows = await vitalsP75(sql, p);
  const pages = rowsBy(rows, (r) => r.path)
    .sort(worstFirst)
    .slice(0, VITALS_PAGE_LIMIT);
  const devices = rowsBy(rows, (r) => r.device).sort((a, b) => DEVICES.indexOf(a.key as never) - DEVICES.indexOf(b.key as never));
  const environments = rowsBy(rows, (r) => r.environment).sort(
    (a, b) => ENVIRONMENTS.indexOf(b.key as never) - ENVIRONMENTS.indexOf(a.key as never),
  );
  return { pages, devices, environments };
}
