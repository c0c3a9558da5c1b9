// More languages (issue 16) on a real database (PGlite, and PostgreSQL when DATABASE_URL is set):
// the demo's languages, the /fr prefix read off a path, translated fields over what the catalog
// resolved with the default language's text where a translation is missing, the owner's writes,
// the settings input rules, the engine's texts per language with English as the fallback, and
// money and dates in the language's CLDR formats.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalog, type Resolved } from '../../app/catalog/catalog.server.js';
import { catalogChanged } from '../../app/catalog/changes.server.js';
import { appLinksIn, pathIn, renderLocale, splitLanguagePath, type SiteLanguages } from '../../app/languages/languages.js';
import { parseLanguages, readMultilingualSettings, readSiteLanguages } from '../../app/languages/settings.server.js';
import { offeredLanguage, setSiteUserLanguage, siteUserLanguage } from '../../app/languages/site-user-language.server.js';
import { localizedStringsFor } from '../../app/languages/strings.js';
import { translateResolved, writeCollectionTranslation, writeItemTranslation } from '../../app/languages/translations.server.js';
import { renderThemePage } from '../../app/storefront/render.server.js';
import type { Db } from '../../db/client.server.js';
import { targets } from './support/databases.js';

const SITE = 'saltgrass';
const EN_FR: SiteLanguages = { defaultCode: 'en', codes: ['en', 'fr'] };
/** Links under /fr, in the default slugs (translated slugs are tests/integration/translated-slugs.test.ts's). */
const FR = (path: string) => pathIn(path, 'fr', EN_FR);

describe('language paths (pure)', () => {
  it('reads a non-default language prefix off a path, and only that', () => {
    expect(splitLanguagePath('/fr/shop/p/mug', EN_FR)).toEqual({ code: 'fr', isDefault: false, path: '/shop/p/mug', prefix: '/fr' });
    expect(splitLanguagePath('/fr', EN_FR)).toMatchObject({ code: 'fr', path: '/' });
    expect(splitLanguagePath('/fr/', EN_FR)).toMatchObject({ code: 'fr', path: '/' });
    // The default language has no prefix; a language the site lacks is an ordinary path (a 404 later).
    expect(splitLanguagePath('/en/about', EN_FR)).toEqual({ code: 'en', isDefault: true, path: '/en/about', prefix: '' });
    expect(splitLanguagePath('/de/about', EN_FR)).toMatchObject({ code: 'en', path: '/de/about' });
    expect(splitLanguagePath('/french-press', EN_FR)).toMatchObject({ code: 'en', path: '/french-press' });
    expect(splitLanguagePath('/fri', EN_FR)).toMatchObject({ code: 'en', path: '/fri' });
  });

  it('puts a site path under a language, leaving the default language, other sites and protocol-relative links alone', () => {
    expect(pathIn('/shop', 'fr', EN_FR)).toBe('/fr/shop');
    expect(pathIn('/', 'fr', EN_FR)).toBe('/fr');
    expect(pathIn('/shop', 'en', EN_FR)).toBe('/shop');
    expect(pathIn('https://elsewhere.example/x', 'fr', EN_FR)).toBe('https://elsewhere.example/x');
    expect(pathIn('//cdn.example/x', 'fr', EN_FR)).toBe('//cdn.example/x');
    // Search, the cart, checkout and accounts have French versions; the app's endpoints and
    // screens without one stay bare (never a /fr/ 404).
    for (const app of ['/search', '/search?q=mug', '/cart', '/checkout', '/account/sign-in', '/order-confirmed/x']) {
      expect(pathIn(app, 'fr', EN_FR)).toBe(`/fr${app}`);
    }
    for (const bare of ['/api/commerce/shopping-cart', '/config', '/files/a/b.pdf', '/newsletter/unsubscribe', '/page-access']) {
      expect(pathIn(bare, 'fr', EN_FR)).toBe(bare);
    }
    expect(pathIn('/searching-for-clay', 'fr', EN_FR)).toBe('/fr/searching-for-clay');
  });

  it("puts a rendered page's own links to the app's pages under the prefix, and nothing else", () => {
    const html =
      '<a href="/cart">x</a><form method="post" action="/cart"></form><a class="y" href="/account/sign-in?redirectTo=%2Fshop">' +
      '<a href="/search">s</a><a href="/shop">shop</a><a href="/carts">c</a><a href="/fr/cart">fr</a><a href="/api/x">api</a>';
    expect(appLinksIn(html, '/fr')).toBe(
      '<a href="/fr/cart">x</a><form method="post" action="/fr/cart"></form><a class="y" href="/fr/account/sign-in?redirectTo=%2Fshop">' +
        '<a href="/fr/search">s</a><a href="/shop">shop</a><a href="/carts">c</a><a href="/fr/cart">fr</a><a href="/api/x">api</a>',
    );
    expect(appLinksIn(html, '')).toBe(html);
    // The logo's link home goes to the French home; the switcher's link to English stays.
    expect(appLinksIn('<a class="brand" href="/">S</a><a href="/" hreflang="en" lang="en">English</a>', '/fr')).toBe(
      '<a class="brand" href="/fr">S</a><a href="/" hreflang="en" lang="en">English</a>',
    );
    // On /fr/cart the switcher's English link is /cart, and stays so.
    expect(appLinksIn('<a href="/cart" hreflang="en" lang="en">English</a><a href="/cart">Panier</a>', '/fr')).toBe(
      '<a href="/cart" hreflang="en" lang="en">English</a><a href="/fr/cart">Panier</a>',
    );
  });

  it('renders the default language in the site locale, another in its own', () => {
    expect(renderLocale('en', 'en-US')).toBe('en-US');
    expect(renderLocale('fr', 'en-US')).toBe('fr');
    expect(renderLocale('fr', 'fr-CA')).toBe('fr-CA');
  });

  it('takes the engine texts of the language, English (the engine default) where it has none, the owner overrides first', () => {
    const settings = {
      localizedStrings: { productSaleText: 'deal' },
      localizedStringsByLanguage: { fr: { productSoldOutText: 'plus là' } },
    };
    const fr = localizedStringsFor(settings, 'fr', false);
    expect(fr.productAddToCartText).toBe('Ajouter au panier');
    expect(fr.productSoldOutText).toBe('plus là');
    // No French text for this key: the engine prints its English one.
    expect(fr.productSummaryFormNoAnswerText).toBeUndefined();
    expect(localizedStringsFor(settings, 'en', true)).toEqual({ productSaleText: 'deal' });
    expect(localizedStringsFor({}, 'ja', false)).toEqual({});
  });

  it('formats money and dates in the language through CLDR', () => {
    const theme = { layout: '{mainContent}', pages: { p: '{price|money} · {when|datetime date:long}' }, partials: {} };
    const ctx = { price: { value: '1234.50', currency: 'USD' }, when: Date.UTC(2026, 3, 18, 14) };
    const fr = renderThemePage(theme, 'p', ctx, { locale: 'fr', timeZone: 'UTC' }).html;
    const en = renderThemePage(theme, 'p', ctx, { locale: 'en-US', timeZone: 'UTC' }).html;
    expect(fr).toBe('1\u202f234,50\u00a0$US · 18 avril 2026');
    expect(en).toBe('$1,234.50 · April 18, 2026');
  });
});

describe('settings input', () => {
  it('takes a list with exactly one default of known languages, default first', () => {
    expect(parseLanguages({ languages: [{ code: 'fr' }, { code: 'en', isDefault: true }] })).toEqual({
      ok: true,
      value: { defaultCode: 'en', codes: ['en', 'fr'] },
    });
    const bad = (body: unknown) => {
      const r = parseLanguages(body);
      return r.ok ? null : r.error;
    };
    expect(bad({ languages: [{ code: 'EN', isDefault: true }] })).toMatch(/"EN" is not a language/);
    expect(bad({ languages: [{ code: '__proto__', isDefault: true }] })).toMatch(/is not a language/);
    expect(
      bad({
        languages: [
          { code: 'en', isDefault: true },
          { code: 'fr', isDefault: true },
        ],
      }),
    ).toBe('Choose exactly one default language.');
    expect(bad({ languages: Array.from({ length: 11 }, () => ({ code: 'en' })) })).toMatch(/at most 10/);
    expect(bad(null)).toMatch(/^Send/);
  });

  it('knows a site user language by its language subtag, only among the site languages', () => {
    expect(offeredLanguage('fr-FR', EN_FR)).toBe('fr');
    expect(offeredLanguage('fr_CA', EN_FR)).toBe('fr');
    expect(offeredLanguage('de', EN_FR)).toBeNull();
    expect(offeredLanguage('fr"><script>', EN_FR)).toBeNull();
    expect(offeredLanguage(42, EN_FR)).toBeNull();
  });
});

describe.each(targets)('translated pages and products on $name', (target) => {
  let db: Db;
  beforeAll(async () => {
    db = await target.open();
    // Translated fields are cached per site until the catalog changes (another target's reads too).
    catalogChanged(SITE);
  }, 120_000);
  afterAll(async () => {
    await db?.close();
  });

  it('the demo offers English (default) and French, with a translation service connected', async () => {
    expect(await readSiteLanguages(db.sql, SITE)).toEqual({ defaultCode: 'en', codes: ['en', 'fr'] });
    const s = await readMultilingualSettings(db.sql, SITE);
    expect(s.status).toBe('CONNECTED');
    expect(s.languages).toEqual([
      { code: 'en', name: 'English', isDefault: true },
      { code: 'fr', name: 'Français', isDefault: false },
    ]);
  });

  it('a site without language rows has its locale language only', async () => {
    await db.sql`insert into website (id, title, locale) values ('mono', 'Mono', 'de-DE')`;
    expect(await readSiteLanguages(db.sql, 'mono')).toEqual({ defaultCode: 'de', codes: ['de'] });
  });

  it('reads a page in French over the catalog read, links under /fr, without changing the read', async () => {
    const catalog = createCatalog(db.sql, { websiteId: SITE });
    const about = await catalog.resolvePath('/about');
    const before = JSON.stringify(about);
    const fr = await translateResolved(db.sql, SITE, about, 'fr', FR);
    expect(JSON.stringify(about)).toBe(before);
    if (fr.kind !== 'page' || about.kind !== 'page') throw new Error(`a page, not ${fr.kind}`);
    expect(fr.collection.title).toBe("À propos de l'atelier");
    expect(fr.collection.body).toContain('Notre façon de travailler');
    expect(fr.collection.fullUrl).toBe('/fr/about');
    // No French SEO title: the English one (none here) stays.
    expect(fr.collection.seoTitle).toBe(about.collection.seoTitle);
  });

  it('keeps the English text of a product field with no translation, and of an untranslated product', async () => {
    const catalog = createCatalog(db.sql, { websiteId: SITE });
    const shop = (await translateResolved(db.sql, SITE, await catalog.resolvePath('/shop'), 'fr', FR)) as Extract<
      Resolved,
      { kind: 'products' }
    >;
    expect(shop.collection.title).toBe('Boutique');
    const towel = shop.items.find((p) => p.urlId === 'linen-tea-towel')!;
    expect(towel.title).toBe('Torchon en lin teint aux plantes');
    // The seed translates the towel's title and summary, not its description.
    expect(towel.body).toContain('Machine wash cool');
    expect(towel.fullUrl).toBe('/fr/shop/p/linen-tea-towel');
    const plate = shop.items.find((p) => p.urlId === 'driftwood-dinner-plate')!;
    expect(plate.title).toBe('Driftwood Dinner Plate');
    expect(plate.fullUrl).toBe('/fr/shop/p/driftwood-dinner-plate');
    if (shop.pagination.nextPageUrl) expect(shop.pagination.nextPageUrl).toMatch(/^\/fr\/shop\?page=2$/);
  });

  it('an owner write shows; blank fields are stored as none and fall back', async () => {
    await writeItemTranslation(db.sql, 'itm-driftwood-dinner-plate', 'fr', { title: 'Assiette Bois flotté', excerpt: '  ', body: '' });
    await writeCollectionTranslation(db.sql, 'col-about', 'fr', {
      title: '',
      description: 'Deux artisans.',
      body: null,
      seoTitle: null,
      seoDescription: null,
    });
    // What an owner's save does after writing (storefrontChanged): the cached translations go.
    catalogChanged(SITE);
    const catalog = createCatalog(db.sql, { websiteId: SITE });
    const plate = await translateResolved(db.sql, SITE, await catalog.resolvePath('/shop/p/driftwood-dinner-plate'), 'fr', FR);
    if (plate.kind !== 'product') throw new Error(plate.kind);
    expect(plate.item.title).toBe('Assiette Bois flotté');
    expect(plate.item.excerpt).not.toBe('');
    const [row] = await db.sql<{ excerpt: string | null }[]>`
      select excerpt from item_translation where item_id = 'itm-driftwood-dinner-plate' and language = 'fr'`;
    expect(row.excerpt).toBeNull();
    const about = await translateResolved(db.sql, SITE, await catalog.resolvePath('/about'), 'fr', FR);
    if (about.kind !== 'page') throw new Error(about.kind);
    expect(about.collection.title).toBe('About the studio');
    expect(about.collection.description).toBe('Deux artisans.');
  });

  it('keeps a site user language, refuses a language code the schema does not allow', async () => {
    await db.sql`insert into site_user (id, website_id, email, password_hash) values ('su-lang', ${SITE}, 'lang@example.com', 'x')`;
    await setSiteUserLanguage(db.sql, SITE, 'su-lang', 'fr');
    expect(await siteUserLanguage(db.sql, SITE, 'su-lang')).toBe('fr');
    await expect(db.sql`insert into website_language (website_id, code) values (${SITE}, 'FR')`).rejects.toThrow();
    await expect(db.sql`insert into website_language (website_id, code, is_default) values (${SITE}, 'de', true)`).rejects.toThrow();
  });
});
