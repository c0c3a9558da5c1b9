// Joining a member area: a free one with one click by a signed-in site user (from the access
// denied page, 106); a paid one once the order of its subscription is placed (app/access/paid-areas.server.ts).
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
