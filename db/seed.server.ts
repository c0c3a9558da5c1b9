// Seeds the demo store (db/seed/store.ts) and its theme (db/seed/theme/*.html and *.css). Idempotent: rows
// that exist are left alone, so a second run changes nothing; `refresh` rewrites demo rows that
// differ from the seed (and a second refresh changes nothing either).
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type postgres from 'postgres';
import { projectPath } from './paths.server.js';
import {
  COLLECTIONS,
  detailImage,
  NAVIGATION,
  PAGES,
  PRODUCT_IMAGE_SIZE,
  PRODUCTS,
  productImage,
  variantImage,
  WEBSITE,
  type NavLink,
  type SeedPage,
  type SeedProduct,
} from './seed/store.js';
import { STORE_COLLECTIONS, type SeedCollection } from './seed/collections.js';
import { DEMO_LANGUAGES, FRENCH_COLLECTIONS, FRENCH_NAV_LABELS, FRENCH_PRODUCTS, TRANSLATION_PROVIDER } from './seed/french.js';
import { CONTACT_FORM, NEWSLETTER, type SeedForm, type SeedMailingList } from './seed/forms.js';
import { ACCESS_PAGES, demoAccessRows } from './seed/access.js';

type Sql = postgres.Sql;
type Tx = postgres.TransactionSql;
// postgres.js serialises each value by its column type (jsonb objects, text[] arrays...).
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- rows of mixed JSON columns for postgres.js's insert helper, whose typing refuses unknown
type Row = Record<string, any>;

export interface SeedResult {
  inserted: number;
  updated: number;
  /** Rows written per table. */
  tables: Record<string, { inserted: number; updated: number }>;
}

export interface ThemeTemplate {
  name: string;
  kind: 'layout' | 'page' | 'partial' | 'stylesheet';
  source: string;
}

/** Collection types of the spec used here. */
export const COLLECTION_PAGE = 10;
export const COLLECTION_PRODUCTS = 13;
/** Record type of a store item. */
export const RECORD_STORE_ITEM = 11;
/** Blogs, events and galleries: generic collections (type 1) whose kind is their type_name. */
export const COLLECTION_GENERIC = 1;
const RECORD_FOR_KIND = { blog: 1, events: 12, gallery: 2 } as const;

/**
 * The theme sources: `layout.html` is the layout, `_name.html` the partial `name`, any other
 * `name.html` the page template `name`, and `name.css` the stylesheet `name.css` (plain CSS, not
 * a template: served as a file of its own, see app/storefront/theme-css.server.ts).
 */
export function readTheme(dir: string = projectPath('db/seed/theme')): ThemeTemplate[] {
  const out: ThemeTemplate[] = [];
  for (const file of fs.readdirSync(dir).sort()) {
    if (file.endsWith('.css')) {
      out.push({ name: file, kind: 'stylesheet', source: fs.readFileSync(path.join(dir, file), 'utf8') });
      continue;
    }
    if (!file.endsWith('.html')) continue;
    const base = file.slice(0, -'.html'.length);
    const source = fs.readFileSync(path.join(dir, file), 'utf8');
    if (base === 'layout') out.push({ name: 'layout', kind: 'layout', source });
    else if (base.startsWith('_')) out.push({ name: base.slice(1), kind: 'partial', source });
    else out.push({ name: base, kind: 'page', source });
  }
  if (!out.some((t) => t.kind === 'layout')) throw new Error(`The theme in ${dir} has no layout.html.`);
  return out;
}

/** What a starting theme puts in a new site: its settings, pages, products and menus. */
export interface StarterContent {
  website: { description: string; timeZone: string; currency: string; locale: string; settings: Record<string, unknown> };
  /** Product collections (a site without a shop has none). */
  collections: { urlId: string; title: string; description: string; seoTitle?: string }[];
  pages: SeedPage[];
  products: SeedProduct[];
  /** Blogs, events and galleries (issue 13). */
  contentCollections?: SeedCollection[];
  navigation: Record<'mainNavigation' | 'footerNavigation', NavLink[]>;
  /** Mailing lists and forms (issue 14); a form is a block at the end of its page. */
  mailingLists?: SeedMailingList[];
  forms?: SeedForm[];
}

/** The demo store's content (the `store` starting theme). */
export const STORE_CONTENT: StarterContent = {
  website: WEBSITE,
  collections: COLLECTIONS,
  pages: PAGES,
  products: PRODUCTS,
  contentCollections: STORE_COLLECTIONS,
  navigation: NAVIGATION,
  mailingLists: [NEWSLETTER],
  forms: [CONTACT_FORM],
};

/** The site a set of rows is for: its id and title, and how the content's ids become this site's. */
export interface SiteIdentity {
  websiteId: string;
  title: string;
  baseUrl?: string;
  /** Row ids are global: a new site's are the content's own with a prefix of its own. */
  idPrefix?: string;
  /** Host names that reach the site, the first one its primary. */
  domains?: { host: string; kind: 'local' | 'temporary' }[];
}

/** The local names that reach the demo store with no configuration (app/sites/hosts.ts). */
const DEMO_DOMAINS = [
  { host: 'localhost', kind: 'local' as const },
  { host: '127.0.0.1', kind: 'local' as const },
  { host: '[::1]', kind: 'local' as const },
];
// Fixed, so that a refresh finds the row unchanged.
const SEEDED_AT = new Date('2026-01-01T00:00:00Z');

/** Every row of the demo store, by table, in insertion order. */
export function demoRows(theme: ThemeTemplate[] = readTheme()): [table: string, key: string[], rows: Row[]][] {
  // The demo alone has locked and member pages (issue 16): new sites start open.
  const content = { ...STORE_CONTENT, pages: [...STORE_CONTENT.pages, ...ACCESS_PAGES] };
  const rows = siteRows(content, theme, { websiteId: WEBSITE.id, title: WEBSITE.title, baseUrl: WEBSITE.baseUrl, domains: DEMO_DOMAINS });
  const access = demoAccessRows(WEBSITE.id, (raw) => raw);
  return [...rows, ['member_area', ['id'], access.areas], ['page_access', ['collection_id'], access.rules], ...frenchRows()];
}

/** The demo's second language (issue 16): French, with a few pages and products translated. */
function frenchRows(): [table: string, key: string[], rows: Row[]][] {
  const languages = DEMO_LANGUAGES.map((l, i) => ({ website_id: WEBSITE.id, code: l.code, is_default: l.isDefault, ordering: i }));
  const collections = Object.entries(FRENCH_COLLECTIONS).map(([urlId, t]) => ({
    collection_id: `col-${urlId}`,
    language: 'fr',
    title: t.title,
    slug: t.slug ?? null,
    description: t.description,
    body: t.body ?? null,
    seo_title: t.seoTitle ?? null,
    seo_description: null,
  }));
  const items = Object.entries(FRENCH_PRODUCTS).map(([slug, t]) => ({
    item_id: `itm-${slug}`,
    language: 'fr',
    title: t.title,
    slug: t.slug ?? null,
    excerpt: t.excerpt,
    body: t.body ?? null,
  }));
  const labels = Object.entries(FRENCH_NAV_LABELS).map(([title, label]) => ({ website_id: WEBSITE.id, language: 'fr', title, label }));
  return [
    ['website_language', ['website_id', 'code'], languages],
    ['collection_translation', ['collection_id', 'language'], collections],
    ['item_translation', ['item_id', 'language'], items],
    ['navigation_translation', ['website_id', 'language', 'title'], labels],
    ['translation_connection', ['website_id'], [{ website_id: WEBSITE.id, provider: TRANSLATION_PROVIDER, connected_at: SEEDED_AT }]],
  ];
}

/** Every row of a site made from starting content and a theme, by table, in insertion order. */
export function siteRows(
  content: StarterContent,
  theme: ThemeTemplate[],
  site: SiteIdentity,
): [table: string, key: string[], rows: Row[]][] {
  const w = content.website;
  const wid = site.websiteId;
  const id = (raw: string) => (site.idPrefix ?? '') + raw;
  const itemId = (p: SeedProduct) => id(`itm-${p.slug}`);
  const website: Row = {
    id: wid,
    title: site.title,
    description: w.description,
    base_url: site.baseUrl ?? '',
    time_zone: w.timeZone,
    currency: w.currency,
    locale: w.locale,
    settings: w.settings,
  };
  const domains = (site.domains ?? []).map((d, i) => ({
    host: d.host,
    website_id: wid,
    kind: d.kind,
    is_primary: i === 0,
    verified_at: SEEDED_AT,
  }));
  const templates = theme.map((t) => ({ website_id: wid, name: t.name, kind: t.kind, source: t.source }));
  const collections: Row[] = [];
  content.collections.forEach((c, i) => {
    collections.push({
      id: id(`col-${c.urlId}`),
      website_id: wid,
      url_id: c.urlId,
      title: c.title,
      description: c.description,
      type: COLLECTION_PRODUCTS,
      type_name: null,
      body: '',
      asset_url: null,
      original_size: null,
      ordering: i,
      enabled: true,
      seo_title: c.seoTitle ?? null,
      seo_description: null,
    });
  });
  content.pages.forEach((p, i) => {
    collections.push({
      id: id(`col-${p.urlId}`),
      website_id: wid,
      url_id: p.urlId,
      title: p.title,
      description: p.description,
      type: COLLECTION_PAGE,
      type_name: null,
      body: p.body,
      asset_url: p.image?.url ?? null,
      original_size: p.image?.size ?? null,
      ordering: content.collections.length + i,
      enabled: true,
      seo_title: p.seoTitle ?? null,
      seo_description: null,
    });
  });
  const generic = content.contentCollections ?? [];
  generic.forEach((c, i) => {
    collections.push({
      id: id(`col-${c.urlId}`),
      website_id: wid,
      url_id: c.urlId,
      title: c.title,
      description: c.description,
      type: COLLECTION_GENERIC,
      type_name: c.kind,
      body: '',
      asset_url: null,
      original_size: null,
      ordering: content.collections.length + content.pages.length + i,
      enabled: true,
      seo_title: null,
      seo_description: null,
    });
  });
  // Columns every item row has (postgres.js inserts the first row's columns for all).
  const noEntry = { author_name: '', published_at: null, comment_state: 2, start_date: null, end_date: null, location: {} };
  const items: Row[] = [];
  const products: Row[] = [];
  const variants: Row[] = [];
  const files: Row[] = [];
  const order: Record<string, number> = {};
  for (const p of content.products) {
    const ordering = (order[p.collection] = (order[p.collection] ?? -1) + 1);
    items.push({
      id: itemId(p),
      collection_id: id(`col-${p.collection}`),
      url_id: p.slug,
      title: p.title,
      excerpt: p.excerpt,
      body: p.body,
      record_type: RECORD_STORE_ITEM,
      asset_url: productImage(p.slug),
      original_size: PRODUCT_IMAGE_SIZE,
      images: [{ assetUrl: detailImage(p.slug), originalSize: PRODUCT_IMAGE_SIZE, altText: `${p.title}, detail` }],
      tags: p.tags,
      categories: [p.category],
      ordering,
      starred: p.starred ?? false,
      published: true,
      ...noEntry,
    });
    const fileId = p.file ? seedFileId(wid, p.file.name) : null;
    if (p.file && fileId) {
      const source = seedFileSource(p.file.name);
      files.push({
        id: fileId,
        website_id: wid,
        name: p.file.name,
        content_type: p.file.contentType,
        size_bytes: source ? fs.statSync(source).size : 0,
        original_size: null,
        created_by: null,
        created_at: SEEDED_AT,
        updated_at: SEEDED_AT,
      });
    }
    products.push({
      item_id: itemId(p),
      product_type: p.type,
      is_subscribable: p.subscription !== undefined,
      subscription_plan: p.subscription
        ? { billingPeriod: { value: p.subscription.value, unit: p.subscription.unit }, numBillingCycles: p.subscription.cycles }
        : null,
      variant_option_ordering: p.options,
      details: p.addButtonText ? { useCustomAddButtonText: true, customAddButtonText: p.addButtonText } : {},
      digital_file_id: fileId,
    });
    p.variants.forEach((v, i) => {
      variants.push({
        id: id(`var-${p.slug}-${v.key}`),
        item_id: itemId(p),
        sku: `SG-${p.code}-${String(i + 1).padStart(2, '0')}`,
        attributes: v.attributes,
        price_cents: v.price,
        sale_price_cents: v.sale ?? 0,
        on_sale: v.sale !== undefined,
        unlimited: v.stock === 'unlimited',
        qty_in_stock: v.stock === 'unlimited' ? 0 : v.stock,
        ordering: i,
        image_url: v.glaze ? variantImage(p.slug, v.key) : null,
      });
    });
  }
  for (const c of generic) {
    c.entries.forEach((e, i) => {
      items.push({
        id: id(`itm-${c.urlId}-${e.slug}`),
        collection_id: id(`col-${c.urlId}`),
        url_id: e.slug,
        title: e.title,
        excerpt: e.excerpt ?? '',
        body: e.body ?? '',
        record_type: RECORD_FOR_KIND[c.kind],
        asset_url: e.image?.url ?? null,
        original_size: e.image?.size ?? null,
        images: [],
        tags: e.tags ?? [],
        categories: e.categories ?? [],
        ordering: i,
        starred: false,
        published: e.published ?? true,
        author_name: e.author ?? '',
        published_at: e.publishedAt ? new Date(e.publishedAt) : null,
        comment_state: e.commentsOpen ? 1 : 2,
        start_date: e.start ? new Date(e.start) : null,
        end_date: e.end ? new Date(e.end) : null,
        location: e.location ?? {},
      });
    });
  }
  const categories: Row[] = content.collections.map((c) => ({
    id: id(`cat-${c.urlId}`),
    collection_id: id(`col-${c.urlId}`),
    display_name: c.title.slice(0, 25),
    parent_category_id: null,
    type: 'ROOT',
    page_rendering: 'LIST_VIEW',
    display_index: 1,
  }));
  const navigation = Object.entries(content.navigation).map(([name, links]) => ({ website_id: wid, name, items: links }));
  const mailingLists = (content.mailingLists ?? []).map((l) => ({ id: id(l.id), website_id: wid, name: l.name, created_at: SEEDED_AT }));
  const forms = (content.forms ?? []).map((f) => {
    const listId = f.settings.mailingListId;
    const settings = typeof listId === 'string' ? { ...f.settings, mailingListId: id(listId) } : f.settings;
    return { id: id(f.id), website_id: wid, name: f.name, fields: f.fields, settings, created_at: SEEDED_AT, updated_at: SEEDED_AT };
  });
  // A form block goes after the page's other blocks (position 1000 leaves room before it).
  const formBlocks = (content.forms ?? []).map((f) => ({
    id: id(f.blockId),
    collection_id: id(`col-${f.pageUrlId}`),
    position: 1000,
    type: 'form',
    settings: { formId: id(f.id) },
  }));
  return [
    ['website', ['id'], [website]],
    ['website_domain', ['host'], domains],
    ['theme_template', ['website_id', 'name'], templates],
    ['collection', ['id'], collections],
    ['product_category', ['id'], categories],
    ['item', ['id'], items],
    ['file_asset', ['id'], files],
    ['product', ['item_id'], products],
    ['variant', ['id'], variants],
    ['navigation', ['website_id', 'name'], navigation],
    ['mailing_list', ['id'], mailingLists],
    ['form', ['id'], forms],
    ['page_block', ['id'], formBlocks],
  ];
}

/**
 * The id of a starting product's file in a site: made from the site and the file's name, so that
 * the bytes (kept in db/seed/files/) can be put back in the site's files folder when missing.
 */
export function seedFileId(websiteId: string, name: string): string {
  return crypto.createHash('sha256').update(`seed-file:${websiteId}:${name}`).digest('hex').slice(0, 24);
}

/** Where a starting product's file is shipped (db/seed/files/<name>); null when there is none. */
export function seedFileSource(name: string): string | null {
  if (!/^[a-z0-9-]+\.[a-z0-9]+$/.test(name)) return null;
  const p = path.join(projectPath('db/seed/files'), name);
  return fs.existsSync(p) ? p : null;
}

/** True when the database has no website yet (a fresh install). */
export async function isEmpty(sql: Sql): Promise<boolean> {
  const [r] = await sql<{ empty: boolean }[]>`select not exists (select 1 from website) as empty`;
  return r.empty;
}

/** Writes the demo store in one transaction. */
export async function seed(sql: Sql, opts: { refresh?: boolean } = {}): Promise<SeedResult> {
  const rows = demoRows();
  const result: SeedResult = { inserted: 0, updated: 0, tables: {} };
  await sql.begin(async (tx) => {
    for (const [table, key, list] of rows) {
      const r = await put(tx, table, key, list, opts.refresh ?? false);
      result.tables[table] = r;
      result.inserted += r.inserted;
      result.updated += r.updated;
    }
  });
  return result;
}

/** Tables whose updated_at follows their content. */
const TOUCHED = new Set(['theme_template', 'item', 'collection']);

/** Inserts rows that are missing; with `refresh`, also rewrites rows whose values differ. */
export async function put(
  tx: Tx,
  table: string,
  key: string[],
  rows: Row[],
  refresh: boolean,
): Promise<{ inserted: number; updated: number }> {
  if (rows.length === 0) return { inserted: 0, updated: 0 };
  const cols = Object.keys(rows[0]);
  if (!refresh) {
    const r = await tx`insert into ${tx(table)} ${tx(rows, cols)} on conflict (${tx(key)}) do nothing returning 1 as x`;
    return { inserted: r.count, updated: 0 };
  }
  // Column names come from demoRows(), never from input.
  const rest = cols.filter((c) => !key.includes(c));
  const q = (c: string) => `"${c}"`;
  const stamp = TOUCHED.has(table) ? ', updated_at = now()' : '';
  const set = rest.map((c) => `${q(c)} = excluded.${q(c)}`).join(', ') + stamp;
  const mine = rest.map((c) => `${q(table)}.${q(c)}`).join(', ');
  const theirs = rest.map((c) => `excluded.${q(c)}`).join(', ');
  const r = await tx<{ inserted: boolean }[]>`
    insert into ${tx(table)} ${tx(rows, cols)}
    on conflict (${tx(key)}) do update set ${tx.unsafe(set)}
    where row(${tx.unsafe(mine)}) is distinct from row(${tx.unsafe(theirs)})
    returning (xmax = 0) as inserted`;
  const inserted = r.filter((x) => x.inserted).length;
  return { inserted, updated: r.length - inserted };
}
