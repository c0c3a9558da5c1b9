// Catalog queries for the storefront: the site (settings, navigation, theme), what a URL path
// shows, and full-text search. Returns plain objects; the template context is shaped elsewhere.
import { LRUCache } from 'lru-cache';
import { getDb, readSqlOf, type Db, type Sql } from '../../db/client.server.js';
import { listenForCatalogChanges, onCatalogChange } from './changes.server.js';
import { createReadCache, type ReadCache } from './read-cache.server.js';
import { readPageBlocks, type PageBlocks } from './page-blocks.server.js';
import { SHOP_ORDER } from './shop-order.js';
import { log } from '../utils/log.server.js';
import {
  COLLECTION_GENERIC,
  createCollectionReads,
  PUBLIC_ENTRY,
  type CollectionKind,
  type Entry,
  type EntryFilter,
} from './collections.server.js';
import { env } from '../utils/env.server.js';
export type { Entry, EntryFilter } from './collections.server.js';

/** The pages shown instead of a locked or member page (app/access): their theme template names. */
export type AccessPageName = 'lock-screen' | 'protected-content' | 'member-area-access-denied' | 'paywall';

export interface Website {
  id: string;
  siteTitle: string;
  siteDescription: string;
  /** Canonical origin without a trailing slash as stored; '' means unset (see app/utils/base-url.server.ts). */
  baseUrl: string;
  timeZone: string;
  currency: string;
  locale: string;
}

export interface NavItem {
  title: string;
  url: string;
  children: NavItem[];
}

export interface ThemeTemplates {
  layout: string;
  pages: Record<string, string>;
  partials: Record<string, string>;
  /** The theme's CSS (its stylesheet rows, by name, one after the other); null when it has none. */
  stylesheet: string | null;
}

export interface Site {
  website: Website;
  /** The website's free-form settings (websiteSettings, featureFlags, localizedStrings...). */
  settings: Record<string, unknown>;
  navigation: { mainNavigation: NavItem[]; footerNavigation: NavItem[]; [name: string]: NavItem[] };
  templates: ThemeTemplates;
}

export interface Collection {
  id: string;
  urlId: string;
  title: string;
  description: string;
  /** Collection type of the spec: 10 page, 13 products, 1 generic (a blog, events or a gallery). */
  type: number;
  typeName: 'products' | 'page' | 'collection' | CollectionKind;
  fullUrl: string;
  body: string;
  assetUrl: string | null;
  originalSize: string | null;
  seoTitle: string | null;
  seoDescription: string | null;
}

export interface ImageRef {
  assetUrl: string;
  originalSize: string;
  altText: string;
}

export interface Variant {
  id: string;
  sku: string;
  attributes: Record<string, string>;
  /** Minor units of the website's currency. */
  priceCents: number;
  salePriceCents: number;
  onSale: boolean;
  unlimited: boolean;
  qtyInStock: number;
  imageUrl: string | null;
}

export interface SubscriptionPlan {
  billingPeriod: { value: number; unit: 'WEEK' | 'MONTH' | 'YEAR' };
  numBillingCycles: number;
}

export interface Product {
  id: string;
  collectionId: string;
  urlId: string;
  title: string;
  fullUrl: string;
  excerpt: string;
  body: string;
  recordType: number;
  assetUrl: string | null;
  originalSize: string | null;
  images: ImageRef[];
  tags: string[];
  categories: string[];
  starred: boolean;
  /** ISO timestamp. */
  updatedAt: string;
  /** 1 physical, 2 digital, 3 service, 4 gift card. */
  productType: number;
  isSubscribable: boolean;
  subscriptionPlan: SubscriptionPlan | null;
  variantOptionOrdering: string[];
  details: Record<string, unknown>;
  variants: Variant[];
}

export interface Pagination {
  page: number;
  pageCount: number;
  pageSize: number;
  total: number;
  prevPageUrl: string | null;
  nextPageUrl: string | null;
}

export type Resolved =
  | { kind: 'home'; collection: Collection | null; items: Product[] }
  | { kind: 'page'; collection: Collection; blocks?: PageBlocks }
  | { kind: 'products'; collection: Collection; items: Product[]; pagination: Pagination }
  | { kind: 'product'; collection: Collection; item: Product }
  /** A blog's posts (one page of them, maybe filtered by a tag or category). */
  | {
      kind: 'blog';
      collection: Collection;
      items: Entry[];
      pagination: Pagination;
      filter: EntryFilter;
      tags: { name: string; count: number }[];
      categories: { name: string; count: number }[];
    }
  | { kind: 'events'; collection: Collection; upcoming: Entry[]; past: Entry[] }
  | { kind: 'gallery'; collection: Collection; items: Entry[] }
  /** A blog post or an event. */
  | { kind: 'entry'; collection: Collection; item: Entry }
  | { kind: 'search' }
  /** A shopper's own page: the cart, checkout, an order (routes fill in what it shows). */
  | { kind: 'commerce'; page: 'cart' | 'checkout' | 'order-confirmed' | 'account' | AccessPageName }
  | { kind: 'not-found' }
  | { kind: 'error' };

export interface SearchHit {
  kind: 'product' | 'page' | 'post' | 'event';
  id: string;
  title: string;
  fullUrl: string;
  excerpt: string;
  assetUrl: string | null;
  originalSize: string | null;
  typeName: 'products' | 'page' | 'blog' | 'events';
  rank: number;
  /** The product, for prices and marks in the results. */
  item?: Product;
}

export const COLLECTION_PAGE = 10;
export const COLLECTION_PRODUCTS = 13;
const DEFAULT_PAGE_SIZE = 12;
/**
 * Which collections visitors see (migration 0013): enabled, and published, or scheduled and its
 * time has come. Drafts, pages waiting for review and private pages answer 404 and are in no search,
 * sitemap or menu. `c` is the alias the queries below give the collection table.
 */
const PUBLIC_COLLECTION = `c.enabled and (c.status = 'published' or (c.status = 'scheduled' and c.publish_at <= now()))`;
/**
 * Pages with an access rule (a password, members only: migration 0026, app/access) are in no
 * search, sitemap or featured list, whoever asks: those are shared by every visitor.
 */
const OPEN_TO_ALL = `not exists (select 1 from page_access pa where pa.collection_id = c.id)`;
const FEATURED_LIMIT = 8;
/** Longer queries are cut: websearch_to_tsquery is cheap, but a page of text is not a search. */
export const MAX_QUERY_LENGTH = 200;

interface CollectionRow {
  id: string;
  url_id: string;
  title: string;
  description: string;
  type: number;
  type_name: CollectionKind | null;
  body: string;
  asset_url: string | null;
  original_size: string | null;
  seo_title: string | null;
  seo_description: string | null;
}

/**
 * An item with its product and collection as the catalog reads it (snake_case, as stored): the one
 * product row, which the cart and the restock notices pick their columns from.
 */
export interface ItemRow {
  id: string;
  collection_id: string;
  collection_url_id: string;
  url_id: string;
  title: string;
  excerpt: string;
  body: string;
  record_type: number;
  asset_url: string | null;
  original_size: string | null;
  images: unknown;
  tags: string[];
  categories: string[];
  starred: boolean;
  updated_at: Date;
  product_type: number;
  is_subscribable: boolean;
  subscription_plan: SubscriptionPlan | null;
  variant_option_ordering: string[];
  details: Record<string, unknown> | null;
}

/** A variant as stored; `toVariant` makes the catalog's Variant of it. */
export interface VariantRow {
  id: string;
  item_id: string;
  sku: string;
  attributes: Record<string, unknown> | null;
  price_cents: string | number;
  sale_price_cents: string | number;
  on_sale: boolean;
  unlimited: boolean;
  qty_in_stock: number;
  image_url: string | null;
}

/** bigint cents arrive as strings: read them as exact integers or fail loudly. */
function cents(v: string | number): number {
  const n = typeof v === 'number' ? v : Number(v);
  if (!Number.isSafeInteger(n)) throw new Error(`Money amount ${v} is not a safe integer number of minor units`);
  return n;
}

function typeName(type: number, kind: CollectionKind | null): Collection['typeName'] {
  return type === COLLECTION_PRODUCTS ? 'products' : type === COLLECTION_PAGE ? 'page' : (kind ?? 'collection');
}

function toCollection(r: CollectionRow): Collection {
  return {
    id: r.id,
    urlId: r.url_id,
    title: r.title,
    description: r.description,
    type: r.type,
    typeName: typeName(r.type, r.type_name),
    fullUrl: `/${r.url_id}`,
    body: r.body,
    assetUrl: r.asset_url,
    originalSize: r.original_size,
    seoTitle: r.seo_title,
    seoDescription: r.seo_description,
  };
}

function toImages(v: unknown): ImageRef[] {
  if (!Array.isArray(v)) return [];
  return v
    .filter((x): x is Record<string, unknown> => x !== null && typeof x === 'object' && typeof x.assetUrl === 'string')
    .map((x) => ({ assetUrl: String(x.assetUrl), originalSize: String(x.originalSize ?? ''), altText: String(x.altText ?? '') }));
}

/** The catalog's Variant of a stored row (its item is the product's: not needed here). */
export function toVariant(r: Omit<VariantRow, 'item_id'>): Variant {
  const attributes: Record<string, string> = {};
  for (const [k, v] of Object.entries(r.attributes ?? {})) attributes[k] = String(v);
  return {
    id: r.id,
    sku: r.sku,
    attributes,
    priceCents: cents(r.price_cents),
    salePriceCents: cents(r.sale_price_cents),
    onSale: r.on_sale,
    unlimited: r.unlimited,
    qtyInStock: r.qty_in_stock,
    imageUrl: r.image_url,
  };
}

function toProduct(r: ItemRow, variants: Variant[]): Product {
  return {
    id: r.id,
    collectionId: r.collection_id,
    urlId: r.url_id,
    title: r.title,
    fullUrl: `/${r.collection_url_id}/p/${r.url_id}`,
    excerpt: r.excerpt,
    body: r.body,
    recordType: r.record_type,
    assetUrl: r.asset_url,
    originalSize: r.original_size,
    images: toImages(r.images),
    tags: r.tags,
    categories: r.categories,
    starred: r.starred,
    updatedAt: new Date(r.updated_at).toISOString(),
    productType: r.product_type,
    isSubscribable: r.is_subscribable,
    subscriptionPlan: r.subscription_plan,
    variantOptionOrdering: r.variant_option_ordering,
    details: r.details ?? {},
    variants,
  };
}

/**
 * Catalog queries bound to one database and website (tests make their own). With `cache`, the
 * site and what a path shows are read once per catalog generation (app/catalog/changes.server.ts).
 */
export function createCatalog(sql: Sql, opts: { websiteId?: string; cache?: ReadCache } = {}) {
  let siteId: Promise<string> | undefined;

  function websiteId(): Promise<string> {
    if (!siteId) {
      const wanted = opts.websiteId ?? env().websiteId ?? null;
      siteId = sql<{ id: string }[]>`
        select id from website where ${wanted === null ? sql`true` : sql`id = ${wanted}`} order by id limit 1`.then((rows) => {
        if (rows.length === 0) {
          throw new Error(
            wanted ? `No website with id "${wanted}" (WEBSITE_ID) in the database.` : 'The database has no website: run `npm run db:seed`.',
          );
        }
        return rows[0].id;
      });
      siteId.catch(() => {
        siteId = undefined;
      });
    }
    return siteId;
  }

  /** Products (items with a product row) matching a condition, with their variants. */
  async function products(where: ReturnType<Sql>, order: ReturnType<Sql>, limit: number | null, offset = 0): Promise<Product[]> {
    const rows = await sql<ItemRow[]>`
      select i.id, i.collection_id, c.url_id as collection_url_id, i.url_id, i.title, i.excerpt, i.body,
             i.record_type, i.asset_url, i.original_size, i.images, i.tags, i.categories, i.starred, i.updated_at,
             p.product_type, p.is_subscribable, p.subscription_plan, p.variant_option_ordering, p.details
        from item i
        join product p on p.item_id = i.id
        join collection c on c.id = i.collection_id
       where i.published and c.enabled and c.type = ${COLLECTION_PRODUCTS} and c.website_id = ${await websiteId()} and ${where}
       order by ${order}
       ${limit === null ? sql`` : sql`limit ${limit} offset ${offset}`}`;
    if (rows.length === 0) return [];
    const variants = await sql<VariantRow[]>`
      select id, item_id, sku, attributes, price_cents, sale_price_cents, on_sale, unlimited, qty_in_stock, image_url
        from variant where item_id in ${sql(rows.map((r) => r.id))}
       order by item_id, ordering, id`;
    const byItem = new Map<string, Variant[]>();
    for (const v of variants) {
      let list = byItem.get(v.item_id);
      if (!list) byItem.set(v.item_id, (list = []));
      list.push(toVariant(v));
    }
    return rows.map((r) => toProduct(r, byItem.get(r.id) ?? []));
  }

  async function collectionByUrlId(urlId: string): Promise<Collection | null> {
    const [row] = await sql<CollectionRow[]>`
      select id, url_id, title, description, type, type_name, body, asset_url, original_size, seo_title, seo_description
        from collection c where website_id = ${await websiteId()} and url_id = ${urlId} and ${sql.unsafe(PUBLIC_COLLECTION)}`;
    return row ? toCollection(row) : null;
  }

  async function loadSite(): Promise<Site> {
    const id = await websiteId();
    return opts.cache ? opts.cache.get(id, 'site', () => readSite(id)) : readSite(id);
  }

  async function readSite(id: string): Promise<Site> {
    const [[w], templates, menus, unseen] = await Promise.all([
      sql<
        {
          id: string;
          title: string;
          description: string;
          base_url: string;
          time_zone: string;
          currency: string;
          locale: string;
          settings: Record<string, unknown> | null;
        }[]
      >`
        select id, title, description, base_url, time_zone, currency, locale, settings from website where id = ${id}`,
      sql<
        { name: string; kind: string; source: string }[]
      >`select name, kind, source from theme_template where website_id = ${id} order by name`,
      sql<{ name: string; items: unknown }[]>`select name, items from navigation where website_id = ${id} order by name`,
      // A menu links to a page by its path: links to pages visitors cannot see are left out.
      sql<{ url_id: string }[]>`
        select url_id from collection c
         where website_id = ${id} and type = ${COLLECTION_PAGE} and not (${sql.unsafe(PUBLIC_COLLECTION)})`,
    ]);
    const hidden = new Set(unseen.map((r) => `/${r.url_id}`));
    const theme: ThemeTemplates = { layout: '{mainContent}', pages: {}, partials: {}, stylesheet: null };
    const css: string[] = [];
    for (const t of templates) {
      if (t.kind === 'layout') theme.layout = t.source;
      else if (t.kind === 'partial') theme.partials[t.name] = t.source;
      else if (t.kind === 'stylesheet') css.push(t.source);
      else theme.pages[t.name] = t.source;
    }
    if (css.length > 0) theme.stylesheet = css.join('\n');
    const navigation: Site['navigation'] = { mainNavigation: [], footerNavigation: [] };
    for (const m of menus) navigation[m.name] = withoutLinksTo(navItems(m.items), hidden);
    return {
      website: {
        id: w.id,
        siteTitle: w.title,
        siteDescription: w.description,
        baseUrl: w.base_url.replace(/\/+$/, ''),
        timeZone: w.time_zone,
        currency: w.currency,
        locale: w.locale,
      },
      settings: w.settings ?? {},
      navigation,
      templates: theme,
    };
  }

  async function homeCollectionUrlId(): Promise<string | null> {
    const [r] = await sql<
      { home: string | null }[]
    >`select settings->>'homeCollection' as home from website where id = ${await websiteId()}`;
    return r?.home ?? null;
  }

  async function pageSize(): Promise<number> {
    const [r] = await sql<{ n: string | null }[]>`select settings->>'productsPerPage' as n from website where id = ${await websiteId()}`;
    const n = Number(r?.n);
    return Number.isInteger(n) && n > 0 && n <= 200 ? n : DEFAULT_PAGE_SIZE;
  }

  async function resolvePath(path: string, options: PathOptions = {}): Promise<Resolved> {
    if (!opts.cache) return readPath(path, options);
    const bare = path.split(/[?#]/, 1)[0];
    const f = options.filter ?? {};
    const key = `path\u0000${bare}\u0000${options.page ?? 1}\u0000${f.tag ?? ''}\u0000${f.category ?? ''}`;
    return opts.cache.get(await websiteId(), key, () => readPath(bare, options));
  }

  const collectionReads = createCollectionReads(sql);

  /** A blog, events collection or gallery, or one post or event of it. */
  async function readGenericPath(collection: Collection, segments: string[], page: number, filter: EntryFilter): Promise<Resolved> {
    const kind = collection.typeName;
    if (segments.length === 2 && (kind === 'blog' || kind === 'events')) {
      const item = await collectionReads.entry(collection.id, segments[1]);
      return item ? { kind: 'entry', collection, item } : { kind: 'not-found' };
    }
    if (segments.length !== 1) return { kind: 'not-found' };
    if (kind === 'events') return { kind: 'events', collection, ...(await collectionReads.events(collection.id)) };
    if (kind === 'gallery') return { kind: 'gallery', collection, items: await collectionReads.gallery(collection.id) };
    if (kind !== 'blog') return { kind: 'not-found' };
    if (!Number.isInteger(page) || page < 1) return { kind: 'not-found' };
    const [list, terms] = await Promise.all([collectionReads.posts(collection.id, page, filter), collectionReads.postTerms(collection.id)]);
    if (!list) return { kind: 'not-found' };
    const query = (n: number) => {
      const q = new URLSearchParams();
      if (filter.tag) q.set('tag', filter.tag);
      if (filter.category) q.set('category', filter.category);
      if (n > 1) q.set('page', String(n));
      const s = q.toString();
      return s ? `${collection.fullUrl}?${s}` : collection.fullUrl;
    };
    return {
      kind: 'blog',
      collection,
      items: list.items,
      filter,
      ...terms,
      pagination: {
        page,
        pageCount: list.pageCount,
        pageSize: list.items.length,
        total: list.total,
        prevPageUrl: page > 1 ? query(page - 1) : null,
        nextPageUrl: page < list.pageCount ? query(page + 1) : null,
      },
    };
  }

  async function readPath(path: string, opts: PathOptions = {}): Promise<Resolved> {
    const segments = splitPath(path);
    if (segments === null) return { kind: 'not-found' };
    const homeId = await homeCollectionUrlId();
    if (segments.length === 0 || (segments.length === 1 && segments[0] === homeId)) {
      const collection = homeId ? await collectionByUrlId(homeId) : null;
      const items = await products(
        sql`i.starred and ${sql.unsafe(OPEN_TO_ALL)}`,
        sql`c.ordering, ${sql.unsafe(SHOP_ORDER)}`,
        FEATURED_LIMIT,
      );
      return { kind: 'home', collection, items };
    }
    const collection = await collectionByUrlId(segments[0]);
    if (!collection) return { kind: 'not-found' };
    if (collection.type === COLLECTION_GENERIC) return readGenericPath(collection, segments, opts.page ?? 1, opts.filter ?? {});
    if (segments.length === 1) {
      if (collection.type === COLLECTION_PAGE)
        return { kind: 'page', collection, blocks: await readPageBlocks(sql, await websiteId(), collection.id) };
      if (collection.type !== COLLECTION_PRODUCTS) return { kind: 'not-found' };
      const size = await pageSize();
      const page = opts.page ?? 1;
      if (!Number.isInteger(page) || page < 1) return { kind: 'not-found' };
      const [{ total }] = await sql<{ total: number }[]>`
        select count(*)::int as total from item i join product p on p.item_id = i.id
         where i.collection_id = ${collection.id} and i.published`;
      const pageCount = Math.max(1, Math.ceil(total / size));
      if (page > pageCount) return { kind: 'not-found' };
      const items = await products(sql`i.collection_id = ${collection.id}`, sql`${sql.unsafe(SHOP_ORDER)}`, size, (page - 1) * size);
      const url = (n: number) => (n === 1 ? collection.fullUrl : `${collection.fullUrl}?page=${n}`);
      return {
        kind: 'products',
        collection,
        items,
        pagination: {
          page,
          pageCount,
          pageSize: size,
          total,
          prevPageUrl: page > 1 ? url(page - 1) : null,
          nextPageUrl: page < pageCount ? url(page + 1) : null,
        },
      };
    }
    if (segments.length === 3 && segments[1] === 'p' && collection.type === COLLECTION_PRODUCTS) {
      const [item] = await products(sql`i.collection_id = ${collection.id} and i.url_id = ${segments[2]}`, sql`i.id`, 1);
      return item ? { kind: 'product', collection, item } : { kind: 'not-found' };
    }
    return { kind: 'not-found' };
  }

  async function searchCatalog(query: string, limit = 20): Promise<SearchHit[]> {
    const q = query.trim().slice(0, MAX_QUERY_LENGTH);
    if (q === '') return [];
    const n = Math.max(1, Math.min(100, Math.floor(limit)));
    const id = await websiteId();
    return opts.cache ? opts.cache.get(id, `search\u0000${n}\u0000${q}`, () => readSearch(id, q, n)) : readSearch(id, q, n);
  }

  async function readSearch(id: string, q: string, n: number): Promise<SearchHit[]> {
    const rows = await sql<
      {
        kind: SearchHit['kind'];
        id: string;
        title: string;
        url: string;
        excerpt: string;
        asset_url: string | null;
        original_size: string | null;
        rank: number;
      }[]
    >`
      with q as (select websearch_to_tsquery('english', ${q}) as tsq)
      select * from (
        select 'product' as kind, i.id, i.title, '/' || c.url_id || '/p/' || i.url_id as url, i.excerpt,
               i.asset_url, i.original_size, ts_rank(i.search, q.tsq) as rank
          from item i join product p on p.item_id = i.id join collection c on c.id = i.collection_id, q
         where c.website_id = ${id} and c.enabled and c.type = ${COLLECTION_PRODUCTS} and i.published and i.search @@ q.tsq
           and ${sql.unsafe(OPEN_TO_ALL)}
        union all
        select 'page', c.id, c.title, '/' || c.url_id, c.description, c.asset_url, c.original_size, ts_rank(c.search, q.tsq)
          from collection c, q
         where c.website_id = ${id} and ${sql.unsafe(PUBLIC_COLLECTION)} and c.type = ${COLLECTION_PAGE} and c.search @@ q.tsq
           and ${sql.unsafe(OPEN_TO_ALL)}
        union all
        select case when c.type_name = 'events' then 'event' else 'post' end, i.id, i.title, '/' || c.url_id || '/' || i.url_id,
               i.excerpt, i.asset_url, i.original_size, ts_rank(i.search, q.tsq)
          from item i join collection c on c.id = i.collection_id, q
         where c.website_id = ${id} and ${sql.unsafe(PUBLIC_COLLECTION)} and c.type = ${COLLECTION_GENERIC}
           and c.type_name in ('blog', 'events') and ${sql.unsafe(PUBLIC_ENTRY)} and i.search @@ q.tsq and ${sql.unsafe(OPEN_TO_ALL)}
      ) hits
      order by rank desc, title
      limit ${n}`;
    const productIds = rows.filter((r) => r.kind === 'product').map((r) => r.id);
    const items = productIds.length > 0 ? await products(sql`i.id in ${sql(productIds)}`, sql`i.id`, null) : [];
    const byId = new Map(items.map((p) => [p.id, p]));
    const homeId = await homeCollectionUrlId();
    return rows.map((r) => ({
      kind: r.kind,
      id: r.id,
      title: r.title,
      fullUrl: r.kind === 'page' && homeId !== null && r.url === `/${homeId}` ? '/' : r.url,
      excerpt: r.excerpt,
      assetUrl: r.asset_url,
      originalSize: r.original_size,
      typeName: SEARCH_TYPE_NAMES[r.kind],
      rank: Number(r.rank),
      ...(r.kind === 'product' && byId.has(r.id) ? { item: byId.get(r.id) } : {}),
    }));
  }

  /**
   * Every public URL with when it last changed: home, content pages, product listings and
   * products (not search, the commerce pages or anything that answers 404). A listing changes
   * with its products, the home page with its featured ones.
   */
  async function sitemapEntries(): Promise<SitemapEntry[]> {
    const id = await websiteId();
    const homeId = await homeCollectionUrlId();
    const [collections, items, [featured]] = await Promise.all([
      sql<{ url_id: string; type: number; updated_at: Date; items_at: Date | null }[]>`
        select c.url_id, c.type, c.updated_at,
               (select max(i.updated_at) from item i
                 where i.collection_id = c.id and ${sql.unsafe(PUBLIC_ENTRY)}
                   and (c.type <> ${COLLECTION_PRODUCTS} or exists (select 1 from product p where p.item_id = i.id))) as items_at
          from collection c
         where c.website_id = ${id} and ${sql.unsafe(PUBLIC_COLLECTION)} and ${sql.unsafe(OPEN_TO_ALL)}
           and c.type in (${COLLECTION_PAGE}, ${COLLECTION_PRODUCTS}, ${COLLECTION_GENERIC})
         order by c.ordering, c.url_id`,
      sql<{ url: string; updated_at: Date }[]>`
        select '/' || c.url_id || '/p/' || i.url_id as url, i.updated_at, c.ordering as c_order, i.ordering as i_order, i.title
          from item i join product p on p.item_id = i.id join collection c on c.id = i.collection_id
         where c.website_id = ${id} and c.enabled and c.type = ${COLLECTION_PRODUCTS} and i.published and ${sql.unsafe(OPEN_TO_ALL)}
        union all
        -- Posts and events (gallery pictures have no page of their own).
        select '/' || c.url_id || '/' || i.url_id, i.updated_at, c.ordering, i.ordering, i.title
          from item i join collection c on c.id = i.collection_id
         where c.website_id = ${id} and ${sql.unsafe(PUBLIC_COLLECTION)} and c.type = ${COLLECTION_GENERIC}
           and c.type_name in ('blog', 'events') and ${sql.unsafe(PUBLIC_ENTRY)} and ${sql.unsafe(OPEN_TO_ALL)}
        order by c_order, i_order, title`,
      sql<{ at: Date | null }[]>`
        select max(i.updated_at) as at
          from item i join product p on p.item_id = i.id join collection c on c.id = i.collection_id
         where c.website_id = ${id} and c.enabled and c.type = ${COLLECTION_PRODUCTS} and i.published and i.starred
           and ${sql.unsafe(OPEN_TO_ALL)}`,
    ]);
    const latest = (...ds: (Date | null | undefined)[]) =>
      new Date(Math.max(...ds.filter((d): d is Date => d != null).map((d) => new Date(d).getTime()))).toISOString();
    const home = collections.find((c) => c.url_id === homeId);
    const out: SitemapEntry[] = [{ path: '/', lastmod: latest(home?.updated_at, featured?.at, new Date(0)) }];
    for (const c of collections) {
      if (c.url_id === homeId) continue;
      out.push({ path: `/${c.url_id}`, lastmod: latest(c.updated_at, c.items_at) });
    }
    for (const i of items) out.push({ path: i.url, lastmod: latest(i.updated_at) });
    return out;
  }

  return { loadSite, resolvePath, searchCatalog, sitemapEntries, websiteId };
}

/** What a path shows besides its address: a listing's page number, a blog's tag or category. */
export interface PathOptions {
  page?: number;
  filter?: EntryFilter;
}

const SEARCH_TYPE_NAMES: Record<SearchHit['kind'], SearchHit['typeName']> = {
  product: 'products',
  page: 'page',
  post: 'blog',
  event: 'events',
};

/** A URL of the sitemap: its path and when its content last changed (ISO 8601). */
export interface SitemapEntry {
  path: string;
  lastmod: string;
}

export type Catalog = ReturnType<typeof createCatalog>;

/** The path's segments, decoded; null when it cannot be a storefront URL. */
function splitPath(path: string): string[] | null {
  const bare = path.split(/[?#]/, 1)[0];
  if (!bare.startsWith('/')) return null;
  const parts = bare.split('/').filter((s) => s !== '');
  try {
    const decoded = parts.map((s) => decodeURIComponent(s));
    return decoded.some((s) => s.includes('/') || s.length > 200) ? null : decoded;
  } catch {
    return null;
  }
}

function navItems(v: unknown): NavItem[] {
  if (!Array.isArray(v)) return [];
  return v
    .filter((x): x is Record<string, unknown> => x !== null && typeof x === 'object')
    .map((x) => ({ title: String(x.title ?? ''), url: String(x.url ?? '/'), children: navItems(x.children) }));
}

function withoutLinksTo(items: NavItem[], paths: Set<string>): NavItem[] {
  if (paths.size === 0) return items;
  return items
    .filter((i) => !paths.has(i.url.split(/[?#]/, 1)[0].replace(/\/+$/, '')))
    .map((i) => ({ ...i, children: withoutLinksTo(i.children, paths) }));
}

// The process's catalogs: one per site, sharing one read cache bounded by bytes across all sites
// (issue 11: ten thousand sites must not exhaust memory). A database closed and reopened (tests,
// scripts) gets fresh ones. With standbys (DATABASE_READ_URL, ADR 0033) they read through the
// database's read router: a standby in an anonymous storefront request, when it is fresh enough.
const CATALOG_CACHE_BYTES = 64 * 1024 * 1024;
let processCatalogs: { sql: Sql; cache: ReadCache; bySite: LRUCache<string, Catalog>; unwatch: () => void } | null = null;

/** What a cached read weighs, roughly (UTF-16 characters of its JSON). */
function approximateBytes(value: unknown): number {
  try {
    return 2 * (JSON.stringify(value)?.length ?? 8);
  } catch {
    return 1024;
  }
}

/**
 * Listens for other processes' catalog changes from now on (the server at start), not from the
 * first catalog read: a worker that has only resolved hosts so far must hear of a site's change too.
 */
export async function watchCatalogChanges(): Promise<void> {
  catalogsOf(await getDb());
}

/** The catalog of a site in the process database. */
export async function catalogFor(websiteId: string): Promise<Catalog> {
  const db = await getDb();
  const { bySite, cache } = catalogsOf(db);
  let c = bySite.get(websiteId);
  if (!c) bySite.set(websiteId, (c = createCatalog(readSqlOf(db), { websiteId, cache })));
  return c;
}

function catalogsOf(db: Db): NonNullable<typeof processCatalogs> {
  if (!processCatalogs || processCatalogs.sql !== db.sql) {
    processCatalogs?.unwatch();
    const reads = db.reads;
    processCatalogs = {
      sql: db.sql,
      cache: createReadCache({ max: 100_000, maxBytes: CATALOG_CACHE_BYTES, sizeOf: approximateBytes }),
      bySite: new LRUCache<string, Catalog>({ max: 10_000 }),
      // A change makes the standbys wait until they have replayed it (the primary's WAL position now).
      unwatch: reads ? onCatalogChange(() => reads.changed()) : () => {},
    };
    // Other server processes write to a shared PostgreSQL; the embedded one has only this process.
    if (db.kind === 'postgres') {
      listenForCatalogChanges(db.sql).catch((e: Error) =>
        log.warn(`catalog: cannot listen for changes (${e.message}); cached reads expire in 30 s`),
      );
    }
  }
  return processCatalogs;
}

/** The website row, settings, navigation menus and theme templates. */
export async function loadSite(websiteId: string): Promise<Site> {
  return (await catalogFor(websiteId)).loadSite();
}

/** What a URL path shows: `/`, `/{collection}` (page or listing, `opts.page`), `/{collection}/p/{item}`. */
export async function resolvePath(websiteId: string, path: string, opts: PathOptions = {}): Promise<Resolved> {
  return (await catalogFor(websiteId)).resolvePath(path, opts);
}

/** Every public page and product with its last change, for /sitemap.xml. */
export async function sitemapEntries(websiteId: string): Promise<SitemapEntry[]> {
  return (await catalogFor(websiteId)).sitemapEntries();
}

/** Full-text search over published products and enabled pages, best matches first. */
export async function searchCatalog(websiteId: string, query: string, limit?: number): Promise<SearchHit[]> {
  return (await catalogFor(websiteId)).searchCatalog(query, limit);
}
