// Translated URL slugs and menu labels (ADR 0019) on a real database (PGlite, and PostgreSQL when
// DATABASE_URL is set): the path map both ways, the demo's French slugs and labels as the
// storefront reads them (cached until the catalog changes), links of a French page through the
// map, and the rules a translated slug must pass (format, reserved addresses, unique in its language).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalog } from '../../app/catalog/catalog.server.js';
import { catalogChanged } from '../../app/catalog/changes.server.js';
import type { SiteLanguages } from '../../app/languages/languages.js';
import { localizationOf, readSiteLocalization, siteLocalization } from '../../app/languages/site-localization.server.js';
import { defaultPath, localPath, slugMapOf, translatedPath } from '../../app/languages/slug-paths.js';
import {
  pageSlugTaken,
  PageTranslationForm,
  productSlugTaken,
  ProductTranslationForm,
} from '../../app/languages/translation-forms.server.js';
import { translateResolved, writeCollectionTranslation } from '../../app/languages/translations.server.js';
import { parseForm } from '../../app/utils/form.server.js';
import type { Db } from '../../db/client.server.js';
import { targets } from './support/databases.js';

const SITE = 'saltgrass';
const EN_FR: SiteLanguages = { defaultCode: 'en', codes: ['en', 'fr'] };

describe('the slug map (pure)', () => {
  const slugs = slugMapOf([
    { collectionUrlId: 'shop', itemUrlId: null, slug: 'boutique' },
    { collectionUrlId: 'shop', itemUrlId: 'tide-pool-mug', slug: 'tasse' },
    { collectionUrlId: 'about', itemUrlId: null, slug: 'a-propos' },
  ]);

  it('translates a default path and reads it back', () => {
    const pairs: [string, string][] = [
      ['/shop', '/boutique'],
      ['/shop/p/tide-pool-mug', '/boutique/p/tasse'],
      ['/shop/p/plate?Size=M', '/boutique/p/plate?Size=M'],
      ['/shop?page=2', '/boutique?page=2'],
      ['/about/', '/a-propos/'],
      ['/journal/first-firing', '/journal/first-firing'],
      ['/', '/'],
    ];
    for (const [bare, fr] of pairs) {
      expect(translatedPath(bare, slugs)).toBe(fr);
      expect(defaultPath(fr, slugs)).toBe(bare);
    }
    // A product slug is a product's only under its own collection.
    expect(translatedPath('/about/p/tide-pool-mug', slugs)).toBe('/a-propos/p/tide-pool-mug');
    expect(translatedPath('https://example.com/shop', slugs)).toBe('https://example.com/shop');
  });

  it('links under the prefix in the language, files and owner pages bare, the default language as is', () => {
    expect(localPath('/shop/p/tide-pool-mug', 'fr', EN_FR, slugs)).toBe('/fr/boutique/p/tasse');
    expect(localPath('/', 'fr', EN_FR, slugs)).toBe('/fr');
    // The app's pages have French versions (/fr/search); files, owner pages and APIs have none.
    expect(localPath('/search?q=mug', 'fr', EN_FR, slugs)).toBe('/fr/search?q=mug');
    expect(localPath('/files/f-1/label.pdf', 'fr', EN_FR, slugs)).toBe('/files/f-1/label.pdf');
    expect(localPath('/shop', 'en', EN_FR, slugs)).toBe('/shop');
  });
});

describe('translated slug rules (pure)', () => {
  const form = (fields: Record<string, string>) => {
    const f = new URLSearchParams();
    for (const [k, v] of Object.entries(fields)) f.set(k, v);
    return f;
  };

  it('takes a blank slug (the default one stays) and lower-cases a typed one', () => {
    const blank = parseForm(form({ title: 'x' }), PageTranslationForm);
    expect(blank.status === 'success' && blank.value.slug).toBe('');
    const typed = parseForm(form({ slug: ' A-Propos ' }), PageTranslationForm);
    expect(typed.status === 'success' && typed.value.slug).toBe('a-propos');
  });

  it('refuses what a default slug may not be, with the same messages', () => {
    const errorOf = (schema: typeof PageTranslationForm | typeof ProductTranslationForm, slug: string) => {
      const r = parseForm(form({ slug }), schema);
      return r.status === 'success' ? null : JSON.stringify(r.error);
    };
    expect(errorOf(PageTranslationForm, 'à propos')).toContain('Use lower-case letters, digits and hyphens for the address.');
    expect(errorOf(PageTranslationForm, 'cart')).toContain('/cart is used by the site itself: choose another address.');
    expect(errorOf(PageTranslationForm, 'a'.repeat(64))).toContain('An address is at most 63 characters.');
    expect(errorOf(ProductTranslationForm, 'tasse--double')).toContain('Use lower-case letters, digits and hyphens for the URL slug.');
    expect(errorOf(ProductTranslationForm, 'tasse-flaque')).toBeNull();
  });
});

describe.each(targets)('translated slugs and labels on $name', (target) => {
  let db: Db;
  beforeAll(async () => {
    db = await target.open();
    catalogChanged(SITE);
  }, 120_000);
  afterAll(async () => {
    await db?.close();
  });

  it('reads the demo French slugs, labels and page titles', async () => {
    const fr = localizationOf(await readSiteLocalization(db.sql, SITE), 'fr');
    expect(translatedPath('/shop/p/tide-pool-mug', fr.slugs)).toBe('/boutique/p/tasse-flaque-de-maree');
    expect(defaultPath('/boutique/p/torchon-en-lin', fr.slugs)).toBe('/shop/p/linen-tea-towel');
    expect(translatedPath('/about', fr.slugs)).toBe('/a-propos');
    expect(fr.labels.get('About')).toBe('À propos');
    expect(fr.labels.has('Shop')).toBe(false);
    expect(fr.pageTitles.get('/shop')).toBe('Boutique');
    // The default language has no map: its paths are the catalog's.
    expect(localizationOf(await readSiteLocalization(db.sql, SITE), 'en').slugs.collections.size).toBe(0);
  });

  it('gives a French page links at the translated paths, the untranslated product under the translated listing', async () => {
    const catalog = createCatalog(db.sql, { websiteId: SITE });
    const { slugs } = localizationOf(await siteLocalization(db.sql, SITE), 'fr');
    const shop = await translateResolved(db.sql, SITE, await catalog.resolvePath('/shop'), 'fr', (p) => localPath(p, 'fr', EN_FR, slugs));
    if (shop.kind !== 'products') throw new Error(shop.kind);
    expect(shop.collection.fullUrl).toBe('/fr/boutique');
    expect(shop.items.find((p) => p.urlId === 'tide-pool-mug')?.fullUrl).toBe('/fr/boutique/p/tasse-flaque-de-maree');
    expect(shop.items.find((p) => p.urlId === 'driftwood-dinner-plate')?.fullUrl).toBe('/fr/boutique/p/driftwood-dinner-plate');
    if (shop.pagination.nextPageUrl) expect(shop.pagination.nextPageUrl).toBe('/fr/boutique?page=2');
  });

  it('a slug is unique among the pages (products of a collection) in its language, a page its own slug there', async () => {
    // Another page's French slug, or the default slug of a page that has no French one, is taken.
    expect(await pageSlugTaken(db.sql, SITE, 'col-shop', 'fr', 'a-propos')).toBe(true);
    expect(await pageSlugTaken(db.sql, SITE, 'col-shop', 'fr', 'journal')).toBe(true);
    // /fr/about is free: About is at /fr/a-propos in French.
    expect(await pageSlugTaken(db.sql, SITE, 'col-shop', 'fr', 'about')).toBe(false);
    expect(await pageSlugTaken(db.sql, SITE, 'col-about', 'fr', 'a-propos')).toBe(false);
    // Each language has its own.
    expect(await pageSlugTaken(db.sql, SITE, 'col-shop', 'de', 'a-propos')).toBe(false);
    expect(await productSlugTaken(db.sql, 'itm-driftwood-dinner-plate', 'fr', 'tasse-flaque-de-maree')).toBe(true);
    expect(await productSlugTaken(db.sql, 'itm-driftwood-dinner-plate', 'fr', 'harbour-teapot')).toBe(true);
    expect(await productSlugTaken(db.sql, 'itm-driftwood-dinner-plate', 'fr', 'tide-pool-mug')).toBe(false);
  });

  it('keeps the map until the catalog changes, as an owner save does', async () => {
    const before = await siteLocalization(db.sql, SITE);
    await writeCollectionTranslation(db.sql, 'col-care-guide', 'fr', {
      title: "Guide d'entretien",
      slug: 'entretien',
      description: null,
      body: null,
      seoTitle: null,
      seoDescription: null,
    });
    expect(await siteLocalization(db.sql, SITE)).toBe(before);
    catalogChanged(SITE);
    const after = localizationOf(await siteLocalization(db.sql, SITE), 'fr');
    expect(translatedPath('/care-guide', after.slugs)).toBe('/entretien');
  });
});
