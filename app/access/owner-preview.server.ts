// The site's own owners see its locked and member pages as visitors who may (the editor's "View"
// link opens the page itself): an owner signed in to /config whose role on this site may read pages.
import type { Sql } from '../../db/client.server.js';
import { OWNER_COOKIE, ownerSessionStorage } from '../auth/owner-session.server.js';
import { can } from '../auth/roles.js';

const ownerCookie = new RegExp(`(?:^|;)\\s*${OWNER_COOKIE}=`);

/** Whether the request comes from an owner of `websiteId` allowed to read its pages. */
export async function ownerMayPreview(sql: Sql, request: Request, websiteId: string): Promise<boolean> {
  const header = request.headers.get('Cookie');
  // Visitors carry no owner cookie: no session lookup for them.
  if (!header || !ownerCookie.test(header)) return false;
  const session = await ownerSessionStorage(sql)
    .getSession(header)
    .catch(() => null);
  const ownerId = session?.get('ownerId');
  if (!ownerId) return false;
  const [row] = await sql<{ role_id: number }[]>`
    select role_id from site_member where owner_id = ${ownerId} and website_id = ${websiteId}`;
  return row !== undefined && can(row.role_id, 'pages.read');
}
