// The server process itself: it refuses to start without a secret in production, answers 503
// with Retry-After while the database cannot be reached (quickly, not after 30 s), and stops
// on SIGTERM after finishing what it was doing, closing the database, with exit code 0.
import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, startServer, type Started } from './support/spawn-server.js';

const started: Started[] = [];
afterAll(() => {
  for (const s of started) if (s.child.exitCode === null) s.kill();
});

describe('the server process', () => {
  it('refuses to start in production without SESSION_SECRET, saying why', async () => {
    const s = await startServer({ SESSION_SECRET: undefined });
    started.push(s);
    expect(await s.exited).toBe(1);
    expect(s.output()).toMatch(/SESSION_SECRET is required in production/);
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

  it('gives up on a database that accepts connections and never answers, within the connect timeout', async () => {
    // A black hole: it accepts TCP connections and says nothing.
    const sockets: net.Socket[] = [];
    const hole = net.createServer((c) => sockets.push(c));
    await new Promise<void>((r) => hole.listen(0, '127.0.0.1', r));
    const port = (hole.address() as net.AddressInfo).port;
    try {
      const s = await startServer({ DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/none` });
      started.push(s);
      const t0 = Date.now();
      const page = await fetch(`${s.url}/`);
      const took = Date.now() - t0;
      expect(page.status).toBe(503);
      // postgres.js's own default would hold the request for 30 s.
      expect(took).toBeLessThan(15_000);
      s.kill();
    } finally {
      for (const c of sockets) c.destroy();
      hole.close();
    }
  }, 40_000);

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
});
