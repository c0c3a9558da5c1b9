// Real template contexts of a site's pages for the theme editor (issue 13): the live preview renders
// them in the owner's browser, and the checks on save render every page template over them. Each is
// built by the storefront's own pipeline (resolvePath, pageContext), from a page the site has.
import { resolvePath, searchCatalog, sitemapEntries, type Resolved, type Site } from '../catalog/catalog.server.js';
import { pageContext, shapeItem, templateFor, type ContextExtras } from './context.server.js';
import type { TemplateContext } from './template-context.js';

/** The pages the owner can preview. */
export const PREVIEW_PAGES = ['home', 'products', 'product', 'page', 'cart', 'search', 'not-found'] as const;
export type PreviewPage = (typeof PREVIEW_PAGES)[number];

export const PREVIEW_LABELS: Record<PreviewPage, string> = {
  home: 'Home',
  products: 'Products list',
  product: 'A product',
  page: 'A page',
  cart: 'Cart',
  search: 'Search',
  'not-found': 'Not found (404)',
};

export interface SampleContext {
  /** The page template that renders it (inside the layout). */
  template: string;
  /** The storefront path it stands for. */
  path: string;
  context: TemplateContext;
}

/** The first sitemap path that resolves to `kind` (a product list, a product, a content page). */
async function firstOf(site: Site, kind: Resolved['kind']): Promise<{ path: string; resolved: Resolved } | null> {
  const id = site.website.id;
  for (const e of await sitemapEntries(id)) {
    const wanted = kind === 'product' ? e.path.includes('/p/') : !e.path.includes('/p/') && e.path !== '/';
    if (!wanted) continue;
    const resolved = await resolvePath(id, e.path);
    if (resolved.kind === kind) return { path: e.path, resolved };
  }
  return null;
}

/**
 * The context of one kind of page of the site, as a shopper without a cart gets it. A site without
 * such a page (no product yet) gets the not-found page's context under that page's template.
 * `experiments`: the variant of each running experiment the page shows.
 */
export async function sampleContext(site: Site, page: PreviewPage, experiments?: Record<string, string>): Promise<SampleContext> {
  const id = site.website.id;
  let path = '/';
  let resolved: Resolved = { kind: 'not-found' };
  // The variants the owner previews (one of each running experiment), as a visitor drawn them has.
  const extras: Omit<ContextExtras, 'url'> = experiments && Object.keys(experiments).length > 0 ? { experiments } : {};
  if (page === 'home') resolved = await resolvePath(id, '/');
  else if (page === 'products' || page === 'product' || page === 'page') {
    const found = await firstOf(site, page);
    if (found) ({ path, resolved } = found);
    else path = `/${page}-not-found`;
  } else if (page === 'cart') {
    path = '/cart';
    const home = await resolvePath(id, '/');
    resolved = { kind: 'commerce', page: 'cart' };
    const items = home.kind === 'home' ? home.items.slice(0, 4) : [];
    extras.commercePage = { title: 'Cart', data: { alsoBought: items.map((p) => shapeItem(p, site.website.currency)) } };
  } else if (page === 'search') {
    // A query that finds something on this site: the first word of its first product's title.
    const product = await firstOf(site, 'product');
    const query = product?.resolved.kind === 'product' ? (product.resolved.item.title.split(/\s+/)[0] ?? '') : '';
    path = `/search?q=${encodeURIComponent(query)}`;
    resolved = { kind: 'search' };
    extras.search = { query, hits: query ? await searchCatalog(id, query) : [] };
  } else path = '/no-such-page';
  const url = new URL(path, site.website.baseUrl || 'http://localhost');
  const context = pageContext(site, resolved, { ...extras, url });
  const template = page === 'product' || page === 'products' || page === 'page' ? page : templateFor(resolved);
  return { template, path, context };
}

/** The preview page whose context suits a page template of the theme (for the checks on save). */
export function previewPageFor(template: string): PreviewPage {
  if ((PREVIEW_PAGES as readonly string[]).includes(template)) return template as PreviewPage;
  if (template === 'checkout' || template === 'order-confirmed') return 'cart';
  return 'not-found';
}
