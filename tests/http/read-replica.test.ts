// Read replicas (issue 29 item 6, ADR 0033) through the built server, against a real streaming
// standby of the test PostgreSQL (support/standby.ts): anonymous catalog reads go to the standby;
// while it lags (replay paused) an owner's edit shows at once because the read goes to the primary;
// the owner reads their own write; a cart and a checkout (writes) work; a stopped standby costs no
// page. X-Sql-Standby-Statements (STOREFRONT_COUNT_STATEMENTS=1) says which pool answered.
import { randomBytes } from 'node:crypto';
import type postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEW_YORK } from './support/checkout.js';
import { Visitor } from './support/client.js';
import { formFields, withField } from './support/form-fields.js';
import { adminVisitor } from './support/owner.js';
import { startServer, type Started } from './support/spawn-server.js';
import { startStandby, type StandbyServer } from './support/standby.js';
import { testPostgres, throwAwayDatabase, type ThrowAway } from './support/throwaway-postgres.js';

const PRODUCT = '/shop/p/tide-pool-mug';
const BREAD_BAG = 'itm-linen-bread-bag'; // $26.00, physical
const run = randomBytes(3).toString('hex');

let why: string | null = null;
let db: ThrowAway | undefined;
let standby: StandbyServer | undefined;
let onStandby: postgres.Sql;
let server: Started | undefined;
let searches = 0;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const standbyCount = (res: Response) => Number(res.headers.get('x-sql-standby-statements') ?? NaN);
const statements = (res: Response) => Number(res.headers.get('x-sql-statements') ?? NaN);
const anonymous = () => new Visitor(() => server!.url);
/** A search never made before: the catalog cannot answer it from its read cache, so it reads. */
const freshSearch = () => anonymous().get(`/search?q=mug${run}${searches++}`);

/** Fresh searches until one is answered by the standby; the last response, or null when none was. */
async function untilStandbyReads(tries = 300): Promise<Response | null> {
  for (let i = 0; i < tries; i++) {
    const res = await freshSearch();
    expect(res.status).toBe(200);
    await res.arrayBuffer();
    if (standbyCount(res) > 0) return res;
    await sleep(50);
  }
  return null;
}

beforeAll(async () => {
  const admin = testPostgres();
  if (!admin) {
    why = 'no PostgreSQL to replicate: set STOREFRONT_TEST_POSTGRES';
  } else {
    const s = await startStandby();
    if (typeof s === 'string') why = s;
    else standby = s;
  }
  if (why) {
    console.warn(`read-replica tests skipped: ${why}`);
    return;
  }
  db = await throwAwayDatabase(admin!);
  const name = new URL(db.url).pathname.slice(1);
  // NODE_ENV=test: counting statements is refused in production. No document cache: every GET renders.
  server = await startServer(
    {
      DATABASE_URL: db.url,
      DATABASE_READ_URL: standby!.urlFor(name),
      NODE_ENV: 'test',
      STOREFRONT_COUNT_STATEMENTS: '1',
      DOCUMENT_CACHE_MB: '0',
    },
    '/readyz',
  );
  for (let i = 0; i < 200 && (await fetch(`${server.url}/readyz`)).status !== 200; i++) await sleep(100);
  onStandby = standby!.sql(name);
}, 120_000);

afterAll(async () => {
  if (server?.child.exitCode === null) {
    server.child.kill('SIGTERM');
    await server.exited;
  }
  await standby?.remove();
  await db?.drop();
});

describe('a server with DATABASE_READ_URL on a streaming standby', () => {
  it('says so at start and answers anonymous catalog reads from the standby', async (ctx) => {
    if (why) ctx.skip(why);
    expect(server!.output()).toMatch(/catalog reads may go to 1 standby/);
    const res = await untilStandbyReads();
    expect(res, server!.output()).not.toBeNull();
    // The product page renders too (its catalog reads, cold or warm, on whichever pool is fresh).
    const page = await anonymous().get(PRODUCT);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Tide Pool Mug');
  });

  it('while the standby lags, an edit shows at once: reads after the change go to the primary; the owner reads their own write', async (ctx) => {
    if (why) ctx.skip(why);
    const [{ id }] = await db!.sql<{ id: string }[]>`select id from item where url_id = 'tide-pool-mug'`;
    await onStandby`select pg_wal_replay_pause()`;
    for (let i = 0; i < 100; i++) {
      const [{ state }] = await onStandby<{ state: string }[]>`select pg_get_wal_replay_pause_state() as state`;
      if (state === 'paused') break;
      await sleep(50);
    }
    const owner = await adminVisitor(() => server!.url);
    const form = await (await owner.get(`/config/products/${encodeURIComponent(id)}`)).text();
    const title = `Tide Pool Mug ${run}`;
    const saved = await owner.postForm(
      `/config/products/${encodeURIComponent(id)}`,
      withField(formFields(form, 'product-form'), 'title', title),
    );
    expect(saved.status, (await saved.text()).slice(0, 500)).toBe(303);
    // The standby has not replayed the edit: had the page read it, the page would be old.
    const [old] = await onStandby<{ title: string }[]>`select title from item where id = ${id}`;
    expect(old.title).toBe('Tide Pool Mug');

    const page = await anonymous().get(PRODUCT);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(title);
    expect(statements(page)).toBeGreaterThan(0);
    expect(standbyCount(page)).toBe(0);
    for (let i = 0; i < 3; i++) {
      const res = await freshSearch();
      expect(res.status).toBe(200);
      expect(statements(res)).toBeGreaterThan(0);
      expect(standbyCount(res)).toBe(0);
    }
    // The owner's own request never reads a standby.
    const own = await owner.get(PRODUCT);
    expect(own.status).toBe(200);
    expect(standbyCount(own)).toBe(0);
    expect(await own.text()).toContain(title);

    // Replay resumes: once the standby has replayed past the change, reads go back to it.
    await onStandby`select pg_wal_replay_resume()`;
    expect(await untilStandbyReads(), server!.output()).not.toBeNull();
    const [now] = await onStandby<{ title: string }[]>`select title from item where id = ${id}`;
    expect(now.title).toBe(title);
    expect(await (await anonymous().get(PRODUCT)).text()).toContain(title);
  });

  it('a cart add and a checkout work: writes stay on the primary', async (ctx) => {
    if (why) ctx.skip(why);
    const shopper = anonymous();
    const added = await shopper.json('/api/commerce/shopping-cart/entries', { itemId: BREAD_BAG, quantity: 1 });
    expect(added.status, await added.clone().text()).toBe(200);
    expect(standbyCount(added)).toBe(0);
    expect((await shopper.get('/checkout')).status).toBe(200);
    const placed = await shopper.postForm('/checkout', { cart: 'cart', intent: 'place', ...NEW_YORK });
    expect(placed.status, (await placed.text()).slice(0, 500)).toBe(303);
    expect(standbyCount(placed)).toBe(0);
    const location = placed.headers.get('location')!;
    expect(location).toMatch(/^\/order-confirmed\/[0-9a-f-]{36}$/);
    const confirmed = await shopper.get(location);
    expect(confirmed.status).toBe(200);
    expect(await confirmed.text()).toMatch(/data-order-number>#\d+</);
    const [order] = await db!.sql<{ n: string }[]>`select count(*)::text as n from "order" where id = ${location.split('/').pop()!}`;
    expect(order.n).toBe('1');
  });

  it('a stopped standby costs no page: reads fall back to the primary (logged once), and return when it is back', async (ctx) => {
    if (why) ctx.skip(why);
    expect(await untilStandbyReads(), server!.output()).not.toBeNull();
    standby!.stop();
    const counts: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await freshSearch();
      expect(res.status).toBe(200);
      counts.push(standbyCount(res));
      const page = await anonymous().get(`${PRODUCT}?down=${i}`);
      expect(page.status).toBe(200);
    }
    // The first read may still be sent to it (and fail over); then none are.
    expect(counts.slice(1), counts.join(', ')).toEqual([0, 0, 0, 0]);
    expect(server!.output().match(/standby .* is not answering/g) ?? []).toHaveLength(1);
    await standby!.start();
    expect(await untilStandbyReads(), server!.output()).not.toBeNull();
    expect(server!.output()).toMatch(/standby .* answers again/);
  });
});
