// What a site's pages in its other languages need besides their content (ADR 0019): each
// language's translated slugs (to serve and link translated paths) and its menu labels with the
// translated page titles they fall back to. One small read per site, kept until the catalog changes
// (every owner write to translations calls storefrontChanged).
import type { Sql } from '../../db/client.server.js';
import { createReadCache } from '../catalog/read-cache.server.js';
import { EMPTY_SLUGS, slugMapOf, type SlugMap, type SlugRow } from './slug-paths.js';

export interface LanguageLocalization {
  slugs: SlugMap;
  /** A menu label's default text -> the owner's label in the language. */
  labels: Map<string, string>;
  /** A page's default path (`/about`) -> its translated title. */
  pageTitles: Map<string, string>;
}

export type SiteLocalization = Map<string, LanguageLocalization>;

const NONE: LanguageLocalization = { slugs: EMPTY_SLUGS, labels: new Map(), pageTitles: new Map() };

/** One language's localization of a site (empty for the default language, or one with no translations). */
export function localizationOf(site: SiteLocalization, code: string): LanguageLocalization {
  return site.get(code) ?? NONE;
}

export async function readSiteLocalization(sql: Sql, websiteId: string): Promise<SiteLocalization> {
  const [collections, items, labels] = await Promise.all([
    sql<{ language: string; url_id: string; slug: string | null; title: string | null }[]>`
      select t.language, c.url_id, t.slug, t.title from collection_translation t join collection c on c.id = t.collection_id
       where c.website_id = ${websiteId} and (t.slug is not null or t.title is not null)`,
    sql<{ language: string; collection_url_id: string; url_id: string; slug: string }[]>`
      select t.language, c.url_id as collection_url_id, i.url_id, t.slug
        from item_translation t join item i on i.id = t.item_id join collection c on c.id = i.collection_id
       where c.website_id = ${websiteId} and t.slug is not null`,
    sql<{ language: string; title: string; label: string }[]>`
      select language, title, label from navigation_translation where website_id = ${websiteId}`,
  ]);
  const slugRows = new Map<string, SlugRow[]>();
  const out: SiteLocalization = new Map();
  const of = (code: string) => {
    let l = out.get(code);
    if (!l) out.set(code, (l = { slugs: EMPTY_SLUGS, labels: new Map(), pageTitles: new Map() }));
    let rows = slugRows.get(code);
    if (!rows) slugRows.set(code, (rows = []));
    return { l, rows };
  };
  for (const r of collections) {
    const { l, rows } = of(r.language);
    if (r.slug) rows.push({ collectionUrlId: r.url_id, itemUrlId: null, slug: r.slug });
    if (r.title) l.pageTitles.set(`/${r.url_id}`, r.title);
  }
  for (const r of items) of(r.language).rows.push({ collectionUrlId: r.collection_url_id, itemUrlId: r.url_id, slug: r.slug });
  for (const r of labels) of(r.language).l.labels.set(r.title, r.label);
  for (const [code, rows] of slugRows) out.get(code)!.slugs = slugMapOf(rows);
  return out;
}

/** Roughly what a site's localization weighs: a few hundred bytes per entry, both ways. */
function weight(v: unknown): number {
  let n = 1;
  for (const l of (v as SiteLocalization).values())
    n += 2 * (l.slugs.collections.size + l.slugs.items.size) + l.labels.size + l.pageTitles.size;
  return 200 * n;
}

const cache = createReadCache({ max: 10_000, maxBytes: 32 * 1024 * 1024, sizeOf: weight });

/** The storefront's read of readSiteLocalization, kept until the site's catalog changes. */
export function siteLocalization(sql: Sql, websiteId: string): Promise<SiteLocalization> {
  return cache.get(websiteId, 'localization', () => readSiteLocalization(sql, websiteId));
}
