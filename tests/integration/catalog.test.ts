// Catalog queries on the seeded demo store: the site, what each URL shows (with pagination), and
// full-text search over products and pages. On PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalog, type Catalog } from '../../app/catalog/catalog.server.js';
import type { Db } from '../../db/client.server.js';
import { targets } from './support/databases.js';

describe.each(targets)('catalog on $name', (target) => {
  let db: Db;
  let catalog: Catalog;
  beforeAll(async () => {
    db = await target.open();
    catalog = createCatalog(db.sql);
  });
  afterAll(async () => {
    await db?.close();
  });

  it('loads the site: website, settings, navigation and the theme', async () => {
    const site = await catalog.loadSite();
    expect(site.website).toMatchObject({ id: 'saltgrass', siteTitle: 'Saltgrass Studio', currency: 'USD', locale: 'en-US', baseUrl: '' });
    expect(site.settings).toMatchObject({ featureFlags: { useCLDRMoneyFormat: true }, productsPerPage: 12 });
    expect(site.navigation.mainNavigation.map((n) => n.url)).toEqual(['/shop', '/workshops', '/journal', '/events', '/about', '/contact']);
    expect(site.navigation.footerNavigation.length).toBeGreaterThan(0);
    expect(site.templates.layout).toContain('{mainContent}');
    expect(Object.keys(site.templates.pages).sort()).toEqual([
      'blog',
      'cart',
      'checkout',
      'error',
      'event',
      'events',
      'gallery',
      'home',
      'not-found',
      'order-confirmed',
      'page',
      'post',
      'product',
      'products',
      'search',
    ]);
    expect(site.templates.partials['product-card']).toContain('product-price');
  });

  it('resolves the home page with its hero collection and starred products', async () => {
    const r = await catalog.resolvePath('/');
    expect(r.kind).toBe('home');
    if (r.kind !== 'home') return;
    expect(r.collection?.urlId).toBe('home');
    expect(r.items.length).toBeGreaterThanOrEqual(4);
    expect(r.items.every((p) => p.starred)).toBe(true);
    expect((await catalog.resolvePath('/home')).kind).toBe('home');
  });

  it('resolves a content page', async () => {
    const r = await catalog.resolvePath('/about');
    expect(r.kind).toBe('page');
    if (r.kind !== 'page') return;
    expect(r.collection).toMatchObject({ urlId: 'about', typeName: 'page', type: 10, fullUrl: '/about' });
    expect(r.collection.body).toContain('<h2>How we work</h2>');
    expect((await catalog.resolvePath('/about/')).kind).toBe('page');
  });

  it('resolves a listing page by page, and refuses pages past the end', async () => {
    const first = await catalog.resolvePath('/shop');
    expect(first.kind).toBe('products');
    if (first.kind !== 'products') return;
    const { pagination } = first;
    expect(pagination).toMatchObject({ page: 1, pageSize: 12, prevPageUrl: null, nextPageUrl: '/shop?page=2' });
    expect(pagination.total).toBe(30);
    expect(pagination.pageCount).toBe(3);
    expect(first.items).toHaveLength(12);

    const seen = new Set(first.items.map((p) => p.id));
    for (let page = 2; page <= pagination.pageCount; page++) {
      const r = await catalog.resolvePath('/shop', { page });
      expect(r.kind).toBe('products');
      if (r.kind !== 'products') return;
      expect(r.pagination.prevPageUrl).toBe(page === 2 ? '/shop' : `/shop?page=${page - 1}`);
      expect(r.pagination.nextPageUrl).toBe(page === pagination.pageCount ? null : `/shop?page=${page + 1}`);
      for (const p of r.items) {
        expect(seen.has(p.id), `${p.id} on two pages`).toBe(false);
        seen.add(p.id);
      }
    }
    expect(seen.size).toBe(pagination.total);
    expect((await catalog.resolvePath('/shop', { page: 4 })).kind).toBe('not-found');
    expect((await catalog.resolvePath('/shop', { page: 0 })).kind).toBe('not-found');
  });

  it('resolves a product with its variants in order and money in integer cents', async () => {
    const r = await catalog.resolvePath('/shop/p/shoreline-bowl');
    expect(r.kind).toBe('product');
    if (r.kind !== 'product') return;
    expect(r.collection.urlId).toBe('shop');
    const p = r.item;
    expect(p).toMatchObject({
      urlId: 'shoreline-bowl',
      fullUrl: '/shop/p/shoreline-bowl',
      productType: 1,
      recordType: 11,
      variantOptionOrdering: ['Size'],
    });
    expect(p.variants.map((v) => v.attributes.Size)).toEqual(['Small', 'Medium', 'Large']);
    expect(p.variants[1]).toMatchObject({
      sku: 'SG-SHB-02',
      priceCents: 3600,
      salePriceCents: 2900,
      onSale: true,
      qtyInStock: 6,
      unlimited: false,
    });
    expect(typeof p.variants[0].priceCents).toBe('number');
    expect(p.images[0]).toMatchObject({ assetUrl: '/images/products/shoreline-bowl--detail.svg', originalSize: '1200x1200' });
  });

  it('answers not-found for everything else', async () => {
    for (const path of [
      '/nope',
      '/shop/p/nope',
      '/about/p/x',
      '/shop/x/tide-pool-mug',
      '/shop/p/tide-pool-mug/extra',
      '/%E0%A4%A',
      'shop',
    ]) {
      expect((await catalog.resolvePath(path)).kind, path).toBe('not-found');
    }
    // A product only lives under its own collection.
    expect((await catalog.resolvePath('/workshops/p/tide-pool-mug')).kind).toBe('not-found');
  });

  it('hides unpublished products and disabled collections', async () => {
    await db.sql`update item set published = false where url_id = 'salt-cellar'`;
    await db.sql`update collection set enabled = false where url_id = 'care-guide'`;
    try {
      expect((await catalog.resolvePath('/shop/p/salt-cellar')).kind).toBe('not-found');
      expect((await catalog.resolvePath('/care-guide')).kind).toBe('not-found');
      const r = await catalog.resolvePath('/shop');
      expect(r.kind === 'products' && r.pagination.total).toBe(29);
      expect((await catalog.searchCatalog('salt cellar')).some((h) => h.id === 'itm-salt-cellar')).toBe(false);
      expect((await catalog.searchCatalog('stoneware care')).some((h) => h.fullUrl === '/care-guide')).toBe(false);
    } finally {
      await db.sql`update item set published = true where url_id = 'salt-cellar'`;
      await db.sql`update collection set enabled = true where url_id = 'care-guide'`;
    }
  });

  it('finds products by words of their title and text, best match first', async () => {
    const hits = await catalog.searchCatalog('mug');
    expect(hits[0]).toMatchObject({ kind: 'product', title: 'Tide Pool Mug', fullUrl: '/shop/p/tide-pool-mug', typeName: 'products' });
    expect(hits[0].item?.variants.length).toBe(3);
    for (let i = 1; i < hits.length; i++) expect(hits[i - 1].rank).toBeGreaterThanOrEqual(hits[i].rank);
    // Stemming: "dyeing" finds "dyed" and "dye".
    const dye = await catalog.searchCatalog('dyeing');
    expect(dye.map((h) => h.title)).toEqual(expect.arrayContaining(['Indigo Dyeing Workshop', 'Plant-dyed Linen Tea Towel']));
  });

  it('finds pages', async () => {
    const hits = await catalog.searchCatalog('returns');
    expect(hits[0]).toMatchObject({ kind: 'page', title: 'Shipping & Returns', fullUrl: '/shipping-returns', typeName: 'page' });
    expect(hits[0].item).toBeUndefined();
    // The home page collection is found at /.
    const home = await catalog.searchCatalog('risograph two-person workshop');
    expect(home.find((h) => h.kind === 'page')?.fullUrl).toBe('/');
  });

  it('understands web search syntax: phrases and exclusions', async () => {
    const phrase = await catalog.searchCatalog('"tide chart"');
    expect(phrase.map((h) => h.title)).toContain('Tide Chart Poster');
    const all = await catalog.searchCatalog('indigo');
    const without = await catalog.searchCatalog('indigo -workshop');
    expect(all.some((h) => h.title === 'Indigo Dyeing Workshop')).toBe(true);
    expect(without.some((h) => h.title === 'Indigo Dyeing Workshop')).toBe(false);
    expect(without.length).toBeGreaterThan(0);
  });

  it('returns nothing for nonsense, empty or hostile queries, without failing', async () => {
    expect(await catalog.searchCatalog('xqzzyv')).toEqual([]);
    expect(await catalog.searchCatalog('   ')).toEqual([]);
    expect(await catalog.searchCatalog("'); drop table item; --")).toEqual([]);
    expect(await catalog.searchCatalog('the and of')).toEqual([]);
    expect(await catalog.searchCatalog('mug '.repeat(500))).not.toEqual([]);
    expect((await catalog.searchCatalog('linen', 2)).length).toBe(2);
    const [{ n }] = await db.sql<{ n: number }[]>`select count(*)::int as n from item i join product p on p.item_id = i.id`;
    expect(n).toBe(36);
  });
});
