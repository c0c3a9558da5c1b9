// Translated pages and products (issue 16): the fields of a collection (title, description, body,
// SEO title and description) and of a product (title, excerpt, body) in a language, read over
// what the catalog resolved for a path, and written by the owner's editors. A field without a
// translation keeps the default language's text; links inside the page take the language's paths.
// The storefront's reads are cached until the catalog changes, like the catalog's own.
import type postgres from 'postgres';
import type { Sql } from '../../db/client.server.js';
import type { Collection, Product, Resolved, SearchHit } from '../catalog/catalog.server.js';
import type { Entry } from '../catalog/collections.server.js';
import { createReadCache } from '../catalog/read-cache.server.js';

export interface CollectionTranslation {
  title: string | null;
  description: string | null;
  body: string | null;
  seoTitle: string | null;
  seoDescription: string | null;
  /** The page's URL slug in the language (ADR 0019); absent or null keeps the default slug. */
  slug?: string | null;
}

export interface ItemTranslation {
  title: string | null;
  excerpt: string | null;
  body: string | null;
  /** The product's URL slug in the language (ADR 0019); absent or null keeps the default slug. */
  slug?: string | null;
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

type Fields = [collections: [string, CollectionTranslation][], items: [string, ItemTranslation][]];

async function readFields(sql: Sql, code: string, ids: { collections: string[]; items: string[] }): Promise<Fields> {
  const [cs, is] = await Promise.all([
    ids.collections.length === 0
      ? []
      : sql<({ collection_id: string } & Record<string, string | null>)[]>`
          select collection_id, title, description, body, seo_title, seo_description, slug from collection_translation
           where language = ${code} and collection_id in ${sql(ids.collections)}`,
    ids.items.length === 0
      ? []
      : sql<({ item_id: string } & Record<string, string | null>)[]>`
          select item_id, title, excerpt, body, slug from item_translation where language = ${code} and item_id in ${sql(ids.items)}`,
  ]);
  return [
    cs.map((r) => [
      r.collection_id,
      { title: r.title, description: r.description, body: r.body, seoTitle: r.seo_title, seoDescription: r.seo_description, slug: r.slug },
    ]),
    is.map((r) => [r.item_id, { title: r.title, excerpt: r.excerpt, body: r.body, slug: r.slug }]),
  ];
}

/** Translated fields by language and the pages and products a path shows (32 MB at most). */
const fieldCache = createReadCache({ max: 20_000, maxBytes: 32 * 1024 * 1024, sizeOf: (v) => 2 * JSON.stringify(v).length });

/** The translations in `code` of the given pages and products (through the read cache), and the link maker. */
async function overlayFor(
  sql: Sql,
  websiteId: string,
  ids: { collections: string[]; items: string[] },
  code: string,
  to: (path: string) => string,
): Promise<Overlay> {
  const key = `${code}\u0000${ids.collections.join(',')}\u0000${ids.items.join(',')}`;
  const [cs, is] =
    ids.collections.length + ids.items.length === 0 ? [[], []] : await fieldCache.get(websiteId, key, () => readFields(sql, code, ids));
  return { collections: new Map(cs), items: new Map(is), to };
}

/**
 * What `resolved` shows, in language `code` (not the default): translated fields where there are
 * some, and every page and product link through `to` (the language's path of a default path).
 * The input is not changed (it is the catalog's cached read). `websiteId` keys the read cache,
 * which the site's catalog changes empty.
 */
export async function translateResolved(
  sql: Sql,
  websiteId: string,
  resolved: Resolved,
  code: string,
  to: (path: string) => string,
): Promise<Resolved> {
  const o = await overlayFor(sql, websiteId, idsOf(resolved), code, to);
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
 * are some, links through `to` (the language's path of a default path). Pages are collections; products, posts and events are items.
 */
export async function translateSearchHits(
  sql: Sql,
  websiteId: string,
  hits: SearchHit[],
  code: string,
  to: (path: string) => string,
): Promise<SearchHit[]> {
  const ids = {
    collections: hits.filter((h) => h.kind === 'page').map((h) => h.id),
    items: hits.filter((h) => h.kind !== 'page').map((h) => h.id),
  };
  const o = await overlayFor(sql, websiteId, ids, code, to);
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

/** The pool or a transaction: the editors read and write a translation inside a save's transaction. */
type Db = Sql | postgres.TransactionSql;

// ---------------------------------------------------------------------------------------------
// The owner's editors: one language's fields of one page or product, with the columns a machine
// filled (app/languages/machine-translation.server.ts) that the owner has not changed since.

export async function readCollectionTranslation(
  sql: Db,
  collectionId: string,
  code: string,
): Promise<CollectionTranslation & { machineFields: string[] }> {
  const [r] = await sql<
    {
      title: string | null;
      description: string | null;
      body: string | null;
      seo_title: string | null;
      seo_description: string | null;
      machine_fields: string[];
      slug: string | null;
    }[]
  >`
    select title, description, body, seo_title, seo_description, slug, machine_fields from collection_translation
     where collection_id = ${collectionId} and language = ${code}`;
  return {
    machineFields: r?.machine_fields ?? [],
    title: r?.title ?? null,
    description: r?.description ?? null,
    body: r?.body ?? null,
    seoTitle: r?.seo_title ?? null,
    seoDescription: r?.seo_description ?? null,
    slug: r?.slug ?? null,
  };
}

export async function readItemTranslation(sql: Db, itemId: string, code: string): Promise<ItemTranslation & { machineFields: string[] }> {
  const [r] = await sql<
    { title: string | null; excerpt: string | null; body: string | null; slug: string | null; machine_fields: string[] }[]
  >`
    select title, excerpt, body, slug, machine_fields from item_translation where item_id = ${itemId} and language = ${code}`;
  return {
    title: r?.title ?? null,
    excerpt: r?.excerpt ?? null,
    body: r?.body ?? null,
    slug: r?.slug ?? null,
    machineFields: r?.machine_fields ?? [],
  };
}

const nullIfBlank = (s: string | null) => (s === null || s.trim() === '' ? null : s);

/** Saves one language's fields of a page (blank fields fall back to the default language); a changed field loses its machine mark. */
export async function writeCollectionTranslation(sql: Db, collectionId: string, code: string, t: CollectionTranslation): Promise<void> {
  const row = {
    collection_id: collectionId,
    language: code,
    title: nullIfBlank(t.title),
    description: nullIfBlank(t.description),
    body: nullIfBlank(t.body),
    seo_title: nullIfBlank(t.seoTitle),
    seo_description: nullIfBlank(t.seoDescription),
    slug: nullIfBlank(t.slug ?? null),
  };
  await sql`
    insert into collection_translation ${sql(row)}
    on conflict (collection_id, language) do update set title = excluded.title, description = excluded.description,
      body = excluded.body, seo_title = excluded.seo_title, seo_description = excluded.seo_description, slug = excluded.slug,
      updated_at = now(),
      machine_fields = array(
        select f from unnest(collection_translation.machine_fields) f
         where (f = 'title' and collection_translation.title is not distinct from excluded.title)
            or (f = 'description' and collection_translation.description is not distinct from excluded.description)
            or (f = 'body' and collection_translation.body is not distinct from excluded.body)
            or (f = 'seo_title' and collection_translation.seo_title is not distinct from excluded.seo_title)
            or (f = 'seo_description' and collection_translation.seo_description is not distinct from excluded.seo_description))`;
}

/** Saves one language's fields of a product. */
export async function writeItemTranslation(sql: Db, itemId: string, code: string, t: ItemTranslation): Promise<void> {
  const row = {
    item_id: itemId,
    language: code,
    title: nullIfBlank(t.title),
    excerpt: nullIfBlank(t.excerpt),
    body: nullIfBlank(t.body),
    slug: nullIfBlank(t.slug ?? null),
  };
  await sql`
    insert into item_translation ${sql(row)}
    on conflict (item_id, language) do update set title = excluded.title, excerpt = excluded.excerpt, body = excluded.body,
      slug = excluded.slug, updated_at = now(),
      machine_fields = array(
        select f from unnest(item_translation.machine_fields) f
         where (f = 'title' and item_translation.title is not distinct from excluded.title)
            or (f = 'excerpt' and item_translation.excerpt is not distinct from excluded.excerpt)
            or (f = 'body' and item_translation.body is not distinct from excluded.body))`;
}
