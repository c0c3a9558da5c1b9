// GET /api/multilingual/settings (SPEC 7): the site's languages and whether a translation service
// is connected. For the owner's session or an API key with settings.read; refusals are JSON.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { accessSiteId, requireApiAccess } from '../auth/permissions.server.js';
import { readMultilingualSettings } from '../languages/settings.server.js';
import { apiRoute, jsonAnswer } from '../storefront/api.server.js';

export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const a = await requireApiAccess(request, 'settings.read');
  return jsonAnswer(await readMultilingualSettings(a.sql, accessSiteId(a)));
});
