// The site's own owners see its locked and member pages as visitors who may (the editor's "View"
// link opens the page itself): an owner signed in to /config whose role on this site may read pages.
import type { Sql } from '../../db/client.server.js';
import { ownerRoleOn } from '../auth/owner-role.server.js';
import { can } from '../auth/roles.js';

/** Whether the request comes from an owner of `websiteId` allowed to read its pages. */
export async function ownerMayPreview(sql: Sql, request: Request, websiteId: string): Promise<boolean> {
  const role = await ownerRoleOn(sql, request, websiteId);
  return role !== null && can(role, 'pages.read');
}
