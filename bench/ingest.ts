// npm run bench:ingest [-- --time SECONDS] [--connections N] [--json FILE]
// How many analytics events per second the built server takes without loss (issue 15): /healthz
// req/s, then POST /api/census/RecordHit events/s at the same concurrency, their ratio (target 0.5
// or more) with zero failed answers, and the lag from the last 202 until every accepted event can
// be queried. The server runs on a throw-away database of the PostgreSQL at BENCH_PG_URL (default
// postgres://postgres@127.0.0.1:5432/postgres), which the bench queries for the lag. The per-client
// rate limit and the daily quota are lifted for this run: it measures the pipeline, from one address.
//
// npm run bench:ingest -- --flood [--time SECONDS (60)] [--connections N (10)] [--max-mb MB (40)]
// Analytics cannot fill the disk (issue 28): N clients, each from an address of its own (the server
// believes one proxy hop) and without cookies, send 200 image records per request to one site for
// the whole time, with the server's default limits; meanwhile a visitor of another site asks for its
// home page and records a page view twice a second. Passes when the database grew by at most
// --max-mb and the other site answered every request (200 and 202).
import http from 'node:http';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import { createSite } from '../app/sites/create.server.js';
import { startServer } from '../tests/http/support/spawn-server.js';
import { flag, option } from './support/options.js';
import { createThrowAwayDb } from './support/throw-away-db.js';

const here = dirname(fileURLToPath(import.meta.url));
const flood = flag('--flood');
const seconds = Number(option('--time') ?? (flood ? 60 : 5));
const connections = Number(option('--connections') ?? 10);
const maxMb = Number(option('--max-mb') ?? 40);
const jsonFile = resolve(option('--json') ?? resolve(here, flood ? 'results/ingest-flood.json' : 'results/ingest.json'));
const adminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

interface Run {
  rps: number;
  ok: number;
  failed: number;
  p50: number;
  p99: number;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: connections });

function request(
  base: URL,
  path: string,
  body?: string,
  extra: Record<string, string> = {},
  type = 'application/x-www-form-urlencoded',
): Promise<{ status: number; ms: number }> {
  const t0 = performance.now();
  return new Promise((done) => {
    const req = http.request(
      {
        agent,
        host: base.hostname,
        port: base.port,
        path,
        method: body === undefined ? 'GET' : 'POST',
        headers: {
          ...(body === undefined ? {} : { 'Content-Type': type, 'Content-Length': Buffer.byteLength(body), Origin: base.origin }),
          ...extra,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => done({ status: res.statusCode ?? 0, ms: performance.now() - t0 }));
      },
    );
    req.on('error', () => done({ status: 0, ms: performance.now() - t0 }));
    if (body !== undefined) req.write(body);
    req.end();
  });
}

/** `connections` clients, each sending one request after another for `duration` seconds. */
async function measure(base: URL, path: string, duration: number, body?: (i: number) => string): Promise<Run & { lastOkAt: number }> {
  const until = performance.now() + duration * 1000;
  const times: number[] = [];
  let ok = 0;
  let failed = 0;
  let n = 0;
  let lastOkAt = 0;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) {
        const r = await request(base, path, body?.(n++));
        times.push(r.ms);
        if (r.status >= 200 && r.status < 300) {
          ok++;
          lastOkAt = performance.now();
        } else failed++;
      }
    }),
  );
  times.sort((a, b) => a - b);
  const q = (p: number) => Math.round(times[Math.min(times.length - 1, Math.floor(times.length * p))] * 100) / 100;
  return { rps: Math.round(ok / duration), ok, failed, p50: q(0.5), p99: q(0.99), lastOkAt };
}

const hitBody = (i: number) =>
  new URLSearchParams({
    event: 'view',
    ss_cvr: '',
    data: JSON.stringify({
      websiteId: 'bench',
      pageType: 1,
      url: 'http://bench.test/shop',
      pagePath: '/shop',
      title: 'Shop',
      viewportInnerWidth: 1280,
      referrer: 'https://search.example/',
      pageLoadId: `bench-${i}`,
      clientDate: Date.now(),
    }),
  }).toString();

/** 200 image records of one page load, as a flooding client sends them. */
const imagesBody = (i: number) =>
  JSON.stringify(
    Array.from({ length: 200 }, (_, k) => ({
      app: 'storefront',
      event: 'image',
      pageLoadId: `flood-${i}`,
      ts: Date.now(),
      data: { pathname: '/shop', naturalWidth: 1200, naturalHeight: 800, renderedWidth: 600, renderedHeight: 400, observationTime: k },
    })),
  );

const throwAway = await createThrowAwayDb(adminUrl);
const db = postgres(throwAway.url, { max: 1, onnotice: () => {} });
const server = await startServer({
  LOG_LEVEL: 'warn',
  DATABASE_URL: throwAway.url,
  ...(flood ? { TRUST_PROXY: '1' } : { ANALYTICS_CLIENT_RATE: '1000000000', ANALYTICS_DAILY_ROWS: '1000000000' }),
});
const base = new URL(server.url);
let result: Record<string, unknown> = {};
try {
  if (flood) result = await floodRun();
  else result = await throughputRun();
  mkdirSync(dirname(jsonFile), { recursive: true });
  writeFileSync(jsonFile, JSON.stringify(result, null, 2) + '\n');
  console.log(`\nwritten to ${jsonFile}`);
} finally {
  agent.destroy();
  server.child.kill('SIGTERM');
  await server.exited;
  await db.end();
  await throwAway.drop();
}
if (!result.pass) process.exitCode = 1;

async function throughputRun(): Promise<Record<string, unknown>> {
  const check = await request(base, '/api/census/RecordHit', hitBody(-1));
  if (check.status !== 202)
    throw new Error(`RecordHit answered ${check.status}; the bench measures a working endpoint only\n${server.output()}`);
  // Warm both paths a second, then measure.
  await measure(base, '/healthz', 1);
  await measure(base, '/api/census/RecordHit', 1, hitBody);
  const health = await measure(base, '/healthz', seconds);
  const count = async () => (await db<{ n: number }[]>`select count(*)::int as n from analytics_event`)[0].n;
  // Every earlier accepted event is written before the measured run starts.
  await new Promise((r) => setTimeout(r, 1100));
  const before = await count();
  const hits = await measure(base, '/api/census/RecordHit', seconds, hitBody);
  // Lag: from the last 202 until all the run's accepted events are in the table.
  let seen = await count();
  while (seen - before < hits.ok && performance.now() - hits.lastOkAt < 30_000) {
    await new Promise((r) => setTimeout(r, 10));
    seen = await count();
  }
  const lagMs = Math.round(performance.now() - hits.lastOkAt);
  const stored = seen - before;
  const ratio = hits.rps / health.rps;
  const result = {
    seconds,
    connections,
    healthz: health,
    recordHit: { rps: hits.rps, ok: hits.ok, failed: hits.failed, p50: hits.p50, p99: hits.p99 },
    ratio: Math.round(ratio * 100) / 100,
    stored,
    lost: hits.ok - stored,
    lagMs,
    pass: ratio >= 0.5 && hits.failed === 0 && health.failed === 0 && stored >= hits.ok,
  };
  console.log(`\ningest bench: ${connections} connections, ${seconds} s each, PostgreSQL\n`);
  console.log('endpoint                     req/s    p50 ms   p99 ms   failed');
  for (const [name, r] of [
    ['GET /healthz', health],
    ['POST /api/census/RecordHit', hits],
  ] as const)
    console.log(
      `${name.padEnd(28)} ${String(r.rps).padStart(6)} ${String(r.p50).padStart(9)} ${String(r.p99).padStart(8)} ${String(r.failed).padStart(8)}`,
    );
  console.log(`\nevents/s ÷ healthz req/s: ${result.ratio} (target ≥ 0.5)`);
  console.log(`accepted ${hits.ok}, stored ${stored}, lost ${hits.ok - stored}; queryable ${lagMs} ms after the last 202`);
  console.log(result.pass ? 'PASS' : 'FAIL');
  return result;
}

async function floodRun(): Promise<Record<string, unknown>> {
  // The other site, on a host of its own; the server learns of it within its resolver's miss time.
  const other = await createSite(db, { name: 'Flood Bystander', theme: 'journal' });
  // Published before the server first resolves its host (a new site is not yet).
  await db`update website set published = true where id = ${other.websiteId}`;
  const otherHost = { Host: `${other.host}:${base.port}` };
  for (let i = 0; i < 100 && (await request(base, '/', undefined, otherHost)).status !== 200; i++)
    await new Promise((r) => setTimeout(r, 200));
  const size = async () => (await db<{ n: string }[]>`select pg_database_size(current_database())::text as n`)[0].n;
  // Let the server's start-up writes settle before the first measurement.
  await new Promise((r) => setTimeout(r, 1500));
  const before = Number(await size());
  const until = performance.now() + seconds * 1000;
  const statuses: Record<string, number> = {};
  let n = 0;
  const floodClients = Array.from({ length: connections }, async (_, c) => {
    const from = { 'X-Forwarded-For': `198.51.100.${c + 1}` };
    while (performance.now() < until) {
      const r = await request(base, '/api/1/performance/records', imagesBody(n++), from, 'text/plain');
      statuses[r.status] = (statuses[r.status] ?? 0) + 1;
    }
  });
  // The bystander: its home page and a page view, twice a second, from its own address.
  const probe = { ok: 0, failed: 0, times: [] as number[], answers: {} as Record<string, number> };
  const bystander = (async () => {
    // Its own origin, as its pages post (the CSRF check compares it with the host).
    const from = { ...otherHost, Origin: `http://${otherHost.Host}`, 'X-Forwarded-For': '203.0.113.7' };
    let i = 0;
    while (performance.now() < until) {
      const page = await request(base, '/', undefined, from);
      const hit = await request(base, '/api/census/RecordHit', hitBody(i++), from);
      probe.times.push(page.ms, hit.ms);
      const pair = `${page.status}/${hit.status}`;
      probe.answers[pair] = (probe.answers[pair] ?? 0) + 1;
      if (page.status === 200 && hit.status === 202) probe.ok++;
      else probe.failed++;
      await new Promise((r) => setTimeout(r, 500));
    }
  })();
  await Promise.all([...floodClients, bystander]);
  // The queue writes within a second or two; then the database's size.
  await new Promise((r) => setTimeout(r, 3000));
  const after = Number(await size());
  const rows = await db<{ t: string; n: number }[]>`
    select 'performance_record' as t, count(*)::int as n from performance_record
    union all select 'analytics_event', count(*)::int from analytics_event`;
  probe.times.sort((a, b) => a - b);
  const grewMb = Math.round(((after - before) / 1e6) * 10) / 10;
  const result = {
    seconds,
    clients: connections,
    answers: statuses,
    rows: Object.fromEntries(rows.map((r) => [r.t, r.n])),
    grewMb,
    maxMb,
    otherSite: {
      ok: probe.ok,
      failed: probe.failed,
      answers: probe.answers,
      p50: Math.round(probe.times[Math.floor(probe.times.length / 2)] ?? 0),
      p99: Math.round(probe.times[Math.floor(probe.times.length * 0.99)] ?? 0),
    },
    pass: grewMb <= maxMb && probe.failed === 0 && probe.ok > 0,
  };
  console.log(`\ningest flood: ${connections} clients x ${seconds} s, 200 image records per request, PostgreSQL\n`);
  console.log(
    `answers: ${Object.entries(statuses)
      .map(([k, v]) => `${k}: ${v}`)
      .join(', ')}`,
  );
  console.log(`rows stored: ${JSON.stringify(result.rows)}`);
  console.log(`database grew ${grewMb} MB (at most ${maxMb} MB)`);
  console.log(
    `other site: ${probe.ok} page + page view pairs answered 200/202, ${probe.failed} not; p50 ${result.otherSite.p50} ms, p99 ${result.otherSite.p99} ms`,
  );
  console.log(result.pass ? 'PASS' : 'FAIL');
  return result;
}
