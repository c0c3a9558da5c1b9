// GET and PUT /api/v1/commerce-preferences/{namespace} (SPEC 7): a site's commerce preferences, one
// JSON object per namespace, answered with the site's id. For the owner's session or an API key
// with settings.read (GET) or settings.write (PUT); refusals are JSON (401, 403).
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { accessSiteId, requireApiAccess } from '../auth/permissions.server.js';
import { NAMESPACE, parseObjectBody, PREFERENCES_TEXT, readPreferences, writePreferences } from '../config/preferences.server.js';
import { apiRoute, jsonAnswer, jsonError, methodNotAllowed } from '../storefront/api.server.js';

export const loader = apiRoute(async ({ request, params }: LoaderFunctionArgs) => {
  const a = await requireApiAccess(request, 'settings.read');
  const namespace = params.namespace ?? '';
  if (!NAMESPACE.test(namespace)) return jsonError(400, PREFERENCES_TEXT.badNamespace);
  return jsonAnswer(await readPreferences(a.sql, accessSiteId(a), namespace));
});

export const action = apiRoute(async ({ request, params }: ActionFunctionArgs) => {
  if (request.method !== 'PUT') return methodNotAllowed('GET, PUT');
  const a = await requireApiAccess(request, 'settings.write');
  const namespace = params.namespace ?? '';
  if (!NAMESPACE.test(namespace)) return jsonError(400, PREFERENCES_TEXT.badNamespace);
  const body = parseObjectBody(await request.text());
  if (!body.ok) return jsonError(400, body.error);
  return jsonAnswer(await writePreferences(a, namespace, body.value));
});
