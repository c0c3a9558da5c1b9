// The server process itself: it refuses to start without a secret in production, answers 503
// with Retry-After while the database cannot be reached (quickly, not after 30 s) or goes away under
// load (never a 500), is not ready on a database whose schema is behind the build, and stops
// on SIGTERM after finishing what it was doing, closing the database, with exit code 0.
import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { Visitor } from './support/client.js';
import { freePort, startServer, type Started } from './support/spawn-server.js';
import { testPostgres, throwAwayDatabase } from './support/throwaway-postgres.js';
import { scaled } from '../support/time-scale.js';

const started: Started[] = [];
afterAll(() => {
  for (const s of started) if (s.child.exitCode === null) s.kill();
});

describe('the server process', () => {
  it('refuses to start in production without SESSION_SECRET, saying why', async () => {
    const s = await startServer({ SESSION_SECRET: undefined }, '/healthz', { mayExit: true });
    started.push(s);
    expect(await s.exited).toBe(1);
    expect(s.output()).toMatch(/SESSION_SECRET is required in production/);
  });

  it('refuses WEB_CONCURRENCY above 1 on the embedded database, naming the variable', async () => {
    const s = await startServer({ WEB_CONCURRENCY: '2' }, '/healthz', { mayExit: true });
    started.push(s);
    expect(await s.exited).toBe(1);
    expect(s.output()).toMatch(/WEB_CONCURRENCY=2 needs DATABASE_URL: the embedded database \(PGlite\) serves one process only/);
  });

  it('answers 503 with Retry-After while the database refuses connections', async () => {
    const port = await freePort(); // nothing listens there
    const s = await startServer({ DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/none` });
    started.push(s);
    const page = await fetch(`${s.url}/shop`);
    expect(page.status).toBe(503);
    expect(page.headers.get('retry-after')).toBe('5');
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(await page.text()).toContain('right back');
    const api = await fetch(`${s.url}/api/commerce/shopping-cart`);
    expect(api.status).toBe(503);
    expect(api.headers.get('retry-after')).toBe('5');
    expect((await api.json()).error).toMatch(/try again/);
    const ready = await fetch(`${s.url}/readyz`);
    expect(ready.status).toBe(503);
    expect((await fetch(`${s.url}/healthz`)).status).toBe(200);
    s.child.kill('SIGTERM');
    expect(await s.exited).toBe(0);
  });

  it(
    'gives up on a database that accepts connections and never answers, within the connect timeout',
    async () => {
      // A black hole: it accepts TCP connections and says nothing.
      const sockets: net.Socket[] = [];
      const hole = net.createServer((c) => sockets.push(c));
      await new Promise<void>((r) => hole.listen(0, '127.0.0.1', r));
      const port = (hole.address() as net.AddressInfo).port;
      try {
        // One second per try, not the default five: the start tries twice (first owner, job workers)
        // before it listens, so the default made this test wait some 15 s for nothing.
        const s = await startServer({ DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/none`, DATABASE_CONNECT_TIMEOUT_S: '1' });
        started.push(s);
        const t0 = Date.now();
        const page = await fetch(`${s.url}/`);
        const took = Date.now() - t0;
        expect(page.status).toBe(503);
        // postgres.js's own default would hold the request for 30 s, our default (CONNECT_TIMEOUT_S) 5.
        expect(took).toBeLessThan(4_000);
        s.kill();
      } finally {
        for (const c of sockets) c.destroy();
        hole.close();
      }
    },
    scaled(40_000),
  );

  // On the embedded database always; on a real PostgreSQL too when one is configured (its pool
  // once kept the process alive after remix-serve closed the HTTP server).
  const databases: { name: string; env: Record<string, string> }[] = [{ name: 'the embedded database', env: {} }];
  if (process.env.DATABASE_URL) databases.push({ name: 'a real PostgreSQL', env: { DATABASE_URL: process.env.DATABASE_URL } });
  it.each(databases)('stops on SIGTERM with exit code 0, on $name', async ({ env }) => {
    const s = await startServer(env);
    started.push(s);
    expect((await fetch(`${s.url}/shop`)).status).toBe(200);
    expect((await fetch(`${s.url}/readyz`)).status).toBe(200);
    s.child.kill('SIGTERM');
    expect(await s.exited).toBe(0);
    expect(s.output()).toMatch(/SIGTERM: finishing requests/);
  });

  // A database shared with the test (PostgreSQL, ADR 0018): the embedded one serves one process.
  const admin = testPostgres();
  const onPostgres = admin ? [{ name: 'PostgreSQL', admin }] : [];

  it.each(onPostgres)(
    'is not ready on a database whose schema is behind the build or empty ($name)',
    async ({ admin }) => {
      const db = await throwAwayDatabase(admin);
      try {
        const s = await startServer({ DATABASE_URL: db.url }, '/readyz');
        started.push(s);
        const ready = await fetch(`${s.url}/readyz`);
        expect(ready.status, s.output()).toBe(200);
        const [{ last }] = await db.sql<{ last: string }[]>`select max(version) as last from schema_migrations`;
        // An older backup restored under the running server: the last migration is missing.
        await db.sql`delete from schema_migrations where version = ${last}`;
        const behind = await fetch(`${s.url}/readyz`);
        expect(behind.status).toBe(503);
        expect(behind.headers.get('retry-after')).toBe('5');
        expect(await behind.text()).toMatch(new RegExp(`expected ${last}$`));
        // Emptied: no schema at all.
        await db.sql.unsafe('drop schema public cascade; create schema public');
        const empty = await fetch(`${s.url}/readyz`);
        expect(empty.status).toBe(503);
        expect(await empty.text()).toBe(`schema at none, expected ${last}`);
        s.kill();
        await s.exited;
      } finally {
        await db.drop();
      }
    },
    scaled(120_000),
  );

  it.each(onPostgres)(
    'answers 503 with Retry-After, never 500, when the database drops its connections under load ($name)',
    async ({ admin }) => {
      const db = await throwAwayDatabase(admin);
      // The database behind a proxy the test can cut: open connections die, then new ones are refused.
      const upstream = new URL(admin);
      const sockets = new Set<net.Socket>();
      const proxy = net.createServer((client) => {
        const server = net.connect(Number(upstream.port || 5432), upstream.hostname);
        sockets.add(client).add(server);
        client.pipe(server).pipe(client);
        const end = () => {
          client.destroy();
          server.destroy();
        };
        client.on('error', end).on('close', end);
        server.on('error', end).on('close', end);
      });
      await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
      const via = new URL(db.url);
      via.port = String((proxy.address() as net.AddressInfo).port);
      try {
        const s = await startServer({ DATABASE_URL: via.toString() }, '/readyz');
        started.push(s);
        expect((await fetch(`${s.url}/readyz`)).status, s.output()).toBe(200);
        const v = new Visitor(() => s.url);
        // Pages, the cart API, a checkout, sign-ins (shopper and owner), a password reset, an
        // invitation, a form post, an order page: what visitors do at once.
        const requests = () => [
          v.get('/'),
          v.get('/shop'),
          v.get('/order-confirmed/00000000-0000-4000-8000-000000000000'),
          v.get(`/config/invite/${'a'.repeat(43)}`),
          v.get('/api/commerce/shopping-cart'),
          v.json('/api/commerce/shopping-cart/entries', { itemId: 'itm-wave-quilt-pattern', quantity: 1 }),
          v.postForm('/checkout', { cart: 'cart', intent: 'place', email: 'load@example.com' }),
          v.postForm('/account/sign-in', { email: 'load@example.com', password: 'not the password' }),
          v.postForm('/config/sign-in', { email: 'load@example.com', password: 'not the password' }),
          v.postForm('/account/forgot-password', { email: 'load@example.com' }),
          v.postForm('/contact', { name: 'Load' }),
        ];
        const answers: { status: number; retryAfter: string | null; url: string }[] = [];
        // Each body is read as its response comes, as a browser does: an HTTP client left holding an
        // unread body with a Content-Length past the server's keep-alive timeout (5 s, easily reached
        // while the slowest request of a batch waits) loses it when the idle connection closes.
        const collect = async (batch: Promise<Response>[]) => {
          const read = batch.map((p) => p.then(async (r) => ({ r, body: await r.arrayBuffer() })));
          for (const settled of await Promise.allSettled(read)) {
            // A request the server never answered (a crash, a dropped socket) fails the test with why.
            if (settled.status === 'rejected') {
              const cause =
                settled.reason instanceof Error ? `${settled.reason.message} (${String(settled.reason.cause)})` : String(settled.reason);
              throw new Error(`a request got no answer: ${cause}\nthe server printed:\n${s.output().slice(-3000)}`);
            }
            const { r } = settled.value;
            answers.push({ status: r.status, retryAfter: r.headers.get('retry-after'), url: r.url });
          }
        };
        // Warm: the site and its pages are known (and cached) before the connections drop.
        await collect(requests());
        answers.length = 0;
        const cut = () => {
          for (const c of sockets) c.destroy();
          sockets.clear();
        };
        // Under load, the database drops every connection (a restart, a failover): the queries in
        // flight fail, the next ones reconnect. Bounded: until a few requests met a dropped one.
        for (let round = 0; round < 20 && answers.filter((a) => a.status >= 500).length < 3; round++) {
          const batch = collect([...requests(), ...requests()]);
          await new Promise((r) => setTimeout(r, 5 + (round % 4) * 10));
          cut();
          await batch;
        }
        // Then it is gone for good: new connections are refused too.
        proxy.close();
        cut();
        await collect(requests());
        const failed = answers.filter((a) => a.status >= 500);
        expect(failed.length, 'some requests met a dropped connection').toBeGreaterThan(0);
        for (const a of failed) {
          expect(a, s.output().slice(-3000)).toMatchObject({ status: 503, retryAfter: '5' });
        }
        s.kill();
        await s.exited;
      } finally {
        proxy.close();
        for (const c of sockets) c.destroy();
        await db.drop();
      }
    },
    scaled(120_000),
  );
});
