// PUT /api/multilingual/languages (SPEC 7): replaces the site's languages,
// {"languages": [{"code": "en", "isDefault": true}, {"code": "fr"}]}, and answers the settings.
// For the owner's session or an API key with settings.write; bad input is a 400 with its reason.
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { requireApiAccess } from '../auth/permissions.server.js';
import { parseLanguages, writeLanguages } from '../languages/settings.server.js';
import { apiRoute, BAD_BODY, jsonAnswer, jsonError, methodNotAllowed, readBody } from '../storefront/api.server.js';

export const loader = apiRoute(async (_: LoaderFunctionArgs) => methodNotAllowed('PUT'));

export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  if (request.method !== 'PUT') return methodNotAllowed('PUT');
  const a = await requireApiAccess(request, 'settings.write');
  const body = await readBody(request);
  if (body === null) return jsonError(400, BAD_BODY);
  const langs = parseLanguages(body);
  if (!langs.ok) return jsonError(400, langs.error);
  return jsonAnswer(await writeLanguages(a, langs.value));
});
