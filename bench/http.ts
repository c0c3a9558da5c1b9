// npm run bench:http [-- --time SECONDS] [--rounds N] [--connections N] [--postgres ADMIN_URL] [--json FILE] [--gate]
// Throughput of the built server's pages as fractions of this machine's ceiling: a raw node:http
// server, in a process of its own, answering the same product page's bytes. Pages and the ceiling are
// measured in interleaved rounds (each round measures every one once), so drift and other load on the
// machine fall on all of them alike; each fraction is the median of its rounds' ratios.
// --postgres: the server runs on a throw-away database there instead of the embedded one.
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, startServer } from '../tests/http/support/spawn-server.js';
import { flag, option } from './support/options.js';
import { createThrowAwayDb } from './support/throw-away-db.js';

const here = dirname(fileURLToPath(import.meta.url));
const seconds = Number(option('--time') ?? 3);
const rounds = Number(option('--rounds') ?? 3);
const connections = Number(option('--connections') ?? 10);
const pgAdmin = option('--postgres');
const jsonFile = resolve(option('--json') ?? resolve(here, 'results/http.json'));
const OWNER = { email: 'owner@example.com', password: 'correct horse battery staple' };
const PRODUCT = '/shop/p/tide-pool-mug';

interface Run {
  rps: number;
  p50: number;
  p99: number;
  failed: number;
}

async function measure(url: string, duration: number, cookie?: string): Promise<Run> {
  const r = await autocannon({ url, connections, duration, pipelining: 1, headers: cookie ? { cookie } : {} });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, failed: r.non2xx + r.errors + r.timeouts };
}

/** A client of the bench's own: cookies kept, posts same-origin (the CSRF check). */
function client(base: string) {
  const jar = new Map<string, string>();
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  async function go(path: string, init: { method?: string; body?: string; type?: string } = {}): Promise<Response> {
    const headers: Record<string, string> = { Origin: base };
    if (jar.size) headers.Cookie = cookie();
    if (init.type) headers['Content-Type'] = init.type;
    const res = await fetch(base + path, { method: init.method ?? 'GET', body: init.body, headers, redirect: 'manual' });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair.indexOf('=');
      jar.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
    return res;
  }
  return { go, cookie };
}

// A throw-away database on --postgres, dropped at the end.
const db = pgAdmin ? await createThrowAwayDb(pgAdmin) : null;
const server = await startServer({ LOG_LEVEL: 'warn', ...(db ? { DATABASE_URL: db.url } : {}) });
const rawDir = mkdtempSync(join(tmpdir(), 'bench-raw-'));
let raw: ReturnType<typeof spawn> | null = null;
const results: Record<string, { ratio: number; ratios: number[]; rps: number; p50: number; p99: number; failed: number }> = {};
try {
  for (let i = 0; i < 200 && (await fetch(server.url + '/readyz')).status !== 200; i++) await new Promise((r) => setTimeout(r, 250));
  // The shopper with a cart: a line added through the cart API, its cookies sent with every request.
  const shopper = client(server.url);
  const page = await (await shopper.go(PRODUCT)).text();
  const itemId = /name="itemId" value="([^"]+)"/.exec(page)?.[1];
  const stock = (await (await shopper.go(`/api/commerce/inventory/stock?itemId=${itemId}`)).json()) as { results: { sku: string }[] };
  const added = await shopper.go('/api/commerce/shopping-cart/entries', {
    method: 'POST',
    type: 'application/json',
    body: JSON.stringify({ itemId, sku: stock.results[0].sku, quantity: 1 }),
  });
  if (!added.ok) throw new Error(`adding to the cart answered ${added.status}`);
  const owner = client(server.url);
  const signIn = await owner.go('/config/sign-in', {
    method: 'POST',
    type: 'application/x-www-form-urlencoded',
    body: new URLSearchParams({ ...OWNER, redirectTo: '/config' }).toString(),
  });
  if (signIn.status !== 303) throw new Error(`signing in answered ${signIn.status}`);

  // The ceiling: the anonymous product page's bytes and headers, from a raw server of its own.
  const anon = await fetch(server.url + PRODUCT);
  writeFileSync(join(rawDir, 'page.html'), Buffer.from(await anon.arrayBuffer()));
  writeFileSync(join(rawDir, 'headers.json'), JSON.stringify(Object.fromEntries(anon.headers)));
  const rawPort = await freePort();
  raw = spawn(process.execPath, [resolve(here, 'support/raw-server.mjs'), rawDir, String(rawPort)], { stdio: 'ignore' });
  for (let i = 0; i < 100; i++) {
    if (
      await fetch(`http://127.0.0.1:${rawPort}/`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((r) => setTimeout(r, 50));
  }

  const targets: Record<string, { url: string; cookie?: string }> = {
    raw: { url: `http://127.0.0.1:${rawPort}/` },
    home: { url: server.url + '/' },
    listing: { url: server.url + '/shop' },
    product: { url: server.url + PRODUCT },
    product_cart: { url: server.url + PRODUCT, cookie: shopper.cookie() },
    search: { url: server.url + '/search?q=linen' },
    cart: { url: server.url + '/cart', cookie: shopper.cookie() },
    config_list: { url: server.url + '/config/products', cookie: owner.cookie() },
  };
  for (const [name, t] of Object.entries(targets)) {
    const res = await fetch(t.url, { headers: t.cookie ? { cookie: t.cookie } : {}, redirect: 'manual' });
    if (res.status !== 200) throw new Error(`${name} answered ${res.status}; the bench measures working pages only`);
    await measure(t.url, 1, t.cookie); // warm-up: caches as the first visitors leave them
  }
  const runs: Record<string, Run[]> = Object.fromEntries(Object.keys(targets).map((k) => [k, []]));
  const names = Object.keys(targets);
  for (let r = 0; r < rounds; r++) {
    // Each round in another order, so no page always follows the same one.
    const order = names.map((_, i) => names[(i + r) % names.length]);
    for (const name of order) runs[name].push(await measure(targets[name].url, seconds, targets[name].cookie));
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  for (const name of names) {
    const ratios = runs[name].map((run, i) => run.rps / runs.raw[i].rps);
    results[name] = {
      ratio: median(ratios),
      ratios,
      rps: median(runs[name].map((x) => x.rps)),
      p50: median(runs[name].map((x) => x.p50)),
      p99: median(runs[name].map((x) => x.p99)),
      failed: runs[name].reduce((n, x) => n + x.failed, 0),
    };
  }
} finally {
  raw?.kill();
  server.child.kill('SIGTERM');
  await server.exited;
  rmSync(rawDir, { recursive: true, force: true });
  await db?.drop();
}

const pad = (s: string | number, n: number) => String(s).padStart(n);
console.log(`\n${connections} connections, ${rounds} interleaved rounds of ${seconds} s, ${pgAdmin ? 'PostgreSQL' : 'embedded PGlite'}\n`);
console.log(`${'page'.padEnd(13)} ${pad('req/s', 8)} ${pad('p50 ms', 7)} ${pad('p99 ms', 7)} ${pad('of ceiling', 11)}  rounds`);
for (const [name, r] of Object.entries(results)) {
  console.log(
    `${name.padEnd(13)} ${pad(r.rps.toFixed(0), 8)} ${pad(r.p50, 7)} ${pad(r.p99, 7)} ${pad(r.ratio.toFixed(3), 11)}  ${r.ratios.map((x) => x.toFixed(3)).join(' ')}`,
  );
  if (r.failed) console.log(`  ! ${name}: ${r.failed} failed or non-2xx responses`);
}

const ratios = Object.fromEntries(Object.entries(results).map(([name, r]) => [`http.${name}.vs_raw`, r.ratio]));
mkdirSync(dirname(jsonFile), { recursive: true });
writeFileSync(
  jsonFile,
  JSON.stringify(
    { date: new Date().toISOString(), database: pgAdmin ? 'postgres' : 'pglite', connections, seconds, rounds, results, ratios },
    null,
    2,
  ),
);
console.log(`\nwrote ${jsonFile}`);

if (flag('--gate')) {
  const gates = JSON.parse(readFileSync(resolve(here, 'gates.json'), 'utf8')).httpGates as Record<string, number>;
  const failed = Object.entries(gates).filter(([k, min]) => !(ratios[k] >= min));
  for (const [k, min] of failed) console.error(`gate failed: ${k} = ${ratios[k]?.toFixed(3)} < ${min}`);
  const bad = Object.values(results).some((r) => r.failed);
  if (bad) console.error('gate failed: some responses were errors');
  if (failed.length || bad) process.exit(1);
  console.log('http gates passed');
}
