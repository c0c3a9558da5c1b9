// The site's menus as owners edit them: the main and the secondary (footer) navigation, links with
// one level of children, each to a page of the site or to a path or web address; and the `_hidden`
// menu (SPEC 9) that holds pages taken out of navigation (the stored menus: app/catalog/menus.server.ts). Rows of the editor form map to the stored
// tree ([{title, url, collectionId?, children}]) and back; the row moves are app/config/navigation-rows.ts.
import { createHash } from 'node:crypto';
import type postgres from 'postgres';
import type { Sql } from '../../db/client.server.js';
import { accessSiteId, type KeyAccess, type OwnerAccess } from '../auth/permissions.server.js';
import { actorOf, recordAudit } from '../edits/audit.server.js';
import { storefrontChanged } from '../edits/storefront-changed.server.js';
import { linkPath, readMenus, type MenuName, type StoredLink } from '../catalog/menus.server.js';
import { MAX_DEPTH, MAX_LINKS, normalizeRows, type NavRow } from './navigation-rows.js';

/** SPEC 9: the menu of pages hidden from navigation. */
export const HIDDEN_MENU = '_hidden';
export const NO_MAIN_NAVIGATION = 'Unable to find site main navigation';

const PAGE_TYPE = 10;
const PRODUCTS_TYPE = 13;

/** The database, or a transaction of it. */
export type Db = Sql | postgres.TransactionSql;

export function hasLinkTo(items: StoredLink[], path: string): boolean {
  return items.some((i) => linkPath(i.url) === path || hasLinkTo(i.children, path));
}

/** The links without any to `path` (a removed link's children go with it). */
export function withoutLinkTo(items: StoredLink[], path: string): StoredLink[] {
  return items.filter((i) => linkPath(i.url) !== path).map((i) => ({ ...i, children: withoutLinkTo(i.children, path) }));
}

/** The links with those to `from` pointing at `to` instead (a page's address changed). */
export function relink(items: StoredLink[], from: string, to: string): StoredLink[] {
  return items.map((i) => ({ ...i, url: linkPath(i.url) === from ? to : i.url, children: relink(i.children, from, to) }));
}

export async function writeMenu(db: Db, websiteId: string, name: string, items: StoredLink[]): Promise<void> {
  await db`
    insert into navigation (website_id, name, items) values (${websiteId}, ${name}, ${db.json(items as never)})
    on conflict (website_id, name) do update set items = excluded.items`;
}

/** Where a page's link is: in the main or footer menu, else hidden (in `_hidden`, or in no menu). */
export type LinkState = 'main' | 'footer' | 'hidden';

export function linkStateOf(menus: Map<string, StoredLink[]>, path: string): LinkState {
  if (hasLinkTo(menus.get('mainNavigation') ?? [], path)) return 'main';
  for (const [name, items] of menus) if (!name.startsWith('_') && name !== 'mainNavigation' && hasLinkTo(items, path)) return 'footer';
  return 'hidden';
}

// ---------------------------------------------------------------------------------------------
// The editor: one row per link, in order, with its depth.

/** What a link can point at: the site's pages and stores. */
export interface LinkTarget {
  id: string;
  title: string;
  urlId: string;
  kind: 'page' | 'store';
}

export async function linkTargets(db: Db, websiteId: string): Promise<LinkTarget[]> {
  const rows = await db<{ id: string; title: string; url_id: string; type: number }[]>`
    select id, title, url_id, type from collection
     where website_id = ${websiteId} and type in (${PAGE_TYPE}, ${PRODUCTS_TYPE})
     order by ordering, title, id`;
  return rows.map((r) => ({ id: r.id, title: r.title, urlId: r.url_id, kind: r.type === PRODUCTS_TYPE ? 'store' : 'page' }));
}

export function rowsOf(items: StoredLink[], targets: LinkTarget[], depth = 0): NavRow[] {
  const out: NavRow[] = [];
  for (const i of items) {
    // A link to a page is its bare address; one with a query or #anchor stays a typed address.
    const path = /[?#]/.test(i.url) ? null : linkPath(i.url);
    const t = targets.find((x) => x.id === i.collectionId && `/${x.urlId}` === path) ?? targets.find((x) => `/${x.urlId}` === path);
    out.push({ title: i.title, target: t?.id ?? '', url: t ? '' : i.url, depth: Math.min(depth, MAX_DEPTH) });
    out.push(...rowsOf(i.children, targets, depth + 1));
  }
  return out;
}

const URL_OK = /^(\/(?!\/)[^\s]*|https?:\/\/[^\s/?#]+[^\s]*)$/i;

/** Whether a typed target is a path of this site (`/about`) or a web address (http or https). */
export function isLinkUrl(url: string): boolean {
  if (!URL_OK.test(url) || url.length > 2000) return false;
  if (url.startsWith('/')) return true;
  try {
    const u = new URL(url);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname.length > 0;
  } catch {
    return false;
  }
}

/** Per-row errors, keyed as the form names the fields (`items[2].title`). */
export function validateRows(rows: NavRow[], targets: LinkTarget[]): Record<string, string> {
  const errors: Record<string, string> = {};
  rows.forEach((r, i) => {
    if (r.title.trim() === '') errors[`items[${i}].title`] = 'Enter a title for this link.';
    else if (r.title.length > 100) errors[`items[${i}].title`] = 'A link title is at most 100 characters.';
    if (r.target !== '') {
      if (!targets.some((t) => t.id === r.target)) errors[`items[${i}].target`] = 'Choose a page of this site.';
    } else if (r.url.trim() === '') errors[`items[${i}].url`] = 'Enter a path starting with / or a web address starting with https://.';
    else if (!isLinkUrl(r.url.trim())) errors[`items[${i}].url`] = `${r.url.trim()} is not a valid page URL`;
  });
  if (rows.length > MAX_LINKS) errors.items = `A menu has at most ${MAX_LINKS} links.`;
  return errors;
}

/** The stored tree of valid rows. */
export function treeOf(input: NavRow[], targets: LinkTarget[]): StoredLink[] {
  const rows = normalizeRows(input);
  const root: StoredLink[] = [];
  const stack: StoredLink[][] = [root];
  for (const r of rows) {
    const t = targets.find((x) => x.id === r.target);
    const link: StoredLink = t
      ? { title: r.title.trim(), url: `/${t.urlId}`, collectionId: t.id, children: [] }
      : { title: r.title.trim(), url: r.url.trim(), children: [] };
    stack.length = r.depth + 1;
    stack[r.depth].push(link);
    stack[r.depth + 1] = link.children;
  }
  return root;
}

/**
 * A menu as stored, in a few characters: the editor sends back the version it showed, and a save
 * over a menu someone else changed since is refused rather than silently undoing their change.
 */
export function menuVersion(items: StoredLink[]): string {
  return createHash('sha256').update(JSON.stringify(items)).digest('base64url').slice(0, 16);
}

export const MENU_CHANGED =
  'Someone else changed this menu after you opened it. Your links are below: Save again to replace their change, or reload the page to see it.';

export interface NavigationEditor {
  menus: Record<MenuName, NavRow[]>;
  versions: Record<MenuName, string>;
  targets: LinkTarget[];
}

export async function navigationEditor(sql: Sql, websiteId: string): Promise<NavigationEditor> {
  const [menus, targets] = await Promise.all([readMenus(sql, websiteId), linkTargets(sql, websiteId)]);
  return {
    menus: {
      mainNavigation: rowsOf(menus.get('mainNavigation') ?? [], targets),
      footerNavigation: rowsOf(menus.get('footerNavigation') ?? [], targets),
    },
    versions: {
      mainNavigation: menuVersion(menus.get('mainNavigation') ?? []),
      footerNavigation: menuVersion(menus.get('footerNavigation') ?? []),
    },
    targets,
  };
}

export type SaveMenuResult =
  | { ok: true; links: number; version: string }
  | { ok: false; errors: Record<string, string> }
  | { ok: false; changed: true; version: string }
  | { ok: false; missing: true };

/**
 * Saves a menu from the editor's rows (validated here), with its audit entry; visitors see it at
 * once. `version` is the menuVersion the editor showed: when the stored menu is no longer that one,
 * nothing is written and the current version comes back (a second save then replaces it, knowingly).
 * An empty version skips the check. `mustExist` (the API's UpdateNavigation, SPEC 5) refuses a
 * menu the site does not have rather than making it.
 */
export async function saveMenu(
  a: OwnerAccess | KeyAccess,
  menu: MenuName,
  rows: NavRow[],
  version = '',
  opts: { mustExist?: boolean } = {},
): Promise<SaveMenuResult> {
  const siteId = accessSiteId(a);
  const targets = await linkTargets(a.sql, siteId);
  const clean = normalizeRows(rows);
  const errors = validateRows(clean, targets);
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const tree = treeOf(clean, targets);
  const current = await a.sql.begin(async (tx) => {
    const menus = await readMenus(tx, siteId, true);
    if (opts.mustExist && !menus.has(menu)) return { missing: true as const };
    const now = menuVersion(menus.get(menu) ?? []);
    if (version !== '' && version !== now) return { version: now };
    await writeMenu(tx, siteId, menu, tree);
    return null;
  });
  if (current !== null) return 'missing' in current ? { ok: false, missing: true } : { ok: false, changed: true, version: current.version };
  await recordAudit(a.sql, actorOf(a), 'navigation.update', menu, { links: clean.length });
  await storefrontChanged(a.sql, siteId);
  return { ok: true, links: clean.length, version: menuVersion(tree) };
}

// ---------------------------------------------------------------------------------------------
// The API's navigation payload (SPEC 3's navigation update: items with collectionId, externalLink,
// memberAreaId and nested items), as the editor's rows, so it is saved by the same rules.

export interface PayloadLink {
  title?: string;
  collectionId?: string | null;
  externalLink?: string | null;
  items?: PayloadLink[];
}

/** The rows of a payload's links; a link to a collection without a title takes the page's title. */
export function rowsOfPayload(items: PayloadLink[], targets: LinkTarget[], depth = 0): NavRow[] {
  const out: NavRow[] = [];
  for (const i of items) {
    const target = i.collectionId ?? '';
    const title = i.title ?? targets.find((t) => t.id === target)?.title ?? '';
    out.push({ title, target, url: target === '' ? (i.externalLink ?? '') : '', depth });
    out.push(...rowsOfPayload(i.items ?? [], targets, depth + 1));
  }
  return out;
}
