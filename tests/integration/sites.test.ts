// Sites on PGlite and PostgreSQL (issue 11): hosts resolve through the domain table, new sites are
// made whole or not at all, custom domains route only once verified, and owners' site changes
// (name, currency, publishing, a store, deletion) reach the resolver at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalog } from '../../app/catalog/catalog.server.js';
import { createCartStore } from '../../app/commerce/cart.server.js';
import { createSite } from '../../app/sites/create.server.js';
import {
  addCustomDomain,
  createSiteResolver,
  DomainError,
  listDomains,
  removeDomain,
  setPrimaryDomain,
  verifyCustomDomain,
  type SiteResolver,
} from '../../app/sites/domains.server.js';
import { deleteSite, setSitePublished, SiteError, updateSiteSettings } from '../../app/sites/manage.server.js';
import { addStore } from '../../app/sites/store.server.js';
import type { Db } from '../../db/client.server.js';
import { targets } from './support/databases.js';
import { ACCESS_PAGES } from '../../db/seed/access.js';

describe.each(targets)('sites on $name', (target) => {
  let db: Db;
  let sites: SiteResolver;
  beforeAll(async () => {
    db = await target.open();
    sites = createSiteResolver(db.sql);
  });
  afterAll(async () => {
    await db?.close();
  });

  it('serves the demo site on the local names, with any port, and no site on an unknown host', async () => {
    for (const host of ['localhost', 'localhost:3000', '127.0.0.1:49152', '[::1]:3000', 'LOCALHOST.']) {
      expect(await sites.siteForHost(host), host).toEqual({ id: 'saltgrass', published: true });
    }
    for (const host of ['shop.example', 'evil.localhost', '', 'bad host', '127.0.0.1:x']) {
      expect(await sites.siteForHost(host), host).toBeNull();
    }
  });

  it('creates a site from the store theme in one go, with its own rows and a temporary domain', async () => {
    const made = await createSite(db.sql, { name: 'Harbour Goods', theme: 'store' });
    expect(made.host).toBe('harbour-goods.localhost');
    expect(await sites.siteForHost('harbour-goods.localhost:3000')).toEqual({ id: made.websiteId, published: true });

    const count = (table: string, id: string) =>
      db.sql<{ n: number }[]>`select count(*)::int as n from ${db.sql(table)} where website_id = ${id}`.then((r) => r[0].n);
    for (const table of ['theme_template', 'collection', 'navigation']) {
      // The demo alone has the locked and member pages of issue 16 (db/seed/access.ts).
      const demoOnly = table === 'collection' ? ACCESS_PAGES.length : 0;
      expect(await count(table, made.websiteId), table).toBe((await count(table, 'saltgrass')) - demoOnly);
    }
    // The same catalog, none of it shared: the new site's mug is its own row.
    const mine = createCatalog(db.sql, { websiteId: made.websiteId });
    const demo = createCatalog(db.sql, { websiteId: 'saltgrass' });
    const a = await mine.resolvePath('/shop/p/tide-pool-mug');
    const b = await demo.resolvePath('/shop/p/tide-pool-mug');
    expect(a.kind === 'product' && b.kind === 'product' && a.item.id !== b.item.id).toBe(true);
    expect((await mine.loadSite()).website.siteTitle).toBe('Harbour Goods');

    // A second site of the same name gets the next free name.
    const again = await createSite(db.sql, { name: 'Harbour Goods', theme: 'store' });
    expect(again.host).toBe('harbour-goods-2.localhost');
  });

  it('creates a journal site from the second theme: pages and menus, no shop', async () => {
    const made = await createSite(db.sql, { name: 'Field Notes', theme: 'journal' });
    const catalog = createCatalog(db.sql, { websiteId: made.websiteId });
    const site = await catalog.loadSite();
    expect(site.website.siteTitle).toBe('Field Notes');
    expect(Object.keys(site.templates.pages).sort()).toEqual([
      'blog',
      'error',
      'event',
      'events',
      'gallery',
      'home',
      'not-found',
      'page',
      'post',
      'search',
    ]);
    expect(site.navigation.mainNavigation.length).toBeGreaterThan(0);
    const home = await catalog.resolvePath('/');
    expect(home.kind === 'home' && home.collection?.urlId).toBe('home');
    expect(home.kind === 'home' && home.items).toEqual([]);
    expect((await catalog.resolvePath('/notes')).kind).toBe('page');
    expect((await catalog.resolvePath('/shop')).kind).toBe('not-found');
    const [{ n }] = await db.sql<{ n: number }[]>`
      select count(*)::int as n from item i join product p on p.item_id = i.id join collection c on c.id = i.collection_id
       where c.website_id = ${made.websiteId}`;
    expect(n).toBe(0);
    // Its readings and workshops (issue 13) come with it.
    const events = await catalog.resolvePath('/events');
    expect(events.kind === 'events' && [...events.upcoming, ...events.past].length).toBe(3);
  });

  it('leaves nothing behind when creation fails half way', async () => {
    const before = await db.sql<{ n: number }[]>`select (select count(*) from website)::int + (select count(*) from collection)::int as n`;
    // A trigger that fails the insert of the navigation, the last table written.
    await db.sql.unsafe(`
      create or replace function fail_nav() returns trigger language plpgsql as $$ begin raise exception 'disk full'; end $$;
      create trigger fail_nav before insert on navigation for each row execute function fail_nav();`);
    try {
      await expect(createSite(db.sql, { name: 'Half Made', theme: 'store' })).rejects.toThrow(/disk full/);
    } finally {
      await db.sql.unsafe(`drop trigger fail_nav on navigation; drop function fail_nav();`);
    }
    const after = await db.sql<{ n: number }[]>`select (select count(*) from website)::int + (select count(*) from collection)::int as n`;
    expect(after[0].n).toBe(before[0].n);
    expect(await sites.siteForHost('half-made.localhost')).toBeNull();
  });

  it('refuses bad input to site creation with the reason', async () => {
    await expect(createSite(db.sql, { name: '  ', theme: 'store' })).rejects.toThrow('Enter a name for the site.');
    await expect(createSite(db.sql, { name: 'X', theme: 'nope' as 'store' })).rejects.toThrow('Choose a starting theme.');
  });

  it('routes a custom domain only once the owner serves its token', async () => {
    const site = await createSite(db.sql, { name: 'Tidal Prints', theme: 'store' });
    const { host, token } = await addCustomDomain(db.sql, site.websiteId, 'Shop.Tidal-Prints.example');
    expect(host).toBe('shop.tidal-prints.example');
    expect(await sites.siteForHost(host)).toBeNull();
    // Another site may claim it too (a claim blocks nobody: each has its own token), and a local
    // name is not a custom domain.
    const rival = await addCustomDomain(db.sql, 'saltgrass', host);
    expect(rival.token).not.toBe(token);
    await expect(addCustomDomain(db.sql, site.websiteId, 'other.localhost')).rejects.toBeInstanceOf(DomainError);
    await expect(addCustomDomain(db.sql, site.websiteId, '10.0.0.1')).rejects.toMatchObject({ status: 400 });

    await expect(verifyCustomDomain(db.sql, site.websiteId, host, async () => 'something else')).rejects.toThrow(
      /does not serve the verification token/,
    );
    expect(await sites.siteForHost(host)).toBeNull();
    await verifyCustomDomain(db.sql, site.websiteId, host, async (h) => (h === host ? token : null));
    expect(await sites.siteForHost(host)).toEqual({ id: site.websiteId, published: true });
    // Proven: the rival's claim is gone, and the domain is no longer free to claim.
    expect((await listDomains(db.sql, 'saltgrass')).map((d) => d.host)).not.toContain(host);
    await expect(addCustomDomain(db.sql, 'saltgrass', host)).rejects.toMatchObject({ status: 409 });

    await setPrimaryDomain(db.sql, site.websiteId, host);
    expect((await db.sql`select base_url from website where id = ${site.websiteId}`)[0].base_url).toBe(`https://${host}`);
    expect((await listDomains(db.sql, site.websiteId)).map((d) => [d.host, d.isPrimary])).toEqual([
      [host, true],
      ['tidal-prints.localhost', false],
    ]);
    await removeDomain(db.sql, site.websiteId, host);
    expect(await sites.siteForHost(host)).toBeNull();
    expect((await listDomains(db.sql, site.websiteId)).map((d) => [d.host, d.isPrimary])).toEqual([['tidal-prints.localhost', true]]);
    // The temporary domain is the site's origin again.
    expect((await db.sql`select base_url from website where id = ${site.websiteId}`)[0].base_url).toMatch(
      /^http:\/\/tidal-prints\.localhost(:\d+)?$/,
    );
  });

  it('renames, sets currency and locale, unpublishes and deletes a site after its name is typed', async () => {
    const site = await createSite(db.sql, { name: 'Marsh Linen', theme: 'store' });
    await updateSiteSettings(db.sql, site.websiteId, { name: 'Marsh Linen Co.', currency: 'EUR', locale: 'fr-CA' });
    const [row] = await db.sql`select title, currency, locale from website where id = ${site.websiteId}`;
    expect(row).toEqual({ title: 'Marsh Linen Co.', currency: 'EUR', locale: 'fr-CA' });
    await expect(updateSiteSettings(db.sql, site.websiteId, { currency: 'XXX' as 'EUR' })).rejects.toThrow(/supported currencies/);

    expect(await sites.siteForHost(site.host)).toEqual({ id: site.websiteId, published: true });
    await setSitePublished(db.sql, site.websiteId, false);
    expect(await sites.siteForHost(site.host)).toEqual({ id: site.websiteId, published: false });

    // Its shoppers' carts and orders go with it.
    const cart = createCartStore(db.sql, { websiteId: site.websiteId });
    const added = await cart.addToCart(null, { itemId: `${site.websiteId}-itm-tide-pool-mug`, sku: 'SG-TPM-01', quantity: 1 });
    expect(added.ok).toBe(true);
    await expect(deleteSite(db.sql, site.websiteId, 'Marsh Linen')).rejects.toBeInstanceOf(SiteError);
    await deleteSite(db.sql, site.websiteId, 'Marsh Linen Co.');
    expect(await sites.siteForHost(site.host)).toBeNull();
    const [{ n }] = await db.sql<{ n: number }[]>`select count(*)::int as n from cart where website_id = ${site.websiteId}`;
    expect(n).toBe(0);
    // The demo site is untouched.
    expect(await sites.siteForHost('localhost')).toEqual({ id: 'saltgrass', published: true });
  });

  it('adds a store to a site: the collection, its root category, then the navigation link', async () => {
    const site = await createSite(db.sql, { name: 'Quiet Shop', theme: 'store' });
    const store = await addStore(db.sql, site.websiteId, { title: 'Prints', urlId: 'prints' });
    const [cat] = await db.sql`select display_name, parent_category_id, type, page_rendering, display_index
                                 from product_category where id = ${store.categoryId}`;
    expect(cat).toEqual({ display_name: 'Prints', parent_category_id: null, type: 'ROOT', page_rendering: 'LIST_VIEW', display_index: 1 });
    const [nav] = await db.sql<{ items: { url: string }[] }[]>`
      select items from navigation where website_id = ${site.websiteId} and name = 'mainNavigation'`;
    expect(nav.items.at(-1)).toMatchObject({ title: 'Prints', url: '/prints' });
    const catalog = createCatalog(db.sql, { websiteId: site.websiteId });
    expect((await catalog.resolvePath('/prints')).kind).toBe('products');
    await expect(addStore(db.sql, site.websiteId, { title: 'Prints', urlId: 'prints' })).rejects.toMatchObject({ status: 409 });
  });
});
