// A store collection's sort (issue 33, migration 0051), through a built server of the test's own (the
// choice changes /shop for every test sharing a server): Manual keeps the seed's order with a new
// product last; Newest first puts a new product first on /shop, its pages and its JSON, and takes
// Move up / Move down away. The choice is a form post on /config/products without JavaScript: a
// cross-site post, a role that may only read products, a bad value and an unknown collection are
// refused and change nothing. The drag list's post (intent place) puts a product before or after
// another of its Manual collection, and refuses what it cannot place.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Visitor } from './support/client.js';
import { adminVisitor, visitorWithRole } from './support/owner.js';
import { OwnStore } from './support/own-store.js';
import { createProduct, SHOP } from './support/product-form.js';
import { scaled } from '../support/time-scale.js';

const tag = () => randomBytes(3).toString('hex');
/** A page's HTML without React's text separators (`a<!-- --> b`). */
const textOf = async (res: Response) => (await res.text()).replace(/<!-- -->/g, '');

const store = new OwnStore({ TRUST_PROXY: '1' });
let admin: Visitor;
beforeAll(async () => {
  await store.start();
  admin = await adminVisitor(() => store.url());
}, scaled(240_000));
afterAll(async () => {
  await store.dispose();
});

const shopper = () => new Visitor(() => store.url());

/** The card titles of a listing's HTML, in order. */
const cardTitles = (html: string) => [...html.matchAll(/<h3 class="card-title">([^<]*)<\/h3>/g)].map((m) => m[1]);

/** The titles /shop lists, page by page, following its rel="next" links. */
async function shopTitles(): Promise<string[][]> {
  const pages: string[][] = [];
  let path: string | null = '/shop';
  while (path !== null && pages.length < 50) {
    const res = await shopper().get(path);
    expect(res.status).toBe(200);
    const html = await res.text();
    pages.push(cardTitles(html));
    path = /<a class="page-step" rel="next" href="([^"]+)"/.exec(html)?.[1].replace(/&amp;/g, '&') ?? null;
  }
  return pages;
}

const setSort = (v: Visitor, sort: string, collectionId = SHOP, headers: Record<string, string> = {}) =>
  v.postForm('/config/products?index', { intent: 'sort', collectionId, sort }, headers);

describe("a store collection's sort", () => {
  it('is Manual by default: the seed order stays and a new product goes last', async () => {
    const before = await shopTitles();
    const list = await textOf(await admin.get('/config/products'));
    expect(list).toMatch(/<label for="sort-col-shop">How the shop sorts [^<]+<\/label><select id="sort-col-shop" name="sort">/);
    expect(list).toMatch(/<option value="manual" selected="">Manual<\/option>/);
    const title = `Avocet Jar ${tag()}`;
    await createProduct(admin, title);
    const after = await shopTitles();
    expect(after[0]).toEqual(before[0]);
    expect(after.flat().at(-1)).toBe(title);
  });

  it('Newest first puts a new product first on /shop, in its HTML, JSON and pages; Manual brings the hand-set order back', async () => {
    const manual = (await shopTitles()).flat();
    const saved = await setSort(admin, 'newest');
    expect(saved.status).toBe(303);
    expect(saved.headers.get('location')).toBe(`/config/products?sorted=${SHOP}`);
    const back = await textOf(await admin.get(saved.headers.get('location') ?? ''));
    expect(back).toMatch(/is now sorted: Newest first\./);
    expect(back).toMatch(/<option value="newest" selected="">Newest first<\/option>/);
    // No Move buttons in a collection sorted newest first: its rows say how it is sorted.
    expect(back).not.toContain('Move up');

    // Products made in the same moment (the seed's) keep their manual order among themselves.
    const older = `Dunlin Cup ${tag()}`;
    const newer = `Sanderling Bowl ${tag()}`;
    await createProduct(admin, older);
    await createProduct(admin, newer);
    const pages = await shopTitles();
    expect(pages[0].slice(0, 2)).toEqual([newer, older]);
    // The pages neither repeat nor lose a product.
    const all = pages.flat();
    expect(new Set(all).size).toBe(all.length);
    expect(all.length).toBe(manual.length + 2);
    // The page's data as JSON (Remix's ?_data, what a client-side navigation reads) is the same page.
    const data = await shopper().get('/shop?_data=routes%2F%24');
    expect(data.headers.get('content-type')).toMatch(/^application\/json/);
    expect(cardTitles(((await data.json()) as { html: string }).html).slice(0, 2)).toEqual([newer, older]);

    // A move has nothing to change here: refused with what to do, nothing moved.
    const id = await createProduct(admin, `Knot Dish ${tag()}`);
    const move = await admin.postForm('/config/products?index', { intent: 'down', id });
    expect(move.status).toBe(409);
    expect(await textOf(move)).toMatch(/lists the newest products first\. Choose Manual for it to set the order by hand/);

    // Back to Manual: the order the owner had, the new products last (in the order they came).
    expect((await setSort(admin, 'manual')).status).toBe(303);
    const again = (await shopTitles()).flat();
    expect(again.slice(0, manual.length)).toEqual(manual);
    expect(again.slice(manual.length, manual.length + 2)).toEqual([older, newer]);
  });

  it('refuses a bad value, an unknown collection, a cross-site post and a role that may only read products', async () => {
    const before = await shopTitles();
    const bad = await setSort(admin, 'sideways');
    expect(bad.status).toBe(400);
    const page = await textOf(bad);
    expect(page).toContain('Choose how the shop sorts this collection: Manual or Newest first.');
    // The form is drawn again, with the choices.
    expect(page).toContain('<select id="sort-col-shop" name="sort" aria-invalid="true">');
    const unknown = await setSort(admin, 'newest', 'no-such-collection');
    expect(unknown.status).toBe(404);
    expect(await textOf(unknown)).toContain('There is no such store collection on this site.');

    const cross = await setSort(admin, 'newest', SHOP, { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' });
    expect(cross.status).toBe(403);

    const { visitor: viewer } = await visitorWithRole(admin, 10, { base: () => store.url(), dataDir: store.dataDir });
    expect((await setSort(viewer, 'newest')).status).toBe(403);
    const readOnly = await textOf(await viewer.get('/config/products'));
    expect(readOnly).not.toContain('Save sort');
    expect(readOnly).toMatch(/: Manual<\/p>/);

    expect(await shopTitles()).toEqual(before);
    expect(await textOf(await admin.get('/config/products'))).toMatch(/<option value="manual" selected="">Manual<\/option>/);
  });

  it("places a product before or after another (the drag list's post, intent place); refuses what it cannot place", async () => {
    const a = await createProduct(admin, `Gadwall Cup ${tag()}`);
    const b = await createProduct(admin, `Teal Cup ${tag()}`);
    const before = (await shopTitles()).flat();
    const [ta, tb] = before.slice(-2);
    // As the list's fetcher posts it: Remix's data request, answered with JSON.
    const placed = await admin.postForm(`/config/products?index&_data=${encodeURIComponent('routes/config.products._index')}`, {
      intent: 'place',
      id: b,
      target: a,
      position: 'before',
    });
    expect(placed.status).toBe(200);
    expect(await placed.json()).toEqual({ placed: true });
    expect((await shopTitles()).flat().slice(-2)).toEqual([tb, ta]);
    expect((await admin.postForm('/config/products?index', { intent: 'place', id: b, target: a, position: 'after' })).status).toBe(200);
    expect((await shopTitles()).flat().slice(-2)).toEqual([ta, tb]);

    // Bad input: a position that is none, itself, a product of another collection, an unknown product.
    const place = (fields: Record<string, string>) => admin.postForm('/config/products?index', { intent: 'place', ...fields });
    expect((await place({ id: b, target: a, position: 'on' })).status).toBe(400);
    const self = await place({ id: b, target: b, position: 'before' });
    expect(self.status).toBe(400);
    expect(await textOf(self)).toContain('A product can only be placed next to another product of its collection.');
    expect((await place({ id: b, target: 'itm-wheel-throwing-taster', position: 'before' })).status).toBe(400);
    expect((await place({ id: 'no-such-product', target: a, position: 'before' })).status).toBe(404);
    // A collection sorted newest first has no hand-set order to change.
    expect((await setSort(admin, 'newest')).status).toBe(303);
    const newest = await place({ id: b, target: a, position: 'before' });
    expect(newest.status).toBe(409);
    expect((await setSort(admin, 'manual')).status).toBe(303);
    expect((await shopTitles()).flat().slice(-2)).toEqual([ta, tb]);
  });
});
