// Which role the request's signed-in owner (/config) has on a site, read from a storefront request:
// analytics leaves owners unrecorded, experiments let them pick a variant, and locked pages open
// to them. The owner session lives in a table: it is looked up only when its cookie is there.
import type { Sql } from '../../db/client.server.js';
import { ownerSessionStorage } from './owner-session.server.js';
import { ROLES } from './roles.js';
import { hasOwnerCookie } from '../utils/owner-cookie.js';

/** The role of the request's signed-in owner on `websiteId`, or null (no owner session, or no role there). */
export async function ownerRoleOn(sql: Sql, request: Request, websiteId: string): Promise<number | null> {
  const header = request.headers.get('Cookie');
  if (!hasOwnerCookie(header)) return null;
  const session = await ownerSessionStorage(sql)
    .getSession(header)
    .catch(() => null);
  const ownerId = session?.get('ownerId');
  if (!ownerId) return null;
  const [row] = await sql<{ role_id: number }[]>`
    select role_id from site_member where owner_id = ${ownerId} and website_id = ${websiteId}`;
  return row && row.role_id !== ROLES.none ? row.role_id : null;
}
