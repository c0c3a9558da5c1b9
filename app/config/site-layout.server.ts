// GET /api/commondata/GetSiteLayout (SPEC 7): the site's menus as an API client reads them, each
// link either one of the site's collections (by id) or an external link, with its nested links.
import type { Sql } from '../../db/client.server.js';

export interface LayoutLink {
  /** The menu title (not in the spec's list; a client needs it to draw the link). */
  title: string;
  collectionId: string | null;
  externalLink: string | null;
  memberAreaId: string | null;
  children: LayoutLink[];
}

export interface SiteLayout {
  layout: { identifier: string; links: LayoutLink[] }[];
}

/** Deepest menu nesting followed: stored menus are owner JSON. */
const MAX_DEPTH = 5;

/**
 * The collection's url id a link points at ("/shop", "/shop/", or the site's own origin + "/shop"),
 * or null when it points anywhere else (an item, a search, another site).
 */
export function collectionSlug(url: string, baseUrl: string): string | null {
  let path = url.trim();
  if (baseUrl && path.startsWith(baseUrl.replace(/\/+$/, '') + '/')) path = path.slice(baseUrl.replace(/\/+$/, '').length);
  const m = /^\/([A-Za-z0-9][A-Za-z0-9_-]*)\/?$/.exec(path);
  return m ? m[1] : null;
}

function links(raw: unknown, collections: Map<string, string>, baseUrl: string, depth: number): LayoutLink[] {
  if (!Array.isArray(raw) || depth > MAX_DEPTH) return [];
  const out: LayoutLink[] = [];
  for (const x of raw) {
    if (x === null || typeof x !== 'object') continue;
    const item = x as Record<string, unknown>;
    const url = typeof item.url === 'string' ? item.url : '';
    const slug = collectionSlug(url, baseUrl);
    const collectionId = slug === null ? null : (collections.get(slug) ?? null);
    out.push({
      title: typeof item.title === 'string' ? item.title : '',
      collectionId,
      externalLink: collectionId === null ? url : null,
      memberAreaId: null,
      children: links(item.children, collections, baseUrl, depth + 1),
    });
  }
  return out;
}

/** Every menu of the site, the main navigation first. */
export async function siteLayout(sql: Sql, websiteId: string): Promise<SiteLayout> {
  const [menus, cols, [site]] = await Promise.all([
    sql<{ name: string; items: unknown }[]>`
      select name, items from navigation where website_id = ${websiteId}
       order by (name = 'mainNavigation') desc, name`,
    sql<{ id: string; url_id: string }[]>`select id, url_id from collection where website_id = ${websiteId}`,
    sql<{ base_url: string }[]>`select base_url from website where id = ${websiteId}`,
  ]);
  const byUrlId = new Map(cols.map((c) => [c.url_id, c.id]));
  const baseUrl = site?.base_url ?? '';
  return { layout: menus.map((m) => ({ identifier: m.name, links: links(m.items, byUrlId, baseUrl, 0) })) };
}
