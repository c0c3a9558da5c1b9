// Blogs, events and galleries (issue 13) on the seeded demo store: what their URLs resolve to
// (drafts and future posts hidden, tag and category filters, upcoming and past events), search and
// the sitemap, and the pages rendered through the store and journal themes with no engine errors.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalog, type Catalog, type Resolved, type Site } from '../../app/catalog/catalog.server.js';
import { pageContext, templateFor } from '../../app/storefront/context.server.js';
import { renderThemePage } from '../../app/storefront/render.server.js';
import { missingCollectionTemplates, withCollectionTemplates } from '../../app/sites/collection-templates.server.js';
import type { Db } from '../../db/client.server.js';
import { projectPath } from '../../db/paths.server.js';
import { readTheme } from '../../db/seed.server.js';
import { THEME_DIR } from '../../db/seed/journal.js';
import { targets } from './support/databases.js';

function render(site: Site, resolved: Resolved, path: string, templates = site.templates) {
  const ctx = pageContext(site, resolved, { url: new URL(`http://localhost${path}`) });
  const errors: string[] = [];
  const out = renderThemePage(templates, templateFor(resolved), ctx, { locale: site.website.locale, timeZone: site.website.timeZone });
  for (const e of out.errors ?? []) errors.push(String((e as { message?: string }).message ?? e));
  return { html: out.html, errors };
}

function themeOf(dir: string): Site['templates'] {
  const theme = readTheme(projectPath(dir));
  return {
    layout: theme.find((t) => t.kind === 'layout')?.source ?? '',
    pages: Object.fromEntries(theme.filter((t) => t.kind === 'page').map((t) => [t.name, t.source])),
    partials: Object.fromEntries(theme.filter((t) => t.kind === 'partial').map((t) => [t.name, t.source])),
    stylesheet: null,
  };
}

describe.each(targets)('blogs, events and galleries on $name', (target) => {
  let db: Db;
  let catalog: Catalog;
  beforeAll(async () => {
    db = await target.open();
    catalog = createCatalog(db.sql);
    // An upcoming and a past event relative to now, so that the test does not age.
    await db.sql`
      insert into item (id, collection_id, url_id, title, record_type, start_date, end_date, location, excerpt)
      values ('t-soon', 'col-events', 'test-soon', 'Soon', 12, now() + interval '1 day', now() + interval '1 day 2 hours',
              '{"addressTitle": "The yard"}', '<p>Soon.</p>'),
             ('t-gone', 'col-events', 'test-gone', 'Gone', 12, now() - interval '2 days', now() - interval '2 days' + interval '1 hour',
              '{}', '')`;
    await db.sql`
      insert into item (id, collection_id, url_id, title, record_type, published_at, excerpt)
      values ('t-later', 'col-journal', 'test-later', 'Later post', 1, now() + interval '3 days', '<p>Not yet.</p>')`;
  });
  afterAll(async () => {
    await db?.close();
  });

  it('lists a blog newest first, without drafts or posts dated in the future', async () => {
    const r = await catalog.resolvePath('/journal');
    expect(r.kind).toBe('blog');
    if (r.kind !== 'blog') return;
    expect(r.collection.typeName).toBe('blog');
    expect(r.items.map((p) => p.urlId)).toEqual([
      'spring-firing-notes',
      'indigo-vat-in-winter',
      'risograph-two-colour-prints',
      'glaze-tests-for-autumn',
    ]);
    expect(r.pagination).toMatchObject({ page: 1, pageCount: 1, total: 4 });
    expect(r.tags.find((t) => t.name === 'Glazes')).toEqual({ name: 'Glazes', count: 2 });
    expect(r.categories.map((c) => c.name)).toEqual(['Ceramics', 'Dyeing', 'Printing']);
    expect((await catalog.resolvePath('/journal/draft-kiln-rebuild')).kind).toBe('not-found');
    expect((await catalog.resolvePath('/journal/test-later')).kind).toBe('not-found');
    expect((await catalog.resolvePath('/journal', { page: 2 })).kind).toBe('not-found');
  });

  it('filters a blog by tag and by category', async () => {
    const byTag = await catalog.resolvePath('/journal', { filter: { tag: 'Glazes' } });
    expect(byTag.kind === 'blog' && byTag.items.map((p) => p.urlId)).toEqual(['spring-firing-notes', 'glaze-tests-for-autumn']);
    const byCategory = await catalog.resolvePath('/journal', { filter: { category: 'Dyeing' } });
    expect(byCategory.kind === 'blog' && byCategory.items.map((p) => p.urlId)).toEqual(['indigo-vat-in-winter']);
    const none = await catalog.resolvePath('/journal', { filter: { tag: 'Nothing' } });
    expect(none.kind === 'blog' && none.items).toEqual([]);
  });

  it('splits events into upcoming (soonest first) and past (latest first)', async () => {
    const r = await catalog.resolvePath('/events');
    expect(r.kind).toBe('events');
    if (r.kind !== 'events') return;
    expect(r.upcoming[0].urlId).toBe('test-soon');
    expect(r.past[0].urlId).toBe('test-gone');
    expect(r.past.map((e) => e.urlId)).toContain('summer-open-studio');
    const soon = await catalog.resolvePath('/events/test-soon');
    expect(soon.kind === 'entry' && soon.item.location).toEqual({ addressTitle: 'The yard' });
  });

  it('reads a gallery, whose pictures have no page of their own', async () => {
    const r = await catalog.resolvePath('/gallery');
    expect(r.kind === 'gallery' && r.items.map((i) => i.title)).toEqual([
      'Tide Pool Mugs',
      'Shoreline Bowls',
      'Harbour Teapot',
      'Linen tea towels',
    ]);
    expect((await catalog.resolvePath('/gallery/tide-pool-mugs')).kind).toBe('not-found');
  });

  it('finds published posts and events in search, never drafts', async () => {
    const hits = await catalog.searchCatalog('kiln');
    const urls = hits.map((h) => h.fullUrl);
    expect(urls).toContain('/journal/spring-firing-notes');
    expect(urls).toContain('/events/winter-kiln-opening');
    expect(urls).not.toContain('/journal/draft-kiln-rebuild');
    expect(hits.find((h) => h.fullUrl === '/journal/spring-firing-notes')).toMatchObject({ kind: 'post', typeName: 'blog' });
  });

  it('puts collections, posts and events in the sitemap, not drafts or gallery pictures', async () => {
    const paths = (await catalog.sitemapEntries()).map((e) => e.path);
    expect(paths).toEqual(
      expect.arrayContaining(['/journal', '/events', '/gallery', '/journal/spring-firing-notes', '/events/summer-open-studio']),
    );
    expect(paths).not.toContain('/journal/draft-kiln-rebuild');
    expect(paths).not.toContain('/journal/test-later');
    expect(paths.some((p) => p.startsWith('/gallery/'))).toBe(false);
  });

  it('renders every collection page through the store and journal themes without engine errors', async () => {
    const site = await catalog.loadSite();
    const journal = themeOf(THEME_DIR);
    for (const path of [
      '/journal',
      '/journal/spring-firing-notes',
      '/journal/indigo-vat-in-winter',
      '/events',
      '/events/test-soon',
      '/gallery',
    ]) {
      const resolved = await catalog.resolvePath(path);
      for (const templates of [site.templates, journal]) {
        const { html, errors } = render(site, resolved, path, templates);
        expect(errors, `${path}`).toEqual([]);
        expect(html).not.toMatch(/\{\.|\{@/);
      }
    }
    const post = render(site, await catalog.resolvePath('/journal/spring-firing-notes'), '/journal/spring-firing-notes').html;
    expect(post).not.toContain('Comments are open.');
    expect(post).toContain('No Comments');
    expect(post).toContain('data-comment-state="1"');
    const closed = render(site, await catalog.resolvePath('/journal/indigo-vat-in-winter'), '/journal/indigo-vat-in-winter').html;
    expect(closed).toContain('Comments are closed.');
    expect(closed).not.toContain('squarespace-comments');
    // Comments turned off for the site: an open post shows no comments either (SPEC 4).
    const off = { ...site, settings: { ...site.settings, websiteSettings: { commentsEnabled: false } } };
    expect(render(off, await catalog.resolvePath('/journal/spring-firing-notes'), '/journal/spring-firing-notes').html).not.toContain(
      'squarespace-comments',
    );
    const event = render(site, await catalog.resolvePath('/events/winter-kiln-opening'), '/events/winter-kiln-opening').html;
    // America/Halifax is UTC-4 in winter: 14:00Z is 10:00 AM on the site's clock.
    expect(event).toMatch(/Saturday, January 16, 2027/);
    expect(event).toMatch(/10:00 AM/);
    expect(event).toContain(
      'http://www.google.com/calendar/event?action=TEMPLATE&amp;text=Winter%20kiln%20opening&amp;dates=20270116T140000Z/20270116T180000Z',
    );
    expect(event).toContain('href="/events/winter-kiln-opening/calendar.ics"');
  });

  it('fills in collection templates a site lacks from its starting theme', async () => {
    const site = await catalog.loadSite();
    const pages = { ...site.templates.pages };
    delete pages.blog;
    delete pages.post;
    const old: Site = { ...site, templates: { ...site.templates, pages } };
    const filled = withCollectionTemplates(old);
    expect(filled.templates.pages.blog).toBe(site.templates.pages.blog);
    expect(filled.templates.pages.post).toBe(site.templates.pages.post);
    expect(withCollectionTemplates(site)).toBe(site);
  });

  it("gives the theme editor the collection templates a site's files lack, from its starting theme", () => {
    const files = (dir: string) => readTheme(projectPath(dir)).map((t) => ({ name: t.name, kind: t.kind, source: t.source }));
    const store = files('db/seed/theme');
    expect(missingCollectionTemplates(store)).toEqual([]);
    const old = store.filter((f) => !['blog', 'post', 'post-card'].includes(f.name));
    const missing = missingCollectionTemplates(old);
    expect(missing.map((f) => `${f.kind}:${f.name}`).sort()).toEqual(['page:blog', 'page:post', 'partial:post-card']);
    expect(missing.find((f) => f.name === 'blog')?.source).toBe(store.find((f) => f.name === 'blog')?.source);
    // A site without a product page is taken for the journal theme.
    const journal = files(THEME_DIR).filter((f) => f.name !== 'events');
    expect(missingCollectionTemplates(journal).map((f) => f.name)).toEqual(['events']);
    expect(missingCollectionTemplates(journal)[0].source).toBe(files(THEME_DIR).find((f) => f.name === 'events')?.source);
  });
});
