// Translated URL slugs (ADR 0019): a site-relative path in the default language's slugs and the same
// path in one language's slugs, both ways. The catalog only ever sees default paths; pages in the
// language link to, and are served at, translated ones. Pure.
import { pathIn, type SiteLanguages } from './languages.js';

/** One language's slugs where they differ from the default ones (a site's usual case: few). */
export interface SlugMap {
  /** A page's or listing's default url id -> its slug in the language. */
  collections: Map<string, string>;
  /** The same, reversed. */
  collectionsBack: Map<string, string>;
  /** `collection/item` (default url ids) -> the product's slug in the language. */
  items: Map<string, string>;
  /** `collection/slug in the language` (the collection's default url id) -> the product's default url id. */
  itemsBack: Map<string, string>;
}

export const EMPTY_SLUGS: SlugMap = { collections: new Map(), collectionsBack: new Map(), items: new Map(), itemsBack: new Map() };

export interface SlugRow {
  collectionUrlId: string;
  /** The product's default url id; null for the collection's own slug. */
  itemUrlId: string | null;
  slug: string;
}

export function slugMapOf(rows: SlugRow[]): SlugMap {
  const m: SlugMap = { collections: new Map(), collectionsBack: new Map(), items: new Map(), itemsBack: new Map() };
  for (const r of rows) {
    if (r.itemUrlId === null) {
      m.collections.set(r.collectionUrlId, r.slug);
      m.collectionsBack.set(r.slug, r.collectionUrlId);
    } else {
      m.items.set(`${r.collectionUrlId}/${r.itemUrlId}`, r.slug);
      m.itemsBack.set(`${r.collectionUrlId}/${r.slug}`, r.itemUrlId);
    }
  }
  return m;
}

/** Splits `/a/b?x#y` into its segments and the rest (`?x#y`); null for what is not a site path. */
function split(path: string): { segments: string[]; rest: string; trailing: boolean } | null {
  if (!path.startsWith('/') || path.startsWith('//')) return null;
  const cut = path.search(/[?#]/);
  const bare = cut < 0 ? path : path.slice(0, cut);
  return {
    segments: bare.split('/').filter((s) => s !== ''),
    rest: cut < 0 ? '' : path.slice(cut),
    trailing: bare.length > 1 && bare.endsWith('/'),
  };
}

function join(segments: string[], rest: string, trailing: boolean): string {
  return `/${segments.join('/')}${trailing && segments.length > 0 ? '/' : ''}${rest}`;
}

/**
 * A default path in the language's slugs: the first segment is a page, listing or blog; a
 * product's (`/shop/p/mug`) third segment is its slug. Anything else is left as it is.
 */
export function translatedPath(path: string, slugs: SlugMap): string {
  const p = split(path);
  if (!p || p.segments.length === 0) return path;
  const [c, ...more] = p.segments;
  const out = [slugs.collections.get(c) ?? c, ...more];
  if (more.length === 2 && more[0] === 'p') out[2] = slugs.items.get(`${c}/${more[1]}`) ?? more[1];
  return join(out, p.rest, p.trailing);
}

/** A path in the language's slugs back in the default ones (what the catalog resolves). */
export function defaultPath(path: string, slugs: SlugMap): string {
  const p = split(path);
  if (!p || p.segments.length === 0) return path;
  const [t, ...more] = p.segments;
  const c = slugs.collectionsBack.get(t) ?? t;
  const out = [c, ...more];
  if (more.length === 2 && more[0] === 'p') out[2] = slugs.itemsBack.get(`${c}/${more[1]}`) ?? more[1];
  return join(out, p.rest, p.trailing);
}

/** A default path as a page in language `code` links to it: translated slugs under the prefix. */
export function localPath(path: string, code: string, langs: SiteLanguages, slugs: SlugMap): string {
  if (code === langs.defaultCode) return path;
  const local = pathIn(path, code, langs);
  // An app page (search, cart...) stays bare: its path is not the catalog's to translate.
  return local === path ? path : pathIn(translatedPath(path, slugs), code, langs);
}
