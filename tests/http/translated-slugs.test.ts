// Translated URL slugs and menu labels (ADR 0019) through the built server: the demo's French
// menus (owner labels, else the linked page's French title), French addresses that answer 200 and
// default slugs under /fr/ that answer 301 to them, hreflang and canonical links at the translated
// paths, and the owner's editors: a product's French slug (a taken one refused with what was typed
// kept), a page's (the address rules), and the navigation labels (saved, audited, refused for a
// viewer and for a too-long label). Every change is undone: the HTTP suite shares one server.
import { beforeAll, describe, expect, it } from 'vitest';
import { Visitor } from './support/client.js';
import { adminVisitor, auditHas, visitorWithRole } from './support/owner.js';

let admin: Visitor;
beforeAll(async () => {
  admin = await adminVisitor();
});

const text = async (r: Response) => (await r.text()).replace(/<!-- -->/g, '');
/** The main menu's links of a page, as [href, label] (its landmark is named in the page's language). */
const mainMenu = (html: string) => {
  const nav = /<nav[^>]*aria-label="(?:Main|Principal)"[^>]*>([\s\S]*?)<\/nav>/.exec(html)?.[1] ?? '';
  return [...nav.matchAll(/<a href="([^"]*)"[^>]*>([^<]*)<\/a>/g)].map((m) => [m[1], m[2]]);
};

describe('French menus', () => {
  it('show the owner labels, else the French title of the linked page, else the English label', async () => {
    const menu = mainMenu(await text(await new Visitor().get('/fr')));
    expect(menu).toContainEqual(['/fr/boutique', 'Boutique']);
    expect(menu).toContainEqual(['/fr/a-propos', 'À propos']);
    expect(menu).toContainEqual(['/fr/workshops', 'Ateliers']);
    expect(menu).toContainEqual(['/fr/journal', 'Journal']);
    const footer = await text(await new Visitor().get('/fr'));
    expect(footer).toContain('Livraison et retours');
    const en = mainMenu(await text(await new Visitor().get('/')));
    expect(en).toContainEqual(['/shop', 'Shop']);
    expect(en).toContainEqual(['/about', 'About']);
  });
});

describe('French addresses', () => {
  it('serve the French page at its translated path, with canonical and alternates there', async () => {
    const res = await new Visitor().get('/fr/boutique/p/tasse-flaque-de-maree');
    expect(res.status).toBe(200);
    const html = await text(res);
    expect(html).toContain('Tasse Flaque de marée');
    expect(html).toMatch(/<link rel="canonical" href="[^"]*\/fr\/boutique\/p\/tasse-flaque-de-maree"/);
    expect(html).toMatch(/<link rel="alternate" hrefLang="en" href="[^"]*\/shop\/p\/tide-pool-mug"\/>/);
    expect(html).toMatch(/<link rel="alternate" hrefLang="fr" href="[^"]*\/fr\/boutique\/p\/tasse-flaque-de-maree"\/>/);
    expect(html).toMatch(/<link rel="alternate" hrefLang="x-default" href="[^"]*\/shop\/p\/tide-pool-mug"\/>/);
    // The switcher on the English page leads to the French address.
    const en = await text(await new Visitor().get('/shop/p/tide-pool-mug'));
    expect(en).toContain('href="/fr/boutique/p/tasse-flaque-de-maree"');
  });

  it('answer 301 to the translated path for a default slug under /fr/, keeping the query', async () => {
    const cases: [string, string][] = [
      ['/fr/shop/p/tide-pool-mug', '/fr/boutique/p/tasse-flaque-de-maree'],
      ['/fr/boutique/p/tide-pool-mug', '/fr/boutique/p/tasse-flaque-de-maree'],
      ['/fr/shop/p/driftwood-dinner-plate', '/fr/boutique/p/driftwood-dinner-plate'],
      ['/fr/shop?page=2', '/fr/boutique?page=2'],
      ['/fr/about', '/fr/a-propos'],
    ];
    for (const [from, to] of cases) {
      const res = await new Visitor().get(from);
      expect(res.status, from).toBe(301);
      expect(res.headers.get('location'), from).toBe(to);
      // Not cached for ever: the owner may change the slug again.
      expect(res.headers.get('cache-control'), from).toBe('public, max-age=3600');
    }
    // A French slug is no English address.
    expect((await new Visitor().get('/boutique')).status).toBe(404);
    expect((await new Visitor().get('/shop/p/tasse-flaque-de-maree')).status).toBe(404);
  });
});

describe('/config: translated slugs', () => {
  const PRODUCT = '/config/products/itm-linen-napkins/translations/fr';
  const PAGE = '/config/pages/col-care-guide/translations/fr';

  it('a product French slug moves its French address; a slug another product has is refused, the form kept', async () => {
    const form = await text(await admin.get(PRODUCT));
    expect(form).toContain('<label for="f-slug">URL slug</label>');
    const taken = await admin.postForm(PRODUCT, { title: 'Serviettes gardées', slug: 'tasse-flaque-de-maree', excerpt: '', body: '' });
    expect(taken.status).toBe(400);
    const kept = await text(taken);
    expect(kept).toContain('Update the missing or invalid information above.');
    expect(kept).toContain('Another product in this collection already uses this URL slug in Français.');
    expect(kept).toMatch(/<input[^>]*name="title"[^>]*value="Serviettes gardées"/);
    expect(kept).toMatch(/<input[^>]*name="slug"[^>]*value="tasse-flaque-de-maree"/);
    const bad = await admin.postForm(PRODUCT, { title: '', slug: 'Serviettes!', excerpt: '', body: '' });
    expect(bad.status).toBe(400);
    expect(await text(bad)).toContain('Use lower-case letters, digits and hyphens for the URL slug.');

    const saved = await admin.postForm(PRODUCT, { title: 'Serviettes en lin', slug: 'serviettes-en-lin', excerpt: '', body: '' });
    expect(saved.status).toBe(303);
    const fr = await new Visitor().get('/fr/boutique/p/serviettes-en-lin');
    expect(fr.status).toBe(200);
    expect(await text(fr)).toContain('Serviettes en lin');
    const old = await new Visitor().get('/fr/boutique/p/linen-napkins');
    expect(old.status).toBe(301);
    expect(old.headers.get('location')).toBe('/fr/boutique/p/serviettes-en-lin');
    expect(await text(await new Visitor().get('/fr/boutique'))).toContain('href="/fr/boutique/p/serviettes-en-lin"');

    // A blank slug gives the product its default one back.
    expect((await admin.postForm(PRODUCT, { title: '', slug: '', excerpt: '', body: '' })).status).toBe(303);
    expect((await new Visitor().get('/fr/boutique/p/linen-napkins')).status).toBe(200);
    expect((await new Visitor().get('/fr/boutique/p/serviettes-en-lin')).status).toBe(404);
  });

  it('a page French slug follows the address rules and is unique among the French addresses', async () => {
    const reserved = await admin.postForm(PAGE, { title: 'Entretien', slug: 'cart' });
    expect(reserved.status).toBe(400);
    expect(await text(reserved)).toContain('/cart is used by the site itself: choose another address.');
    const taken = await admin.postForm(PAGE, { title: 'Entretien', slug: 'a-propos' });
    expect(taken.status).toBe(400);
    const kept = await text(taken);
    expect(kept).toContain('This site already has a page at /fr/a-propos.');
    expect(kept).toMatch(/<input[^>]*name="title"[^>]*value="Entretien"/);
    const saved = await admin.postForm(PAGE, { title: '', slug: 'entretien' });
    expect(saved.status).toBe(303);
    expect((await new Visitor().get('/fr/entretien')).status).toBe(200);
    expect((await new Visitor().get('/fr/care-guide')).headers.get('location')).toBe('/fr/entretien');
    const xml = await (await new Visitor().get('/sitemap.xml')).text();
    expect(xml).toMatch(/<url><loc>[^<]*\/fr\/entretien<\/loc>/);
    expect(await auditHas(admin, 'page', { actor: 'owner@example.com', action: 'page.translate', target: 'col-care-guide (fr)' })).toBe(
      true,
    );
    expect((await admin.postForm(PAGE, { title: '', slug: '' })).status).toBe(303);
    expect((await new Visitor().get('/fr/care-guide')).status).toBe(200);
  });
});

describe('/config: navigation labels', () => {
  const PATH = '/config/navigation/translations/fr';

  it('is linked from the navigation and languages screens', async () => {
    expect(await text(await admin.get('/config/navigation'))).toContain(`href="${PATH}"`);
    expect(await text(await admin.get('/config/languages'))).toContain(`href="${PATH}"`);
    expect((await admin.get('/config/navigation/translations/de')).status).toBe(404);
  });

  it('saves a label (audited) that French pages show; a blank one falls back again', async () => {
    const page = await text(await admin.get(PATH));
    const rows = [...page.matchAll(/name="items\[(\d+)\]\.title" value="([^"]*)"/g)].map((m) => ({ i: m[1], title: m[2] }));
    const journal = rows.find((r) => r.title === 'Journal');
    expect(journal).toBeDefined();
    expect(page).toMatch(/name="items\[\d+\]\.label"[^>]*value="À propos"/);
    const post = (label: string) =>
      admin.postForm(PATH, { [`items[${journal!.i}].title`]: 'Journal', [`items[${journal!.i}].label`]: label });
    const saved = await post('Carnet');
    expect(saved.status).toBe(303);
    expect(saved.headers.get('location')).toBe(`${PATH}?saved=1`);
    expect(await text(await admin.get(`${PATH}?saved=1`))).toContain('Navigation labels in Français saved.');
    expect(mainMenu(await text(await new Visitor().get('/fr')))).toContainEqual(['/fr/journal', 'Carnet']);
    expect(mainMenu(await text(await new Visitor().get('/')))).toContainEqual(['/journal', 'Journal']);
    expect(
      await auditHas(admin, 'navigation', { actor: 'owner@example.com', action: 'navigation.translate', target: 'navigation (fr)' }),
    ).toBe(true);
    // Other labels were not in the post: they stay.
    expect(mainMenu(await text(await new Visitor().get('/fr')))).toContainEqual(['/fr/a-propos', 'À propos']);
    expect((await post('')).status).toBe(303);
    expect(mainMenu(await text(await new Visitor().get('/fr')))).toContainEqual(['/fr/journal', 'Journal']);
  });

  it('refuses a too-long label with what was typed kept, and a viewer save (403)', async () => {
    const page = await text(await admin.get(PATH));
    const i = /name="items\[(\d+)\]\.title" value="Journal"/.exec(page)![1];
    const long = await admin.postForm(PATH, { [`items[${i}].title`]: 'Journal', [`items[${i}].label`]: 'C'.repeat(101) });
    expect(long.status).toBe(400);
    const kept = await text(long);
    expect(kept).toContain('A label is at most 100 characters.');
    expect(kept).toContain(`value="${'C'.repeat(101)}"`);
    const { visitor } = await visitorWithRole(admin, 10);
    expect((await visitor.get(PATH)).status).toBe(200);
    expect((await visitor.postForm(PATH, { [`items[${i}].title`]: 'Journal', [`items[${i}].label`]: 'Pirate' })).status).toBe(403);
    expect(mainMenu(await text(await new Visitor().get('/fr')))).toContainEqual(['/fr/journal', 'Journal']);
  });
});
