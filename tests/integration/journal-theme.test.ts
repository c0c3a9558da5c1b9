// The journal starting theme (db/seed/themes/journal) over its sample site (db/seed/journal.ts):
// every template compiles on both engine backends, and each page type renders real content through
// the app's context builder, with no engine errors, no template syntax left over and sound structure.
import { describe, expect, it } from 'vitest';
import type { Collection, NavItem, Resolved, SearchHit, Site } from '../../app/catalog/catalog.server.js';
import { pageContext, templateFor, type ContextExtras } from '../../app/storefront/context.server.js';
import { renderPage as renderSitePage } from '../../app/storefront/render.server.js';
import { projectPath } from '../../db/paths.server.js';
import { COLLECTION_PAGE, readTheme } from '../../db/seed.server.js';
import { NAVIGATION, PAGES, THEME_DIR, WEBSITE } from '../../db/seed/journal.js';
import type { NavLink, SeedPage } from '../../db/seed/store.js';
import { compile, render, type Backend } from '../../engine/node.js';

const BACKENDS: Backend[] = ['ts', 'wasm'];

const theme = readTheme(projectPath(THEME_DIR));

/** The sample site as loadSite() would return it once seeded (same shapes, no database). */
const site: Site = {
  website: {
    id: WEBSITE.id,
    siteTitle: WEBSITE.title,
    siteDescription: WEBSITE.description,
    baseUrl: WEBSITE.baseUrl,
    timeZone: WEBSITE.timeZone,
    currency: WEBSITE.currency,
    locale: WEBSITE.locale,
  },
  settings: WEBSITE.settings,
  navigation: { mainNavigation: nav(NAVIGATION.mainNavigation), footerNavigation: nav(NAVIGATION.footerNavigation) },
  templates: {
    layout: theme.find((t) => t.kind === 'layout')?.source ?? '',
    pages: Object.fromEntries(theme.filter((t) => t.kind === 'page').map((t) => [t.name, t.source])),
    partials: Object.fromEntries(theme.filter((t) => t.kind === 'partial').map((t) => [t.name, t.source])),
    stylesheet: theme.find((t) => t.kind === 'stylesheet')?.source ?? null,
  },
};

function nav(links: NavLink[]): NavItem[] {
  return links.map((l) => ({ title: l.title, url: l.url, children: nav(l.children ?? []) }));
}

function collection(p: SeedPage): Collection {
  return {
    id: `col-${p.urlId}`,
    urlId: p.urlId,
    title: p.title,
    description: p.description,
    type: COLLECTION_PAGE,
    typeName: 'page',
    fullUrl: `/${p.urlId}`,
    body: p.body,
    assetUrl: p.image?.url ?? null,
    originalSize: p.image?.size ?? null,
    seoTitle: p.seoTitle ?? null,
    seoDescription: null,
  };
}

/** What the catalog resolves a path to on this site: home, a page, or nothing. */
function resolve(path: string): Resolved {
  const home = PAGES.find((p) => p.urlId === WEBSITE.settings.homeCollection);
  if (path === '/') return { kind: 'home', collection: home ? collection(home) : null, items: [] };
  const page = PAGES.find((p) => `/${p.urlId}` === path);
  return page ? { kind: 'page', collection: collection(page) } : { kind: 'not-found' };
}

/** A stand-in for the full-text search: pages whose text holds every word of the query. */
function search(q: string): SearchHit[] {
  const words = q.toLowerCase().split(/\s+/).filter(Boolean);
  return PAGES.filter((p) => {
    const text = `${p.title} ${p.description} ${p.body.replace(/<[^>]+>/g, ' ')}`.toLowerCase();
    return words.length > 0 && words.every((w) => text.includes(w));
  }).map((p, i) => ({
    kind: 'page',
    id: `col-${p.urlId}`,
    title: p.title,
    fullUrl: p.urlId === 'home' ? '/' : `/${p.urlId}`,
    excerpt: p.description,
    assetUrl: p.image?.url ?? null,
    originalSize: p.image?.size ?? null,
    typeName: 'page',
    rank: 1 / (i + 1),
  }));
}

/** Renders the page template, then the layout around it, failing on any engine error. */
function renderPage(resolved: Resolved, extras: Omit<ContextExtras, 'url'> & { path: string }, backend: Backend = 'ts'): string {
  const { path, ...rest } = extras;
  const ctx = pageContext(site, resolved, { ...rest, url: new URL(`http://localhost:3000${path}`) });
  const template = templateFor(resolved);
  const opts = { locale: site.website.locale, timeZone: site.website.timeZone, partials: site.templates.partials, backend };
  const source = site.templates.pages[template];
  expect(source, `template ${template}`).toBeDefined();
  const compiled = compile(source, { backend });
  expect(compiled.errors, `${template}: syntax`).toEqual([]);
  const page = render(compiled.code, ctx, opts);
  expect(page.errors, `${template}: runtime`).toEqual([]);
  const layout = render(site.templates.layout, { ...ctx, mainContent: page.output }, opts);
  expect(layout.errors, 'layout').toEqual([]);
  return layout.output;
}

const show = (path: string, backend: Backend = 'ts') => renderPage(resolve(path), { path }, backend);
const showSearch = (q: string, backend: Backend = 'ts') =>
  renderPage(
    { kind: 'search' },
    { path: q ? `/search?q=${encodeURIComponent(q)}` : '/search', search: { query: q, hits: search(q) } },
    backend,
  );

/** The checks every rendered page must pass: no template syntax left, one h1, landmarks, unique ids. */
function expectSound(html: string, label: string): void {
  // CSS braces are text of the stylesheet; anything else with a brace is template syntax that leaked.
  const outsideStyle = html.replace(/<style>[\s\S]*?<\/style>/g, '');
  expect(outsideStyle, `${label}: braces`).not.toMatch(/[{}]/);
  expect(html, `${label}: instructions`).not.toMatch(/\{[.@#a-zA-Z]/);
  expect(html.match(/<h1[\s>]/g) ?? [], `${label}: h1`).toHaveLength(1);
  expect(html.match(/<main[\s>]/g) ?? [], `${label}: main`).toHaveLength(1);
  expect(html).toContain('<main id="main" class="site-main">');
  expect(html.indexOf('<a class="skip-link" href="#main">Skip to content</a>'), `${label}: skip link first`).toBe(html.indexOf('<a '));
  expect(html).toMatch(/<header class="masthead">[\s\S]*<nav class="site-nav" aria-label="Main">/);
  expect(html).toMatch(/<footer class="site-footer">[\s\S]*<nav class="footer-nav" aria-label="Footer">/);
  const ids = [...html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]);
  expect(new Set(ids).size, `${label}: unique ids`).toBe(ids.length);
  // No shop and no JavaScript: no cart, no scripts.
  expect(html, `${label}: scripts`).not.toContain('<script');
  expect(html, `${label}: cart`).not.toMatch(/cart/i);
}

describe('journal theme', () => {
  it('has the page templates of a site without a shop', () => {
    const pages = theme.filter((t) => t.kind === 'page').map((t) => t.name);
    expect(pages.sort()).toEqual(['blog', 'error', 'event', 'events', 'gallery', 'home', 'not-found', 'page', 'post', 'search']);
    // Its partials: cards of posts and events, and a page's content blocks (issue 13), as the default theme's.
    expect(
      theme
        .filter((t) => t.kind === 'partial')
        .map((t) => t.name)
        .sort(),
    ).toEqual(['event-card', 'page-blocks', 'post-card']);
    // Its CSS is a stylesheet file (served at /theme/<hash>.css), not inlined by the layout.
    expect(theme.filter((t) => t.kind === 'stylesheet').map((t) => t.name)).toEqual(['theme.css']);
    expect(site.templates.layout).not.toContain('<style');
  });

  it.each(BACKENDS)('compiles every template and partial without syntax errors (%s)', (backend) => {
    for (const t of theme) expect(compile(t.source, { backend }).errors, `${t.kind} ${t.name}`).toEqual([]);
  });

  it.each(BACKENDS)('renders home: introduction, picture, latest notes, navigation (%s)', (backend) => {
    const html = show('/', backend);
    expectSound(html, 'home');
    expect(html).toContain('<a class="site-title" href="/">The Penhallow Notebook</a>');
    expect(html).toContain('<h1>Paper, thread and the odd sentence</h1>');
    expect(html).toContain('I am Ada Penhallow.');
    expect(html).toMatch(
      /<img class="intro-image" src="\/images\/journal\/open-book\.svg" srcset="[^"]+" sizes="[^"]+" width="1200" height="600" alt=""/,
    );
    expect(html).toContain('<h2>Latest notes</h2>');
    expect(html).toContain('<a href="/notes#a-spine-that-would-not-sit-flat">A spine that would not sit flat</a>');
    expect(html).toContain('<a href="/notes">Notes</a>');
    expect(html).toContain('<a href="/about">About</a>');
    expect(html).toContain('<a href="/contact">Contact</a>');
    // Home is the current page in the footer links.
    expect(html).toContain('<a href="/" aria-current="page">Home</a>');
    expect(html).toContain('<a href="mailto:ada@penhallow.example">ada@penhallow.example</a>');
    expect(html).toContain('Upstairs, 3 Tanner’s Row, Pellbridge');
  });

  it('renders home the same way through the app renderer', () => {
    const ctx = pageContext(site, resolve('/'), { url: new URL('http://localhost:3000/') });
    const { html, errors } = renderSitePage(site, 'home', ctx);
    expect(errors).toEqual([]);
    expect(html).toBe(show('/'));
  });

  it('renders home without a home page: the site title and description', () => {
    const html = renderPage({ kind: 'home', collection: null, items: [] }, { path: '/' });
    expectSound(html, 'bare home');
    expect(html).toContain('<h1>The Penhallow Notebook</h1>');
    expect(html).toContain(WEBSITE.description);
  });

  it.each(BACKENDS)('renders the notes page: every dated note, the nav link marked current (%s)', (backend) => {
    const html = show('/notes', backend);
    expectSound(html, 'notes');
    expect(html).toContain('<a href="/notes" aria-current="page">Notes</a>');
    expect(html).toContain('<h1>Notes</h1>');
    expect(html).toContain('<p class="lede">Short dispatches from the desk and the bench, newest first.</p>');
    for (const title of ['A spine that would not sit flat', 'Marbling on a wet Tuesday', 'Forty words a day', 'The bakery clock']) {
      expect(html).toContain(`<h2>${title}</h2>`);
    }
    expect(html.match(/<article class="entry" id="[^"]+">/g) ?? []).toHaveLength(4);
    expect(html).toContain('<time datetime="2025-03-14">14 March 2025</time>');
    expect(html).toContain('glue wants a night under weight');
  });

  it('renders the about and contact pages', () => {
    const about = show('/about');
    expectSound(about, 'about');
    expect(about).toContain('<a href="/about" aria-current="page">About</a>');
    expect(about).toContain('<h1>About</h1>');
    expect(about).toContain('<h2>The studio</h2>');
    expect(about).toContain('nipping press');
    const contact = show('/contact');
    expectSound(contact, 'contact');
    expect(contact).toContain('<h1>Contact</h1>');
    expect(contact).toContain('<h2>Rebinding and commissions</h2>');
    expect(contact).toContain('<a href="/contact" aria-current="page">Contact</a>');
  });

  it.each(BACKENDS)('renders search: the form, results, and "No results found" (%s)', (backend) => {
    const form = '<form class="search-form" method="get" action="/search" role="search">';
    const empty = showSearch('', backend);
    expectSound(empty, 'search');
    expect(empty).toContain(form);
    expect(empty).toContain('<label for="search-q">Search the journal</label>');
    expect(empty).toContain('<input id="search-q" type="search" name="q" value=""');
    expect(empty).toContain('<p class="hint">');
    expect(empty).not.toContain('No results found');

    const html = showSearch('marbling', backend);
    expectSound(html, 'search results');
    expect(html).toContain(form);
    expect(html).toContain('value="marbling"');
    expect(html).toContain('2 results for &ldquo;marbling&rdquo;');
    expect(html).toContain('<h2 class="result-title"><a href="/notes">Notes</a></h2>');
    expect(html).toContain('<h2 class="result-title"><a href="/">Paper, thread and the odd sentence</a></h2>');
    expect(html).not.toContain('No results found');

    const none = showSearch('xqzzyv', backend);
    expectSound(none, 'no results');
    expect(none).toContain('0 results for &ldquo;xqzzyv&rdquo;');
    expect(none).toContain('<p class="empty-title">No results found</p>');
  });

  it('escapes what visitors type', () => {
    const evil = '"><script>alert(1)</script>';
    const html = renderPage({ kind: 'search' }, { path: '/search', search: { query: evil, hits: [], error: `Bad: ${evil}` } });
    expect(html).not.toContain('<script>');
    expect(html).toContain('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
    expect(html).toContain('<p class="notice" role="alert">Bad: "&gt;&lt;script&gt;alert(1)&lt;/script&gt;</p>');
    const nf = renderPage({ kind: 'not-found' }, { path: '/%3Cscript%3E' });
    expect(nf).toContain('<code>/%3Cscript%3E</code>');
  });

  it.each(BACKENDS)('renders not found and error pages (%s)', (backend) => {
    const nf = show('/no-such-page', backend);
    expectSound(nf, 'not found');
    expect(nf).toContain('<h1>Page not found</h1>');
    expect(nf).toContain('<code>/no-such-page</code>');
    expect(nf).toContain('<form class="search-form" method="get" action="/search" role="search">');
    expect(nf).toContain('<a href="/notes">Notes</a>');
    const err = renderPage({ kind: 'error' }, { path: '/notes' }, backend);
    expectSound(err, 'error');
    expect(err).toContain('<h1>Something went wrong</h1>');
    expect(err).toContain('<a class="button" href="/notes">Try again</a>');
  });

  it('keeps text colours at WCAG AA contrast on every background of the stylesheet', () => {
    const css = site.templates.stylesheet ?? '';
    const colour = (name: string) => new RegExp(`--${name}: (#[0-9a-f]{6})`).exec(css)?.[1] ?? '';
    const luminance = (hex: string) => {
      const [r, g, b] = [1, 3, 5]
        .map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
        .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const ratio = (a: string, b: string) => {
      const [x, y] = [luminance(colour(a)), luminance(colour(b))].sort((m, n) => n - m);
      return (x + 0.05) / (y + 0.05);
    };
    for (const fg of ['ink', 'muted', 'accent', 'accent-deep'])
      for (const bg of ['paper', 'paper-deep', 'white']) expect(ratio(fg, bg), `${fg} on ${bg}`).toBeGreaterThanOrEqual(4.5);
    // Large text only (the 404 and 500 numbers).
    for (const bg of ['paper', 'paper-deep', 'white']) expect(ratio('faint', bg), `faint on ${bg}`).toBeGreaterThanOrEqual(3);
    // Buttons and the skip link: paper and white on ink and on the deep accent.
    expect(ratio('paper', 'ink')).toBeGreaterThanOrEqual(4.5);
    expect(ratio('white', 'accent-deep')).toBeGreaterThanOrEqual(4.5);
  });
});
