// npm run bench:http [-- --time SECONDS] [--connections N] [--json FILE] [--gate]
// Throughput of the built server (build/server.js on a fresh embedded database) for the storefront's
// pages, as ratios to /healthz measured in the same run, with p50 and p99 latency, cold and warm.
import autocannon from 'autocannon';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from '../tests/http/support/spawn-server.js';
import { option, flag } from './support/options.js';

const here = dirname(fileURLToPath(import.meta.url));
const seconds = Number(option('--time') ?? 5);
const connections = Number(option('--connections') ?? 10);
const jsonFile = resolve(option('--json') ?? resolve(here, 'results/http.json'));

/** The pages measured, by name: what a shopper opens most. */
const ROUTES: Record<string, string> = {
  healthz: '/healthz',
  home: '/',
  listing: '/shop',
  product: '/shop/p/tide-pool-mug',
  search: '/search?q=linen',
  cart: '/cart',
};

interface Run {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
}

async function measure(url: string, duration: number): Promise<Run> {
  const r = await autocannon({ url, connections, duration, pipelining: 1 });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx + r.errors + r.timeouts };
}

const server = await startServer({ LOG_LEVEL: 'warn' });
const results: Record<string, { cold: Run; warm: Run; ratio: number }> = {};
try {
  for (const path of Object.values(ROUTES)) {
    const res = await fetch(server.url + path);
    if (!res.ok) throw new Error(`${path} answered ${res.status}; the bench measures working pages only`);
  }
  // Cold: one second per page right after the start, caches as the first visitors find them.
  const cold: Record<string, Run> = {};
  for (const [name, path] of Object.entries(ROUTES)) cold[name] = await measure(server.url + path, 1);
  // Warm: the same pages again for the full time, /healthz first and last so drift shows.
  const warm: Record<string, Run> = {};
  for (const [name, path] of Object.entries(ROUTES)) warm[name] = await measure(server.url + path, seconds);
  const healthAgain = await measure(server.url + ROUTES.healthz, seconds);
  const health = (warm.healthz.rps + healthAgain.rps) / 2;
  for (const name of Object.keys(ROUTES)) results[name] = { cold: cold[name], warm: warm[name], ratio: warm[name].rps / health };
} finally {
  server.child.kill('SIGTERM');
  await server.exited;
}

const pad = (s: string | number, n: number) => String(s).padStart(n);
console.log(`\n${connections} connections, ${seconds} s warm per page, same server, one process\n`);
console.log(
  `${'page'.padEnd(9)} ${pad('req/s', 8)} ${pad('p50 ms', 7)} ${pad('p99 ms', 7)} ${pad('cold req/s', 11)} ${pad('cold p99', 9)} ${pad('vs healthz', 11)}`,
);
for (const [name, r] of Object.entries(results)) {
  console.log(
    `${name.padEnd(9)} ${pad(r.warm.rps.toFixed(0), 8)} ${pad(r.warm.p50, 7)} ${pad(r.warm.p99, 7)} ${pad(r.cold.rps.toFixed(0), 11)} ${pad(r.cold.p99, 9)} ${pad(r.ratio.toFixed(3), 11)}`,
  );
  if (r.warm.non2xx || r.cold.non2xx) console.log(`  ! ${name}: ${r.warm.non2xx + r.cold.non2xx} failed or non-2xx responses`);
}

const ratios = Object.fromEntries(Object.entries(results).map(([name, r]) => [`http.${name}.vs_healthz`, r.ratio]));
mkdirSync(dirname(jsonFile), { recursive: true });
writeFileSync(jsonFile, JSON.stringify({ date: new Date().toISOString(), connections, seconds, results, ratios }, null, 2));
console.log(`\nwrote ${jsonFile}`);

if (flag('--gate')) {
  const gates = JSON.parse(readFileSync(resolve(here, 'gates.json'), 'utf8')).httpGates as Record<string, number>;
  const failed = Object.entries(gates).filter(([k, min]) => !(ratios[k] >= min));
  for (const [k, min] of failed) console.error(`gate failed: ${k} = ${ratios[k]?.toFixed(3)} < ${min}`);
  const bad = Object.values(results).some((r) => r.warm.non2xx || r.cold.non2xx);
  if (bad) console.error('gate failed: some responses were errors');
  if (failed.length || bad) process.exit(1);
  console.log('http gates passed');
}
