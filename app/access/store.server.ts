// The access rules of a site as stored (migration 0026): read once per catalog change (a rule
// saved by the owner announces one), and a site user's member areas.
import { createHash } from 'node:crypto';
import { getReadSql, type Sql } from '../../db/client.server.js';
import { createReadCache } from '../catalog/read-cache.server.js';
import type { MemberArea, PageRule, SiteAccess } from './rules.js';

/**
 * What tells one password from the next without holding it: part of the SHA-256 of its argon2
 * hash. A session that opened a lock stays open until the owner changes that password.
 */
export function lockOf(passwordHash: string): string {
  return createHash('sha256').update(passwordHash).digest('base64url').slice(0, 16);
}

interface AreaRow {
  id: string;
  name: string;
  paid: boolean;
  item_id: string | null;
}

export function toArea(r: AreaRow): MemberArea {
  return {
    id: r.id,
    name: r.name,
    paid: r.paid,
    itemId: r.item_id,
  };
}

/** Reads every rule of the site from `sql`. */
export async function readSiteAccess(sql: Sql, websiteId: string): Promise<SiteAccess> {
  const [locks, pages, areas] = await Promise.all([
    sql<{ password_hash: string }[]>`select password_hash from site_lock where website_id = ${websiteId}`,
    sql<{ collection_id: string; kind: PageRule['kind']; password_hash: string | null; member_area_id: string | null }[]>`
      select a.collection_id, a.kind, a.password_hash, a.member_area_id
        from page_access a join collection c on c.id = a.collection_id
       where c.website_id = ${websiteId}`,
    sql<AreaRow[]>`select id, name, paid, item_id from member_area where website_id = ${websiteId} order by name`,
  ]);
  const out: SiteAccess = { siteLock: locks[0] ? lockOf(locks[0].password_hash) : null, pages: {}, areas: {} };
  for (const a of areas) out.areas[a.id] = toArea(a);
  for (const p of pages) {
    if (p.kind === 'password' && p.password_hash) out.pages[p.collection_id] = { kind: 'password', lock: lockOf(p.password_hash) };
    else if (p.kind === 'members' && p.member_area_id) out.pages[p.collection_id] = { kind: 'members', areaId: p.member_area_id };
    else if (p.kind === 'signed-in') out.pages[p.collection_id] = { kind: 'signed-in' };
  }
  return out;
}

// Small (a few rows per site) and asked for on every page: kept until the site's catalog changes.
const cache = createReadCache({ max: 10_000 });

/**
 * The site's rules in the process database (cached until the next catalog change). In an anonymous
 * storefront request they may come from a standby that has replayed the last change (ADR 0033):
 * every rule, lock and area write calls storefrontChanged. What the visitor opened (the session)
 * and belongs to (memberAreasOf, lockHash) is read from the primary by its callers.
 */
export async function siteAccess(websiteId: string): Promise<SiteAccess> {
  const sql = await getReadSql();
  return cache.get(websiteId, 'access', () => readSiteAccess(sql, websiteId));
}

/** The ids of the member areas `siteUserId` belongs to. */
export async function memberAreasOf(sql: Sql, siteUserId: string): Promise<Set<string>> {
  const rows = await sql<{ member_area_id: string }[]>`
    select member_area_id from member_area_member where site_user_id = ${siteUserId}`;
  return new Set(rows.map((r) => r.member_area_id));
}

/** The stored password hash of a lock scope ('site' or a collection id of the site), or null. */
export async function lockHash(sql: Sql, websiteId: string, scope: string): Promise<string | null> {
  if (scope === 'site') {
    const [r] = await sql<{ password_hash: string }[]>`select password_hash from site_lock where website_id = ${websiteId}`;
    return r?.password_hash ?? null;
  }
  const [r] = await sql<{ password_hash: string | null }[]>`
    select a.password_hash from page_access a join collection c on c.id = a.collection_id
     where c.website_id = ${websiteId} and a.collection_id = ${scope} and a.kind = 'password'`;
  return r?.password_hash ?? null;
}

/** Makes `siteUserId` a member of `areaId` (again: no change). */
export async function addMember(sql: Sql, areaId: string, siteUserId: string, orderId: string | null = null): Promise<void> {
  await sql`
    insert into member_area_member (member_area_id, site_user_id, order_id) values (${areaId}, ${siteUserId}, ${orderId})
    on conflict (member_area_id, site_user_id) do nothing`;
}
