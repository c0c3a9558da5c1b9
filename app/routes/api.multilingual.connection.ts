// DELETE /api/multilingual/connection (SPEC 7): disconnects the site's translation service
// (answers {disconnected}: false when none was connected). Owner session or key with settings.write.
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { requireApiAccess } from '../auth/access.server.js';
import { deleteConnection } from '../languages/settings.server.js';
import { apiRoute, jsonAnswer, methodNotAllowed } from '../storefront/api.server.js';

export const loader = apiRoute(async (_: LoaderFunctionArgs) => methodNotAllowed('DELETE'));

export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  if (request.method !== 'DELETE') return methodNotAllowed('DELETE');
  const a = await requireApiAccess(request, 'settings.write');
  return jsonAnswer({ disconnected: await deleteConnection(a) });
});
