// The site's stored menus (the navigation table), as everyone who reads them sees them: the owner's
// navigation editor and pages (app/config), and the menu labels' translations (app/languages).
import type postgres from 'postgres';
import type { Sql } from '../../db/client.server.js';

export const MENU_NAMES = ['mainNavigation', 'footerNavigation'] as const;
export type MenuName = (typeof MENU_NAMES)[number];
export const MENU_LABELS: Record<MenuName, string> = {
  mainNavigation: 'Main navigation',
  footerNavigation: 'Secondary navigation (footer)',
};

export interface StoredLink {
  title: string;
  url: string;
  /** The linked collection (a page or a store), when the link was made to one. */
  collectionId?: string;
  children: StoredLink[];
}

/** A menu's stored JSON, read tolerantly (rows written by hand or by older code). */
function storedLinks(v: unknown): StoredLink[] {
  if (!Array.isArray(v)) return [];
  return v
    .filter((x): x is Record<string, unknown> => x !== null && typeof x === 'object')
    .map((x) => ({
      title: String(x.title ?? ''),
      url: String(x.url ?? '/'),
      ...(typeof x.collectionId === 'string' ? { collectionId: x.collectionId } : {}),
      children: storedLinks(x.children),
    }));
}

/** The path a link points at, for comparing with a page's `/slug` (no query, no trailing slash). */
export function linkPath(url: string): string {
  const bare = url.split(/[?#]/, 1)[0];
  return bare.length > 1 ? bare.replace(/\/+$/, '') : bare;
}

/** Every menu of the site by name; `lock` holds the rows until the transaction ends. */
export async function readMenus(db: Sql | postgres.TransactionSql, websiteId: string, lock = false): Promise<Map<string, StoredLink[]>> {
  const rows = await db<{ name: string; items: unknown }[]>`
    select name, items from navigation where website_id = ${websiteId} ${lock ? db`for update` : db``}`;
  return new Map(rows.map((r) => [r.name, storedLinks(r.items)]));
}
