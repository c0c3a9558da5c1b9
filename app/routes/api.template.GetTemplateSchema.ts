// GET /api/template/GetTemplateSchema?type=form (SPEC 7): the form block's schema, its settings and
// the site's forms to choose from. For the owner's session or an API key with pages.read.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { accessSiteId, requireApiAccess } from '../auth/permissions.server.js';
import { templateSchema, TemplateSchemaQuery } from '../config/blocks/template-schema.server.js';
import { apiRoute, jsonAnswer, jsonError } from '../storefront/api.server.js';

export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const a = await requireApiAccess(request, 'pages.read');
  const query = TemplateSchemaQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success) return jsonError(400, query.error.issues[0].message);
  return jsonAnswer(await templateSchema(a.sql, accessSiteId(a)));
});
