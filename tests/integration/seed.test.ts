// The demo store seed: what it contains (the catalog the issue asks for), that a second run changes
// nothing, that refresh restores edited demo rows, and that every picture it names ships in public/.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.server.js';
import { isEmpty, readTheme, seed } from '../../db/seed.server.js';
import { allImages } from '../../db/seed/images.js';
import { bothTargets, snapshot } from './support/databases.js';

const PUBLIC = fileURLToPath(new URL('../../public', import.meta.url));

describe('theme sources', () => {
  it('has the layout, every page template of ADR 0002, the partials and the stylesheet', () => {
    const theme = readTheme();
    const byKind = (k: string) =>
      theme
        .filter((t) => t.kind === k)
        .map((t) => t.name)
        .sort();
    expect(byKind('layout')).toEqual(['layout']);
    expect(byKind('page')).toEqual([
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
    expect(byKind('partial')).toEqual(expect.arrayContaining(['product-card']));
    // The CSS is a plain file of its own, not a partial every page inlines.
    expect(byKind('stylesheet')).toEqual(['theme.css']);
    expect(byKind('partial')).not.toContain('styles');
    const css = theme.find((t) => t.kind === 'stylesheet')!.source;
    expect(css).toContain('--ink:');
    expect(css).not.toMatch(/<\/?style|\{##|\{@/);
    expect(theme.find((t) => t.kind === 'layout')!.source).not.toContain('apply styles');
  });
});

describe('demo pictures', () => {
  it('are the generator output, byte for byte, with nothing stale beside them', () => {
    const images = allImages();
    for (const [url, svg] of images) {
      const file = path.join(PUBLIC, url);
      expect(fs.existsSync(file), `${url} is missing: run npx tsx db/seed/images.ts`).toBe(true);
      expect(fs.readFileSync(file, 'utf8'), `${url} differs from the generator: run npx tsx db/seed/images.ts`).toBe(svg);
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="\d+" height="\d+"/);
    }
    const onDisk = ['products', 'pages'].flatMap((d) => fs.readdirSync(path.join(PUBLIC, 'images', d)).map((f) => `/images/${d}/${f}`));
    expect(onDisk.sort()).toEqual([...images.keys()].sort());
  });
});

describe.each(bothTargets)('seed on $name', (target) => {
  let db: Db;
  beforeAll(async () => {
    db = await target.open({ seed: false });
  });
  afterAll(async () => {
    await db?.close();
  });

  it('fills an empty database, and a second run changes nothing', async () => {
    expect(await isEmpty(db.sql)).toBe(true);
    const first = await seed(db.sql);
    expect(first.inserted).toBeGreaterThan(100);
    expect(first.updated).toBe(0);
    expect(await isEmpty(db.sql)).toBe(false);
    const before = await snapshot(db.sql);
    const second = await seed(db.sql);
    expect(second).toMatchObject({ inserted: 0, updated: 0 });
    expect(await snapshot(db.sql)).toEqual(before);
  });

  it('leaves owner edits alone, and refresh puts the demo rows back once', async () => {
    await db.sql`update theme_template set source = 'edited' where name = 'home'`;
    await db.sql`update variant set qty_in_stock = 99 where sku = 'SG-TPM-01'`;
    expect((await seed(db.sql)).inserted + (await seed(db.sql)).updated).toBe(0);
    const [{ source }] = await db.sql<{ source: string }[]>`select source from theme_template where name = 'home'`;
    expect(source).toBe('edited');
    const refreshed = await seed(db.sql, { refresh: true });
    expect(refreshed.tables.theme_template).toEqual({ inserted: 0, updated: 1 });
    expect(refreshed.tables.variant).toEqual({ inserted: 0, updated: 1 });
    expect(refreshed.updated).toBe(2);
    const [{ source: back }] = await db.sql<{ source: string }[]>`select source from theme_template where name = 'home'`;
    expect(back).toBe(readTheme().find((t) => t.name === 'home')!.source);
    const before = await snapshot(db.sql);
    expect(await seed(db.sql, { refresh: true })).toMatchObject({ inserted: 0, updated: 0 });
    expect(await snapshot(db.sql)).toEqual(before);
  });

  it('holds the catalog the demo needs', async () => {
    const products = await db.sql<{ product_type: number; n: number }[]>`
      select product_type, count(*)::int as n from product group by product_type order by product_type`;
    expect(products.map((p) => p.product_type)).toEqual([1, 2, 3, 4]);
    expect(products.reduce((s, p) => s + p.n, 0)).toBeGreaterThanOrEqual(30);

    const [facts] = await db.sql<Record<string, number>[]>`
      select
        (select count(*)::int from variant where on_sale and sale_price_cents < price_cents) as on_sale,
        (select count(*)::int from variant where on_sale and sale_price_cents >= price_cents) as bad_sale,
        (select count(*)::int from product p where p.product_type in (1, 3)
           and not exists (select 1 from variant v where v.item_id = p.item_id and (v.unlimited or v.qty_in_stock > 0))) as sold_out,
        (select count(*)::int from variant where not unlimited and qty_in_stock between 1 and 3) as limited,
        (select count(*)::int from product where is_subscribable) as subscribable,
        (select count(*)::int from variant where attributes ? 'Size') as sized,
        (select count(*)::int from variant where attributes ? 'Color') as coloured,
        (select count(*)::int from item where record_type in (2, 11) and (asset_url is null or original_size !~ '^[0-9]+x[0-9]+$')) as no_picture,
        (select count(*)::int from collection where type = 10) as pages,
        (select count(*)::int from collection where type = 13) as listings`;
    expect(facts.on_sale).toBeGreaterThanOrEqual(3);
    expect(facts.bad_sale).toBe(0);
    expect(facts.sold_out).toBeGreaterThanOrEqual(2);
    expect(facts.limited).toBeGreaterThanOrEqual(3);
    expect(facts.subscribable).toBeGreaterThanOrEqual(1);
    expect(facts.sized).toBeGreaterThan(0);
    expect(facts.coloured).toBeGreaterThan(0);
    expect(facts.no_picture).toBe(0);
    expect(facts.pages).toBeGreaterThanOrEqual(4);
    expect(facts.listings).toBeGreaterThanOrEqual(1);

    const subs = await db.sql<
      { plan: { billingPeriod: { value: number; unit: string }; numBillingCycles: number }; product_type: number }[]
    >`
      select subscription_plan as plan, product_type from product where is_subscribable`;
    for (const s of subs) {
      expect([1, 3]).toContain(s.product_type);
      expect(['WEEK', 'MONTH', 'YEAR']).toContain(s.plan.billingPeriod.unit);
    }
  });

  it('names only pictures that ship in public/', async () => {
    const rows = await db.sql<{ url: string }[]>`
      select asset_url as url from item where asset_url is not null
      union select image_url from variant where image_url is not null
      union select asset_url from collection where asset_url is not null
      union select jsonb_array_elements(images)->>'assetUrl' from item`;
    expect(rows.length).toBeGreaterThan(36);
    for (const { url } of rows) expect(fs.existsSync(path.join(PUBLIC, url)), url).toBe(true);
  });

  it('links navigation to pages that exist', async () => {
    const nav = await db.sql<{ name: string; items: { url: string }[] }[]>`select name, items from navigation order by name`;
    expect(nav.map((n) => n.name)).toEqual(['footerNavigation', 'mainNavigation']);
    const urls = new Set((await db.sql<{ url_id: string }[]>`select url_id from collection`).map((c) => `/${c.url_id}`));
    for (const menu of nav) {
      for (const link of menu.items) if (link.url !== '/search') expect(urls.has(link.url), link.url).toBe(true);
    }
  });
});
