// GET /api/commondata/GetSiteLayout (SPEC 7): the site's menus, each link a collection id or an
// external link. For the owner's session or an API key with pages.read; refusals are JSON.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { accessSiteId, requireApiAccess } from '../auth/permissions.server.js';
import { siteLayout } from '../config/site-layout.server.js';
import { apiRoute, jsonAnswer } from '../storefront/api.server.js';

export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const a = await requireApiAccess(request, 'pages.read');
  return jsonAnswer(await siteLayout(a.sql, accessSiteId(a)));
});
