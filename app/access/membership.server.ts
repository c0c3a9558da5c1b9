// Joining a member area: a free one with one click by a signed-in site user (from the access
// denied page, 106); a paid one once the order of its subscription is placed (grantPaidAreas).
import type { Sql } from '../../db/client.server.js';
import { addMember, toArea } from './store.server.js';
import type { MemberArea } from './rules.js';

/** The area `areaId` of the site, or null. */
export async function areaOf(sql: Sql, websiteId: string, areaId: string): Promise<MemberArea | null> {
  const [r] = await sql<Parameters<typeof toArea>[0][]>`
    select id, name, paid, item_id from member_area where id = ${areaId} and website_id = ${websiteId}`;
  return r ? toArea(r) : null;
}

export type JoinOutcome = { ok: true; area: MemberArea } | { ok: false; reason: 'no-area' | 'paid' };

/** Makes `siteUserId` a member of the free area `areaId` of the site. */
export async function joinFreeArea(sql: Sql, websiteId: string, areaId: string, siteUserId: string): Promise<JoinOutcome> {
  const area = await areaOf(sql, websiteId, areaId);
  if (!area) return { ok: false, reason: 'no-area' };
  if (area.paid) return { ok: false, reason: 'paid' };
  await addMember(sql, area.id, siteUserId);
  return { ok: true, area };
}

/**
 * After an order is placed by a signed-in site user: every paid area sold by a product of the order
 * (its purchased cart's lines) counts them as members. Returns the areas joined.
 */
export async function grantPaidAreas(sql: Sql, websiteId: string, orderId: string, siteUserId: string): Promise<string[]> {
  const rows = await sql<{ member_area_id: string }[]>`
    insert into member_area_member (member_area_id, site_user_id, order_id)
    select distinct m.id, ${siteUserId}, o.id
      from "order" o
      join cart_entry e on e.cart_id = o.purchased_cart_id
      join member_area m on m.item_id = e.item_id and m.website_id = o.website_id and m.paid
     where o.id = ${orderId} and o.website_id = ${websiteId}
    on conflict (member_area_id, site_user_id) do nothing
    returning member_area_id`;
  return rows.map((r) => r.member_area_id);
}
