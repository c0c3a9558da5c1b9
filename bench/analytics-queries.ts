// npm run bench:analytics [-- --events N] [--runs K] [--json FILE]
// How long each query of the owner's analytics dashboards takes on a site with a million events
// (issue 15: each under 200 ms). Makes a throw-away database (the PostgreSQL of DATABASE_URL, else
// the one on 127.0.0.1:5432 when it answers, else an in-memory PGlite), migrates it, fills it with
// SQL (generate_series): N analytics events over the last 30 days for the measured site (in visits
// of five hits a few minutes apart, by ~150k visitors, 5% without a visitor id), a third as
// many in the 30 days before (so the comparison has work to do), and events of three other sites on
// the same days; ~100k page-speed records, ~10k JavaScript errors, 20k orders. Then VACUUM ANALYZE
// (what autovacuum does to an append-only table), and every report query runs warm K times for the
// last 30 days with comparison: median and p95 printed as a table and written as JSON. The
// database is dropped at the end. Nothing is cached between runs: each run is the real query.
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import { errorsQueries } from '../app/analytics/errors-report.server.js';
import { funnelQueries } from '../app/analytics/funnel-report.server.js';
import { parseDateRange } from '../app/analytics/date-range.js';
import { reportPeriod, reportSite, type ReportPeriod } from '../app/analytics/report-period.server.js';
import { trafficQueries } from '../app/analytics/traffic-report.server.js';
import { vitalsQueries } from '../app/analytics/vitals-report.server.js';
import { variantCounts } from '../app/analytics/conversion-report.server.js';
import { redact, type Sql } from '../db/client.server.js';
import { option, flag } from './support/options.js';
import { openThrowAwayDb } from './support/throw-away-db.js';

const here = dirname(fileURLToPath(import.meta.url));
const EVENTS = Number(option('--events') ?? 1_000_000);
const RUNS = Number(option('--runs') ?? 10);
const jsonFile = resolve(option('--json') ?? resolve(here, 'results/analytics-queries.json'));
const BUDGET_MS = 200;
const SITE = 'bench-analytics';
const OTHERS = ['bench-other-1', 'bench-other-2', 'bench-other-3'];

const quiet = () => {};

/** DATABASE_URL, else the local PostgreSQL when it answers, else null (PGlite). */
async function serverUrl(): Promise<string | null> {
  const set = process.env.DATABASE_URL?.trim();
  if (set) return set;
  const local = 'postgres://postgres@127.0.0.1:5432/postgres';
  const probe = postgres(local, { max: 1, connect_timeout: 2, onnotice: quiet });
  try {
    await probe`select 1`;
    return local;
  } catch {
    return null;
  } finally {
    await probe.end({ timeout: 1 }).catch(() => {});
  }
}

// Bulk filling runs longer than the app's statement timeout: fill() lifts it for its connection.
const openBenchDb = async () => openThrowAwayDb(await serverUrl(), { max: 4, seedIfEmpty: false });

/** Fills the tables: everything is computed in SQL from the row number (spread, repeatable). */
async function fill(sql: Sql, timeZone: string): Promise<void> {
  await sql`set statement_timeout = 0`.catch(() => {});
  for (const id of [SITE, ...OTHERS]) await sql`insert into website (id, title, time_zone) values (${id}, ${id}, ${timeZone})`;
  await sql`select analytics_ensure_partitions((now() at time zone 'UTC')::date - 62, 64)`;
  // `inExperiment`: a fifth of the site's visitors carry the variant of experiment "hero" (a or b by
  // visitor), as the ingest records it from their cookie (issue 16).
  const events = async (site: string, n: number, fromDaysAgo: number, days: number, inExperiment = false) => {
    // g * golden ratio mod 1 spreads the rows evenly over the span without a visible pattern.
    await sql`
      insert into analytics_event
        (website_id, occurred_at, kind, visitor_id, visit_no, new_visit, path, page_type, record_type, item_id, referrer_host, device, source,
         experiments)
      select ${site},
             now() - make_interval(days => ${fromDaysAgo}) + ((g / 5 * 0.6180339887) - floor(g / 5 * 0.6180339887)) * make_interval(days => ${days})
               - interval '1 hour' + make_interval(mins => g % 5),
             case when g % 100 < 86 then 'page_view' when g % 100 < 93 then 'add_to_cart' when g % 100 < 97 then 'button_click' else 'form_render' end,
             case when g / 5 % 20 = 0 then null else 'v' || ((g / 5 * 2654435761::bigint) % 150000) end,
             1 + g / 5 % 7,
             g % 5 = 0,
             case when g % 100 < 86 then
               case when g % 7 < 3 then '/shop/p/product-' || (g % 120)
                    when g % 31 = 0 then '/checkout'
                    else '/page-' || (g % 80) end
             else '/shop/p/product-' || (g % 120) end,
             case when g % 100 < 86 and g % 7 >= 3 and g % 31 = 0 then 201 else 2 end,
             case when g % 7 < 3 or g % 100 >= 86 then 11 end,
             case when g % 7 < 3 or g % 100 >= 86 then 'item-' || (g % 120) end,
             case when g % 10 = 0 then 'ref' || (g % 23) || '.example' else '' end,
             (array['mobile', 'tablet', 'desktop'])[1 + g % 3],
             case when g % 9 = 0 then 'server' else 'js' end,
             case when ${inExperiment} and g / 5 % 20 <> 0 and (g / 5 * 2654435761::bigint) % 150000 % 5 = 0
                  then jsonb_build_object('hero', case when (g / 5 * 2654435761::bigint) % 150000 % 2 = 0 then 'a' else 'b' end) end
        from generate_series(1, ${n}::int) g`;
  };
  await events(SITE, EVENTS, 30, 30, true);
  await events(SITE, Math.round(EVENTS / 3), 60, 30, true);
  await sql`
    insert into experiment (id, website_id, name, variants, status, started_at)
    values ('bench-hero', ${SITE}, 'hero', '[{"name": "a", "weight": 1}, {"name": "b", "weight": 1}]', 'ACTIVE', now() - interval '45 days')`;
  for (const o of OTHERS) await events(o, Math.round(EVENTS / 10), 60, 60);

  const perf = async (site: string, n: number, fromDaysAgo: number, days: number) => {
    await sql`
      insert into performance_record (website_id, occurred_at, event, page_load_id, path, device, fcp, lcp, cls, inp, fid, ttfb)
      select ${site},
             now() - make_interval(days => ${fromDaysAgo}) + ((g * 0.6180339887) - floor(g * 0.6180339887)) * make_interval(days => ${days}) - interval '1 minute',
             'page-speed', 'pl' || g,
             case when g % 3 = 0 then '/shop/p/product-' || (g % 120) else '/page-' || (g % 80) end,
             (array['mobile', 'tablet', 'desktop'])[1 + g % 3],
             400 + (g * 37 % 3000), 800 + (g * 53 % 4500) + (g % 120) * 10, (g * 13 % 400) / 1000.0,
             case when g % 4 = 0 then null else 40 + g * 17 % 700 end, 5 + g * 7 % 350, 100 + g * 11 % 2000
        from generate_series(1, ${n}::int) g`;
  };
  await perf(SITE, Math.round(EVENTS / 10), 30, 30);
  await perf(SITE, Math.round(EVENTS / 30), 60, 30);
  for (const o of OTHERS) await perf(o, Math.round(EVENTS / 100), 60, 60);

  await sql`
    insert into js_error (website_id, occurred_at, message, source, line, col, stack, path)
    select ${SITE},
           now() - interval '60 days' + ((g * 0.6180339887) - floor(g * 0.6180339887)) * interval '60 days' - interval '1 minute',
           'TypeError: cannot read properties of undefined (reading ''x' || (g % 60) || ''')',
           '/assets/app-' || (g % 5) || '.js', g % 900, g % 80,
           'TypeError: at f' || g || ' (/assets/app.js:1:1)\n  at g (/assets/app.js:2:2)',
           '/page-' || (g % 80)
      from generate_series(1, ${Math.round(EVENTS / 100) * 1.5}::int) g`;

  await sql`insert into cart (id, website_id, is_purchased) select 'bc' || g, ${SITE}, true from generate_series(1, 20000) g`;
  await sql`
    insert into "order" (id, website_id, purchased_cart_id, grand_total_cents, subtotal_cents, order_number, created)
    select 'bo' || g, ${SITE}, 'bc' || g, 1000 + g % 9000, 1000 + g % 9000, g,
           now() - interval '60 days' + ((g * 0.6180339887) - floor(g * 0.6180339887)) * interval '60 days' - interval '1 minute'
      from generate_series(1, 20000) g`;
  // The events were loaded by hand: their daily roll-ups (which the ingest writer keeps batch by
  // batch) are made from them once, as a backfill would.
  const t = performance.now();
  await sql`select analytics_rollup_rebuild(id) from website`;
  const [r] = await sql<{ daily: number; visitors: number }[]>`
    select (select count(*) from analytics_daily)::int as daily, (select count(*) from analytics_daily_visitor)::int as visitors`;
  console.log(
    `roll-ups made in ${((performance.now() - t) / 1000).toFixed(1)} s: ${r.daily.toLocaleString('en-US')} daily rows, ${r.visitors.toLocaleString('en-US')} visitor-days`,
  );
  await sql`vacuum analyze`;
}

interface Timing {
  query: string;
  medianMs: number;
  p95Ms: number;
  minMs: number;
  rows: number;
}

async function time(name: string, run: () => Promise<unknown[]>): Promise<Timing> {
  let rows = 0;
  for (let i = 0; i < 2; i++) rows = (await run()).length; // warm: plans cached, pages in memory
  const ms: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await run();
    ms.push(performance.now() - t);
  }
  ms.sort((a, b) => a - b);
  const at = (q: number) => ms[Math.min(ms.length - 1, Math.ceil(q * ms.length) - 1)];
  const r2 = (n: number) => Math.round(n * 10) / 10;
  return { query: name, medianMs: r2(at(0.5)), p95Ms: r2(at(0.95)), minMs: r2(ms[0]), rows };
}

async function main() {
  if (!Number.isInteger(EVENTS) || EVENTS < 1000) throw new Error('--events must be an integer of at least 1000');
  const { db, drop } = await openBenchDb();
  console.log(`analytics bench: ${EVENTS.toLocaleString('en-US')} events on ${db.kind} (${db.where})`);
  try {
    const t0 = performance.now();
    await fill(db.sql, 'America/New_York');
    const [counts] = await db.sql<{ events: string; perf: string; errors: string }[]>`
      select (select count(*) from analytics_event)::text as events, (select count(*) from performance_record)::text as perf,
             (select count(*) from js_error)::text as errors`;
    console.log(
      `filled in ${((performance.now() - t0) / 1000).toFixed(1)} s: ${counts.events} events (all sites, both periods), ${counts.perf} page-speed records, ${counts.errors} errors`,
    );
    const site = (await reportSite(db.sql, SITE))!;
    const { range } = parseDateRange(new URLSearchParams({ range: '30', compare: '1' }), site.today);
    const p: ReportPeriod = await reportPeriod(db.sql, site, range);
    const [inRange] = await db.sql<{ n: number }[]>`
      select count(*)::int as n from analytics_event where website_id = ${SITE} and occurred_at >= ${p.start} and occurred_at < ${p.end}`;
    console.log(`measured site: ${inRange.n.toLocaleString('en-US')} events in the 30-day range, compared with the 30 days before`);

    const sql = db.sql;
    const queries: [string, () => Promise<unknown[]>][] = [
      // What reading the events themselves would cost at the least (only counting the site's page
      // views of both periods, no grouping): the traffic and funnel reports read the roll-ups instead.
      [
        'baseline: count(*) page views',
        async () => [
          ...(await sql`select count(*) from analytics_event where website_id = ${SITE} and kind = 'page_view'
                and occurred_at >= ${p.prevStart} and occurred_at < ${p.end}`),
        ],
      ],
      ['traffic: by day', () => trafficQueries.byDay(sql, p)],
      ['traffic: unique visitors', () => trafficQueries.visitors(sql, p)],
      ['traffic: top pages', () => trafficQueries.topPages(sql, p)],
      ['traffic: top referrers', () => trafficQueries.topReferrers(sql, p)],
      ['funnel: events', () => funnelQueries.events(sql, p)],
      ['funnel: orders + revenue', () => funnelQueries.orders(sql, p)],
      ['vitals: p75 per page + device + environment', () => vitalsQueries.p75(sql, p)],
      ['errors: by message', () => errorsQueries.groups(sql, p)],
      ['experiments: conversion/variant', () => variantCounts(sql, p)],
    ];
    const results: Timing[] = [];
    for (const [name, run] of queries) results.push(await time(name, run));

    console.log(
      `\n${'query'.padEnd(32)} ${'median ms'.padStart(10)} ${'p95 ms'.padStart(8)} ${'min ms'.padStart(8)} ${'rows'.padStart(6)}  under ${BUDGET_MS} ms`,
    );
    for (const r of results) {
      console.log(
        `${r.query.padEnd(32)} ${r.medianMs.toFixed(1).padStart(10)} ${r.p95Ms.toFixed(1).padStart(8)} ${r.minMs.toFixed(1).padStart(8)} ${String(r.rows).padStart(6)}  ${r.p95Ms < BUDGET_MS ? 'yes' : 'NO'}`,
      );
    }
    const [version] = await sql<{ v: string }[]>`select version() as v`;
    mkdirSync(dirname(jsonFile), { recursive: true });
    writeFileSync(
      jsonFile,
      JSON.stringify(
        {
          at: new Date().toISOString(),
          database: db.kind,
          version: version.v,
          events: EVENTS,
          eventsInRange: inRange.n,
          runs: RUNS,
          budgetMs: BUDGET_MS,
          results,
        },
        null,
        2,
      ) + '\n',
    );
    console.log(
      `\nload average ${os
        .loadavg()
        .map((n) => n.toFixed(1))
        .join(' ')} on ${os.cpus().length} cores; written ${jsonFile}`,
    );
    if (results.some((r) => !r.query.startsWith('baseline') && r.p95Ms >= BUDGET_MS)) process.exitCode = 1;
  } finally {
    await db.close();
    // --keep leaves the database for EXPLAIN ANALYZE (drop it by hand).
    if (flag('--keep')) console.log(`kept ${db.where}`);
    else await drop();
  }
}

main().catch((e) => {
  console.error(e instanceof Error ? redact(e.stack ?? e.message) : e);
  process.exit(1);
});
