// npm run bench:http-cpu -- --builds DIR[,DIR...] [--postgres ADMIN_URL] [--time S] [--rounds N] [--pages a,b]
// Server CPU per request of pages, for builds compared side by side (a change's before and after):
// each build's server runs at once on one database, and every round loads each page on each server
// in turn, reading the server process's CPU time (/proc/PID/stat) before and after. On a machine
// shared with other work, CPU per request moves far less with the load than req/s does.
import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from '../tests/http/support/spawn-server.js';
import { option } from './support/options.js';
import { createThrowAwayDb } from './support/throw-away-db.js';

const builds = (option('--builds') ?? 'build').split(',').map((d) => resolve(d));
const seconds = Number(option('--time') ?? 3);
const rounds = Number(option('--rounds') ?? 5);
const connections = Number(option('--connections') ?? 10);
const pgAdmin = option('--postgres');
// --profile DIR: each server writes a V8 CPU profile there when it stops (node --cpu-prof).
const profileDir = option('--profile');
// --statements: the servers count SQL statements (a test setting, so NODE_ENV=test) and each page's count is printed.
const countStatements = process.argv.includes('--statements');
const PRODUCT = '/shop/p/tide-pool-mug';
const CLOCK_TICKS = 100; // USER_HZ: /proc reports CPU time in 1/100 s on Linux

/** User plus system CPU of a process so far, in ms. */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}

const db = pgAdmin ? await createThrowAwayDb(pgAdmin) : null;
const secret = randomBytes(32).toString('base64url');
const dataDir = mkdtempSync(join(tmpdir(), 'bench-cpu-'));
const servers: { dir: string; url: string; child: ChildProcess }[] = [];
try {
  // One after another: the first migrates and seeds the database, the next finds it ready.
  for (const dir of builds) {
    const port = await freePort();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'production' as const,
    };
    Object.assign(env, { SESSION_SECRET: secret, COOKIE_SECURE: '0', LOG_LEVEL: 'warn', STOREFRONT_BUILD_DIR: dir });
    Object.assign(env, { OWNER_EMAIL: 'owner@example.com', OWNER_PASSWORD: 'correct horse battery staple' });
    if (db) env.DATABASE_URL = db.url;
    if (countStatements) Object.assign(env, { NODE_ENV: 'test', STOREFRONT_COUNT_STATEMENTS: '1' });
    const child = spawn(
      process.execPath,
      [...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${resolve(profileDir)}`] : []), join(dir, 'server.js')],
      { env, stdio: ['ignore', 'ignore', 'inherit'] },
    );
    const url = `http://127.0.0.1:${port}`;
    servers.push({ dir, url, child });
    for (let i = 0; i < 600; i++) {
      const ok = await fetch(url + '/readyz').then(
        (r) => r.status === 200,
        () => false,
      );
      if (ok) break;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  // A shopper with one line in the cart, through the first server (the cookies work on every one: one secret).
  const base = servers[0].url;
  const jar = new Map<string, string>();
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const go = async (path: string, init: RequestInit = {}) => {
    const res = await fetch(base + path, {
      ...init,
      headers: { Origin: base, Cookie: cookie(), ...(init.headers ?? {}) },
      redirect: 'manual',
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair.indexOf('=');
      jar.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
    return res;
  };
  const page = await (await go(PRODUCT)).text();
  const itemId = /name="itemId" value="([^"]+)"/.exec(page)?.[1];
  const stock = (await (await go(`/api/commerce/inventory/stock?itemId=${itemId}`)).json()) as { results: { sku: string }[] };
  const added = await go('/api/commerce/shopping-cart/entries', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ itemId, sku: stock.results[0].sku, quantity: 1 }),
  });
  if (!added.ok) throw new Error(`adding to the cart answered ${added.status}`);
  const shopper = cookie();
  const all: Record<string, { path: string; cookie?: string }> = {
    product_cart: { path: PRODUCT, cookie: shopper },
    cart: { path: '/cart', cookie: shopper },
    // A cookie of no meaning: the anonymous page rendered (the document cache skips it).
    product_uncached: { path: PRODUCT, cookie: 'x=1' },
  };
  const wanted = option('--pages')?.split(',') ?? Object.keys(all);
  const pages = Object.fromEntries(wanted.map((k) => [k, all[k]]));

  const samples: Record<string, number[][]> = Object.fromEntries(wanted.map((k) => [k, servers.map(() => [])]));
  const rps: Record<string, number[][]> = Object.fromEntries(wanted.map((k) => [k, servers.map(() => [])]));
  // Builds compared must answer the same document (apart from each answer's nonce and the server's port).
  const bodies: Record<string, string> = {};
  for (const [name, p] of Object.entries(pages)) {
    for (const s of servers) {
      const res = await fetch(s.url + p.path, { headers: p.cookie ? { cookie: p.cookie } : {} });
      const body = (await res.clone().text()).replace(/nonce="[^"]*"/g, 'nonce=""').replace(/127\.0\.0\.1:\d+/g, 'host');
      if (bodies[name] !== undefined && bodies[name] !== body) {
        console.error(`! ${name}: ${s.dir} answers another document than ${servers[0].dir}`);
        if (process.env.BENCH_DIFF_DIR)
          for (const [i, b] of [bodies[name], body].entries()) writeFileSync(join(process.env.BENCH_DIFF_DIR, `${name}.${i}.html`), b);
      }
      bodies[name] ??= body;
      if (res.status !== 200) throw new Error(`${name} on ${s.dir} answered ${res.status}`);
      if (countStatements) console.log(`${name} on ${s.dir}: ${res.headers.get('x-sql-statements')} SQL statements (first view)`);
      await autocannon({ url: s.url + p.path, connections, duration: 1, headers: p.cookie ? { cookie: p.cookie } : {} });
    }
  }
  if (countStatements) {
    for (const [name, p] of Object.entries(pages))
      for (const s of servers) {
        const res = await fetch(s.url + p.path, { headers: p.cookie ? { cookie: p.cookie } : {} });
        console.log(`${name} on ${s.dir}: ${res.headers.get('x-sql-statements')} SQL statements (warm)`);
      }
  }
  for (let r = 0; r < rounds; r++) {
    for (const [name, p] of Object.entries(pages)) {
      // Each round in another order of servers, so none always runs first.
      for (let j = 0; j < servers.length; j++) {
        const i = (j + r) % servers.length;
        const s = servers[i];
        const before = cpuMs(s.child.pid!);
        const out = await autocannon({
          url: s.url + p.path,
          connections,
          duration: seconds,
          headers: p.cookie ? { cookie: p.cookie } : {},
        });
        const used = cpuMs(s.child.pid!) - before;
        if (out.non2xx + out.errors + out.timeouts > 0) console.error(`! ${name} on ${s.dir}: failed responses`);
        samples[name][i].push(used / out.requests.total);
        rps[name][i].push(out.requests.average);
      }
    }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  console.log(
    `\n${connections} connections, ${rounds} rounds of ${seconds} s, ${pgAdmin ? 'PostgreSQL' : 'embedded PGlite'}; server CPU ms per request (median, rounds)`,
  );
  for (const name of wanted) {
    for (let i = 0; i < servers.length; i++) {
      const ms = samples[name][i];
      console.log(
        `${name.padEnd(17)} ${servers[i].dir.padEnd(40)} ${median(ms).toFixed(3).padStart(7)} ms  ${median(rps[name][i]).toFixed(0).padStart(6)} req/s  [${ms.map((x) => x.toFixed(2)).join(' ')}]`,
      );
      // Against the first build, round by round (both ran back to back, under the same load): the median ratio.
      if (i > 0)
        console.log(
          `${''.padEnd(17)} ${'  of the first build, paired by round'.padEnd(40)} ${median(ms.map((x, r) => x / samples[name][0][r]))
            .toFixed(3)
            .padStart(7)}`,
        );
    }
  }
} finally {
  for (const s of servers) s.child.kill('SIGTERM');
  await Promise.all(servers.map((s) => new Promise((r) => (s.child.exitCode !== null ? r(null) : s.child.once('exit', r)))));
  rmSync(dataDir, { recursive: true, force: true });
  await db?.drop();
}
