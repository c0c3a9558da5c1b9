// The template context built from real catalog data: exact money strings, variants and the selected
// variant, the purchase rules of SPEC section 5 (checked against the engine's own formatters).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalog, type Catalog, type Resolved, type Site } from '../../app/catalog/catalog.server.js';
import { pageContext, statusFor, templateFor } from '../../app/storefront/context.server.js';
import { localizedStringsFor } from '../../app/languages/strings.js';
import { money, moneyValue } from '../../app/commerce/money.js';
import { pleaseSelect } from '../../app/commerce/rules.js';
import type { Db } from '../../db/client.server.js';
import { render } from '../../engine/node.js';
import { targets } from './support/databases.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the template context's JSON, walked freely by the assertions
type J = Record<string, any>;
const url = (path: string) => new URL(`http://shop.test:3000${path}`);

describe('money', () => {
  it('turns integer minor units into exact decimal strings', () => {
    expect(moneyValue(1250, 'USD')).toBe('12.50');
    expect(moneyValue(5, 'EUR')).toBe('0.05');
    expect(moneyValue(0, 'USD')).toBe('0.00');
    expect(moneyValue(-199, 'GBP')).toBe('-1.99');
    expect(moneyValue('900719925474099312', 'USD')).toBe('9007199254740993.12');
    expect(moneyValue(10n ** 20n + 1n, 'USD')).toBe('1000000000000000000.01');
    expect(moneyValue(1250, 'JPY')).toBe('1250');
    expect(moneyValue(-0, 'JPY')).toBe('0');
    expect(money(3400, 'USD')).toEqual({ currency: 'USD', value: '34.00' });
  });

  it('refuses anything that is not an integer', () => {
    expect(() => moneyValue(12.5, 'USD')).toThrow(/not an integer/);
    expect(() => moneyValue('1e3', 'USD')).toThrow(/not an integer/);
    expect(() => moneyValue(Number.NaN, 'USD')).toThrow(/not an integer/);
  });

  it('says which options are missing, as SPEC section 5 words it', () => {
    expect(pleaseSelect(['Size'])).toBe('Please select the Size option.');
    expect(pleaseSelect(['Size', 'Color'])).toBe('Please select the Size and Color options.');
    expect(pleaseSelect(['Size', 'Color', 'Fit'])).toBe('Please select the Size, Color and Fit options.');
  });
});

describe.each(targets)('page context on $name', (target) => {
  let db: Db;
  let catalog: Catalog;
  let site: Site;
  const ctxFor = async (path: string, opts: { page?: number; selected?: Record<string, string> } = {}) => {
    const resolved = await catalog.resolvePath(path, { page: opts.page });
    return { resolved, ctx: pageContext(site, resolved, { url: url(path), selectedOptions: opts.selected }) as J };
  };

  beforeAll(async () => {
    db = await target.open();
    catalog = createCatalog(db.sql);
    site = await catalog.loadSite();
  });
  afterAll(async () => {
    await db?.close();
  });

  it('is plain JSON with the common parts', async () => {
    const { ctx } = await ctxFor('/shop');
    expect(JSON.parse(JSON.stringify(ctx))).toEqual(JSON.parse(JSON.stringify(ctx)));
    expect(ctx.pageType).toBe(1);
    expect(ctx.website).toMatchObject({
      siteTitle: 'Saltgrass Studio',
      baseUrl: 'http://localhost:3000',
      currency: 'USD',
      timeZone: 'America/Halifax',
    });
    // The configured origin (the demo default), never the request's host.
    expect(ctx.canonicalUrl).toBe('http://localhost:3000/shop');
    expect(ctx.pageTitle).toBe('Shop ceramics, linen and prints — Saltgrass Studio');
    expect(ctx.featureFlags.useCLDRMoneyFormat).toBe(true);
    expect(ctx.websiteSettings.storeSettings.multipleQuantityAllowedForServices).toBe(true);
    expect(ctx.cart).toMatchObject({ totalQuantity: 0, subtotalCents: 0, entries: [], subtotal: { currency: 'USD', value: '0.00' } });
    // Cart forms come back to the page they were posted from; an empty cart cannot check out.
    expect(ctx.cart).toMatchObject({ subtotalText: '$0.00', flash: null, instalmentEligible: false, checkoutMinimum: { met: false } });
    expect(ctx.cart.returnTo).toMatch(/^\//);
    const shop = ctx.navigation.mainNavigation.find((n: J) => n.url === '/shop');
    expect(shop.active).toBe(true);
    expect(ctx.navigation.mainNavigation.filter((n: J) => n.active)).toHaveLength(1);
  });

  it('shapes listing items with exact money, marks data and srcset widths', async () => {
    const { ctx } = await ctxFor('/shop', { page: 2 });
    expect(ctx.canonicalUrl).toBe('http://localhost:3000/shop?page=2');
    expect(ctx.pagination).toMatchObject({ page: 2, pageCount: 3, hasPrevPage: true, hasNextPage: true });
    expect(ctx.pagination.pages.map((p: J) => p.current)).toEqual([false, true, false]);
    for (const item of ctx.items as J[]) {
      expect(item.systemDataVariants).toBe('100w,300w,500w,750w,1000w,1500w,2500w');
      expect(item.originalSize).toMatch(/^\d+x\d+$/);
      for (const v of item.structuredContent.variants) {
        expect(v.priceMoney.value).toBe(moneyValue(v.price, 'USD'));
        expect(v.salePriceMoney.value).toBe(moneyValue(v.salePrice, 'USD'));
        expect(v.priceMoney.value).toMatch(/^\d+\.\d\d$/);
      }
    }
  });

  it('gives digital products their own price and sale flag', async () => {
    const { ctx } = await ctxFor('/shop/p/shibori-dye-guide');
    const sc = ctx.item.structuredContent;
    expect(sc.productType).toBe(2);
    expect(sc.priceMoney).toEqual({ currency: 'USD', value: '20.00' });
    expect(sc.salePriceMoney).toEqual({ currency: 'USD', value: '15.00' });
    expect(sc.onSale).toBe(true);
    expect(ctx.item.purchase).toMatchObject({ showVariantSelector: false, showQuantity: false, state: 'available', canAddToCart: true });
  });

  it('describes a product page: options for a plain form, nothing chosen yet', async () => {
    const { ctx } = await ctxFor('/shop/p/saltmarsh-apron');
    expect(ctx.pageType).toBe(50);
    expect(ctx.canonicalUrl).toBe('http://localhost:3000/shop/p/saltmarsh-apron');
    const item = ctx.item;
    expect(item.structuredContent.variantOptionOrdering).toEqual(['Size', 'Color']);
    expect(item.options).toEqual([
      {
        name: 'Size',
        values: [
          { value: 'S/M', selected: false, available: true },
          { value: 'L/XL', selected: false, available: true },
        ],
      },
      {
        name: 'Color',
        values: [
          { value: 'Indigo', selected: false, available: true },
          { value: 'Oat', selected: false, available: true },
        ],
      },
    ]);
    expect(item.selectedOptions).toEqual({});
    expect(item.selectedVariant).toBeNull();
    expect(item.purchase).toMatchObject({
      showVariantSelector: true,
      state: 'select',
      message: 'Please select the Size and Color options.',
      canAddToCart: false,
    });
    expect(item.structuredContent.variants[0].optionValues).toEqual([
      { optionName: 'Size', value: 'S/M' },
      { optionName: 'Color', value: 'Indigo' },
    ]);
  });

  it('selects the variant matching the chosen options', async () => {
    const { ctx } = await ctxFor('/shop/p/saltmarsh-apron', { selected: { Size: 'L/XL', Color: 'Oat' } });
    const item = ctx.item;
    expect(item.selectedOptions).toEqual({ Size: 'L/XL', Color: 'Oat' });
    expect(item.selectedVariant).toMatchObject({
      sku: 'SG-SMA-04',
      attributes: { Size: 'L/XL', Color: 'Oat' },
      price: 7200,
      priceMoney: { currency: 'USD', value: '72.00' },
      qtyInStock: 4,
      soldOut: false,
    });
    expect(item.selectedVariant.image).toMatchObject({
      assetUrl: '/images/products/saltmarsh-apron--lxl-oat.svg',
      originalSize: '1200x1200',
    });
    expect(item.options[0].values.find((v: J) => v.value === 'L/XL').selected).toBe(true);
    expect(item.purchase).toMatchObject({ state: 'available', message: null, canAddToCart: true });
  });

  it('reports one missing option, a sold-out choice and unknown values', async () => {
    const half = (await ctxFor('/shop/p/saltmarsh-apron', { selected: { Size: 'S/M' } })).ctx.item;
    expect(half.purchase.message).toBe('Please select the Color option.');
    // S/M comes in Oat only as a sold-out variant.
    expect(half.options[1].values).toEqual([
      { value: 'Indigo', selected: false, available: true },
      { value: 'Oat', selected: false, available: false },
    ]);
    const out = (await ctxFor('/shop/p/saltmarsh-apron', { selected: { Size: 'S/M', Color: 'Oat' } })).ctx.item;
    expect(out.selectedVariant).toMatchObject({ sku: 'SG-SMA-02', soldOut: true });
    expect(out.purchase).toMatchObject({ state: 'sold-out', canAddToCart: false });
    const bogus = (await ctxFor('/shop/p/saltmarsh-apron', { selected: { Size: 'XXL', Color: 'Oat', Extra: 'x' } })).ctx.item;
    expect(bogus.selectedOptions).toEqual({ Color: 'Oat' });
    expect(bogus.purchase.message).toBe('Please select the Size option.');
  });

  it('asks for a denomination on gift cards', async () => {
    const item = (await ctxFor('/shop/p/saltgrass-gift-card')).ctx.item;
    expect(item.purchase).toMatchObject({ state: 'select', message: 'Select a denomination for the Gift Card.', showQuantity: false });
    const chosen = (await ctxFor('/shop/p/saltgrass-gift-card', { selected: { Amount: '$100' } })).ctx.item;
    expect(chosen.selectedVariant.priceMoney).toEqual({ currency: 'USD', value: '100.00' });
    expect(chosen.purchase.canAddToCart).toBe(true);
  });

  it("says it in the page's language, the owner's own texts over the built-in ones", async () => {
    const settings = { ...site.settings, localizedStringsByLanguage: { fr: { stockSoldOutText: 'Plus en stock' } } };
    const fr = {
      ...site,
      website: { ...site.website, locale: 'fr' },
      settings: { ...settings, localizedStrings: localizedStringsFor(settings, 'fr', false) },
    };
    const path = '/shop/p/saltmarsh-apron';
    const resolved = await catalog.resolvePath(path, {});
    const item = (pageContext(fr, resolved, { url: url(path), selectedOptions: { Size: 'S/M' } }) as J).item;
    expect(item.purchase.message).toBe('Veuillez choisir l’option Color.');
    const data = JSON.parse(item.variantPicker as string) as J;
    expect(data.texts.pleaseSelectOne).toBe('Veuillez choisir l’option {name}.');
    expect(data.variants.map((v: J) => v.stock.text)).toEqual(['En stock', 'Plus en stock', 'Plus que 3 en stock', 'En stock']);
    // The owner's English override for the default language stays out of the French page.
    const en = { ...site, settings: { ...site.settings, localizedStrings: { stockSoldOutText: 'Gone' } } };
    const enData = JSON.parse((pageContext(en, resolved, { url: url(path) }) as J).item.variantPicker as string) as J;
    expect(enData.variants[1].stock.text).toBe('Gone');
    expect(enData.texts.pleaseSelectMany).toBe('Please select the {names} and {last} options.');
  });

  it('picks the only variant of a simple product', async () => {
    const teapot = (await ctxFor('/shop/p/harbour-teapot')).ctx.item;
    expect(teapot.selectedVariant).toMatchObject({ sku: 'SG-HTP-01', soldOut: true });
    expect(teapot.purchase).toMatchObject({ showVariantSelector: false, state: 'sold-out', canAddToCart: false });
    const repair = (await ctxFor('/workshops/p/mend-and-repair')).ctx.item;
    expect(repair.purchase.addButtonText).toBe('Book a Repair');
    const membership = (await ctxFor('/workshops/p/studio-membership')).ctx.item;
    expect(membership.purchase.addButtonText).toBe('Subscribe');
    expect(membership.structuredContent.subscriptionPlan).toEqual({ billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 12 });
  });

  it("shows the quantity input exactly when the engine's quantity-input formatter would", async () => {
    let shown = 0;
    for (const path of ['/shop', '/workshops']) {
      for (let page = 1; ; page++) {
        const r = await catalog.resolvePath(path, { page });
        if (r.kind !== 'products') break;
        for (const p of r.items) {
          const { ctx } = await ctxFor(p.fullUrl);
          const engine = render('{.section item}{@|quantity-input}{.end}', ctx, { locale: 'en-US' });
          expect(engine.errors).toEqual([]);
          const formatterShows = engine.output.includes('product-quantity-input');
          expect(ctx.item.purchase.showQuantity, p.urlId).toBe(formatterShows);
          if (formatterShows) shown++;
        }
      }
    }
    expect(shown).toBeGreaterThan(10);
  });

  it('hides the quantity of services when the store does not allow several', async () => {
    const r = (await catalog.resolvePath('/workshops/p/wheel-throwing-taster')) as Resolved;
    const strict = {
      ...site,
      settings: { ...site.settings, websiteSettings: { storeSettings: { multipleQuantityAllowedForServices: false } } },
    };
    expect((pageContext(site, r, { url: url('/') }) as J).item.purchase.showQuantity).toBe(true);
    expect((pageContext(strict, r, { url: url('/') }) as J).item.purchase.showQuantity).toBe(false);
  });

  it('writes yen without fraction digits', async () => {
    const r = await catalog.resolvePath('/shop/p/tide-pool-mug');
    const yen = { ...site, website: { ...site.website, currency: 'JPY' } };
    const ctx = pageContext(yen, r, { url: url('/shop/p/tide-pool-mug') }) as J;
    expect(ctx.item.structuredContent.variants[0].priceMoney).toEqual({ currency: 'JPY', value: '3400' });
    const out = render('{.section item}{structuredContent.variants.0.priceMoney|money}{.end}', ctx, { locale: 'en-US' });
    expect(out.output).toBe('¥3,400');
  });

  it('uses the configured base URL for canonical links, and the template and status of each kind', async () => {
    const fixed = { ...site, website: { ...site.website, baseUrl: 'https://saltgrass.example' } };
    const r = await catalog.resolvePath('/about');
    expect((pageContext(fixed, r, { url: url('/about') }) as J).canonicalUrl).toBe('https://saltgrass.example/about');
    expect(templateFor({ kind: 'not-found' })).toBe('not-found');
    expect(statusFor({ kind: 'not-found' })).toBe(404);
    expect(statusFor({ kind: 'error' })).toBe(500);
    expect(statusFor(r)).toBe(200);
    const nf = pageContext(site, { kind: 'not-found' }, { url: url('/missing') }) as J;
    expect(nf).toMatchObject({ pageType: 100, pagePath: '/missing' });
    const err = pageContext(site, { kind: 'error' }, { url: url('/x') }) as J;
    expect(err.pageType).toBe(101);
  });

  it('shapes search results', async () => {
    const hits = await catalog.searchCatalog('bowl');
    const ctx = pageContext(site, { kind: 'search' }, { url: url('/search?q=bowl'), search: { query: 'bowl', hits } }) as J;
    expect(ctx.pageType).toBe(102);
    expect(ctx.search.query).toBe('bowl');
    expect(ctx.search.count).toBe(hits.length);
    expect(ctx.search.results[0]).toMatchObject({
      kind: 'product',
      title: 'Shoreline Bowl',
      fullUrl: '/shop/p/shoreline-bowl',
      typeName: 'products',
    });
    expect(ctx.search.results[0].item.structuredContent.variants[1].salePriceMoney).toEqual({ currency: 'USD', value: '29.00' });
  });
});
