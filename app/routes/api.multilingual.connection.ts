// /api/multilingual/connection (SPEC 7): PUT {"provider": "DeepL", "apiKey": "..."} connects the
// site's translation service once the service accepts the key, and answers the settings (never the
// key); DELETE disconnects it (answers {disconnected}: false when none was connected).
// Owner session or key with settings.write; a refused key is a 400, a service that fails a 502.
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { requireApiAccess } from '../auth/permissions.server.js';
import { TranslationServiceError } from '../languages/deepl.server.js';
import { deleteConnection } from '../languages/settings.server.js';
import { connectService, parseConnection } from '../languages/translation-service.server.js';
import { apiRoute, BAD_BODY, jsonAnswer, jsonError, methodNotAllowed, readBody } from '../storefront/api.server.js';

const METHODS = 'PUT, DELETE';

export const loader = apiRoute(async (_: LoaderFunctionArgs) => methodNotAllowed(METHODS));

export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  if (request.method === 'DELETE') {
    const a = await requireApiAccess(request, 'settings.write');
    return jsonAnswer({ disconnected: await deleteConnection(a) });
  }
  if (request.method !== 'PUT') return methodNotAllowed(METHODS);
  const a = await requireApiAccess(request, 'settings.write');
  const body = await readBody(request);
  if (body === null) return jsonError(400, BAD_BODY);
  const input = parseConnection(body);
  if (!input.ok) return jsonError(400, input.error);
  try {
    return jsonAnswer(await connectService(a, input.value));
  } catch (e) {
    if (!(e instanceof TranslationServiceError)) throw e;
    return jsonError(e.problem === 'refused' || e.problem === 'quota' ? 400 : 502, e.message);
  }
});
