// The page pipeline on a real database with the demo store: statuses, the theme's not-found and
// error pages, caching headers, ETags that follow the content, head data, and the theme's stylesheet
// URL that follows its CSS.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { log } from '../../app/utils/log.server.js';

// This file runs in its own process: point the process-wide client at a database of its own (a copy
// of the seeded template on the PostgreSQL of DATABASE_URL, else a fresh embedded one in DATA_DIR).
const dataDir = mkdtempSync(join(tmpdir(), 'storefront-pipeline-'));
process.env.DATA_DIR = dataDir;
const { processDatabase } = await import('./support/databases.js');
const own = await processDatabase();

const { storefrontPage, renderPage } = await import('../../app/storefront/render.server.js');
const { loadSite, resolvePath } = await import('../../app/catalog/catalog.server.js');
const { pageContext } = await import('../../app/storefront/context.server.js');
const { closeDb, getSql } = await import('../../db/client.server.js');
const { stylesheetResponse } = await import('../../app/storefront/theme-css.server.js');
const { catalogChanged } = await import('../../app/catalog/changes.server.js');

// The demo site answers on localhost (its local name): the request resolves its site from the host.
const req = (path: string) => new Request(`http://localhost${path}`);
const SITE = 'saltgrass';
const productPlan = (options: Record<string, string>) => async (_site: unknown, url: URL) => ({
  resolved: await resolvePath(SITE, url.pathname),
  extras: { selectedOptions: options },
});

let error: ReturnType<typeof vi.spyOn>;
beforeAll(async () => {
  vi.spyOn(console, 'log').mockImplementation(() => {});
  error = vi.spyOn(log, 'error').mockImplementation(() => {});
  await loadSite(SITE); // migrate and seed once, outside the timed tests
}, 120_000);
afterAll(async () => {
  vi.restoreAllMocks();
  await closeDb();
  await own.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('storefrontPage', () => {
  it('renders a product with the chosen variant, cacheable, with a content ETag and JSON-LD', async () => {
    const res = await storefrontPage(req('/shop/p/driftwood-dinner-plate?Size=10+in'), productPlan({ Size: '10 in' }));
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=300');
    const etag = res.headers.get('ETag');
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
    const data = await res.json();
    expect(data.html).toContain('$34.00');
    expect(data.seo.title).toBe('Driftwood Dinner Plate — Saltgrass Studio');
    // The configured origin (the demo default), not the host the request named.
    expect(data.seo.canonical).toBe('http://localhost:3000/shop/p/driftwood-dinner-plate');
    expect(JSON.parse(data.seo.jsonLd!)).toMatchObject({ '@type': 'Product', name: 'Driftwood Dinner Plate' });

    const same = await storefrontPage(req('/shop/p/driftwood-dinner-plate?Size=10+in'), productPlan({ Size: '10 in' }));
    expect(same.headers.get('ETag')).toBe(etag);
    const other = await storefrontPage(req('/shop/p/driftwood-dinner-plate?Size=11+in'), productPlan({ Size: '11 in' }));
    expect(other.headers.get('ETag')).not.toBe(etag);
  });

  it('answers a missing page with the theme not-found page and 404, without an ETag', async () => {
    const res = await storefrontPage(req('/nowhere'), async (_s, url) => ({ resolved: await resolvePath(SITE, url.pathname) }));
    expect(res.status).toBe(404);
    expect(res.headers.get('ETag')).toBeNull();
    const data = await res.json();
    expect(data.seo.robots).toBe('noindex');
    expect(data.seo.canonical).toBeNull();
    expect(data.html).toContain('/nowhere');
  });

  it('turns an unexpected failure into the theme error page with 500, not cached, logged', async () => {
    const res = await storefrontPage(req('/shop'), async () => {
      throw new Error('catalog exploded');
    });
    expect(res.status).toBe(500);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    const data = await res.json();
    const site = await loadSite(SITE);
    const expected = renderPage(site, 'error', pageContext(site, { kind: 'error' }, { url: new URL('http://localhost/shop') }));
    expect(data.html).toBe(expected.html);
    expect(data.html).toContain(site.website.siteTitle);
    expect(data.seo.robots).toBe('noindex');
    expect(error.mock.calls.map((c) => String(c[0])).join('\n')).toMatch(/GET \/shop failed: Error: catalog exploded/);
  });

  it('passes a search error to the template with the status the route chose', async () => {
    const res = await storefrontPage(req('/search?q=x'), async () => ({
      resolved: { kind: 'search' },
      status: 400,
      extras: { search: { query: 'x', hits: [], error: 'Search terms can be at most 200 characters long.' } },
    }));
    expect(res.status).toBe(400);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    expect((await res.json()).html).toContain('Search terms can be at most 200 characters long.');
  });
});

describe('the theme stylesheet', () => {
  const home = () => storefrontPage(req('/'), async () => ({ resolved: await resolvePath(SITE, '/') }));
  const hrefOf = async (res: Response) => {
    const { stylesheet } = (await res.json()) as { stylesheet: string | null };
    expect(stylesheet).toMatch(/^\/theme\/[0-9a-f]{16}\.css$/);
    return stylesheet!;
  };

  it('gets a new hashed URL, and the pages a new ETag, when its CSS changes in the database', async () => {
    const before = await home();
    const oldHref = await hrefOf(before);
    const oldFile = oldHref.slice('/theme/'.length);
    expect((await stylesheetResponse(req(oldHref), oldFile)).status).toBe(200);

    const sql = await getSql();
    const site = await loadSite(SITE);
    await sql`update theme_template set source = source || ${'\n.edited { color: red; }\n'} where website_id = ${site.website.id} and kind = 'stylesheet'`;
    // What an owner's edit does (issue 9's /config): the catalog generation moves on.
    catalogChanged(site.website.id);

    const after = await home();
    const newHref = await hrefOf(after);
    expect(newHref).not.toBe(oldHref);
    expect(after.headers.get('ETag')).not.toBe(before.headers.get('ETag'));
    const served = await stylesheetResponse(req(newHref), newHref.slice('/theme/'.length));
    expect(served.status).toBe(200);
    expect(await served.text()).toContain('.edited { color: red; }');
    // A page a cache kept from before the edit still finds the CSS.
    const stale = await stylesheetResponse(req(oldHref), oldFile);
    expect(stale.status).toBe(302);
    expect(stale.headers.get('Location')).toBe(newHref);
    expect(stale.headers.get('Cache-Control')).toBe('no-store');
  });
});
