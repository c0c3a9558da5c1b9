// Translated pages and products (issue 16): the fields of a collection (title, description, body,
// SEO title and description) and of a product (title, excerpt, body) in a language, read over
// what the catalog resolved for a path, and written by the owner's editors. A field without a
// translation keeps the default language's text; links inside the page take the language prefix.
import type { Sql } from '../../db/client.server.js';
import type { Collection, Product, Resolved, SearchHit } from '../catalog/catalog.server.js';
import type { Entry } from '../catalog/collections.server.js';
import { pathIn, type SiteLanguages } from './languages.js';

export interface CollectionTranslation {
  title: string | null;
  description: string | null;
  body: string | null;
  seoTitle: string | null;
  seoDescription: string | null;
}

export interface ItemTranslation {
  title: string | null;
  excerpt: string | null;
  body: string | null;
}

const orText = (t: string | null | undefined, d: string) => (t === null || t === undefined || t === '' ? d : t);

interface Overlay {
  collections: Map<string, CollectionTranslation>;
  items: Map<string, ItemTranslation>;
  to: (path: string) => string;
}

function collectionIn(c: Collection, o: Overlay): Collection {
  const t = o.collections.get(c.id);
  return {
    ...c,
    fullUrl: o.to(c.fullUrl),
    ...(t
      ? {
          title: orText(t.title, c.title),
          description: orText(t.description, c.description),
          body: orText(t.body, c.body),
          seoTitle: orText(t.seoTitle, c.seoTitle ?? '') || null,
          seoDescription: orText(t.seoDescription, c.seoDescription ?? '') || null,
        }
      : {}),
  };
}

function productIn(p: Product, o: Overlay): Product {
  const t = o.items.get(p.id);
  return {
    ...p,
    fullUrl: o.to(p.fullUrl),
    ...(t ? { title: orText(t.title, p.title), excerpt: orText(t.excerpt, p.excerpt), body: orText(t.body, p.body) } : {}),
  };
}

const entryIn = (e: Entry, o: Overlay): Entry => ({ ...e, fullUrl: o.to(e.fullUrl) });

/** The collections and products `r` shows. */
function idsOf(r: Resolved): { collections: string[]; items: string[] } {
  const collections: string[] = [];
  const items: string[] = [];
  if ('collection' in r && r.collection) collections.push(r.collection.id);
  if (r.kind === 'home' || r.kind === 'products') items.push(...r.items.map((p) => p.id));
  if (r.kind === 'product') items.push(r.item.id);
  return { collections, items };
}

/**
 * What `resolved` shows, in language `code` (not the default): translated fields where there are
 * some, and every page and product link under the language's prefix. The input is not changed
 * (it is the catalog's cached read).
 */
/** The translations in `code` of the given pages and products, and the language's link maker. */
async function overlayFor(sql: Sql, ids: { collections: string[]; items: string[] }, code: string, langs: SiteLanguages): Promise<Overlay> {
  const [cs, is] = await Promise.all([
    ids.collections.length === 0
      ? []
      : sql<({ collection_id: string } & Record<string, string | null>)[]>`
          select collection_id, title, description, body, seo_title, seo_description from collection_translation
           where language = ${code} and collection_id in ${sql(ids.collections)}`,
    ids.items.length === 0
      ? []
      : sql<({ item_id: string } & Record<string, string | null>)[]>`
          select item_id, title, excerpt, body from item_translation where language = ${code} and item_id in ${sql(ids.items)}`,
  ]);
  return {
    collections: new Map(
      cs.map((r) => [
        r.collection_id,
        { title: r.title, description: r.description, body: r.body, seoTitle: r.seo_title, seoDescription: r.seo_description },
      ]),
    ),
    items: new Map(is.map((r) => [r.item_id, { title: r.title, excerpt: r.excerpt, body: r.body }])),
    to: (path) => pathIn(path, code, langs),
  };
}

export async function translateResolved(sql: Sql, resolved: Resolved, code: string, langs: SiteLanguages): Promise<Resolved> {
  const o = await overlayFor(sql, idsOf(resolved), code, langs);
  const toOrNull = (u: string | null) => (u === null ? null : o.to(u));
  switch (resolved.kind) {
    case 'home':
      return {
        ...resolved,
        collection: resolved.collection ? collectionIn(resolved.collection, o) : null,
        items: resolved.items.map((p) => productIn(p, o)),
      };
    case 'page':
      return { ...resolved, collection: collectionIn(resolved.collection, o) };
    case 'products':
      return {
        ...resolved,
        collection: collectionIn(resolved.collection, o),
        items: resolved.items.map((p) => productIn(p, o)),
        pagination: {
          ...resolved.pagination,
          prevPageUrl: toOrNull(resolved.pagination.prevPageUrl),
          nextPageUrl: toOrNull(resolved.pagination.nextPageUrl),
        },
      };
    case 'product':
      return { ...resolved, collection: collectionIn(resolved.collection, o), item: productIn(resolved.item, o) };
    case 'blog':
    case 'gallery':
      return { ...resolved, collection: collectionIn(resolved.collection, o), items: resolved.items.map((e) => entryIn(e, o)) };
    case 'events':
      return {
        ...resolved,
        collection: collectionIn(resolved.collection, o),
        upcoming: resolved.upcoming.map((e) => entryIn(e, o)),
        past: resolved.past.map((e) => entryIn(e, o)),
      };
    case 'entry':
      return { ...resolved, collection: collectionIn(resolved.collection, o), item: entryIn(resolved.item, o) };
    default:
      return resolved;
  }
}

/**
 * Search results in language `code` (not the default): translated titles and excerpts where there
 * are some, links under the prefix. Pages are collections; products, posts and events are items.
 */
export async function translateSearchHits(sql: Sql, hits: SearchHit[], code: string, langs: SiteLanguages): Promise<SearchHit[]> {
  const pages = hits.filter((h) => h.kind === 'page');
  const o = await overlayFor(
    sql,
    { collections: pages.map((h) => h.id), items: hits.filter((h) => h.kind !== 'page').map((h) => h.id) },
    code,
    langs,
  );
  return hits.map((h) => {
    const fullUrl = o.to(h.fullUrl);
    if (h.kind === 'page') {
      const t = o.collections.get(h.id);
      return { ...h, fullUrl, title: orText(t?.title, h.title), excerpt: orText(t?.description, h.excerpt) };
    }
    const t = o.items.get(h.id);
    return {
      ...h,
      fullUrl,
      title: orText(t?.title, h.title),
      excerpt: orText(t?.excerpt, h.excerpt),
      item: h.item && productIn(h.item, o),
    };
  });
}

// ---------------------------------------------------------------------------------------------
// The owner's editors: one language's fields of one page or product.

export async function readCollectionTranslation(sql: Sql, collectionId: string, code: string): Promise<CollectionTranslation> {
  const [r] = await sql<
    { title: string | null; description: string | null; body: string | null; seo_title: string | null; seo_description: string | null }[]
  >`
    select title, description, body, seo_title, seo_description from collection_translation
     where collection_id = ${collectionId} and language = ${code}`;
  return {
    title: r?.title ?? null,
    description: r?.description ?? null,
    body: r?.body ?? null,
    seoTitle: r?.seo_title ?? null,
    seoDescription: r?.seo_description ?? null,
  };
}

export async function readItemTranslation(sql: Sql, itemId: string, code: string): Promise<ItemTranslation> {
  const [r] = await sql<{ title: string | null; excerpt: string | null; body: string | null }[]>`
    select title, excerpt, body from item_translation where item_id = ${itemId} and language = ${code}`;
  return { title: r?.title ?? null, excerpt: r?.excerpt ?? null, body: r?.body ?? null };
}

const nullIfBlank = (s: string | null) => (s === null || s.trim() === '' ? null : s);

/** Saves one language's fields of a page (blank fields fall back to the default language). */
export async function writeCollectionTranslation(sql: Sql, collectionId: string, code: string, t: CollectionTranslation): Promise<void> {
  const row = {
    collection_id: collectionId,
    language: code,
    title: nullIfBlank(t.title),
    description: nullIfBlank(t.description),
    body: nullIfBlank(t.body),
    seo_title: nullIfBlank(t.seoTitle),
    seo_description: nullIfBlank(t.seoDescription),
  };
  await sql`
    insert into collection_translation ${sql(row)}
    on conflict (collection_id, language) do update set title = excluded.title, description = excluded.description,
      body = excluded.body, seo_title = excluded.seo_title, seo_description = excluded.seo_description, updated_at = now()`;
}

/** Saves one language's fields of a product. */
export async function writeItemTranslation(sql: Sql, itemId: string, code: string, t: ItemTranslation): Promise<void> {
  const row = { item_id: itemId, language: code, title: nullIfBlank(t.title), excerpt: nullIfBlank(t.excerpt), body: nullIfBlank(t.body) };
  await sql`
    insert into item_translation ${sql(row)}
    on conflict (item_id, language) do update set title = excluded.title, excerpt = excluded.excerpt, body = excluded.body, updated_at = now()`;
}
