// The experiments tab of /config/analytics: per experiment and variant, the visitors recorded with
// that variant in the period (while the experiment ran), how many of them converted (an add to
// cart, or a checkout or order-confirmed page view), the rate, and a two-proportion z-test of each
// variant against the control (the first variant). One query over the events that carry variants
// (migration 0029's partial index); bench/analytics-queries.ts measures it.
import type { Sql } from '../../db/client.server.js';
import { reportQuery, type ReportPeriod } from './report-period.server.js';
import type { Experiment } from '../experiments/rules.js';
import { twoProportionZTest, type ZTest } from '../experiments/z-test.js';

/** Page types that count as reaching an order: checkout (201) and order confirmed (202). */
export const CONVERSION_PAGE_TYPES = [201, 202];

export interface VariantResult {
  variant: string;
  control: boolean;
  visitors: number;
  converted: number;
  /** Percent, one decimal; null without visitors. */
  rate: number | null;
  /** Against the control; null for the control itself or when there is nothing to test. */
  test: ZTest | null;
}

export interface ExperimentResult {
  name: string;
  status: Experiment['status'];
  startedAt: string | null;
  variants: VariantResult[];
}

export interface CountRow {
  experiment: string;
  variant: string;
  visitors: number;
  converted: number;
}

/**
 * Visitors and converted visitors per experiment and variant, counted while each experiment ran:
 * one row per visitor and variant first, then counted. Hash aggregation is forced (for this
 * transaction only): the planner cannot estimate the visitors and sorts instead, which measured
 * 3 to 4 times slower (bench/analytics-queries.ts, 150k rows with variants).
 */
export async function variantCounts(db: Sql, p: ReportPeriod): Promise<CountRow[]> {
  return reportQuery(db, async (sql) => {
    await sql`select set_config('enable_sort', 'off', true)`;
    return sql<CountRow[]>`
    select experiment, variant, count(*)::int as visitors, count(*) filter (where converted)::int as converted
      from (
        select x.name as experiment, a.experiments ->> x.name as variant, a.visitor_id as visitor,
               bool_or(a.kind = 'add_to_cart' or (a.kind = 'page_view' and a.page_type = any(${CONVERSION_PAGE_TYPES}::smallint[]))) as converted
          from experiment x
          join analytics_event a on a.website_id = x.website_id and a.experiments ? x.name
         where x.website_id = ${p.site.websiteId} and x.started_at is not null
           and a.occurred_at >= greatest(${p.start}::timestamptz, x.started_at)
           and a.occurred_at < least(${p.end}::timestamptz, coalesce(x.stopped_at, 'infinity'))
           -- Plain bounds too, so PostgreSQL skips other days' partitions.
           and a.occurred_at >= ${p.start} and a.occurred_at < ${p.end}
           and a.experiments is not null and a.visitor_id is not null
         group by 1, 2, 3
      ) v
     group by 1, 2`;
  });
}

const percent = (n: number, of: number) => (of === 0 ? null : Math.round((n / of) * 1000) / 10);

/** The comparison of every experiment that has run (drafts have nothing to show). */
export function compareVariants(experiments: Experiment[], counts: CountRow[]): ExperimentResult[] {
  return experiments
    .filter((e) => e.startedAt !== null)
    .map((e) => {
      const count = (variant: string) =>
        counts.find((c) => c.experiment === e.name && c.variant === variant) ?? { visitors: 0, converted: 0 };
      const control = count(e.variants[0].name);
      return {
        name: e.name,
        status: e.status,
        startedAt: e.startedAt,
        variants: e.variants.map((v, i) => {
          const c = count(v.name);
          return {
            variant: v.name,
            control: i === 0,
            visitors: c.visitors,
            converted: c.converted,
            rate: percent(c.converted, c.visitors),
            test: i === 0 ? null : twoProportionZTest(control, c),
          };
        }),
      };
    });
}
