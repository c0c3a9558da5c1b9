// GET /api/site-users/account/notifications/restock/groups?cursor= (SPEC 7): the variants with
// shoppers waiting, {signUpGroups, hasNextPage, nextPageCursor}; the owner's forms.read, as the screen.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { accessSiteId, requireApiAccess } from '../auth/permissions.server.js';
import { listGroups } from '../forms/restock.server.js';
import { apiRoute, jsonAnswer, methodNotAllowed } from '../storefront/api.server.js';

export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const a = await requireApiAccess(request, 'forms.read');
  return jsonAnswer(await listGroups(a.sql, accessSiteId(a), new URL(request.url).searchParams.get('cursor')));
});

export const action = () => methodNotAllowed('GET');
