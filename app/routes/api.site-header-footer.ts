// GET and PUT /api/site-header-footer (SPEC 7): the site's header and footer objects. For the
// owner's session or an API key with settings.read (GET) or settings.write (PUT); refusals are JSON.
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { accessSiteId, requireApiAccess } from '../auth/permissions.server.js';
import { isJsonObject, parseObjectBody, PREFERENCES_TEXT, readHeaderFooter, writeHeaderFooter } from '../config/preferences.server.js';
import { apiRoute, jsonAnswer, jsonError, methodNotAllowed } from '../storefront/api.server.js';

export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const a = await requireApiAccess(request, 'settings.read');
  return jsonAnswer(await readHeaderFooter(a.sql, accessSiteId(a)));
});

export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  if (request.method !== 'PUT') return methodNotAllowed('GET, PUT');
  const a = await requireApiAccess(request, 'settings.write');
  const body = parseObjectBody(await request.text());
  if (!body.ok) return jsonError(400, body.error);
  const { header, footer } = body.value;
  if (!isJsonObject(header) || !isJsonObject(footer)) return jsonError(400, PREFERENCES_TEXT.headerFooter);
  return jsonAnswer(await writeHeaderFooter(a, { header, footer }));
});
