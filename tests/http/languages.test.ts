// More languages (issue 16) through the built server: the three multilingual settings APIs of
// SPEC 7 (owner permission, CSRF, bad input), the demo's French pages under /fr/ with translated
// fields, French texts and money, hreflang alternates and canonical links, the sitemap's
// alternates, a site user's language through POST /api/site-users/account/locale; and (ADR 0019)
// translated slugs and menu labels: the demo's French addresses (/fr/boutique, /fr/a-propos), the
// 301 from a default slug under /fr/, and the owner's slug and navigation label editors.
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, Visitor } from './support/client.js';
import { adminVisitor, auditHas, visitorWithRole } from './support/owner.js';

const SETTINGS = '/api/multilingual/settings';
const LANGUAGES = '/api/multilingual/languages';
const CONNECTION = '/api/multilingual/connection';
const DEMO = [
  { code: 'en', isDefault: true },
  { code: 'fr', isDefault: false },
];

let admin: Visitor;
beforeAll(async () => {
  admin = await adminVisitor();
});

const text = async (r: Response) => (await r.text()).replace(/<!-- -->/g, '');

describe('multilingual settings API', () => {
  it('GET answers the status and the demo languages, English the default', async () => {
    const res = await admin.get(SETTINGS);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = await res.json();
    expect(body.languages).toEqual([
      { code: 'en', name: 'English', isDefault: true },
      { code: 'fr', name: 'Français', isDefault: false },
    ]);
    expect(['CONNECTED', 'NOT_CONNECTED']).toContain(body.status);
  });

  it('PUT replaces the languages (audited), and the storefront follows at once', async () => {
    const put = await admin.json(LANGUAGES, { languages: [...DEMO, { code: 'de' }] }, 'PUT');
    expect(put.status, await put.clone().text()).toBe(200);
    expect((await put.json()).languages.map((l: { code: string }) => l.code)).toEqual(['en', 'fr', 'de']);
    expect((await new Visitor().get('/de/about')).status).toBe(200);
    const de = await text(await new Visitor().get('/de/shop/p/tide-pool-mug'));
    expect(de).toContain('<html lang="de"');
    expect(de).toContain('In den Warenkorb');
    // The store theme's layout in German too: skip link, cart link, footer titles.
    expect(de).toContain('<a class="skip-link" href="#main">Zum Inhalt springen</a>');
    expect(de).toContain('<span class="cart-link-text">Warenkorb</span>');
    expect(de).toContain('<h2>Hilfe</h2>');
    expect(de).toContain('<h2>Besuchen Sie uns</h2>');
    expect(await auditHas(admin, 'settings', { actor: 'owner@example.com', action: 'settings.update', target: 'languages' })).toBe(true);
    const back = await admin.json(LANGUAGES, { languages: DEMO }, 'PUT');
    expect(back.status).toBe(200);
    expect((await new Visitor().get('/de/about')).status).toBe(404);
    expect((await (await admin.get(SETTINGS)).json()).languages.map((l: { code: string }) => l.code)).toEqual(['en', 'fr']);
  });

  it('refuses bad input with a 400 and its reason, keeping the languages', async () => {
    const cases: [unknown, RegExp][] = [
      [{ languages: 'fr' }, /^Send \{"languages"/],
      [{}, /^Send \{"languages"/],
      [{ languages: [] }, /at least one language/],
      [{ languages: [{ code: 'xx', isDefault: true }] }, /"xx" is not a language this site can offer/],
      [{ languages: [{ code: 'en', isDefault: true }, { code: 'en' }] }, /listed twice/],
      [{ languages: [{ code: 'en' }, { code: 'fr' }] }, /exactly one default/],
      [
        {
          languages: [
            { code: 'en', isDefault: true },
            { code: 'fr', isDefault: true },
          ],
        },
        /exactly one default/,
      ],
    ];
    for (const [body, error] of cases) {
      const res = await admin.json(LANGUAGES, body, 'PUT');
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await res.json()).error).toMatch(error);
    }
    const broken = await admin.json(LANGUAGES, '{"languages": [', 'PUT');
    expect(broken.status).toBe(400);
    expect((await broken.json()).error).toBe('Could not parse the request body.');
    expect((await admin.json(LANGUAGES, { languages: DEMO }, 'POST')).status).toBe(405);
    expect((await admin.get(LANGUAGES)).status).toBe(405);
    expect((await (await admin.get(SETTINGS)).json()).languages.map((l: { code: string }) => l.code)).toEqual(['en', 'fr']);
  });

  it('is a 401 without an owner, a 403 for a viewer writing; a viewer may read', async () => {
    const anon = new Visitor();
    expect((await anon.get(SETTINGS)).status).toBe(401);
    expect((await anon.json(LANGUAGES, { languages: DEMO }, 'PUT')).status).toBe(401);
    expect((await anon.fetch(CONNECTION, { method: 'DELETE' })).status).toBe(401);
    const { visitor } = await visitorWithRole(admin, 10);
    expect((await visitor.get(SETTINGS)).status).toBe(200);
    const put = await visitor.json(LANGUAGES, { languages: [{ code: 'fr', isDefault: true }] }, 'PUT');
    expect(put.status).toBe(403);
    expect(await put.json()).toEqual({ error: 'Your role on this site does not allow this.' });
    expect((await visitor.fetch(CONNECTION, { method: 'DELETE' })).status).toBe(403);
  });

  it('refuses a PUT or DELETE from another site (CSRF), changing nothing', async () => {
    const put = await admin.json(LANGUAGES, { languages: [{ code: 'fr', isDefault: true }] }, 'PUT', { Origin: 'https://evil.example' });
    expect(put.status).toBe(403);
    const del = await admin.fetch(CONNECTION, { method: 'DELETE', headers: { 'Sec-Fetch-Site': 'cross-site' } });
    expect(del.status).toBe(403);
    const settings = await (await admin.get(SETTINGS)).json();
    expect(settings.languages[0]).toEqual({ code: 'en', name: 'English', isDefault: true });
    expect(settings.status).toBe('CONNECTED');
  });

  it('DELETE disconnects the translation service', async () => {
    const del = await admin.fetch(CONNECTION, { method: 'DELETE' });
    expect(del.status).toBe(200);
    expect(await del.json()).toEqual({ disconnected: true });
    const after = await (await admin.get(SETTINGS)).json();
    expect(after.status).toBe('NOT_CONNECTED');
    expect(after.connection).toBeNull();
    const again = await admin.fetch(CONNECTION, { method: 'DELETE' });
    expect(await again.json()).toEqual({ disconnected: false });
  });
});

describe('French pages under /fr/', () => {
  it('renders a translated page in French, with lang, canonical and hreflang alternates', async () => {
    const res = await new Visitor().get('/fr/a-propos');
    expect(res.status).toBe(200);
    const html = await text(res);
    expect(html).toContain('<html lang="fr"');
    expect(html).toContain('À propos de l&#x27;atelier');
    expect(html).toContain('Notre façon de travailler');
    expect(html).not.toContain('How we work');
    // The theme's own texts, from localizedStrings in French.
    expect(html).toContain('<a class="skip-link" href="#main">Aller au contenu</a>');
    expect(html).toContain('<span class="cart-link-text">Panier</span>');
    const base = baseUrl();
    expect(html).toMatch(new RegExp(`<link rel="canonical" href="[^"]*/fr/a-propos"`));
    expect(html).toMatch(/<link rel="alternate" hrefLang="en" href="[^"]*\/about"\/>/);
    expect(html).toMatch(/<link rel="alternate" hrefLang="fr" href="[^"]*\/fr\/a-propos"\/>/);
    expect(html).toMatch(/<link rel="alternate" hrefLang="x-default" href="[^"]*\/about"\/>/);
    // The menus stay in the language; the switcher links the English page.
    expect(html).toMatch(/<a href="\/fr\/boutique"/);
    expect(html).toMatch(/<a href="\/about" hreflang="en" lang="en">English<\/a>/);
    expect(html).toMatch(/<a href="\/fr\/a-propos" hreflang="fr" lang="fr" aria-current="true" style="font-weight: 600;">Français<\/a>/);
    expect(base).toBeTruthy();
  });

  it('the English page has the same alternates and stays English', async () => {
    const html = await text(await new Visitor().get('/about'));
    expect(html).toContain('<html lang="en');
    expect(html).toContain('How we work');
    expect(html).toContain('<span class="cart-link-text">Cart</span>');
    expect(html).toMatch(/<link rel="alternate" hrefLang="fr" href="[^"]*\/fr\/a-propos"\/>/);
    expect(html).toMatch(/<link rel="alternate" hrefLang="x-default" href="[^"]*\/about"\/>/);
  });

  it('falls back to the English text where a page or product has no translation', async () => {
    const html = await text(await new Visitor().get('/fr/shipping-returns'));
    expect(html).toContain('<html lang="fr"');
    expect(html).toContain('Shipping &amp; Returns');
    const product = await text(await new Visitor().get('/fr/boutique/p/driftwood-dinner-plate'));
    expect(product).toContain('Driftwood Dinner Plate');
    expect(product).toContain('Ajouter au panier');
  });

  it('renders a product in French: its fields, the engine texts and French money formats', async () => {
    const res = await new Visitor().get('/fr/boutique/p/tasse-flaque-de-maree');
    expect(res.status).toBe(200);
    const html = await text(res);
    expect(html).toContain('Tasse Flaque de marée');
    expect(html).toContain('Ajouter au panier');
    expect(html).toContain('Quantité');
    // 3400 cents of the store's USD, as CLDR writes them in French: comma decimals, symbol after.
    expect(html).toContain('34,00\u00a0$US');
    expect(html).not.toContain('$34.00');
    const en = await text(await new Visitor().get('/shop/p/tide-pool-mug'));
    expect(en).toContain('$34.00');
    expect(en).toContain('Tide Pool Mug');
  });

  it('lists translated products under /fr/ with links that keep the prefix', async () => {
    const html = await text(await new Visitor().get('/fr/boutique'));
    expect(html).toContain('Boutique');
    expect(html).toContain('href="/fr/boutique/p/tasse-flaque-de-maree"');
    expect(html).not.toContain('href="/shop/p/tide-pool-mug"');
    const home = await new Visitor().get('/fr');
    expect(home.status).toBe(200);
    expect(await text(home)).toContain('Fait lentement, au bord de la mer');
  });

  it('every link on the French home page leads somewhere: the app’s own pages (search, cart, account) in French too', async () => {
    const v = new Visitor();
    const html = await text(await v.get('/fr'));
    const links = [...new Set([...html.matchAll(/<a [^>]*href="(\/[^"#]*)"/g)].map((m) => m[1]))];
    expect(links).toContain('/fr/boutique');
    // The logo leads to the French home; only the switcher's English link goes to /.
    expect(html).toContain('<a class="brand" href="/fr">');
    expect([...html.matchAll(/<a [^>]*href="\/"[^>]*>/g)].every((m) => m[0].includes('hreflang="en"'))).toBe(true);
    expect(links).toEqual(expect.arrayContaining(['/fr/search', '/fr/account', '/fr/cart']));
    expect(links.filter((l) => /^\/(search|cart|checkout|account)/.test(l))).toEqual([]);
    for (const link of links) expect((await v.get(link)).status, link).toBeLessThan(400);
  });

  it("answers 404 for a prefix that is not one of the site's languages, and for the default one", async () => {
    expect((await new Visitor().get('/de/about')).status).toBe(404);
    expect((await new Visitor().get('/en/about')).status).toBe(404);
    expect((await new Visitor().get('/fr/no-such-page')).status).toBe(404);
  });
});

describe('forms on French pages', () => {
  it('the back-in-stock form of a French product page posts to that page and answers there, without JavaScript', async () => {
    const v = new Visitor();
    const page = '/fr/boutique/p/harbour-teapot';
    const html = await text(await v.get(page));
    const m = /data-product-id="([^"]+)" data-variant-id="([^"]+)"/.exec(html);
    expect(m).not.toBeNull();
    expect(html).toMatch(new RegExp(`<form class="product-restock-form" id="[^"]+" action="${page}" method="post"`));
    const res = await v.postForm(page, { _action: 'restock', productId: m![1], variantId: m![2], email: 'fr-nojs@example.com' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(page);
    // Said in the page's language (the restock form's own texts, when the owner set none).
    expect(await text(await v.get(page))).toContain('C’est noté !');
  });
});

describe('dates in French', () => {
  it('a blog listing under /fr/ prints its dates through CLDR in French', async () => {
    const fr = await text(await new Visitor().get('/fr/journal'));
    expect(fr).toContain('18 avril 2026');
    const en = await text(await new Visitor().get('/journal'));
    expect(en).toContain('April 18, 2026');
    expect(fr).toContain('href="/fr/journal/');
  });
});

describe('POST /api/site-users/account/locale', () => {
  const LOCALE = '/api/site-users/account/locale';

  async function signedInShopper(): Promise<{ v: Visitor; token: string }> {
    const v = new Visitor();
    const email = `lang-${randomBytes(5).toString('hex')}@example.com`;
    const up = await v.postForm('/account/sign-up', { name: 'Amélie', email, password: 'a long enough password' });
    expect(up.status).toBe(303);
    const session = await (await v.get('/api/site-users/account/session')).json();
    expect(session.authenticated).toBe(true);
    return { v, token: session.xsrfToken };
  }

  it("keeps the signed-in site user's language (fr-FR is French), with the XSRF token", async () => {
    const { v, token } = await signedInShopper();
    expect(await (await v.get(LOCALE)).json()).toEqual({ language: null });
    const res = await v.json(LOCALE, { language: 'fr-FR' }, 'POST', { 'X-SiteUser-XSRF-Token': token });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ language: 'fr' });
    expect(await (await v.get(LOCALE)).json()).toEqual({ language: 'fr' });
    const en = await v.json(LOCALE, { language: 'en' }, 'POST', { 'X-SiteUser-XSRF-Token': token });
    expect(await en.json()).toEqual({ language: 'en' });
  });

  it('refuses a language the site does not offer, a missing one, a stale token, nobody signed in, and another origin', async () => {
    const { v, token } = await signedInShopper();
    const h = { 'X-SiteUser-XSRF-Token': token };
    const de = await v.json(LOCALE, { language: 'de' }, 'POST', h);
    expect(de.status).toBe(400);
    expect((await de.json()).error).toBe("Choose one of this site's languages: en, fr.");
    const junk = await v.json(LOCALE, { language: '<script>' }, 'POST', h);
    expect(junk.status).toBe(400);
    const none = await v.json(LOCALE, {}, 'POST', h);
    expect(await none.json()).toEqual({ error: 'Send {"language": "fr"}.' });
    const stale = await v.json(LOCALE, { language: 'fr' }, 'POST', { 'X-SiteUser-XSRF-Token': `${token}x` });
    expect(stale.status).toBe(403);
    // SPEC 8's session-token failure text, verbatim, for the page to show if the retry fails too.
    expect(await stale.json()).toEqual({ crumbFail: true, error: 'Your session has expired. Please reload the page and try again.' });
    const anon = await new Visitor().json(LOCALE, { language: 'fr' });
    expect(anon.status).toBe(401);
    expect(await anon.json()).toEqual({ error: 'Sign in to choose your language.' });
    const forged = await v.json(LOCALE, { language: 'fr' }, 'POST', { ...h, Origin: 'https://evil.example' });
    expect(forged.status).toBe(403);
    expect(await (await v.get(LOCALE)).json()).toEqual({ language: null });
    expect((await v.fetch(LOCALE, { method: 'PUT' })).status).toBe(405);
  });
});

describe('/config: languages and translations', () => {
  it('the Languages screen lists the languages and saves a choice (audited); a bad default is refused with the choices kept', async () => {
    const page = await text(await admin.get('/config/languages'));
    expect(page).toContain('<h1>Languages</h1>');
    expect(page).toMatch(/<input id="f-lang-fr" type="checkbox" name="lang" checked="" value="fr"\/>/);
    expect(page).toMatch(/<option value="en" lang="en" selected="">English<\/option>/);
    const bad = await admin.postForm('/config/languages', [
      ['intent', 'save'],
      ['default', 'xx'],
      ['lang', 'fr'],
      ['lang', 'de'],
    ]);
    expect(bad.status).toBe(400);
    const kept = await text(bad);
    expect(kept).toContain('&quot;xx&quot; is not a language this site can offer.');
    // Every box ticked comes back ticked, not only the last one posted.
    expect(kept).toMatch(/<input id="f-lang-fr" type="checkbox" name="lang" checked="" value="fr"\/>/);
    expect(kept).toMatch(/<input id="f-lang-de" type="checkbox" name="lang" checked="" value="de"\/>/);
    expect(kept).not.toMatch(/<input id="f-lang-es" type="checkbox" name="lang" checked=""/);
    const ok = await admin.postForm('/config/languages', [
      ['intent', 'save'],
      ['default', 'en'],
      ['lang', 'en'],
      ['lang', 'fr'],
      ['lang', 'es'],
    ]);
    expect(ok.status).toBe(303);
    expect(ok.headers.get('location')).toBe('/config/languages?done=saved');
    const es = await text(await new Visitor().get('/es/shop/p/tide-pool-mug'));
    expect(es).toContain('Añadir al carrito');
    expect(es).toContain('<a class="skip-link" href="#main">Saltar al contenido</a>');
    expect(es).toContain('<span class="cart-link-text">Carrito</span>');
    expect(es).toContain('<h2>Ayuda</h2>');
    // Every ticked box is offered, not only the last one posted.
    expect((await new Visitor().get('/fr/a-propos')).status).toBe(200);
    const restore = await admin.postForm('/config/languages', [
      ['intent', 'save'],
      ['default', 'en'],
      ['lang', 'fr'],
    ]);
    expect(restore.status).toBe(303);
    expect((await new Visitor().get('/es/about')).status).toBe(404);
  });

  it('edits a page in French: saved fields show on /fr/, the body sanitised; a too-long title keeps what was typed', async () => {
    const path = '/config/pages/col-care-guide/translations/fr';
    const form = await text(await admin.get(path));
    expect(form).toContain('<label for="f-title">Title</label>');
    expect(form).toMatch(/aria-current="page" lang="fr"[^>]*>Français</);
    const long = await admin.postForm(path, { title: 'T'.repeat(201), description: 'Gardé' });
    expect(long.status).toBe(400);
    const kept = await text(long);
    expect(kept).toContain('A title is at most 200 characters.');
    expect(kept).toMatch(/<textarea id="f-description"[^>]*>Gardé<\/textarea>/);
    const saved = await admin.postForm(path, {
      title: "Guide d'entretien",
      description: 'Prendre soin du grès et du lin.',
      body: '<p>Lavez à froid.</p><script>alert(1)</script>',
      seoTitle: '',
      seoDescription: '',
    });
    expect(saved.status).toBe(303);
    expect(saved.headers.get('location')).toBe(`${path}?saved=1`);
    expect(await text(await admin.get(`${path}?saved=1`))).toContain('Français saved.');
    // A draft editor (pages.write without pages.publish) may not change a live French page.
    const { visitor: draft } = await visitorWithRole(admin, 16);
    expect((await draft.postForm(path, { title: 'Brouillon' })).status).toBe(403);
    const fr = await text(await new Visitor().get('/fr/care-guide'));
    expect(fr).toContain('Guide d&#x27;entretien');
    expect(fr).toContain('<p>Lavez à froid.</p>');
    expect(fr).not.toContain('alert(1)');
    expect(await auditHas(admin, 'page', { actor: 'owner@example.com', action: 'page.translate', target: 'col-care-guide (fr)' })).toBe(
      true,
    );
    // The page editor links its translation.
    expect(await text(await admin.get('/config/pages/col-care-guide'))).toContain('href="/config/pages/col-care-guide/translations/fr"');
  });

  it('edits a product in French; a language the site lacks is a 404; a viewer may read but not save', async () => {
    const path = '/config/products/itm-linen-napkins/translations/fr';
    const saved = await admin.postForm(path, { title: 'Serviettes en lin, lot de quatre', excerpt: '', body: '' });
    expect(saved.status).toBe(303);
    const fr = await text(await new Visitor().get('/fr/boutique/p/linen-napkins'));
    expect(fr).toContain('Serviettes en lin, lot de quatre');
    expect(await text(await admin.get('/config/products/itm-linen-napkins'))).toContain(`href="${path}"`);
    expect((await admin.get('/config/products/itm-linen-napkins/translations/de')).status).toBe(404);
    expect((await admin.get('/config/products/itm-linen-napkins/translations/en')).status).toBe(404);
    const { visitor } = await visitorWithRole(admin, 10);
    expect((await visitor.get(path)).status).toBe(200);
    expect((await visitor.postForm(path, { title: 'x' })).status).toBe(403);
    expect(await text(await new Visitor().get('/fr/boutique/p/linen-napkins'))).toContain('Serviettes en lin, lot de quatre');
  });
});

describe('sitemap alternates', () => {
  it('lists each page in each language with its alternates and x-default', async () => {
    const xml = await (await new Visitor().get('/sitemap.xml')).text();
    expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    const about = /<url><loc>[^<]*\/fr\/a-propos<\/loc><lastmod>[^<]+<\/lastmod>(.*?)<\/url>/.exec(xml);
    expect(about).not.toBeNull();
    expect(about![1]).toMatch(/<xhtml:link rel="alternate" hreflang="en" href="[^"]*\/about"\/>/);
    expect(about![1]).toMatch(/<xhtml:link rel="alternate" hreflang="fr" href="[^"]*\/fr\/a-propos"\/>/);
    expect(about![1]).toMatch(/<xhtml:link rel="alternate" hreflang="x-default" href="[^"]*\/about"\/>/);
    expect(xml).toMatch(/<url><loc>[^<]*\/fr<\/loc>/);
    expect(xml).toMatch(/<url><loc>[^<]*\/fr\/boutique\/p\/tasse-flaque-de-maree<\/loc>/);
    // The untranslated product is listed under the translated listing; default slugs are not French addresses.
    expect(xml).toMatch(/<url><loc>[^<]*\/fr\/boutique\/p\/driftwood-dinner-plate<\/loc>/);
    expect(xml).not.toMatch(/\/fr\/shop[/<"]/);
    expect(xml).not.toMatch(/\/fr\/about[<"]/);
  });
});
