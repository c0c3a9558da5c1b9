// The Pages screen's work: a site's content pages (collections of type 10) listed, searched and
// reordered; a page created, edited (title, address, sanitised body, SEO, status, publish date,
// whether it is in the navigation) and deleted; and a store added to a site that has none (SPEC 3
// and 4). Publishing needs `pages.publish`: a draft editor saves drafts and pages for review only.
// Every write is audited and reaches the storefront's caches at once.
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Sql } from '../../db/client.server.js';
import { accessSiteId, type KeyAccess, type OwnerAccess } from '../auth/permissions.server.js';
import { SiteError } from '../sites/manage.server.js';
import { addCategory, addStore, NO_MAIN_NAVIGATION, type AddedCategory, type CategoryInput } from '../sites/store.server.js';
import { actorOf, recordAudit } from '../edits/audit.server.js';
import type { Versioned } from '../edits/versions.server.js';
import { HIDDEN_MENU, hasLinkTo, linkStateOf, relink, withoutLinkTo, writeMenu, type Db, type LinkState } from './navigation.server.js';
import { readMenus, type StoredLink } from '../catalog/menus.server.js';
import { sanitizeOwnerHtml } from '../edits/sanitize.server.js';
import { storefrontChanged } from '../edits/storefront-changed.server.js';
import { RESERVED_PAGE_SLUGS as RESERVED_SLUGS } from '../languages/languages.js';
import { PAGE_SLUG_RE, pageSlugProblem, SLUG_TEXT } from '../edits/slugs.js';
import { isLiveStatus, PAGE_RIGHTS_TEXT } from './page-rights.js';
import { siteTimeZone, validTimeZone } from './site-time.server.js';

export { isLiveStatus };

const PAGE_TYPE = 10;
const PRODUCTS_TYPE = 13;
export const PAGE_SIZE = 50;

export const PAGE_STATUSES = ['published', 'scheduled', 'needs-review', 'draft', 'private'] as const;
export type PageStatus = (typeof PAGE_STATUSES)[number];
/** SPEC 4's page labels; a published page has none of its own there, "Published" here. */
export const STATUS_LABELS: Record<PageStatus, string> = {
  published: 'Published',
  scheduled: 'Scheduled',
  'needs-review': 'Needs Review',
  draft: 'Draft',
  private: 'Private',
};
/** What a role without `pages.publish` (the draft editor) may save. */
export const UNPUBLISHED_STATUSES: readonly PageStatus[] = ['draft', 'needs-review'];

/** Whether a role without `pages.publish` may change or delete this page: a draft that was never live. */
export function draftOnly(page: { status: PageStatus; wasLive: boolean }): boolean {
  return !isLiveStatus(page.status) && !page.wasLive;
}

export const PAGE_TEXT = {
  title: 'Enter a title.',
  slug: SLUG_TEXT.page,
  reserved: SLUG_TEXT.reserved,
  taken: (s: string) => `This site already has a page at /${s}.`,
  publishAt: 'Choose the date and time the page goes live.',
  status: 'Choose a status.',
  publishRefused: PAGE_RIGHTS_TEXT.draftsOnly,
  unhideRefused: 'Your role cannot add a page to the navigation; an editor can.',
  liveRefused: PAGE_RIGHTS_TEXT.live,
  deleteRefused: 'Your role can delete only drafts that have never been published.',
  storeRefused: 'Your role cannot add a store; an editor or administrator can.',
  homePage: 'This is the home page of the site: it cannot be deleted.',
  notFound: 'There is no such page on this site.',
  hasStore: 'This site already has a store.',
};

export class PageError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

// ---------------------------------------------------------------------------------------------
// Pure helpers (tested in tests/unit/app/config-pages.test.ts).

/** A page address from a title: lower-case a-z, 0-9 and hyphens. */
export function slugify(title: string): string {
  const s = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/g, '');
  return s || 'page';
}

/** Why a typed address cannot be used, or null. */
export function slugProblem(slug: string): string | null {
  return pageSlugProblem(slug, RESERVED_SLUGS);
}

/** The label shown for a page: a scheduled page whose time has come is published. */
export function statusLabel(status: PageStatus, publishAt: Date | string | null, now: Date = new Date()): string {
  if (status === 'scheduled' && publishAt && new Date(publishAt).getTime() <= now.getTime()) return STATUS_LABELS.published;
  return STATUS_LABELS[status];
}

/** Whether visitors see a page with this status now (the same rule as the catalog's reads). */
export function isLive(status: PageStatus, publishAt: Date | string | null, now: Date = new Date()): boolean {
  return status === 'published' || (status === 'scheduled' && publishAt !== null && new Date(publishAt).getTime() <= now.getTime());
}

/** How far the wall clock of `timeZone` is ahead of UTC at instant `at`, in ms. */
function zoneOffsetMs(at: number, timeZone: string): number {
  const f = new Intl.DateTimeFormat('en-US', {
    timeZone: validTimeZone(timeZone),
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  const p = Object.fromEntries(f.formatToParts(at).map((x) => [x.type, x.value]));
  const wall = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second));
  return wall - Math.floor(at / 1000) * 1000;
}

/** A `datetime-local` value (the site's wall clock) as an instant; null when it is not a real time. */
export function zonedLocalToUtc(local: string, timeZone: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(local.trim());
  if (!m) return null;
  const [y, mo, d, h, mi, s] = [m[1], m[2], m[3], m[4], m[5], m[6] ?? '0'].map(Number);
  if (y < 2000 || y > 9999) return null;
  const wall = Date.UTC(y, mo - 1, d, h, mi, s);
  const check = new Date(wall);
  if (check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d || h > 23 || mi > 59 || s > 59) return null;
  let t = wall - zoneOffsetMs(wall, timeZone);
  t = wall - zoneOffsetMs(t, timeZone);
  return new Date(t);
}

/** An instant as a `datetime-local` value on the site's wall clock. */
export function utcToZonedLocal(at: Date, timeZone: string): string {
  return new Date(at.getTime() + zoneOffsetMs(at.getTime(), timeZone)).toISOString().slice(0, 16);
}

// ---------------------------------------------------------------------------------------------
// The form.

export const PageForm = z
  .object({
    title: z.string({ required_error: PAGE_TEXT.title }).trim().min(1, PAGE_TEXT.title).max(200, 'A title is at most 200 characters.'),
    urlId: z.string().trim().toLowerCase().max(63, 'An address is at most 63 characters.').default(''),
    description: z.string().trim().max(2000, 'A description is at most 2000 characters.').default(''),
    body: z.string().max(200_000, 'The page is too long (at most 200,000 characters of HTML).').default(''),
    seoTitle: z.string().trim().max(200, 'An SEO title is at most 200 characters.').default(''),
    seoDescription: z.string().trim().max(500, 'An SEO description is at most 500 characters.').default(''),
    status: z.enum(PAGE_STATUSES, { errorMap: () => ({ message: PAGE_TEXT.status }) }),
    publishAt: z.string().trim().default(''),
    hidden: z.string().optional(),
  })
  .superRefine((v, ctx) => {
    // The address's form only: whether it is reserved depends on the page's own (savePage).
    if (v.urlId !== '' && !PAGE_SLUG_RE.test(v.urlId)) ctx.addIssue({ code: 'custom', path: ['urlId'], message: PAGE_TEXT.slug });
    if (v.status === 'scheduled' && zonedLocalToUtc(v.publishAt, 'UTC') === null) {
      ctx.addIssue({ code: 'custom', path: ['publishAt'], message: PAGE_TEXT.publishAt });
    }
  });
export type PageInput = z.infer<typeof PageForm>;

// ---------------------------------------------------------------------------------------------
// Reads.

export interface PageRow {
  id: string;
  title: string;
  urlId: string;
  status: PageStatus;
  label: string;
  /** ISO instant, for a scheduled page. */
  publishAt: string | null;
  live: boolean;
  link: LinkState;
}

export interface PageDetail extends PageRow {
  description: string;
  body: string;
  seoTitle: string;
  seoDescription: string;
  /** `datetime-local` value on the site's clock, '' when none. */
  publishAtLocal: string;
  timeZone: string;
  isHome: boolean;
  /** Live now, or ever was: a draft editor may neither change nor delete it (ADR 0010). */
  wasLive: boolean;
}

interface Row {
  id: string;
  title: string;
  url_id: string;
  status: PageStatus;
  publish_at: Date | null;
}

function toRow(r: Row, menus: Map<string, StoredLink[]>, now: Date): PageRow {
  return {
    id: r.id,
    title: r.title,
    urlId: r.url_id,
    status: r.status,
    label: statusLabel(r.status, r.publish_at, now),
    publishAt: r.publish_at ? new Date(r.publish_at).toISOString() : null,
    live: isLive(r.status, r.publish_at, now),
    link: linkStateOf(menus, `/${r.url_id}`),
  };
}

export interface PageList {
  rows: PageRow[];
  total: number;
  page: number;
  pageCount: number;
}

/** The site's pages in their order; `q` searches title and address, `status` filters. */
export async function listPages(sql: Sql, websiteId: string, opts: { q?: string; status?: string; page?: number } = {}): Promise<PageList> {
  const q = (opts.q ?? '').trim().slice(0, 100);
  const status = PAGE_STATUSES.includes(opts.status as PageStatus) ? (opts.status as PageStatus) : null;
  const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const where = sql`website_id = ${websiteId} and type = ${PAGE_TYPE}
    ${q ? sql`and (title ilike ${like} or url_id ilike ${like})` : sql``}
    ${status ? sql`and status = ${status}` : sql``}`;
  const [[{ total }], menus] = await Promise.all([
    sql<{ total: number }[]>`select count(*)::int as total from collection where ${where}`,
    readMenus(sql, websiteId),
  ]);
  const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const page = Math.min(Math.max(1, Math.floor(opts.page ?? 1) || 1), pageCount);
  const rows = await sql<Row[]>`
    select id, title, url_id, status, publish_at from collection where ${where}
     order by ordering, title, id limit ${PAGE_SIZE} offset ${(page - 1) * PAGE_SIZE}`;
  const now = new Date();
  return { rows: rows.map((r) => toRow(r, menus, now)), total, page, pageCount };
}

export async function pageDetail(sql: Db, websiteId: string, id: string): Promise<PageDetail | null> {
  const [r] = await sql<
    (Row & { description: string; body: string; seo_title: string | null; seo_description: string | null; was_live: boolean })[]
  >`
    select id, title, url_id, status, publish_at, description, body, seo_title, seo_description, was_live
      from collection where id = ${id} and website_id = ${websiteId} and type = ${PAGE_TYPE}`;
  if (!r) return null;
  const [menus, timeZone, home] = await Promise.all([readMenus(sql, websiteId), siteTimeZone(sql, websiteId), homeUrlId(sql, websiteId)]);
  return {
    ...toRow(r, menus, new Date()),
    description: r.description,
    body: r.body,
    seoTitle: r.seo_title ?? '',
    seoDescription: r.seo_description ?? '',
    publishAtLocal: r.publish_at ? utcToZonedLocal(new Date(r.publish_at), timeZone) : '',
    timeZone,
    isHome: home === r.url_id,
    wasLive: r.was_live || isLiveStatus(r.status),
  };
}

async function homeUrlId(sql: Db, websiteId: string): Promise<string | null> {
  const [r] = await sql<{ home: string | null }[]>`select settings->>'homeCollection' as home from website where id = ${websiteId}`;
  return r?.home ?? null;
}

export async function siteHasStore(sql: Sql, websiteId: string): Promise<boolean> {
  const [r] = await sql`select 1 from collection where website_id = ${websiteId} and type = ${PRODUCTS_TYPE} limit 1`;
  return Boolean(r);
}

// ---------------------------------------------------------------------------------------------
// Writes.

function isUniqueViolation(e: unknown): boolean {
  return typeof e === 'object' && e !== null && (e as { code?: string }).code === '23505';
}

/**
 * Creates (`id` null) or updates a page. Publishing (any status but Draft and Needs Review) and
 * putting a hidden page into the navigation need `pages.publish`. A page in no menu and not hidden
 * is linked at the end of the main navigation; hiding it moves its links to the `_hidden` menu.
 */
export async function savePage(
  a: OwnerAccess,
  id: string | null,
  input: PageInput,
  /** Runs once the page is locked: throws VersionConflict when it changed since the form was drawn (issue 28). */
  guard: (tx: Db) => Promise<void> = async () => {},
): Promise<{ id: string; urlId: string }> {
  const websiteId = a.site.id;
  const timeZone = await siteTimeZone(a.sql, websiteId);
  const hidden = input.hidden !== undefined && input.hidden !== '';
  const publishAt = input.status === 'scheduled' ? zonedLocalToUtc(input.publishAt, timeZone) : null;
  if (input.status === 'scheduled' && !publishAt) throw new PageError(400, PAGE_TEXT.publishAt, 'publishAt');
  const body = sanitizeOwnerHtml(input.body);
  let saved: { id: string; urlId: string; created: boolean };
  try {
    saved = await a.sql.begin(async (tx) => {
      const [existing] = id
        ? await tx<{ id: string; url_id: string; status: PageStatus; was_live: boolean }[]>`
            select id, url_id, status, was_live from collection
             where id = ${id} and website_id = ${websiteId} and type = ${PAGE_TYPE} for update`
        : [];
      if (id && !existing) throw new PageError(404, PAGE_TEXT.notFound);
      const menus = await readMenus(tx, websiteId, true);
      const oldPath = existing ? `/${existing.url_id}` : null;
      const wasHidden = oldPath === null || linkStateOf(menus, oldPath) === 'hidden';
      const unhiding = !hidden && wasHidden;
      if (!a.can('pages.publish')) {
        // A live page changes only with the publish right, whatever status the form asks for.
        if (existing && isLiveStatus(existing.status)) throw new PageError(403, PAGE_TEXT.liveRefused);
        if (!UNPUBLISHED_STATUSES.includes(input.status)) throw new PageError(403, PAGE_TEXT.publishRefused, 'status');
        if (unhiding) throw new PageError(403, PAGE_TEXT.unhideRefused, 'hidden');
      }
      // The rights first (a refusal is a refusal), then whether the page is still the one the form showed.
      await guard(tx);

      let urlId = input.urlId;
      if (urlId !== '') {
        // A page already at an address reserved since keeps it; a new address may not be one.
        if (urlId !== existing?.url_id && RESERVED_SLUGS.includes(urlId)) throw new PageError(400, PAGE_TEXT.reserved(urlId), 'urlId');
        const [taken] = await tx`
          select 1 from collection where website_id = ${websiteId} and url_id = ${urlId} and id <> ${existing?.id ?? ''}`;
        if (taken) throw new PageError(400, PAGE_TEXT.taken(urlId), 'urlId');
        // Another page's address in another language (ADR 0019: /fr/a-propos is About's) would hide this one there.
        const [translated] = await tx<{ language: string }[]>`
          select t.language from collection_translation t join collection c on c.id = t.collection_id
           where c.website_id = ${websiteId} and t.slug = ${urlId} and c.id <> ${existing?.id ?? ''} limit 1`;
        if (translated) throw new PageError(400, PAGE_TEXT.taken(`${translated.language}/${urlId}`), 'urlId');
      } else {
        urlId = await freeSlug(tx, websiteId, slugify(input.title), existing?.id ?? null);
      }

      const fields = {
        title: input.title,
        url_id: urlId,
        description: input.description,
        body,
        seo_title: input.seoTitle || null,
        seo_description: input.seoDescription || null,
        status: input.status,
        publish_at: publishAt,
        // Once live, always "was live": a draft editor may not delete it later (ADR 0010).
        was_live: (existing?.was_live ?? false) || isLiveStatus(input.status),
      };
      let pageId: string;
      if (existing) {
        pageId = existing.id;
        await tx`update collection set ${tx(fields)}, updated_at = now() where id = ${pageId}`;
      } else {
        pageId = `${websiteId}-page-${randomUUID().slice(0, 12)}`;
        const [{ next }] = await tx<{ next: number }[]>`
          select coalesce(max(ordering) + 1, 0)::int as next from collection where website_id = ${websiteId}`;
        await tx`insert into collection ${tx({ ...fields, id: pageId, website_id: websiteId, type: PAGE_TYPE, ordering: next, enabled: true })}`;
      }

      // The menus: follow a new address, then hide or link the page.
      const path = `/${urlId}`;
      const changed = new Set<string>();
      const set = (name: string, items: StoredLink[]) => {
        menus.set(name, items);
        changed.add(name);
      };
      if (oldPath && oldPath !== path) {
        for (const [name, items] of menus) if (hasLinkTo(items, oldPath)) set(name, relink(items, oldPath, path));
      }
      const link: StoredLink = { title: input.title, url: path, collectionId: pageId, children: [] };
      if (hidden) {
        for (const [name, items] of menus) if (!name.startsWith('_') && hasLinkTo(items, path)) set(name, withoutLinkTo(items, path));
        const kept = menus.get(HIDDEN_MENU) ?? [];
        if (!hasLinkTo(kept, path)) set(HIDDEN_MENU, [...kept, link]);
      } else if (unhiding) {
        const main = menus.get('mainNavigation');
        if (!main) throw new PageError(409, NO_MAIN_NAVIGATION, 'hidden');
        set('mainNavigation', [...main, link]);
        const kept = menus.get(HIDDEN_MENU);
        if (kept && hasLinkTo(kept, path)) set(HIDDEN_MENU, withoutLinkTo(kept, path));
      }
      for (const name of changed) await writeMenu(tx, websiteId, name, menus.get(name) ?? []);

      // The home page setting names the page by address: it follows a change.
      if (existing && existing.url_id !== urlId && (await homeUrlId(tx, websiteId)) === existing.url_id) {
        await tx`update website set settings = jsonb_set(settings, '{homeCollection}', to_jsonb(${urlId}::text)) where id = ${websiteId}`;
      }
      return { id: pageId, urlId, created: !existing };
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw new PageError(400, PAGE_TEXT.taken(input.urlId || slugify(input.title)), 'urlId');
    throw e;
  }
  await recordAudit(a.sql, actorOf(a), saved.created ? 'page.create' : 'page.update', `/${saved.urlId}`, {
    title: input.title,
    status: input.status,
    hidden,
  });
  await storefrontChanged(a.sql, websiteId);
  return { id: saved.id, urlId: saved.urlId };
}

// ---------------------------------------------------------------------------------------------
// Versions (issue 28): a page's form carries the version it was drawn at.

const PAGE_FIELD_LABELS: Record<string, string> = {
  title: 'Title',
  urlId: 'URL slug',
  description: 'Description',
  body: 'Body',
  seoTitle: 'SEO title',
  seoDescription: 'SEO description',
  status: 'Status',
  publishAt: 'Publish date',
  hidden: 'Hide from navigation',
};

/** The page form's fields as posted for `p` untouched (see PageEditor). */
export function pageFormFields(p: PageDetail): URLSearchParams {
  const f = new URLSearchParams({
    intent: 'save',
    title: p.title,
    urlId: p.urlId,
    description: p.description,
    body: p.body,
    seoTitle: p.seoTitle,
    seoDescription: p.seoDescription,
    status: p.status,
    publishAt: p.publishAtLocal,
  });
  if (p.link === 'hidden') f.set('hidden', 'on');
  return f;
}

/** Page `id` of the site as a versioned record. */
export function pageVersioned(websiteId: string, id: string): Versioned<PageDetail> {
  return {
    thing: 'page',
    websiteId,
    load: (db) => pageDetail(db, websiteId, id),
    fields: pageFormFields,
    label: (f) => PAGE_FIELD_LABELS[f] ?? f,
    audit: (p) => ({ ids: [p.id], targets: [`/${p.urlId}`] }),
  };
}

/** `base`, or `base-2`, `base-3`...: the first address no other collection of the site uses. */
async function freeSlug(tx: Db, websiteId: string, base: string, selfId: string | null): Promise<string> {
  const start = RESERVED_SLUGS.includes(base) ? `${base}-page` : base;
  const rows = await tx<{ url_id: string }[]>`
    select url_id from collection
     where website_id = ${websiteId} and (url_id = ${start} or url_id like ${`${start}-%`}) and id <> ${selfId ?? ''}`;
  const taken = new Set(rows.map((r) => r.url_id));
  if (!taken.has(start)) return start;
  for (let n = 2; ; n++) if (!taken.has(`${start}-${n}`)) return `${start}-${n}`;
}

/** Deletes a page and every link to it. */
export async function deletePage(a: OwnerAccess, id: string): Promise<{ title: string; urlId: string }> {
  const websiteId = a.site.id;
  const gone = await a.sql.begin(async (tx) => {
    const [row] = await tx<{ title: string; url_id: string; status: PageStatus; was_live: boolean }[]>`
      select title, url_id, status, was_live from collection
       where id = ${id} and website_id = ${websiteId} and type = ${PAGE_TYPE} for update`;
    if (!row) throw new PageError(404, PAGE_TEXT.notFound);
    if (!a.can('pages.publish') && !draftOnly({ status: row.status, wasLive: row.was_live }))
      throw new PageError(403, PAGE_TEXT.deleteRefused);
    if ((await homeUrlId(tx, websiteId)) === row.url_id) throw new PageError(409, PAGE_TEXT.homePage);
    await tx`delete from collection where id = ${id}`;
    const path = `/${row.url_id}`;
    const menus = await readMenus(tx, websiteId, true);
    for (const [name, items] of menus) if (hasLinkTo(items, path)) await writeMenu(tx, websiteId, name, withoutLinkTo(items, path));
    return { title: row.title, urlId: row.url_id };
  });
  await recordAudit(a.sql, actorOf(a), 'page.delete', `/${gone.urlId}`, { title: gone.title });
  await storefrontChanged(a.sql, websiteId);
  return gone;
}

/** Moves a page one place up or down in the site's order of pages; false when it is already at that end. */
export async function movePage(a: OwnerAccess, id: string, direction: 'up' | 'down'): Promise<boolean> {
  const websiteId = a.site.id;
  const moved = await a.sql.begin(async (tx) => {
    const pages = await tx<{ id: string; url_id: string; ordering: number }[]>`
      select id, url_id, ordering from collection where website_id = ${websiteId} and type = ${PAGE_TYPE}
       order by ordering, title, id for update`;
    const i = pages.findIndex((p) => p.id === id);
    if (i < 0) throw new PageError(404, PAGE_TEXT.notFound);
    const j = direction === 'up' ? i - 1 : i + 1;
    if (j < 0 || j >= pages.length) return null;
    // The pages keep the places they had among the site's collections, in the new order.
    let slots = pages.map((p) => p.ordering).sort((x, y) => x - y);
    if (new Set(slots).size !== slots.length) slots = slots.map((_, k) => slots[0] + k);
    const order = [...pages];
    [order[i], order[j]] = [order[j], order[i]];
    for (let k = 0; k < order.length; k++) {
      if (order[k].ordering !== slots[k]) await tx`update collection set ordering = ${slots[k]} where id = ${order[k].id}`;
    }
    return pages[i].url_id;
  });
  if (moved === null) return false;
  await recordAudit(a.sql, actorOf(a), 'page.reorder', `/${moved}`, { direction });
  await storefrontChanged(a.sql, websiteId);
  return true;
}

// ---------------------------------------------------------------------------------------------
// Adding a store (SPEC 3 and 4).

export const StoreForm = z.object({
  title: z.string({ required_error: 'Enter a title for the store page.' }).trim().min(1, 'Enter a title for the store page.').max(80),
  urlId: z.string().trim().toLowerCase().max(63, 'An address is at most 63 characters.').default(''),
  description: z.string().trim().max(2000, 'A description is at most 2000 characters.').default(''),
  addToNavigation: z.string().optional(),
  /** The menu link's title when it differs from the page's (SPEC 3's navigationTitle). */
  navigationTitle: z.string().trim().max(80, 'A navigation title is at most 80 characters.').optional(),
});
export type StoreInput = z.infer<typeof StoreForm>;

/**
 * Adds the site's store through app/sites/store.server.ts (collection, root category, then the
 * main navigation link when asked): all of it, or nothing when the site has no main navigation.
 * An API key's access was checked for pages.publish by requireApiAccess already.
 */
export async function createStore(
  a: OwnerAccess | KeyAccess,
  input: StoreInput,
): Promise<{ urlId: string; collectionId: string; categoryId: string }> {
  if ('can' in a && !a.can('pages.publish')) throw new PageError(403, PAGE_TEXT.storeRefused);
  const siteId = accessSiteId(a);
  if (await siteHasStore(a.sql, siteId)) throw new PageError(409, PAGE_TEXT.hasStore);
  const urlId = input.urlId || slugify(input.title);
  const problem = slugProblem(urlId);
  if (problem) throw new PageError(400, problem, 'urlId');
  const addToNavigation = input.addToNavigation !== undefined && input.addToNavigation !== '';
  let added;
  try {
    added = await addStore(a.sql, siteId, {
      title: input.title,
      urlId,
      description: input.description,
      addToNavigation,
      navigationTitle: input.navigationTitle,
    });
  } catch (e) {
    if (e instanceof SiteError && e.message === NO_MAIN_NAVIGATION) throw new PageError(409, NO_MAIN_NAVIGATION);
    if (e instanceof SiteError && e.status === 409) throw new PageError(400, PAGE_TEXT.taken(urlId), 'urlId');
    throw e;
  }
  await recordAudit(a.sql, actorOf(a), 'store.create', `/${urlId}`, { title: input.title, addToNavigation });
  // addStore has told every process's caches already (siteChanged does what storefrontChanged does).
  return { urlId, collectionId: added.collectionId, categoryId: added.categoryId };
}

/** A category of the site's store (the content-service API), with its audit entry; PageError on refusal. */
export async function createCategory(a: OwnerAccess | KeyAccess, collectionId: string, input: CategoryInput): Promise<AddedCategory> {
  let added;
  try {
    added = await addCategory(a.sql, accessSiteId(a), collectionId, input);
  } catch (e) {
    if (e instanceof SiteError) throw new PageError(e.status, e.message);
    throw e;
  }
  await recordAudit(a.sql, actorOf(a), 'category.create', added.displayName, { collectionId, type: added.type });
  return added;
}
