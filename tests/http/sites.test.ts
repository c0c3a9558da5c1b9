// Two sites on one server (issue 11), driven over HTTP: each host shows its own site, and no
// product, cart, order or setting crosses between them; unknown hosts reach no site; a journal
// site has no shop; an unpublished site shows visitors a notice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSite } from '../../app/sites/create.server.js';
import { setSitePublished, updateSiteSettings } from '../../app/sites/manage.server.js';
import { Visitor } from './support/client.js';
import { OwnStore } from './support/own-store.js';

const store = new OwnStore({ TRUST_PROXY: '1' });
let harbour = { websiteId: '', host: '' };
let journal = { websiteId: '', host: '' };
const at = (host?: string) => new Visitor(() => store.url(), host);

beforeAll(async () => {
  await store.start();
  await store.change(async (sql) => {
    harbour = await createSite(sql, { name: 'Harbour Goods', theme: 'store' });
    journal = await createSite(sql, { name: 'Field Notes', theme: 'journal' });
    const hidden = await createSite(sql, { name: 'Not Yet', theme: 'journal' });
    await setSitePublished(sql, hidden.websiteId, false);
    // The second store's mug is its own row: a title and a price of its own, in euros.
    await sql`update item set title = 'Harbour Mug' where id = ${harbour.websiteId + '-itm-tide-pool-mug'}`;
    await updateSiteSettings(sql, harbour.websiteId, { currency: 'EUR' });
  });
}, 240_000);
afterAll(async () => {
  await store.dispose();
});

const MUG = '/shop/p/tide-pool-mug';

describe('sites by host', () => {
  it('shows each site on its own host, and no site on an unknown one', async () => {
    const demo = await at().get(MUG);
    expect(demo.status).toBe(200);
    const demoHtml = await demo.text();
    expect(demoHtml).toContain('Tide Pool Mug');
    expect(demoHtml).not.toContain('Harbour Mug');
    expect(demoHtml).toContain('$');

    const other = await at(harbour.host).get(MUG);
    expect(other.status).toBe(200);
    const otherHtml = await other.text();
    expect(otherHtml).toContain('Harbour Mug');
    expect(otherHtml).toContain('€');
    expect(otherHtml).toContain('<title>Harbour Mug — Harbour Goods</title>');

    const nowhere = await at('nobody.localhost').get('/');
    expect(nowhere.status).toBe(404);
    const text = await nowhere.text();
    expect(text).toContain('No site here');
    expect(text).not.toContain('Saltgrass');
    // Liveness answers whatever the host.
    expect((await at('nobody.localhost').get('/healthz')).status).toBe(200);
  });

  it('keeps carts to the site they were made on', async () => {
    const shopper = at(harbour.host);
    const ownMug = { itemId: `${harbour.websiteId}-itm-tide-pool-mug`, sku: 'SG-TPM-01', quantity: 1 };
    // The demo site's product id means nothing on the other site.
    const foreign = await shopper.json('/api/commerce/shopping-cart/entries', {
      itemId: 'itm-tide-pool-mug',
      sku: 'SG-TPM-01',
      quantity: 1,
    });
    expect(foreign.status).toBe(404);
    const added = await shopper.json('/api/commerce/shopping-cart/entries', ownMug);
    expect(added.status, await added.clone().text()).toBe(200);
    const cart = await (await shopper.get('/api/commerce/shopping-cart')).json();
    expect(cart.websiteId).toBe(harbour.websiteId);
    expect(cart.entries.map((e: { itemId: string }) => e.itemId)).toEqual([ownMug.itemId]);

    // The same session cookie on the demo site (a browser would not even send it): no cart there.
    const sameCookies = at();
    for (const [k, v] of shopper.cookies) sameCookies.cookies.set(k, v);
    const there = await (await sameCookies.get('/api/commerce/shopping-cart')).json();
    expect(there.websiteId).toBe('saltgrass');
    expect(there.entries ?? []).toEqual([]);
    const page = await (await sameCookies.get('/cart')).text();
    expect(page).not.toContain('Harbour Mug');
  });

  it('keeps orders to the site they were placed on', async () => {
    const shopper = at(harbour.host);
    const added = await shopper.json('/api/commerce/shopping-cart/entries', {
      itemId: `${harbour.websiteId}-itm-wave-quilt-pattern`,
      quantity: 1,
    });
    expect(added.status, await added.clone().text()).toBe(200);
    const placed = await shopper.postForm('/checkout', { cart: 'cart', intent: 'place', email: 'ada@example.com' });
    expect(placed.status).toBe(303);
    const location = placed.headers.get('location')!;
    expect(location).toMatch(/^\/order-confirmed\/[0-9a-f-]{36}$/);
    const mine = await shopper.get(location);
    expect(mine.status).toBe(200);
    const html = await mine.text();
    // Each store numbers its own orders from #1001.
    expect(html).toContain('#1001');
    // The same order on the demo site, even with the buyer's cookies: not found.
    const elsewhere = at();
    for (const [k, v] of shopper.cookies) elsewhere.cookies.set(k, v);
    expect((await elsewhere.get(location)).status).toBe(404);
  });

  it('serves each site its own sitemap, on its own origin', async () => {
    const xml = await (await at(harbour.host).get('/sitemap.xml')).text();
    expect(xml).toContain(`<loc>http://${harbour.host}:`);
    expect(xml).not.toContain('<loc>http://localhost:3000');
    const demo = await (await at().get('/sitemap.xml')).text();
    expect(demo).not.toContain(harbour.host);
  });

  it('gives a journal site pages and no shop', async () => {
    const home = await at(journal.host).get('/');
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('Field Notes');
    expect((await at(journal.host).get('/notes')).status).toBe(200);
    expect((await at(journal.host).get('/shop')).status).toBe(404);
    expect((await at(journal.host).get('/cart')).status).toBe(404);
  });

  it('shows visitors of an unpublished site a notice instead of the site', async () => {
    const res = await at('not-yet.localhost').get('/');
    expect(res.status).toBe(403);
    expect(await res.text()).toContain('not published');
  });
});
