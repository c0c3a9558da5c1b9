// npm run bench:cart-add [-- --carts N] [--adds N (at most 14: the mug's stock)] [--postgres ADMIN_URL]
// The cost of an add to cart through the JSON API (POST /api/commerce/shopping-cart/entries) on the
// built server: latency (p50/p90) and the SQL statements each add sends. Not autocannon: the cart's
// rate limit (30 requests in 6 s per cart) would turn a flood into 429s, so each cart adds in turn.
import { startServer } from '../tests/http/support/spawn-server.js';
import { option } from './support/options.js';
import { createThrowAwayDb } from './support/throw-away-db.js';

const carts = Number(option('--carts') ?? 20);
const adds = Number(option('--adds') ?? 12);
const pgAdmin = option('--postgres');
const PRODUCT = '/shop/p/tide-pool-mug';

const db = pgAdmin ? await createThrowAwayDb(pgAdmin) : null;
// NODE_ENV=test: the statement count (X-Sql-Statements) is refused in production.
const server = await startServer({
  LOG_LEVEL: 'warn',
  NODE_ENV: 'test',
  STOREFRONT_COUNT_STATEMENTS: '1',
  ...(db ? { DATABASE_URL: db.url } : {}),
});
const times: number[] = [];
const statements: number[] = [];
try {
  const page = await (await fetch(server.url + PRODUCT)).text();
  const itemId = /name="itemId" value="([^"]+)"/.exec(page)?.[1];
  const stock = (await (await fetch(`${server.url}/api/commerce/inventory/stock?itemId=${itemId}`)).json()) as {
    results: { sku: string }[];
  };
  const body = JSON.stringify({ itemId, sku: stock.results[0].sku, quantity: 1 });
  for (let c = 0; c < carts; c++) {
    const jar = new Map<string, string>();
    for (let a = 0; a < adds; a++) {
      const t0 = performance.now();
      const res = await fetch(server.url + '/api/commerce/shopping-cart/entries', {
        method: 'POST',
        body,
        headers: { 'Content-Type': 'application/json', Origin: server.url, Cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
      });
      await res.arrayBuffer();
      const ms = performance.now() - t0;
      if (res.status !== 200) throw new Error(`an add answered ${res.status}`);
      for (const line of res.headers.getSetCookie()) {
        const [pair] = line.split(';');
        jar.set(pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1));
      }
      // The first cart's adds warm the caches; the rest are measured.
      if (c === 0) continue;
      times.push(ms);
      statements.push(Number(res.headers.get('x-sql-statements')));
    }
  }
} finally {
  server.child.kill('SIGTERM');
  await server.exited;
  await db?.drop();
}
const at = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * q)];
console.log(
  `${times.length} adds on ${pgAdmin ? 'PostgreSQL' : 'embedded PGlite'}: p50 ${at(times, 0.5).toFixed(1)} ms, ` +
    `p90 ${at(times, 0.9).toFixed(1)} ms, statements per add: median ${at(statements, 0.5)}, max ${Math.max(...statements)}`,
);
