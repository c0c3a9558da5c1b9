// The document cache (issue 29, ADR 0031) through the built server: an anonymous visitor's repeat is
// answered from it with a fresh CSP nonce and a 304 for its ETag, and it never serves one visitor's
// cart, flash or owner page to another, an old page after an owner's edit (in this process, or in
// another on the same PostgreSQL), a locked page to a visitor who has not unlocked it, or one host's
// page on another. A server of two workers (WEB_CONCURRENCY=2) shows an edit whichever worker
// answers, and a warm anonymous product page view there sends no SQL statement (issue 29, item 3).
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Visitor } from './support/client.js';
import { adminVisitor } from './support/owner.js';
import { startServer, type Started } from './support/spawn-server.js';
import { testPostgres, throwAwayDatabase, type ThrowAway } from './support/throwaway-postgres.js';
import { scaled } from '../support/time-scale.js';

const PRODUCT = '/shop/p/tide-pool-mug';
const run = randomBytes(3).toString('hex');
let admin: Visitor;
const made: string[] = [];

const nonceOf = (res: Response) => /'nonce-([^']+)'/.exec(res.headers.get('content-security-policy') ?? '')?.[1];
const cacheOf = (res: Response) => res.headers.get('x-document-cache');

/**
 * An anonymous GET of `path` until one is answered from the cache (another test's edit may drop it
 * between two; on a server of several workers each keeps its own copy, and a new connection may
 * reach one that has none yet).
 */
async function cachedAnswer(path: string, v: () => Visitor = () => new Visitor(), headers: Record<string, string> = {}): Promise<Response> {
  for (let i = 0; i < 10; i++) {
    const res = await v().get(path, headers);
    if (cacheOf(res) === 'hit') return res;
    await res.arrayBuffer();
  }
  throw new Error(`${path} was never answered from the document cache`);
}

/**
 * The first anonymous load of `path` after a change: it must show the change at once when one process
 * serves. A server of several workers (the suite's may run 2: X-Storefront-Worker says which answered)
 * may answer from a worker other than the one that made the change, which hears of it on commit
 * (NOTIFY): there it must show within moments, as between two processes below.
 */
function loadAfterChange(path: string, shows: (res: Response, html: string) => boolean): Promise<{ res: Response; html: string }> {
  return vi.waitFor(
    async () => {
      const res = await new Visitor().get(path);
      const html = await res.text();
      // One worker (no header) has nothing to hear of: what it answers is what the caller checks.
      if (!shows(res, html) && res.headers.get('x-storefront-worker') !== null) throw new Error(`${path} does not show the change yet`);
      return { res, html };
    },
    { timeout: scaled(10_000), interval: 50 },
  );
}

async function createPage(title: string, body: string, who: Visitor = admin): Promise<{ id: string; path: string }> {
  const slug = `cached-${run}-${made.length}`;
  const res = await who.postForm('/config/pages/new', {
    intent: 'save',
    title,
    urlId: slug,
    description: '',
    body,
    seoTitle: '',
    seoDescription: '',
    status: 'published',
    publishAt: '',
  });
  if (res.status !== 303) throw new Error(`creating a page answered ${res.status}`);
  const id = decodeURIComponent(/^\/config\/pages\/([^?]+)\?/.exec(res.headers.get('location') ?? '')![1]);
  made.push(id);
  return { id, path: `/${slug}` };
}

const savePage = (id: string, path: string, title: string, body: string, who: Visitor = admin) =>
  who.postForm(`/config/pages/${encodeURIComponent(id)}`, {
    intent: 'save',
    title,
    urlId: path.slice(1),
    description: '',
    body,
    seoTitle: '',
    seoDescription: '',
    status: 'published',
    publishAt: '',
  });

beforeAll(async () => {
  admin = await adminVisitor();
});
afterAll(async () => {
  for (const id of made) await admin.postForm(`/config/pages/${encodeURIComponent(id)}`, { intent: 'delete' });
});

describe('an anonymous visitor', () => {
  it('gets a repeat from the cache: the same page, a fresh nonce in the CSP and the scripts, a 304 for its ETag', async () => {
    const first = await new Visitor().get(PRODUCT);
    const firstHtml = await first.text();
    const hit = await cachedAnswer(PRODUCT);
    const html = await hit.text();
    const nonce = nonceOf(hit)!;
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(nonce).not.toBe(nonceOf(first));
    // Every script's nonce is the header's: the page's scripts run.
    const nonces = [...html.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1]);
    expect(nonces.length).toBeGreaterThan(0);
    expect(new Set(nonces)).toEqual(new Set([nonce]));
    expect(html.replaceAll(nonce, 'N')).toBe(firstHtml.replaceAll(nonceOf(first)!, 'N'));
    expect(hit.headers.get('content-length')).toBe(String(Buffer.byteLength(html)));
    expect(hit.headers.get('cache-control')).toMatch(/^public, max-age=0/);
    expect(hit.headers.get('x-frame-options')).toBe(first.headers.get('x-frame-options'));
    expect(hit.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'));

    const etag = hit.headers.get('etag')!;
    const again = await cachedAnswer(PRODUCT, undefined, { 'If-None-Match': etag });
    expect(again.status).toBe(304);
    expect(cacheOf(again)).toBe('hit');
    expect(again.headers.get('etag')).toBe(etag);
    expect(again.headers.get('content-security-policy')).toBeNull();
  });

  it('is never answered from the cache for ?_data=, /config or /api', async () => {
    const data = await new Visitor().get(`${PRODUCT}?_data=root`);
    expect(cacheOf(data)).toBeNull();
    const config = await new Visitor().get('/config');
    expect(cacheOf(config)).toBeNull();
    const api = await new Visitor().get('/api/commerce/shopping-cart');
    expect(cacheOf(api)).toBeNull();
  });
});

describe('what is never shared', () => {
  it("one shopper's cart is not served to another, and a shopper with a cart is never answered from the cache", async () => {
    await cachedAnswer(PRODUCT);
    const shopper = new Visitor();
    const page = await (await shopper.get(PRODUCT)).text();
    const itemId = /name="itemId" value="([^"]+)"/.exec(page)![1];
    const stock = (await (await shopper.get(`/api/commerce/inventory/stock?itemId=${itemId}`)).json()) as { results: { sku: string }[] };
    const added = await shopper.json('/api/commerce/shopping-cart/entries', { itemId, sku: stock.results[0].sku, quantity: 2 });
    expect(added.status).toBe(200);
    // With a cart cookie, every page is the shopper's own: rendered for them, never from the cache.
    const own = await shopper.get(PRODUCT);
    expect(cacheOf(own)).toBeNull();
    await own.arrayBuffer();
    const cart = await (await shopper.get('/cart')).text();
    expect(cart).not.toContain('You have nothing in your shopping cart.');
    const anon = await new Visitor().get('/cart');
    expect(cacheOf(anon)).not.toBe('hit');
    expect(await anon.text()).toContain('You have nothing in your shopping cart.');
    const other = await cachedAnswer(PRODUCT);
    expect(other.headers.getSetCookie()).toEqual([]);
  });

  it("the site's owner always gets a page of their own, never the cached one", async () => {
    await cachedAnswer(PRODUCT);
    const res = await admin.get(PRODUCT);
    expect(cacheOf(res)).toBeNull();
    expect(res.headers.get('cache-control')).toMatch(/private/);
  });

  it('an edit by the owner shows at the next anonymous load', async () => {
    const { id, path } = await createPage(`Cached page ${run}`, '<p>First firing.</p>');
    expect(await (await cachedAnswer(path)).text()).toContain('First firing.');
    expect((await savePage(id, path, `Cached page ${run}`, '<p>Second firing.</p>')).status).toBe(303);
    const { html } = await loadAfterChange(path, (_, h) => h.includes('Second firing.'));
    expect(html).toContain('Second firing.');
    expect(html).not.toContain('First firing.');
  });

  it('a page locked after it was cached shows the lock screen to visitors who have not unlocked it', async () => {
    const { id, path } = await createPage(`Soon locked ${run}`, '<p>Trade prices inside.</p>');
    expect(await (await cachedAnswer(path)).text()).toContain('Trade prices inside.');
    const access = `/config/pages/${encodeURIComponent(id)}/access`;
    expect((await admin.postForm(access, { kind: 'password', password: `pass-${run}` })).status).toBe(303);
    const { res: locked, html: lockScreen } = await loadAfterChange(path, (res) => res.status === 403);
    expect(locked.status).toBe(403);
    expect(cacheOf(locked)).not.toBe('hit');
    expect(lockScreen).not.toContain('Trade prices inside.');
    // One who unlocks sees it; the next anonymous visitor still gets the lock screen.
    const insider = new Visitor();
    const scope = /name="scope" value="([^"]+)"/.exec(await (await insider.get(path)).text())![1];
    await insider.postForm('/page-access', { intent: 'unlock', scope, password: `pass-${run}`, redirectTo: path });
    expect(await (await insider.get(path)).text()).toContain('Trade prices inside.');
    const stranger = await new Visitor().get(path);
    expect(stranger.status).toBe(403);
    expect(await stranger.text()).not.toContain('Trade prices inside.');
  });

  it("a page of one host is not served on another: an unknown host gets no site's page", async () => {
    await cachedAnswer('/shop');
    const elsewhere = await new Visitor(undefined, 'nowhere.example').get('/shop');
    expect(elsewhere.status).toBe(404);
    expect(cacheOf(elsewhere)).toBeNull();
    expect(await elsewhere.text()).not.toContain('Tide Pool Mug');
  });
});

// Two server processes on one PostgreSQL: an edit made through one drops the other's cached copy
// (LISTEN/NOTIFY). The embedded database serves a single process, so this runs on PostgreSQL only.
const postgresAdmin = testPostgres();
if (postgresAdmin) {
  describe('two server processes on one PostgreSQL', () => {
    let db: ThrowAway;
    let one: Started;
    let two: Started;
    beforeAll(async () => {
      db = await throwAwayDatabase(postgresAdmin);
      // One after the other: the first migrates and seeds the database the second then finds ready.
      one = await startServer({ DATABASE_URL: db.url }, '/readyz');
      await vi.waitFor(async () => expect((await fetch(`${one.url}/readyz`)).status).toBe(200), { timeout: scaled(30_000), interval: 100 });
      two = await startServer({ DATABASE_URL: db.url }, '/readyz');
    }, scaled(120_000));
    afterAll(async () => {
      for (const s of [one, two]) {
        s?.child.kill('SIGTERM');
        await s?.exited;
      }
      await db?.drop();
    });

    it("an owner's edit through one shows at the next anonymous load from the other", async () => {
      const owner = await adminVisitor(() => one.url);
      const { id, path } = await createPage(`Two processes ${run}`, '<p>Glaze A.</p>', owner);
      const fromTwo = () => new Visitor(() => two.url);
      expect(await (await cachedAnswer(path, fromTwo)).text()).toContain('Glaze A.');
      expect((await savePage(id, path, `Two processes ${run}`, '<p>Glaze B.</p>', owner)).status).toBe(303);
      // The other process hears of the change on commit (NOTIFY): within moments, not the entry's 30 s.
      await expect.poll(async () => (await fromTwo().get(path)).text(), { timeout: scaled(10_000), interval: 50 }).toContain('Glaze B.');
    });
  });
}

// One server with two workers (WEB_CONCURRENCY=2, node:cluster, app/server/cluster.ts): whichever
// worker answers, an owner's edit shows at the next anonymous load, and SIGTERM stops them all.
if (postgresAdmin) {
  describe('one server with two workers (WEB_CONCURRENCY=2) on PostgreSQL', () => {
    let db: ThrowAway;
    let server: Started;
    // The cluster hands out connections, not requests: each GET on a connection of its own.
    const fresh = (path: string, headers: Record<string, string> = {}) =>
      new Promise<{ status: number; worker: string; cache: string | undefined; statements: number; html: string }>((resolve, reject) => {
        http
          .get(server.url + path, { agent: false, headers }, (res) => {
            let html = '';
            res.setEncoding('utf8');
            res.on('data', (d: string) => (html += d));
            res.on('end', () =>
              resolve({
                status: res.statusCode ?? 0,
                worker: String(res.headers['x-storefront-worker']),
                cache: res.headers['x-document-cache'] as string | undefined,
                statements: Number(res.headers['x-sql-statements'] ?? NaN),
                html,
              }),
            );
          })
          .on('error', reject)
          .setTimeout(5_000, function (this: http.ClientRequest) {
            this.destroy(new Error(`no answer to ${path} in 5 s`));
          });
      });
    beforeAll(async () => {
      db = await throwAwayDatabase(postgresAdmin);
      // NODE_ENV=test: counting statements (X-Sql-Statements) is refused in production.
      server = await startServer(
        { DATABASE_URL: db.url, WEB_CONCURRENCY: '2', STOREFRONT_WORKER_HEADER: '1', NODE_ENV: 'test', STOREFRONT_COUNT_STATEMENTS: '1' },
        '/readyz',
      );
    }, scaled(120_000));
    afterAll(async () => {
      if (server?.child.exitCode === null) server.kill();
      await db?.drop();
    });

    it(
      'migrates once, answers pages from both workers, and shows an edit whichever worker answers',
      async () => {
        // The second worker starts once the first listens: ask until both have answered.
        const seen = new Set<string>();
        const statuses = new Set<number>();
        await vi.waitFor(
          async () => {
            const res = await fresh('/shop');
            statuses.add(res.status);
            seen.add(res.worker);
            expect([...seen].sort(), server.output()).toEqual(['1', '2']);
          },
          { timeout: scaled(30_000), interval: 100 },
        );
        expect([...statuses], server.output()).toEqual([200]);
        expect(server.output().match(/db: applied migrations/g) ?? []).toHaveLength(1);
        expect(server.output().match(/db: seeded the demo store/g) ?? []).toHaveLength(1);

        const owner = await adminVisitor(() => server.url);
        const { id, path } = await createPage(`Two workers ${run}`, '<p>Kiln one.</p>', owner);
        // Both workers keep the page (each has a cache of its own)...
        const cachedBy = new Set<string>();
        for (let i = 0; i < 40 && cachedBy.size < 2; i++) {
          const res = await fresh(path);
          expect(res.html).toContain('Kiln one.');
          if (res.cache === 'hit') cachedBy.add(res.worker);
        }
        expect(cachedBy.size).toBe(2);
        // ...and the edit, made through one of them, drops both copies: every next load shows it.
        expect((await savePage(id, path, `Two workers ${run}`, '<p>Kiln two.</p>', owner)).status).toBe(303);
        const after = new Map<string, string>();
        await vi.waitFor(
          async () => {
            const res = await fresh(path);
            // The other worker hears of it on commit (NOTIFY): moments, not the entry's 30 s.
            if (!res.html.includes('Kiln one.') || after.has(res.worker)) after.set(res.worker, res.html);
            expect([...after.keys()].sort()).toEqual(['1', '2']);
          },
          { timeout: scaled(10_000), interval: 50 },
        );
        for (const html of after.values()) {
          expect(html).toContain('Kiln two.');
          expect(html).not.toContain('Kiln one.');
        }
      },
      scaled(120_000),
    );

    // Issue 29 item 3: a page view an anonymous visitor makes costs no SQL once the caches are warm.
    it(
      'a warm anonymous product page view sends no SQL statement, in either worker',
      async () => {
        const views = new Map<string, number[]>();
        const enough = () => views.size === 2 && [...views.values()].every((v) => v.length >= 4);
        // A new query string each time: never the document cache, always a render.
        for (let i = 0; i < 80 && !enough(); i++) {
          const res = await fresh(`${PRODUCT}?view=${i}`);
          expect(res.status).toBe(200);
          expect(res.cache).not.toBe('hit');
          views.set(res.worker, [...(views.get(res.worker) ?? []), res.statements]);
        }
        expect(enough()).toBe(true);
        for (const [worker, counts] of views) {
          // The first view of the product in a worker reads it: the counter counts.
          expect(counts[0], `worker ${worker}: ${counts.join(', ')}`).toBeGreaterThan(0);
          expect(counts.slice(-3), `worker ${worker}: ${counts.join(', ')}`).toEqual([0, 0, 0]);
        }
      },
      scaled(60_000),
    );

    // The issue 29 regression: a shopper holding a cart gets the shared render with their numbers put
    // in from the cart_qty cookie, so their warm product page costs no SQL either (and no render).
    it(
      'a warm product page view of a cart holder sends no SQL statement, in either worker, and shows their numbers',
      async () => {
        const shopper = new Visitor(() => server.url);
        const bag = await shopper.get('/shop/p/linen-bread-bag');
        const html = await bag.text();
        const itemId = /<form class="add-to-cart"[\s\S]*?name="itemId" value="([^"]+)"/.exec(html)?.[1];
        expect(itemId, `${bag.status} ${server.output()}`).toBeTruthy();
        expect((await shopper.postForm('/cart', { intent: 'add', itemId: itemId!, quantity: '2', returnTo: PRODUCT })).status).toBe(303);
        await shopper.get(PRODUCT); // the flash, shown once
        const cookie = shopper.cookieHeader();
        expect(cookie).toMatch(/cart_qty=2-\d+-USD/);
        const views = new Map<string, number[]>();
        const enough = () => views.size === 2 && [...views.values()].every((v) => v.length >= 4);
        for (let i = 0; i < 80 && !enough(); i++) {
          const res = await fresh(PRODUCT, { Cookie: cookie });
          expect(res.status).toBe(200);
          expect(res.cache).not.toBe('hit');
          expect(res.html).toMatch(/<span class="cart-count" data-cart-count><span class="sqs-cart-quantity">2<\/span>/);
          expect(res.html).toMatch(/<span class="cart-subtotal" data-cart-subtotal>\$\d+\.\d\d<\/span>/);
          views.set(res.worker, [...(views.get(res.worker) ?? []), res.statements]);
        }
        expect(enough(), JSON.stringify([...views])).toBe(true);
        for (const [worker, counts] of views) expect(counts.slice(-3), `worker ${worker}: ${counts.join(', ')}`).toEqual([0, 0, 0]);
      },
      scaled(60_000),
    );

    it(
      'starts another worker in place of one that dies, and keeps answering meanwhile',
      async () => {
        const children = () =>
          execFileSync('ps', ['-o', 'pid=', '--ppid', String(server.child.pid)], { encoding: 'utf8' })
            .split('\n')
            .filter((l) => l.trim());
        const before = children();
        expect(before).toHaveLength(2);
        process.kill(Number(before[0]), 'SIGKILL');
        // A connection handed to the worker as it died is lost with it; the next ones are answered.
        const seen = new Set<string>();
        const statuses = new Set<number>();
        await vi.waitFor(
          async () => {
            const res = await fresh('/shop').catch(() => null);
            if (res) statuses.add(res.status);
            if (res) seen.add(res.worker);
            expect([...seen].sort()).toEqual(['1', '2']);
          },
          { timeout: scaled(30_000), interval: 100 },
        );
        expect([...statuses], server.output()).toEqual([200]);
        expect(server.output()).toMatch(/worker [12] \(pid \d+\) exited \(SIGKILL\); starting another/);
        expect(children().filter((pid) => !before.includes(pid))).toHaveLength(1);
      },
      scaled(60_000),
    );

    it(
      'stops on SIGTERM: the workers finish, and the server exits with code 0',
      async () => {
        server.child.kill('SIGTERM');
        expect(await server.exited, server.output()).toBe(0);
        expect(server.output().match(/SIGTERM: finishing requests/g) ?? []).toHaveLength(2);
      },
      scaled(30_000),
    );
  });
}
