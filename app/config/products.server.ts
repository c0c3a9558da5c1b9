// The Products screens' data: the site's products listed with price and stock, one product read
// for its form, and saved (item, product and variants in one transaction) or deleted. Every write
// is audited and drops the storefront's caches, so visitors see it on their next request.
import { randomBytes } from 'node:crypto';
import type postgres from 'postgres';
import type { Sql } from '../../db/client.server.js';
import { CollectionType, RecordType } from '../../engine/ts/enums.js';
import type { OwnerAccess } from '../auth/permissions.server.js';
import type { Submission } from '@conform-to/react';
import { parseForm, type Refusal } from '../utils/form.server.js';
import { actorOf, recordAudit } from '../edits/audit.server.js';
import { LANGUAGE_NAMES } from '../languages/languages.js';
import { LOW_STOCK } from './dashboard.server.js';
import { formatSize, uploadDay } from '../utils/file-types.js';
import {
  ADD_ROWS,
  BLANK_ROWS,
  blankVariant,
  productFieldLabel,
  productFormFields,
  rowsInBounds,
  slugify,
  MAX_PRODUCTS_PER_COLLECTION,
  TEXT,
  valuesFromProduct,
  type ProductInput,
  type ProductRecord,
  type ProductValues,
  type StockSeen,
  type SubscriptionPlanInput,
  merchandisingOf,
} from './product-form.js';
import { productSchema } from './product-schema.js';
import { sanitizeOwnerHtml } from '../edits/sanitize.server.js';
import { storefrontChanged } from '../edits/storefront-changed.server.js';
import type { ItemRow, VariantRow } from '../catalog/catalog.server.js';
import { COLLECTION_SORT_LABELS, COLLECTION_SORTS, SHOP_ORDER, type CollectionSort } from '../catalog/shop-order.js';
import {
  appliesMine,
  changesSince,
  conflictOf,
  CONFLICT_TEXT,
  mergeMine,
  readStamp,
  STAMP_FIELD,
  stampOf,
  versionOf,
  type Conflict,
  type Db,
  type FormStamp,
  type ReadStamp,
} from '../edits/versions.server.js';

export const PRODUCTS_PAGE_SIZE = 25;
export const STOCK_FILTERS = ['all', 'low', 'soldout'] as const;
export type StockFilter = (typeof STOCK_FILTERS)[number];

export const NOT_FOUND_TEXT = 'There is no such product on this site.';

/** A like-pattern that matches `q` anywhere, its wildcards taken literally. */
export function containsPattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** bigint sums and prices arrive as text. */
const int = (v: string | number | null | undefined) => (v === null || v === undefined ? 0 : Number(v));

// ---------------------------------------------------------------------------------------------
// The list

export interface ProductListRow {
  id: string;
  title: string;
  productType: number;
  collectionId: string;
  collectionTitle: string;
  published: boolean;
  variantCount: number;
  priceMinCents: number | null;
  priceMaxCents: number | null;
  /** Any variant sold without a stock count. */
  unlimited: boolean;
  /** Units in stock over the counted variants. */
  qty: number;
  /** First or last of its collection in the shop's order (of the products the filters let through). */
  first: boolean;
  last: boolean;
  /** Its collection is in Manual order (Move up / Move down apply); else it is sorted newest first. */
  manual: boolean;
}

export interface ProductList {
  rows: ProductListRow[];
  total: number;
  page: number;
  pageCount: number;
}

export async function listProducts(
  sql: Sql,
  websiteId: string,
  opts: { q?: string; type?: number | null; stock?: StockFilter; page?: number },
): Promise<ProductList> {
  // Listed in the shop's order: collection, then the collection's sort (SHOP_ORDER, as the storefront).
  const q = (opts.q ?? '').trim().slice(0, 200);
  const stock = opts.stock ?? 'all';
  const page = Math.max(1, Math.floor(opts.page ?? 1));
  const soldOut = sql`not coalesce(bool_or(v.unlimited), false) and coalesce(sum(v.qty_in_stock) filter (where not v.unlimited), 0) = 0`;
  const having =
    stock === 'soldout'
      ? sql`having ${soldOut}`
      : stock === 'low'
        ? sql`having not (${soldOut}) and coalesce(bool_or(not v.unlimited and v.qty_in_stock <= ${LOW_STOCK}), false)`
        : sql``;
  const grouped = sql`
    select i.id, i.title, i.published, p.product_type, c.id as collection_id, c.title as collection_title,
           row_number() over (order by c.ordering, c.id, ${sql.unsafe(SHOP_ORDER)}) as place, c.sort = 'manual' as manual,
           row_number() over (partition by i.collection_id order by i.ordering, i.title, i.id) = 1 as first_in_collection,
           row_number() over (partition by i.collection_id order by i.ordering desc, i.title desc, i.id desc) = 1 as last_in_collection,
           count(v.id)::int as variant_count,
           min(v.price_cents)::text as price_min, max(v.price_cents)::text as price_max,
           coalesce(bool_or(v.unlimited), false) as unlimited,
           coalesce(sum(v.qty_in_stock) filter (where not v.unlimited), 0)::text as qty
      from item i
      join product p on p.item_id = i.id
      join collection c on c.id = i.collection_id
      left join variant v on v.item_id = i.id
     where c.website_id = ${websiteId}
       ${q ? sql`and i.title ilike ${containsPattern(q)}` : sql``}
       ${opts.type ? sql`and p.product_type = ${opts.type}` : sql``}
     group by i.id, p.product_type, c.id
     ${having}`;
  const [[{ total }], rows] = await Promise.all([
    sql<{ total: number }[]>`select count(*)::int as total from (${grouped}) g`,
    sql<
      {
        id: string;
        title: string;
        published: boolean;
        product_type: number;
        collection_id: string;
        collection_title: string;
        variant_count: number;
        price_min: string | null;
        price_max: string | null;
        unlimited: boolean;
        qty: string;
        first_in_collection: boolean;
        last_in_collection: boolean;
        manual: boolean;
      }[]
    >`select * from (${grouped}) g order by place limit ${PRODUCTS_PAGE_SIZE} offset ${(page - 1) * PRODUCTS_PAGE_SIZE}`,
  ]);
  return {
    rows: rows.map((r) => ({
      id: r.id,
      title: r.title,
      productType: r.product_type,
      collectionId: r.collection_id,
      collectionTitle: r.collection_title,
      published: r.published,
      variantCount: r.variant_count,
      priceMinCents: r.price_min === null ? null : int(r.price_min),
      priceMaxCents: r.price_max === null ? null : int(r.price_max),
      unlimited: r.unlimited,
      qty: int(r.qty),
      first: r.first_in_collection,
      last: r.last_in_collection,
      manual: r.manual,
    })),
    total,
    page,
    pageCount: Math.max(1, Math.ceil(total / PRODUCTS_PAGE_SIZE)),
  };
}

// ---------------------------------------------------------------------------------------------
// What the form chooses from

export interface ProductCollection {
  id: string;
  title: string;
  urlId: string;
  /** How the shop lists its products (migration 0051). */
  sort: CollectionSort;
}

/** The site's product collections (SPEC 3: collection type 13), where a product can live. */
export async function productCollections(sql: Sql, websiteId: string): Promise<ProductCollection[]> {
  const rows = await sql<{ id: string; title: string; url_id: string; sort: CollectionSort }[]>`
    select id, title, url_id, sort from collection
     where website_id = ${websiteId} and type = ${CollectionType.PRODUCTS}
     order by ordering, title, id`;
  return rows.map((r) => ({ id: r.id, title: r.title, urlId: r.url_id, sort: r.sort }));
}

export const SORT_TEXT = {
  choose: `Choose how the shop sorts this collection: ${COLLECTION_SORTS.map((s) => COLLECTION_SORT_LABELS[s]).join(' or ')}.`,
  noCollection: 'There is no such store collection on this site.',
  notManual: (title: string) =>
    `${title} lists the newest products first. Choose Manual for it to set the order by hand with Move up and Move down.`,
  saved: (title: string, sort: CollectionSort) => `${title} is now sorted: ${COLLECTION_SORT_LABELS[sort]}.`,
};

/**
 * Sets how the shop sorts a store collection: its own small write, like a move (it changes no
 * product, so an open product form saves as before). Null when the site has no such collection;
 * the collection's title otherwise. `sort` was checked against COLLECTION_SORTS by the caller.
 */
export async function setCollectionSort(a: OwnerAccess, collectionId: string, sort: CollectionSort): Promise<string | null> {
  const [c] = await a.sql<{ title: string; sort: CollectionSort }[]>`
    update collection n set sort = ${sort}, updated_at = now()
      from collection o
     where n.id = ${collectionId} and n.website_id = ${a.site.id} and n.type = ${CollectionType.PRODUCTS} and o.id = n.id
    returning n.title, o.sort`;
  if (!c) return null;
  if (c.sort !== sort) {
    await recordAudit(a.sql, actorOf(a), 'collection.sort', c.title, { id: collectionId, sort });
    await storefrontChanged(a.sql, a.site.id);
  }
  return c.title;
}

export interface ImageFile {
  id: string;
  url: string;
  name: string;
  originalSize: string | null;
  /** "12 KB" */
  size: string;
  /** The day it was uploaded, "Nov 3, 2026" (UTC). */
  uploaded: string;
}

/** The public URL of an uploaded file (the file manager serves it there). */
export function fileUrl(id: string, name: string): string {
  return `/files/${encodeURIComponent(id)}/${encodeURIComponent(name)}`;
}

/** The site's uploaded images, newest first: what a product's main image can be. */
export async function imageFiles(sql: Sql, websiteId: string): Promise<ImageFile[]> {
  const rows = await sql<{ id: string; name: string; original_size: string | null; size_bytes: number; created_at: Date }[]>`
    select id, name, original_size, size_bytes::int as size_bytes, created_at from file_asset
     where website_id = ${websiteId} and content_type like 'image/%'
     order by created_at desc, id desc limit 500`;
  return rows.map((r) => ({
    id: r.id,
    url: fileUrl(r.id, r.name),
    name: r.name,
    originalSize: r.original_size,
    size: formatSize(r.size_bytes),
    uploaded: uploadDay(r.created_at),
  }));
}

/**
 * Makes an image just uploaded (files.server.ts uploadFile) product `id`'s main image: its own small
 * write of the image fields only. An open form of the product then meets a conflict on save, as
 * for any change of its fields (ADR 0021). False when the site has no such product.
 */
export async function attachProductImage(
  a: OwnerAccess,
  id: string,
  file: { id: string; name: string; originalSize: string | null },
): Promise<boolean> {
  const url = fileUrl(file.id, file.name);
  const done = await a.sql`
    update item i set asset_url = ${url}, original_size = ${file.originalSize}, updated_at = now()
      from collection c
     where i.id = ${id} and c.id = i.collection_id and c.website_id = ${a.site.id}
       and exists (select 1 from product p where p.item_id = i.id)`;
  if (done.count === 0) return false;
  await recordAudit(a.sql, actorOf(a), 'product.image', url, { id, file: file.id });
  await storefrontChanged(a.sql, a.site.id);
  return true;
}

// ---------------------------------------------------------------------------------------------
// One product

export interface SavedProduct extends ProductRecord {
  id: string;
  /** Where visitors see it: /<collection>/p/<slug>. */
  publicUrl: string;
}

/** The product `id` of the site, or null when there is none (or it belongs to another site). */
export async function loadProduct(sql: Db, websiteId: string, id: string): Promise<SavedProduct | null> {
  // The catalog's stored rows, with what only the owner's form reads (published, the plan as the form types it).
  const [row] = await sql<
    (Pick<
      ItemRow,
      | 'id'
      | 'collection_id'
      | 'collection_url_id'
      | 'url_id'
      | 'title'
      | 'excerpt'
      | 'body'
      | 'asset_url'
      | 'original_size'
      | 'tags'
      | 'categories'
      | 'product_type'
      | 'is_subscribable'
      | 'variant_option_ordering'
      | 'details'
    > & { published: boolean; subscription_plan: SubscriptionPlanInput | null; custom_form_id: string | null })[]
  >`
    select i.id, i.collection_id, c.url_id as collection_url_id, i.url_id, i.title, i.excerpt, i.body, i.asset_url,
           i.original_size, i.tags, i.categories, i.published, p.product_type, p.is_subscribable, p.subscription_plan,
           p.variant_option_ordering, p.details->>'additionalFieldsFormId' as custom_form_id, p.details
      from item i join product p on p.item_id = i.id join collection c on c.id = i.collection_id
     where i.id = ${id} and c.website_id = ${websiteId}`;
  if (!row) return null;
  const variants = await sql<
    Pick<VariantRow, 'id' | 'sku' | 'attributes' | 'price_cents' | 'sale_price_cents' | 'on_sale' | 'unlimited' | 'qty_in_stock'>[]
  >`
    select id, sku, attributes, price_cents, sale_price_cents, on_sale, unlimited, qty_in_stock
      from variant where item_id = ${id} order by ordering, id`;
  // Options named by a variant but missing from the ordering still show, so a save keeps them.
  const options = [...row.variant_option_ordering];
  for (const v of variants) for (const k of Object.keys(v.attributes ?? {})) if (!options.includes(k)) options.push(k);
  return {
    id: row.id,
    collectionId: row.collection_id,
    publicUrl: `/${row.collection_url_id}/p/${row.url_id}`,
    urlId: row.url_id,
    title: row.title,
    excerpt: row.excerpt,
    body: row.body,
    productType: row.product_type,
    published: row.published,
    tags: row.tags,
    categories: row.categories,
    isSubscribable: row.is_subscribable,
    subscriptionPlan: row.subscription_plan,
    assetUrl: row.asset_url,
    originalSize: row.original_size,
    options,
    customFormId: row.custom_form_id || null,
    merchandising: merchandisingOf(row.details),
    variants: variants.map((v) => ({
      id: v.id,
      sku: v.sku,
      attributes: Object.fromEntries(Object.entries(v.attributes ?? {}).map(([k, x]) => [k, String(x)])),
      priceCents: int(v.price_cents),
      salePriceCents: int(v.sale_price_cents),
      onSale: v.on_sale,
      unlimited: v.unlimited,
      qty: v.qty_in_stock,
    })),
  };
}

/** The form of a saved product: its values and, below them, blank rows for more variants. */
export function productFormValues(p: SavedProduct, currency: string): ProductValues {
  const values = valuesFromProduct(p, currency);
  values.variants.push(...Array.from({ length: BLANK_ROWS }, blankVariant));
  return values;
}

/**
 * A product's version (issue 28): everything its form shows but the stock, which orders change all
 * day and which a save writes only compare-and-set (see saveProduct), so a sale between an owner's
 * load and save is no conflict for an owner who changed the excerpt.
 */
export function productVersion(p: SavedProduct): string {
  return versionOf({ ...p, variants: p.variants.map(({ qty: _qty, unlimited: _unlimited, ...v }) => v) });
}

/** The stamp the product form of `p` is drawn with. */
export function productStamp(p: SavedProduct, currency: string): FormStamp {
  const s = stampOf(null, productFormFields(productFormValues(p, currency)));
  return { ...s, version: productVersion(p) };
}

/** A save refused because the product changed since its form was drawn. */
export class ProductConflict extends Error {
  constructor(readonly stock: { sku: string; seen: StockSeen; now: StockSeen } | null = null) {
    super('The product changed since the form was drawn.');
  }
}

/** A save refused for what the database knows (a slug taken, a collection or image not the site's). */
export class ProductFormError extends Error {
  constructor(readonly fields: Record<string, string>) {
    super(Object.values(fields)[0] ?? TEXT.invalid);
  }
}

const newId = (kind: string) => `${kind}-${randomBytes(8).toString('hex')}`;

function isUniqueViolation(e: unknown): boolean {
  return typeof e === 'object' && e !== null && (e as { code?: string }).code === '23505';
}

/**
 * Saves a product of the site: a new one when `id` is null, else the existing one (its variants
 * updated by id, new ones inserted, missing ones deleted), all in one transaction. Returns its id.
 */
export async function saveProduct(
  a: OwnerAccess,
  id: string | null,
  input: ProductInput,
  /** The version the form was drawn at: a product changed since is not written (ProductConflict). */
  expectVersion: string | null = null,
): Promise<{ id: string; created: boolean }> {
  const siteId = a.site.id;
  const itemId = id ?? newId('itm');
  let skusChanged: string[] = [];
  try {
    await a.sql.begin(async (tx) => {
      const [existing] = id
        ? await tx<{ asset_url: string | null; original_size: string | null; collection_id: string }[]>`
            select i.asset_url, i.original_size, i.collection_id from item i
              join product p on p.item_id = i.id join collection c on c.id = i.collection_id
             where i.id = ${id} and c.website_id = ${siteId} for update of i`
        : [];
      if (id && !existing) throw new ProductFormError({ '': NOT_FOUND_TEXT });
      if (id && expectVersion !== null) {
        // The item row is locked: the product read now is the one this save would overwrite.
        const now = await loadProduct(tx, siteId, id);
        if (!now || productVersion(now) !== expectVersion) throw new ProductConflict();
      }
      const [collection] = await tx`
        select 1 from collection where id = ${input.collectionId} and website_id = ${siteId} and type = ${CollectionType.PRODUCTS}`;
      if (!collection) throw new ProductFormError({ collectionId: TEXT.collection });
      if (!existing || existing.collection_id !== input.collectionId) {
        // SPEC 9's limit, for a product joining the collection (a new one, or one moved there).
        const [{ n }] = await tx<{ n: number }[]>`
          select count(*)::int as n from item where collection_id = ${input.collectionId} and record_type = ${RecordType.STORE_ITEM}`;
        if (n >= MAX_PRODUCTS_PER_COLLECTION) throw new ProductFormError({ collectionId: TEXT.collectionFull });
      }

      // The main image: kept as it was, or one of the site's uploaded images.
      let assetUrl: string | null = null;
      let originalSize = input.originalSize;
      if (input.assetUrl !== null) {
        if (existing && input.assetUrl === existing.asset_url) {
          assetUrl = existing.asset_url;
          originalSize ??= existing.original_size;
        } else {
          const m = /^\/files\/([^/]+)\/([^/]+)$/.exec(input.assetUrl);
          const [file] = m
            ? await tx<{ id: string; name: string; original_size: string | null }[]>`
                select id, name, original_size from file_asset
                 where id = ${safeDecode(m[1])} and website_id = ${siteId} and content_type like 'image/%'`
            : [];
          if (!file || fileUrl(file.id, file.name) !== input.assetUrl)
            throw new ProductFormError({ assetUrl: "Choose one of this site's images." });
          assetUrl = input.assetUrl;
          originalSize ??= file.original_size;
        }
      }

      // The custom form (issue 30): one of the site's forms, kept in the product's details as SPEC 3 names it.
      if (input.customFormId) {
        const [form] = await tx`select 1 from form where id = ${input.customFormId} and website_id = ${siteId}`;
        if (!form) throw new ProductFormError({ customFormId: TEXT.customForm });
      }
      const formDetails =
        input.customFormId === undefined
          ? tx`details`
          : input.customFormId === null
            ? tx`details - 'additionalFieldsFormId'`
            : tx`details || jsonb_build_object('additionalFieldsFormId', ${input.customFormId}::text)`;

      const urlId = await freeSlug(tx, input.collectionId, itemId, input.urlId, input.title);
      const body = sanitizeOwnerHtml(input.body);
      const plan = input.isSubscribable ? input.subscriptionPlan : null;
      if (existing) {
        await tx`
          update item set collection_id = ${input.collectionId}, url_id = ${urlId}, title = ${input.title}, excerpt = ${input.excerpt},
                 body = ${body}, asset_url = ${assetUrl}, original_size = ${originalSize}, tags = ${input.tags},
                 categories = ${input.categories}, published = ${input.published}, updated_at = now()
           where id = ${itemId}`;
        await tx`
          update product set product_type = ${input.productType}, is_subscribable = ${input.isSubscribable},
                 subscription_plan = ${plan === null ? null : tx.json(plan as never)}, variant_option_ordering = ${input.options},
                 details = ${formDetails} || ${tx.json(input.merchandising as never)}
           where item_id = ${itemId}`;
      } else {
        // A new product goes last in its collection's order, where the owner moves it with Move up /
        // Move down. (First was tried: every product a test or an import adds then pushes the shop's
        // first page along, and the first page is what most visitors see of a shop.)
        const [{ next }] = await tx<{ next: number }[]>`
          select coalesce(max(ordering) + 1, 0)::int as next from item where collection_id = ${input.collectionId}`;
        await tx`
          insert into item (id, collection_id, url_id, title, excerpt, body, record_type, asset_url, original_size,
                            tags, categories, ordering, published)
          values (${itemId}, ${input.collectionId}, ${urlId}, ${input.title}, ${input.excerpt}, ${body}, ${RecordType.STORE_ITEM},
                  ${assetUrl}, ${originalSize}, ${input.tags}, ${input.categories}, ${next}, ${input.published})`;
        await tx`
          insert into product (item_id, product_type, is_subscribable, subscription_plan, variant_option_ordering, details)
          values (${itemId}, ${input.productType}, ${input.isSubscribable}, ${plan === null ? null : tx.json(plan as never)},
                  ${input.options}, ${tx.json({ ...input.merchandising, ...(input.customFormId ? { additionalFieldsFormId: input.customFormId } : {}) } as never)})`;
      }

      const saved = await tx<{ id: string; sku: string }[]>`select id, sku from variant where item_id = ${itemId}`;
      const savedIds = new Set(saved.map((v) => v.id));
      const keep = input.variants.filter((v) => v.id !== null && savedIds.has(v.id)).map((v) => v.id as string);
      const removed = saved.filter((v) => !keep.includes(v.id));
      if (removed.length > 0) await tx`delete from variant where item_id = ${itemId} and id in ${tx(removed.map((v) => v.id))}`;
      // SKUs may swap between variants: park the kept ones on names no SKU has, then set them.
      if (keep.length > 0) await tx`update variant set sku = '\u2063' || id where id in ${tx(keep)}`;
      for (const [i, v] of input.variants.entries()) {
        const vid = v.id !== null && savedIds.has(v.id) ? v.id : null;
        if (vid && v.was && v.was.qty === v.qty && v.was.unlimited === v.unlimited) {
          // The owner left the stock as the form showed it: it is not written (an order since keeps its count).
          await tx`
            update variant set sku = ${v.sku}, attributes = ${tx.json(v.attributes)}, price_cents = ${v.priceCents},
                   sale_price_cents = ${v.salePriceCents}, on_sale = ${v.onSale}, ordering = ${i}
             where id = ${vid}`;
        } else if (vid && v.was) {
          // A stock the owner changed: compare-and-set against the number the form showed.
          const was = v.was;
          const done = await tx`
            update variant set sku = ${v.sku}, attributes = ${tx.json(v.attributes)}, price_cents = ${v.priceCents},
                   sale_price_cents = ${v.salePriceCents}, on_sale = ${v.onSale}, unlimited = ${v.unlimited},
                   qty_in_stock = ${v.qty}, ordering = ${i}
             where id = ${vid} and qty_in_stock = ${was.qty} and unlimited = ${was.unlimited}`;
          if (done.count === 0) {
            const [now] = await tx<{ qty_in_stock: number; unlimited: boolean }[]>`
              select qty_in_stock, unlimited from variant where id = ${vid}`;
            throw new ProductConflict({
              sku: saved.find((x) => x.id === vid)?.sku ?? v.sku,
              seen: was,
              now: { qty: now?.qty_in_stock ?? 0, unlimited: now?.unlimited ?? false },
            });
          }
        } else if (vid) {
          await tx`
            update variant set sku = ${v.sku}, attributes = ${tx.json(v.attributes)}, price_cents = ${v.priceCents},
                   sale_price_cents = ${v.salePriceCents}, on_sale = ${v.onSale}, unlimited = ${v.unlimited},
                   qty_in_stock = ${v.qty}, ordering = ${i}
             where id = ${vid}`;
        } else {
          await tx`
            insert into variant (id, item_id, sku, attributes, price_cents, sale_price_cents, on_sale, unlimited, qty_in_stock, ordering)
            values (${newId('var')}, ${itemId}, ${v.sku}, ${tx.json(v.attributes)}, ${v.priceCents}, ${v.salePriceCents}, ${v.onSale},
                    ${v.unlimited}, ${v.qty}, ${i})`;
        }
      }
      skusChanged = input.variants.map((v) => v.sku);
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw new ProductFormError({ urlId: 'Another product in this collection already uses this URL slug.' });
    throw e;
  }
  await recordAudit(a.sql, actorOf(a), id ? 'product.update' : 'product.create', input.title, { id: itemId, skus: skusChanged });
  await storefrontChanged(a.sql, siteId);
  return { id: itemId, created: id === null };
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/**
 * The product's URL slug: the one typed, refused if another product of the collection has it; or,
 * when none was typed, one made from the title that no other product of the collection has.
 */
async function freeSlug(
  tx: postgres.TransactionSql,
  collectionId: string,
  itemId: string,
  typed: string | null,
  title: string,
): Promise<string> {
  if (typed !== null) {
    const [taken] = await tx`select 1 from item where collection_id = ${collectionId} and url_id = ${typed} and id <> ${itemId}`;
    if (taken) throw new ProductFormError({ urlId: 'Another product in this collection already uses this URL slug.' });
    // Another product's slug in another language (ADR 0019) would hide this one there.
    const [translated] = await tx<{ language: string }[]>`
      select t.language from item_translation t join item i on i.id = t.item_id
       where i.collection_id = ${collectionId} and t.slug = ${typed} and i.id <> ${itemId} limit 1`;
    if (translated)
      throw new ProductFormError({
        urlId: `Another product in this collection uses this URL slug in ${LANGUAGE_NAMES[translated.language] ?? translated.language}.`,
      });
    return typed;
  }
  const base = slugify(title) || 'product';
  const taken = new Set(
    (
      await tx<{ url_id: string }[]>`
        select url_id from item where collection_id = ${collectionId} and id <> ${itemId}
           and (url_id = ${base} or url_id like ${base.replace(/[\\%_]/g, (c) => `\\${c}`) + '-%'})`
    ).map((r) => r.url_id),
  );
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** Deletes a product of the site (its variants go with it); the title it had, or null if none. */
export async function deleteProduct(a: OwnerAccess, id: string): Promise<string | null> {
  const [row] = await a.sql<{ title: string }[]>`
    delete from item i using collection c
     where i.id = ${id} and c.id = i.collection_id and c.website_id = ${a.site.id}
       and exists (select 1 from product p where p.item_id = i.id)
    returning i.title`;
  if (!row) return null;
  await recordAudit(a.sql, actorOf(a), 'product.delete', row.title, { id });
  await storefrontChanged(a.sql, a.site.id);
  return row.title;
}

/** A move asked in a collection that is not in Manual order (its text says what to do). */
export class SortNotManual extends Error {
  constructor(collectionTitle: string) {
    super(SORT_TEXT.notManual(collectionTitle));
  }
}

type OrderRow = { id: string; ordering: number };

/**
 * A new hand-set order for product `id`'s collection: `arrange` gets the collection's rows in order
 * (locked, so two reorders cannot interleave) and returns them rearranged, or null to change nothing.
 * Its own small write: it does not touch the product's fields or version (ADR 0021), so an open
 * product form saves as before. Null when the site has no such product; SortNotManual when the
 * collection is sorted newest first (there is no hand-set order to change: say so rather than move unseen).
 */
async function reorder(
  a: OwnerAccess,
  id: string,
  arrange: (rows: OrderRow[]) => OrderRow[] | null,
  detail: Record<string, string>,
): Promise<boolean | null> {
  const [p] = await a.sql<{ title: string; collection_id: string; collection_title: string; sort: CollectionSort }[]>`
    select i.title, i.collection_id, c.title as collection_title, c.sort
      from item i join product p on p.item_id = i.id join collection c on c.id = i.collection_id
     where i.id = ${id} and c.website_id = ${a.site.id}`;
  if (!p) return null;
  if (p.sort !== 'manual') throw new SortNotManual(p.collection_title);
  const changed = await a.sql.begin(async (tx) => {
    // Every row of the collection locked and numbered afresh.
    const rows = await tx<OrderRow[]>`
      select id, ordering from item where collection_id = ${p.collection_id} order by ordering, title, id for update`;
    const next = arrange(rows);
    if (!next) return false;
    for (const [k, r] of next.entries()) if (r.ordering !== k) await tx`update item set ordering = ${k} where id = ${r.id}`;
    return true;
  });
  if (!changed) return false;
  await recordAudit(a.sql, actorOf(a), 'product.reorder', p.title, { id, ...detail });
  await storefrontChanged(a.sql, a.site.id);
  return true;
}

/**
 * Moves a product one place up or down in its collection's order (what /shop lists by); false when
 * it is already at that end, null when the site has no such product (see `reorder`).
 */
export function moveProduct(a: OwnerAccess, id: string, direction: 'up' | 'down'): Promise<boolean | null> {
  return reorder(
    a,
    id,
    (rows) => {
      const i = rows.findIndex((r) => r.id === id);
      const j = direction === 'up' ? i - 1 : i + 1;
      if (i < 0 || j < 0 || j >= rows.length) return null;
      [rows[i], rows[j]] = [rows[j], rows[i]];
      return rows;
    },
    { direction },
  );
}

/**
 * Puts a product just before or after another of its collection (a drag on /config/products): true
 * when placed, false when `targetId` is not a product of the same collection (or is itself), null
 * when the site has no such product (see `reorder`).
 */
export async function placeProduct(a: OwnerAccess, id: string, targetId: string, position: 'before' | 'after'): Promise<boolean | null> {
  return reorder(
    a,
    id,
    (rows) => {
      const from = rows.findIndex((r) => r.id === id);
      if (targetId === id || from < 0 || !rows.some((r) => r.id === targetId)) return null;
      const [moving] = rows.splice(from, 1);
      rows.splice(rows.findIndex((r) => r.id === targetId) + (position === 'after' ? 1 : 0), 0, moving);
      return rows;
    },
    { [position]: targetId },
  );
}

// ---------------------------------------------------------------------------------------------
// The form's post

export type ProductPost =
  | { kind: 'saved'; id: string; created: boolean }
  /** The product is not the site's (or was deleted meanwhile). */
  | { kind: 'missing' }
  /** A post naming rows or option columns no form of ours has: refused unread (refusedReply). */
  | { kind: 'unreadable' }
  /** "Add more rows" (without JavaScript): the form drawn again as typed, nothing checked or saved. */
  | { kind: 'more-rows' }
  /**
   * Nothing saved: the fields refused (`refusal`, for replyTo over `submission`), or, with
   * `conflict`, the product changed since the form was drawn (issue 28; a 409, no field refused).
   */
  | { kind: 'refused'; submission: Submission<ProductInput>; refusal: Refusal; conflict: Conflict | null };

/**
 * Handles the product form's post (intent `save` or `add-rows`) for product `id` (null: a new
 * one). Bad input is never an exception: it comes back as the Conform submission and what refused it.
 */
export async function submitProductForm(a: OwnerAccess, form: URLSearchParams, id: string | null): Promise<ProductPost> {
  if (!rowsInBounds(form)) return { kind: 'unreadable' };
  if (form.get('intent') === ADD_ROWS) return { kind: 'more-rows' };
  const stamp = id === null ? null : readStamp(form);
  let post = form;
  let expect = stamp?.version ?? null;
  if (id !== null && stamp && appliesMine(form)) {
    // "Apply only my changes": the product as it is now, with only the fields the owner changed
    // taken from the form, saved over the version the conflict screen showed.
    const now = await loadProduct(a.sql, a.site.id, id);
    if (!now) return { kind: 'missing' };
    expect = form.get(STAMP_FIELD.current) ?? '';
    post = mergeMine(productFormFields(productFormValues(now, a.site.currency)), form, stamp);
  }
  const submission = parseForm(post, productSchema(a.site.currency));
  if (submission.status !== 'success') return { kind: 'refused', submission, refusal: { formError: TEXT.invalid }, conflict: null };
  try {
    return { kind: 'saved', ...(await saveProduct(a, id, submission.value, expect)) };
  } catch (e) {
    if (e instanceof ProductConflict && id !== null && stamp) {
      const conflict = await productConflict(a, id, form, stamp, e);
      return conflict ? { kind: 'refused', submission, refusal: {}, conflict } : { kind: 'missing' };
    }
    if (e instanceof ProductFormError) {
      if (e.fields[''] === NOT_FOUND_TEXT) return { kind: 'missing' };
      return { kind: 'refused', submission, refusal: { formError: TEXT.invalid, fieldErrors: e.fields }, conflict: null };
    }
    throw e;
  }
}

/** The conflict answered for a refused save of product `id`: what changed, who changed it (null: the product is gone). */
async function productConflict(
  a: OwnerAccess,
  id: string,
  form: URLSearchParams,
  stamp: ReadStamp,
  e: ProductConflict,
): Promise<Conflict | null> {
  const now = await loadProduct(a.sql, a.site.id, id);
  if (!now) return null;
  const stock = e.stock;
  const seen = (s: StockSeen) => (s.unlimited ? 'unlimited' : String(s.qty));
  return conflictOf({
    thing: 'product',
    form,
    stamp,
    current: productFormFields(productFormValues(now, a.site.currency)),
    currentVersion: productVersion(now),
    by: await changesSince(a.sql, a.site.id, stamp.at, { ids: [id], skus: now.variants.map((v) => v.sku) }),
    label: productFieldLabel,
    message: stock ? CONFLICT_TEXT.stock(stock.sku, seen(stock.seen), seen(stock.now)) : undefined,
  });
}
