// Read replicas (issue 29 item 6, ADR 0033) through the built server, against a real streaming
// standby of the test PostgreSQL (support/standby.ts): anonymous catalog reads go to the standby;
// while it lags (replay paused) an owner's edit shows at once because the read goes to the primary;
// the owner reads their own write; a cart and a checkout (writes) work; a stopped standby costs no
// page. X-Sql-Standby-Statements (STOREFRONT_COUNT_STATEMENTS=1) says which pool answered.
import { randomBytes } from 'node:crypto';
import type postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { NEW_YORK } from './support/checkout.js';
import { Visitor } from './support/client.js';
import { formFields, withField } from './support/form-fields.js';
import { adminVisitor } from './support/owner.js';
import { startServer, type Started } from './support/spawn-server.js';
import { startStandby, type StandbyServer } from './support/standby.js';
import { testPostgres, throwAwayDatabase, type ThrowAway } from './support/throwaway-postgres.js';
import { scaled } from '../support/time-scale.js';

const PRODUCT = '/shop/p/tide-pool-mug';
const BREAD_BAG = 'itm-linen-bread-bag'; // $26.00, physical
const TEAPOT = '/shop/p/harbour-teapot'; // sold out: its page shows the back-in-stock form
const TEAPOT_FR = '/fr/boutique/p/harbour-teapot'; // the same in French (/boutique is the shop's French slug)
const run = randomBytes(3).toString('hex');

let why: string | null = null;
let db: ThrowAway | undefined;
let standby: StandbyServer | undefined;
let onStandby: postgres.Sql;
let server: Started | undefined;
let searches = 0;

const standbyCount = (res: Response) => Number(res.headers.get('x-sql-standby-statements') ?? NaN);
const statements = (res: Response) => Number(res.headers.get('x-sql-statements') ?? NaN);
const anonymous = () => new Visitor(() => server!.url);
/** A search never made before (on the site at `host`, else the demo): the catalog cannot answer it from its read cache, so it reads. */
const freshSearch = (host?: string) => new Visitor(() => server!.url, host).get(`/search?q=mug${run}${searches++}`);

/** Fresh searches until one is answered by the standby (the last one); fails with the server's output when none is. */
async function untilStandbyReads(host?: string): Promise<Response> {
  const statuses = new Set<number>();
  const res = await vi.waitFor(
    async () => {
      const res = await freshSearch(host);
      statuses.add(res.status);
      await res.arrayBuffer();
      expect(standbyCount(res), `no search read the standby\n${server!.output()}`).toBeGreaterThan(0);
      return res;
    },
    { timeout: scaled(30_000), interval: 50 },
  );
  // Every search is answered, whichever database it read.
  expect([...statuses]).toEqual([200]);
  return res;
}

/** Stops the standby replaying the primary's WAL (it keeps what it has), until `pg_wal_replay_resume()`. */
async function pauseReplay(): Promise<void> {
  await onStandby`select pg_wal_replay_pause()`;
  await vi.waitFor(
    async () => {
      const [{ state }] = await onStandby<{ state: string }[]>`select pg_get_wal_replay_pause_state() as state`;
      expect(state).toBe('paused');
    },
    { timeout: scaled(10_000), interval: 50 },
  );
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
      // A second site is reached by its host name, sent as a proxy would (X-Forwarded-Host).
      TRUST_PROXY: '1',
    },
    '/readyz',
  );
  await vi.waitFor(async () => expect((await fetch(`${server!.url}/readyz`)).status).toBe(200), { timeout: scaled(30_000), interval: 100 });
  onStandby = standby!.sql(name);
}, scaled(120_000));

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
    await untilStandbyReads();
    // The product page renders too (its catalog reads, cold or warm, on whichever pool is fresh).
    const page = await anonymous().get(PRODUCT);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Tide Pool Mug');
  });

  it('while the standby lags, an edit shows at once: reads after the change go to the primary; the owner reads their own write', async (ctx) => {
    if (why) ctx.skip(why);
    const [{ id }] = await db!.sql<{ id: string }[]>`select id from item where url_id = 'tide-pool-mug'`;
    await pauseReplay();
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
    await untilStandbyReads();
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

  // Issue 29: the storefront's other cached reads take the catalog's path (ADR 0033). Each case
  // but the last runs with replay paused: the owner's edit must show at the visitor's next load,
  // so the read after the change goes to the primary (the standby, checked, has not replayed it).
  // The last resumes replay and shows that these reads do go to the standby once it has caught up.
  describe('the other storefront reads: languages, access rules, experiments, tweaks, restock extras', () => {
    let owner: Visitor;
    let websiteId = '';
    let experimentId = '';
    const EXPERIMENT = `replica_${run}`;
    const LIST = `Replica list ${run}`;
    const variantShown = (html: string) => /<p id="exp-branch">([^<]*)<\/p>/.exec(html)?.[1] ?? null;
    const experiments = (fields: Record<string, string>) => owner.postForm('/config/experiments', fields);
    const languages = (codes: string[]) =>
      owner.json('/api/multilingual/languages', { languages: codes.map((code, i) => ({ code, isDefault: i === 0 })) }, 'PUT');
    const popupOn = () =>
      owner.postForm('/config/tweaks/popup-overlay', {
        enabled: 'on',
        title: `Join us ${run}`,
        text: 'News from the studio.',
        position: 'bottom-right',
        trigger: 'scroll',
        delaySeconds: '3',
        scrollPercent: '40',
        formId: 'form-contact',
        closeLabel: 'No thanks',
      });

    beforeAll(async () => {
      if (why) return;
      owner = await adminVisitor(() => server!.url);
      [{ websiteId }] = await db!.sql<{ websiteId: string }[]>`select website_id as "websiteId" from collection where id = 'col-about'`;
      // The product template shows the visitor's variant of a draft experiment (b for everyone once started).
      const preview = (await (await owner.get('/config/theme/preview?page=product')).json()) as {
        sources: { pages: Record<string, string> };
      };
      const branch = `<p id="exp-branch">{.equal? experiments.${EXPERIMENT} "b"}Variant B{.or}Variant A{.end}</p>`;
      const saved = await owner.postForm('/config/theme/edit/product', {
        intent: 'save',
        source: branch + preview.sources.pages.product,
        note: '',
      });
      expect(saved.status).toBe(303);
      const version = /\?saved=(\d+)$/.exec(saved.headers.get('location') ?? '')![1];
      expect((await owner.postForm('/config/theme', { intent: 'publish', version })).status).toBeLessThan(400);
      expect(
        (await experiments({ intent: 'create', name: EXPERIMENT, variant0: 'a', weight0: '0', variant1: 'b', weight1: '1' })).status,
      ).toBe(200);
      [{ experimentId }] = await db!.sql<
        { experimentId: string }[]
      >`select id as "experimentId" from experiment where name = ${EXPERIMENT}`;
      // The demo's mailing list goes (plain SQL, announced as an owner's edit is), so one can be created below.
      await db!.sql`delete from mailing_list where website_id = ${websiteId}`;
      await db!.sql`select pg_notify('storefront_catalog', ${websiteId})`;
      await pauseReplay();
    }, scaled(60_000));

    afterAll(async () => {
      if (!why) await onStandby`select pg_wal_replay_resume()`;
    });

    it('languages: a language added is served at once, and one removed is gone at once', async (ctx) => {
      if (why) ctx.skip(why);
      expect((await anonymous().get('/de/shop/p/tide-pool-mug')).status).toBe(404);
      expect((await languages(['en', 'fr', 'de'])).status).toBe(200);
      const [none] = await onStandby<{ n: number }[]>`select count(*)::int as n from website_language where code = 'de'`;
      expect(none.n).toBe(0);
      const de = await anonymous().get('/de/shop/p/tide-pool-mug');
      expect(de.status).toBe(200);
      expect(await de.text()).toContain('<html lang="de"');
      expect(standbyCount(de)).toBe(0);
      expect((await languages(['en', 'fr'])).status).toBe(200);
      expect((await anonymous().get('/de/shop/p/tide-pool-mug')).status).toBe(404);
    });

    it('translations: a French title saved shows at once', async (ctx) => {
      if (why) ctx.skip(why);
      const title = `Serviettes ${run}`;
      const saved = await owner.postForm('/config/products/itm-linen-napkins/translations/fr', { title, excerpt: '', body: '' });
      expect(saved.status).toBe(303);
      const [old] = await onStandby<{ n: number }[]>`select count(*)::int as n from item_translation where title = ${title}`;
      expect(old.n).toBe(0);
      const fr = await anonymous().get('/fr/boutique/p/linen-napkins');
      expect(fr.status).toBe(200);
      expect(await fr.text()).toContain(title);
    });

    it('access rules: a lock, its new password and its removal apply at once; an opened lock stays open for its own password only', async (ctx) => {
      if (why) ctx.skip(why);
      const rule = (fields: Record<string, string>) => owner.postForm('/config/pages/col-about/access', fields);
      expect((await rule({ kind: 'password', password: `first-${run}` })).status).toBe(303);
      const [none] = await onStandby<{ n: number }[]>`select count(*)::int as n from page_access where collection_id = 'col-about'`;
      expect(none.n).toBe(0);
      const v = anonymous();
      expect((await v.get('/about')).status).toBe(403);
      const opened = await v.postForm('/page-access', {
        intent: 'unlock',
        scope: 'col-about',
        password: `first-${run}`,
        redirectTo: '/about',
      });
      expect(opened.status).toBe(303);
      expect((await v.get('/about')).status).toBe(200);
      // A new password closes the page to the sessions that opened the old one.
      expect((await rule({ kind: 'password', password: `second-${run}` })).status).toBe(303);
      expect((await v.get('/about')).status).toBe(403);
      expect((await rule({ kind: 'public' })).status).toBe(303);
      expect((await anonymous().get('/about')).status).toBe(200);
    });

    it('experiments: one started shows its variant at once, and stopped, the default', async (ctx) => {
      if (why) ctx.skip(why);
      expect(variantShown(await (await anonymous().get(PRODUCT)).text())).toBe('Variant A');
      expect((await experiments({ intent: 'start', id: experimentId })).status).toBe(200);
      const [draft] = await onStandby<{ status: string }[]>`select status from experiment where id = ${experimentId}`;
      expect(draft?.status ?? 'not replayed').not.toBe('ACTIVE');
      expect(variantShown(await (await anonymous().get(PRODUCT)).text())).toBe('Variant B');
      expect((await experiments({ intent: 'stop', id: experimentId })).status).toBe(200);
      expect(variantShown(await (await anonymous().get(PRODUCT)).text())).toBe('Variant A');
    });

    it('tweaks: the popup switched on shows at once, with its form', async (ctx) => {
      if (why) ctx.skip(why);
      expect(await (await anonymous().get('/shop')).text()).not.toContain('class="site-popup"');
      expect((await popupOn()).status).toBe(303);
      const [none] = await onStandby<{ n: number }[]>`
        select count(*)::int as n from site_tweak where type = 'popup-overlay' and settings->>'title' = ${`Join us ${run}`}`;
      expect(none.n).toBe(0);
      const html = await (await anonymous().get('/shop')).text();
      expect(html).toContain('class="site-popup"');
      expect(html).toContain(`Join us ${run}`);
      expect(html).toContain('name="email');
    });

    it('restock extras: a mailing list created adds the join box to the back-in-stock form at once', async (ctx) => {
      if (why) ctx.skip(why);
      const before = await (await anonymous().get(TEAPOT)).text();
      expect(before).toContain('product-restock-notification');
      expect(before).not.toContain('name="isJoinMailingList"');
      expect((await owner.postForm('/config/forms/form-contact', { intent: 'create-list', listName: LIST })).status).toBe(303);
      const [none] = await onStandby<{ n: number }[]>`select count(*)::int as n from mailing_list where name = ${LIST}`;
      expect(none.n).toBe(0);
      expect(await (await anonymous().get(TEAPOT)).text()).toContain('name="isJoinMailingList"');
    });

    it('once replay resumes and the standby has caught up, an anonymous page reads all of these there', async (ctx) => {
      if (why) ctx.skip(why);
      await onStandby`select pg_wal_replay_resume()`;
      // Another site to wait on: its searches show when the router has seen the standby past the
      // last change, without warming any of the demo's cached reads. (Its own owner session:
      // making a site makes it the one that session edits.)
      const maker = await adminVisitor(() => server!.url);
      expect((await maker.postForm('/config/sites/new', { name: `Replica ${run}`, theme: 'store' })).status).toBe(303);
      const other = (await (await maker.get('/config/site?created=1')).text()).match(/<td>([a-z0-9-]+\.localhost)/)![1];
      expect((await experiments({ intent: 'start', id: experimentId })).status).toBe(200);
      // Last, a change whose answer reads none of the demo's cached reads (the owner's screens
      // would fill them from the primary); then a request that only resolves the demo's host (the
      // owner's API refusing a visitor).
      expect((await languages(['en', 'fr'])).status).toBe(200);
      await (await anonymous().get('/api/v1/commerce-preferences/replica')).arrayBuffer();
      await untilStandbyReads(other);

      const page = await anonymous().get(TEAPOT_FR);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain('<html lang="fr"');
      expect(html).toContain('<p id="exp-branch">Variant B</p>');
      expect(html).toContain('class="site-popup"');
      expect(html).toContain('name="isJoinMailingList"');
      expect(statements(page)).toBeGreaterThan(0);
      expect(standbyCount(page), `${standbyCount(page)} of ${statements(page)} statements on the standby`).toBe(statements(page));
    });
  });

  it('a stopped standby costs no page: reads fall back to the primary (logged once), and return when it is back', async (ctx) => {
    if (why) ctx.skip(why);
    await untilStandbyReads();
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
    await untilStandbyReads();
    expect(server!.output()).toMatch(/standby .* answers again/);
  });
});
