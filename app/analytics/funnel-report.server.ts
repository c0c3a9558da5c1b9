// The commerce funnel of /config/analytics for one site and date range: product detail views (page
// views of a product, record type 11), add-to-cart events, checkout page views (page type 201) and
// orders (the order table, by when they were placed), each with its conversion from the step
// before; and revenue (order totals less refunds, in minor units). Every figure has the previous
// period's beside it. Also the visitor events of SPEC 7 counted by name for the range.
import type { Sql } from '../../db/client.server.js';
import { reportQuery, type ReportPeriod } from './report-period.server.js';
import { FUNNEL_STEPS, type FunnelStep } from './report-labels.js';
import type { Pair } from './traffic-report.server.js';
import { VISITOR_EVENTS, type VisitorEventName } from './wire.js';

/** The record type of a product (SPEC 2), and the page type of checkout. */
export const PRODUCT_RECORD_TYPE = 11;
export const CHECKOUT_PAGE_TYPE = 201;

export interface FunnelRow {
  step: FunnelStep;
  count: Pair;
  /** Percent of the step before (null for the first step, or when the step before is zero). */
  conversion: { current: number | null; previous: number | null };
}

export interface FunnelReport {
  steps: FunnelRow[];
  revenueCents: Pair;
  orders: Pair;
}

interface EventCounts {
  cur: boolean;
  product_views: number;
  add_to_cart: number;
  checkout: number;
}

/** The three event steps, summed from the daily roll-ups (migration 0025). */
async function funnelEvents(db: Sql, p: ReportPeriod): Promise<EventCounts[]> {
  const { range } = p;
  return reportQuery(
    db,
    (sql) =>
      sql<EventCounts[]>`
    select day >= ${range.from}::date as cur,
           coalesce(sum(hits) filter (where kind = 'page_view' and record_type = ${PRODUCT_RECORD_TYPE}), 0)::int as product_views,
           coalesce(sum(hits) filter (where kind = 'add_to_cart'), 0)::int as add_to_cart,
           coalesce(sum(hits) filter (where kind = 'page_view' and page_type = ${CHECKOUT_PAGE_TYPE}), 0)::int as checkout
      from analytics_daily
     where website_id = ${p.site.websiteId} and day between ${range.prevFrom} and ${range.to}
       and kind in ('page_view', 'add_to_cart')
     group by 1`,
  );
}

async function funnelOrders(sql: Sql, p: ReportPeriod): Promise<{ cur: boolean; orders: number; revenue: string }[]> {
  return sql<{ cur: boolean; orders: number; revenue: string }[]>`
    select created >= ${p.start} as cur, count(*)::int as orders, coalesce(sum(grand_total_cents - refunded_cents), 0)::text as revenue
      from "order"
     where website_id = ${p.site.websiteId} and created >= ${p.prevStart} and created < ${p.end}
     group by 1`;
}

export const funnelQueries = { events: funnelEvents, orders: funnelOrders };

function percent(n: number, of: number): number | null {
  return of === 0 ? null : Math.round((n / of) * 1000) / 10;
}

export async function funnelReport(sql: Sql, p: ReportPeriod): Promise<FunnelReport> {
  const [events, orders] = await Promise.all([funnelEvents(sql, p), funnelOrders(sql, p)]);
  const ev = (cur: boolean) => events.find((r) => r.cur === cur);
  const or = (cur: boolean) => orders.find((r) => r.cur === cur);
  const value = (step: FunnelStep, cur: boolean): number => {
    if (step === 'orders') return or(cur)?.orders ?? 0;
    const e = ev(cur);
    if (!e) return 0;
    return step === 'productViews' ? e.product_views : step === 'addToCart' ? e.add_to_cart : e.checkout;
  };
  const steps = FUNNEL_STEPS.map((step, i): FunnelRow => {
    const count = { current: value(step, true), previous: value(step, false) };
    const before = i > 0 ? FUNNEL_STEPS[i - 1] : null;
    return {
      step,
      count,
      conversion: before
        ? { current: percent(count.current, value(before, true)), previous: percent(count.previous, value(before, false)) }
        : { current: null, previous: null },
    };
  });
  return {
    steps,
    revenueCents: { current: Number(or(true)?.revenue ?? 0), previous: Number(or(false)?.revenue ?? 0) },
    orders: { current: value('orders', true), previous: value('orders', false) },
  };
}

/**
 * The visitor events of SPEC 7 recorded in the range, by name (every name, 0 when none): read from
 * the events themselves, as the daily roll-ups do not keep the name of a kind 'event' row.
 */
export async function visitorEventCounts(db: Sql, p: ReportPeriod): Promise<{ name: VisitorEventName; count: number }[]> {
  const names = Object.keys(VISITOR_EVENTS) as VisitorEventName[];
  const rows = await reportQuery(
    db,
    (sql) =>
      sql<{ name: string; count: number }[]>`
    select case when kind = 'add_to_cart' then 'add-to-cart' else data->>'event' end as name, count(*)::int as count
      from analytics_event
     where website_id = ${p.site.websiteId} and occurred_at >= ${p.start} and occurred_at < ${p.end}
       and (kind = 'add_to_cart' or (kind = 'event' and data->>'event' in ${sql(names)}))
     group by 1`,
  );
  return names.map((name) => ({ name, count: rows.find((r) => r.name === name)?.count ?? 0 }));
}
