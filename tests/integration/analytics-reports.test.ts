// The /config/analytics report queries on PGlite and PostgreSQL, over a small dataset whose every
// figure is counted by hand: totals and days (zero-filled, grouped in the site's time zone), the
// previous period, top pages and referrers, the funnel with its conversions and revenue, p75 of the
// vitals with their ratings (worst page first), errors grouped by message, and nothing of another site.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, parseDateRange } from '../../app/analytics/date-range.js';
import { errorsReport } from '../../app/analytics/errors-report.server.js';
import { funnelReport } from '../../app/analytics/funnel-report.server.js';
import { reportPeriod, reportSite, type ReportPeriod } from '../../app/analytics/report-period.server.js';
import { trafficReport } from '../../app/analytics/traffic-report.server.js';
import { vitalsReport } from '../../app/analytics/vitals-report.server.js';
import type { Db } from '../../db/client.server.js';
import { targets } from './support/databases.js';

const SITE = 'an-site';
const OTHER = 'an-other';
// UTC+13 in November: local midnight is 11:00 UTC the day before, so local and UTC days differ.
const TZ = 'Pacific/Auckland';

describe.each(targets)('analytics reports on $name', (target) => {
  let db: Db;
  let p: ReportPeriod;
  let d: (offset: number) => string;

  beforeAll(async () => {
    db = await target.open({ seed: false });
    const sql = db.sql;
    await sql`insert into website (id, title, time_zone, currency) values (${SITE}, 'A', ${TZ}, 'USD'), (${OTHER}, 'B', ${TZ}, 'USD')`;
    await sql`select analytics_ensure_partitions((now() at time zone 'UTC')::date - 20, 22)`;
    const site = (await reportSite(sql, SITE))!;
    // The last 7 days: from = today - 6; the previous period is the 7 days before it.
    p = await reportPeriod(sql, site, parseDateRange(new URLSearchParams({ range: '7', compare: '1' }), site.today).range);
    d = (offset: number) => addDays(p.range.from, offset);
    const at = (day: string, time: string) => sql`((${day}::date + ${time}::time) at time zone ${TZ})`;

    type Ev = {
      site?: string;
      day: string;
      time?: string;
      kind?: string;
      visitor?: string | null;
      nv?: boolean;
      path?: string;
      rt?: number;
      pt?: number;
      ref?: string;
    };
    const ev = async (e: Ev) => {
      await sql`
        insert into analytics_event (website_id, occurred_at, kind, visitor_id, new_visit, path, record_type, page_type, referrer_host)
        values (${e.site ?? SITE}, ${at(e.day, e.time ?? '10:00')}, ${e.kind ?? 'page_view'}, ${e.visitor === undefined ? 'v1' : e.visitor},
                ${e.nv ?? false}, ${e.path ?? '/'}, ${e.rt ?? null}, ${e.pt ?? null}, ${e.ref ?? ''})`;
    };
    // Day 0: v1 three views (one began the visit, from a search engine), v2 one, a cookieless visitor one.
    await ev({ day: d(0), visitor: 'v1', nv: true, ref: 'search.example' });
    await ev({ day: d(0), visitor: 'v1', path: '/about' });
    await ev({ day: d(0), visitor: 'v1', path: '/about' });
    await ev({ day: d(0), visitor: 'v2', nv: true, path: '/about', ref: 'social.example' });
    await ev({ day: d(0), visitor: null, nv: true, ref: 'search.example' });
    // Day 1 (local), at 00:30 and 23:30: both the same local day though UTC days differ.
    await ev({ day: d(1), time: '00:30', visitor: 'v3', nv: true });
    await ev({ day: d(1), time: '23:30', visitor: 'v3' });
    // Day 2: v1 views a product twice, adds it to the cart, checks out.
    await ev({ day: d(2), visitor: 'v1', nv: true, path: '/shop/p/mug', rt: 11 });
    await ev({ day: d(2), visitor: 'v1', path: '/shop/p/mug', rt: 11 });
    await ev({ day: d(2), visitor: 'v1', kind: 'add_to_cart', path: '/shop/p/mug', rt: 11 });
    await ev({ day: d(2), visitor: 'v2', kind: 'add_to_cart', path: '/shop' });
    await ev({ day: d(2), visitor: 'v1', path: '/checkout', pt: 201 });
    await ev({ day: d(2), visitor: 'v1', kind: 'button_click', path: '/shop/p/mug' });
    // The previous period (3 days before the range): v9 two views, one product view, one add to cart.
    await ev({ day: d(-3), visitor: 'v9', nv: true, path: '/shop/p/mug', rt: 11 });
    await ev({ day: d(-3), visitor: 'v9', path: '/about' });
    await ev({ day: d(-3), visitor: 'v9', kind: 'add_to_cart', path: '/shop/p/mug', rt: 11 });
    // Before the previous period: in neither.
    await ev({ day: d(-8), visitor: 'v8', nv: true });
    // Another site, same days: never counted.
    for (let i = 0; i < 4; i++) await ev({ site: OTHER, day: d(i), visitor: 'x', nv: true, path: '/shop/p/mug', rt: 11 });
    await ev({ site: OTHER, day: d(2), kind: 'add_to_cart' });

    // Loaded by hand, so the daily roll-ups the ingest writer keeps are made from them here.
    for (const site of [SITE, OTHER]) await sql`select analytics_rollup_rebuild(${site})`;

    // Orders: two in the range (one refunded in part), one in the previous period, one of the other site.
    const order = async (id: string, site: string, day: string, cents: number, refunded = 0) => {
      await sql`insert into cart (id, website_id, is_purchased) values (${'c-' + id}, ${site}, true)`;
      await sql`
        insert into "order" (id, website_id, purchased_cart_id, grand_total_cents, subtotal_cents, refunded_cents, order_number, created)
        values (${id}, ${site}, ${'c-' + id}, ${cents}, ${cents}, ${refunded}, ${Number(id.replace(/\D/g, ''))}, ${at(day, '12:00')})`;
    };
    await order('o1', SITE, d(2), 2500);
    await order('o2', SITE, d(3), 3000, 500);
    await order('o3', SITE, d(-2), 1000);
    await order('o4', OTHER, d(2), 99900);

    // Page speed: the mug page 4 loads (LCP p75 3250: needs improvement), the home page 1 (LCP 5000: poor).
    const perf = async (site: string, day: string, path: string, device: string, lcp: number, cls: number) => {
      await sql`
        insert into performance_record (website_id, occurred_at, page_load_id, path, device, lcp, fcp, cls, ttfb)
        values (${site}, ${at(day, '09:00')}, ${'pl' + Math.random()}, ${path}, ${device}, ${lcp}, 1000, ${cls}, 300)`;
    };
    await perf(SITE, d(1), '/shop/p/mug', 'mobile', 1000, 0.05);
    await perf(SITE, d(1), '/shop/p/mug', 'mobile', 2000, 0.05);
    await perf(SITE, d(2), '/shop/p/mug', 'desktop', 3000, 0.2);
    await perf(SITE, d(3), '/shop/p/mug', 'desktop', 4000, 0.3);
    await perf(SITE, d(3), '/', 'desktop', 5000, 0);
    await perf(SITE, d(-1), '/shop/p/mug', 'mobile', 1200, 0);
    await perf(OTHER, d(1), '/shop/p/mug', 'mobile', 60000, 0);

    // Errors: "A" three times on two pages (and once before), "B" once; another site's "A" not counted.
    const err = async (site: string, day: string, time: string, message: string, path: string, stack: string) => {
      await sql`
        insert into js_error (website_id, occurred_at, message, source, line, col, stack, path)
        values (${site}, ${at(day, time)}, ${message}, '/app.js', 10, 5, ${stack}, ${path})`;
    };
    await err(SITE, d(0), '08:00', 'A', '/', 'stack A1');
    await err(SITE, d(1), '08:00', 'A', '/about', 'stack A2');
    await err(SITE, d(2), '08:00', 'A', '/about', 'stack A3');
    await err(SITE, d(2), '09:00', 'B', '/', 'stack B1');
    await err(SITE, d(-1), '08:00', 'A', '/', 'stack A0');
    await err(OTHER, d(2), '08:00', 'A', '/', 'other');
  });
  afterAll(async () => {
    await db?.close();
  });

  it('counts visits, unique visitors and page views, with the previous period', async () => {
    const t = await trafficReport(db.sql, p);
    // Views: day 0 five, day 1 two, day 2 three (two mug views and the checkout view).
    expect(t.totals.views).toEqual({ current: 10, previous: 2 });
    expect(t.totals.visits).toEqual({ current: 5, previous: 1 });
    // v1, v2, v3; the cookieless visitor has no id.
    expect(t.totals.visitors).toEqual({ current: 3, previous: 1 });
  });

  it('lists every day of the range, zero-filled, grouped by the site day', async () => {
    const t = await trafficReport(db.sql, p);
    expect(t.days.map((x) => x.day)).toEqual([0, 1, 2, 3, 4, 5, 6].map(d));
    expect(t.days[0]).toMatchObject({ views: 5, visits: 3, visitors: 2 });
    expect(t.days[1]).toMatchObject({ views: 2, visits: 1, visitors: 1 });
    expect(t.days[2]).toMatchObject({ views: 3, visits: 1, visitors: 1 });
    for (const x of t.days.slice(3)) expect(x).toMatchObject({ views: 0, visits: 0, visitors: 0 });
    // The previous period's day at the same place: 3 days before the range is index 4 of 7.
    expect(t.days[4]).toMatchObject({ previousDay: d(-3), previousViews: 2, previousVisits: 1, previousVisitors: 1 });
  });

  it('ranks top pages and referrers, with previous counts', async () => {
    const t = await trafficReport(db.sql, p);
    expect(t.topPages).toEqual([
      { key: '/', views: 4, previousViews: 0 },
      { key: '/about', views: 3, previousViews: 1 },
      { key: '/shop/p/mug', views: 2, previousViews: 1 },
      { key: '/checkout', views: 1, previousViews: 0 },
    ]);
    expect(t.topReferrers).toEqual([
      { key: 'search.example', views: 2, previousViews: 0 },
      { key: 'social.example', views: 1, previousViews: 0 },
    ]);
  });

  it('builds the funnel with conversions, orders and revenue', async () => {
    const f = await funnelReport(db.sql, p);
    expect(f.steps.map((s) => [s.step, s.count.current, s.count.previous])).toEqual([
      ['productViews', 2, 1],
      ['addToCart', 2, 1],
      ['checkout', 1, 0],
      ['orders', 2, 1],
    ]);
    expect(f.steps.map((s) => s.conversion.current)).toEqual([null, 100, 50, 200]);
    expect(f.steps[2].conversion.previous).toBe(0);
    expect(f.steps[3].conversion.previous).toBeNull();
    expect(f.revenueCents).toEqual({ current: 5000, previous: 1000 });
    expect(f.orders).toEqual({ current: 2, previous: 1 });
  });

  it('rates p75 of each vital per page (worst first) and per device', async () => {
    const v = await vitalsReport(db.sql, p);
    expect(v.pages.map((r) => r.key)).toEqual(['/', '/shop/p/mug']);
    const [home, mug] = v.pages;
    expect(home.metrics.lcp).toEqual({ p75: 5000, rating: 'poor', previousP75: null });
    expect(mug.loads).toBe(4);
    expect(mug.previousLoads).toBe(1);
    expect(mug.metrics.lcp).toEqual({ p75: 3250, rating: 'needs-improvement', previousP75: 1200 });
    expect(mug.metrics.cls).toEqual({ p75: 0.225, rating: 'needs-improvement', previousP75: 0 });
    expect(mug.metrics.fcp).toMatchObject({ p75: 1000, rating: 'good' });
    expect(mug.metrics.inp).toEqual({ p75: null, rating: null, previousP75: null });
    expect(v.devices.map((r) => [r.key, r.loads, r.metrics.lcp.p75])).toEqual([
      ['mobile', 2, 1750],
      ['desktop', 3, 4500],
    ]);
  });

  it('groups errors by message with pages, last seen and the latest stack', async () => {
    const e = await errorsReport(db.sql, p);
    expect(e.map((g) => [g.message, g.count, g.previousCount, g.pages])).toEqual([
      ['A', 3, 1, 2],
      ['B', 1, 0, 1],
    ]);
    expect(e[0].example).toMatchObject({ stack: 'stack A3', path: '/about', source: '/app.js', line: 10, col: 5 });
    const [{ last }] = await db.sql<{ last: Date }[]>`
      select max(occurred_at) as last from js_error where website_id = ${SITE} and message = 'A'`;
    expect(e[0].lastSeen).toBe(last.toISOString());
  });
});
