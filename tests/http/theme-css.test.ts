// The theme's stylesheet through the built server (issue 9 §3): every document links it from its
// head at a content-hashed URL and inlines no CSS; the file is immutable with a strong ETag; an
// older hash redirects to the current file, anything else is a 404; an edit of the CSS in the
// database gives a new URL; and a database seeded before the stylesheet existed still gets one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Visitor } from './support/client.js';
import { OwnStore } from './support/own-store.js';
import { scaled } from '../support/time-scale.js';

const PAGES = ['/', '/shop', '/shop/p/tide-pool-mug', '/about', '/search?q=mug', '/cart', '/no-such-page'];
const LINK = /<link rel="stylesheet" href="(\/theme\/([0-9a-f]{16})\.css)"\/>/;

/** The stylesheet link of a document, checked to sit in its head. */
async function stylesheetOf(v: Visitor, path: string): Promise<{ href: string; hash: string; html: string }> {
  const html = await (await v.get(path)).text();
  const head = html.slice(0, html.indexOf('</head>'));
  const m = LINK.exec(head);
  expect(m, `${path} links the theme stylesheet in its head`).not.toBeNull();
  return { href: m![1], hash: m![2], html };
}

describe('documents link the theme stylesheet', () => {
  it('from the head of every page, at one hashed URL, with no inline theme CSS', async () => {
    const v = new Visitor();
    const hrefs = new Set<string>();
    for (const path of PAGES) {
      const { href, html } = await stylesheetOf(v, path);
      hrefs.add(href);
      expect(html, path).not.toMatch(/<style[\s>]/);
      expect(html, path).not.toContain('--ink:');
    }
    expect(hrefs.size).toBe(1);
  });

  it('allows it in the CSP (style-src self)', async () => {
    const res = await new Visitor().get('/');
    expect(res.headers.get('content-security-policy')).toMatch(/(^|;)\s*style-src 'self'/);
  });
});

describe('GET /theme/<hash>.css', () => {
  let href: string;
  let hash: string;
  beforeAll(async () => {
    ({ href, hash } = await stylesheetOf(new Visitor(), '/'));
  });

  it('answers the CSS as an immutable text/css file with a strong ETag', async () => {
    const res = await new Visitor().get(href);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('etag')).toBe(`"${hash}"`);
    expect(res.headers.get('set-cookie')).toBeNull();
    const css = await res.text();
    expect(css).toContain('--ink:');
    expect(css).toContain('.site-header');
    // Plain CSS: no template comment or <style> wrapper left over.
    expect(css).not.toMatch(/<\/?style|\{##/);
  });

  it('may be read cross-origin (the sandboxed tweak preview, an opaque origin, links it); pages stay same-origin', async () => {
    // Issue 33: with helmet's same-origin, the preview frame got the theme without its CSS.
    const css = await new Visitor().get(href);
    expect(css.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    const old = await new Visitor().get(`/theme/${hash === '0123456789abcdef' ? 'fedcba9876543210' : '0123456789abcdef'}.css`);
    expect(old.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    for (const path of ['/', '/cart', '/config/sign-in']) {
      expect((await new Visitor().get(path)).headers.get('cross-origin-resource-policy'), path).toBe('same-origin');
    }
  });

  it('answers 304 to If-None-Match with its ETag', async () => {
    const res = await new Visitor().get(href, { 'If-None-Match': `"${hash}"` });
    expect(res.status).toBe(304);
    expect(res.headers.get('etag')).toBe(`"${hash}"`);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await res.text()).toBe('');
  });

  it('answers HEAD without a body', async () => {
    const res = await new Visitor().fetch(href, { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/css; charset=utf-8');
  });

  it('redirects another well-formed hash (a page kept from before an edit) to the current file, uncached', async () => {
    const other = hash === '0123456789abcdef' ? 'fedcba9876543210' : '0123456789abcdef';
    const res = await new Visitor().get(`/theme/${other}.css`);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(href);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it.each(['/theme/styles.css', '/theme/abc.css', `/theme/${'0'.repeat(16)}.js`, '/theme/'])('answers %s with 404', async (path) => {
    const res = await new Visitor().get(path);
    expect(res.status).toBe(404);
  });
});

describe('a store of its own', () => {
  const store = new OwnStore({ LOG_LEVEL: 'warn' });
  beforeAll(async () => {
    await store.start();
  }, scaled(120_000));
  afterAll(async () => {
    await store.dispose();
  });

  const visitor = () => new Visitor(() => store.url());

  it(
    'gets a new stylesheet URL when the CSS changes in the database, the old one leading to it',
    async () => {
      const before = await stylesheetOf(visitor(), '/shop/p/tide-pool-mug');
      await store.change(
        (sql) => sql`update theme_template set source = source || ${'\n.owner-edit { color: #123456; }\n'} where kind = 'stylesheet'`,
      );
      const after = await stylesheetOf(visitor(), '/shop/p/tide-pool-mug');
      expect(after.href).not.toBe(before.href);
      const css = await visitor().get(after.href);
      expect(css.status).toBe(200);
      expect(await css.text()).toContain('.owner-edit { color: #123456; }');
      const old = await visitor().get(before.href);
      expect(old.status).toBe(302);
      expect(old.headers.get('location')).toBe(after.href);
    },
    scaled(120_000),
  );

  it(
    'moves the CSS of a database seeded before the stylesheet existed into the file (migration 0007)',
    async () => {
      // Put the database back as the seed wrote it then: a <style> partial the layout applied, and
      // 0007 not applied yet; the next start applies it.
      let css = '';
      await store.change(async (sql) => {
        [{ source: css }] = await sql<{ source: string }[]>`select source from theme_template where kind = 'stylesheet'`;
        await sql`delete from theme_template where kind = 'stylesheet'`;
        await sql`alter table theme_template drop constraint theme_template_kind_check`;
        await sql`alter table theme_template add constraint theme_template_kind_check check (kind in ('layout', 'page', 'partial'))`;
        const partial = `{## The theme's stylesheet, applied by the layout. ##}\n<style>\n${css}</style>\n`;
        await sql`insert into theme_template (website_id, name, kind, source)
                select id, 'styles', 'partial', ${partial} from website`;
        await sql`update theme_template set source = ${'{@|apply styles}\n'} || source where kind = 'layout'`;
        await sql`delete from schema_migrations where version = '0007'`;
      });
      expect(store.output()).toMatch(/applied migrations 0007_theme_stylesheet\.sql/);
      const page = await stylesheetOf(visitor(), '/');
      expect(page.html).not.toMatch(/<style[\s>]/);
      const res = await visitor().get(page.href);
      expect(res.status).toBe(200);
      expect(await res.text()).toBe(css);
    },
    scaled(120_000),
  );
});
