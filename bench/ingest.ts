// npm run bench:ingest [-- --time SECONDS] [--connections N] [--json FILE]
// How many analytics events per second the built server takes without loss (issue 15): /healthz
// req/s, then POST /api/census/RecordHit events/s at the same concurrency, their ratio (target 0.5
// or more) with zero failed answers, and the lag from the last 202 until every accepted event can
// be queried. The server runs on a throw-away database of the PostgreSQL at BENCH_PG_URL (default
// postgres://postgres@127.0.0.1:5432/postgres), which the bench queries for the lag.
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import { startServer } from '../tests/http/support/spawn-server.js';
import { option } from './support/options.js';

const here = dirname(fileURLToPath(import.meta.url));
const seconds = Number(option('--time') ?? 5);
const connections = Number(option('--connections') ?? 10);
const jsonFile = resolve(option('--json') ?? resolve(here, 'results/ingest.json'));
const adminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

interface Run {
  rps: number;
  ok: number;
  failed: number;
  p50: number;
  p99: number;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: connections });

function request(base: URL, path: string, body?: string): Promise<{ status: number; ms: number }> {
  const t0 = performance.now();
  return new Promise((done) => {
    const req = http.request(
      {
        agent,
        host: base.hostname,
        port: base.port,
        path,
        method: body === undefined ? 'GET' : 'POST',
        headers:
          body === undefined
            ? {}
            : { 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Length': Buffer.byteLength(body), Origin: base.origin },
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

const dbName = `storefront_bench_ingest_${randomBytes(4).toString('hex')}`;
const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
await admin.unsafe(`create database ${dbName}`);
const dbUrl = new URL(adminUrl);
dbUrl.pathname = `/${dbName}`;
const db = postgres(dbUrl.toString(), { max: 1, onnotice: () => {} });
const server = await startServer({ LOG_LEVEL: 'warn', DATABASE_URL: dbUrl.toString() });
const base = new URL(server.url);
let result: Record<string, unknown> = {};
try {
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
  result = {
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
  mkdirSync(dirname(jsonFile), { recursive: true });
  writeFileSync(jsonFile, JSON.stringify(result, null, 2) + '\n');
  console.log(`\nwritten to ${jsonFile}`);
} finally {
  agent.destroy();
  server.child.kill('SIGTERM');
  await server.exited;
  await db.end();
  await admin.unsafe(`drop database if exists ${dbName} with (force)`);
  await admin.end();
}
if (!result.pass) process.exitCode = 1;
