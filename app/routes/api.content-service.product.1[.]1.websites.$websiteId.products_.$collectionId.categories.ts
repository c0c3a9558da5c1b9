// POST /api/content-service/product/1.1/websites/{websiteId}/products/{collectionId}/categories
// (SPEC 7, payload of SPEC 3): adds a category to the site's store {displayName, parentCategoryId,
// type ROOT or CATEGORY, pageRendering LIST_VIEW, displayIndex}. Owner session or API key, products.write.
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { accessSiteId, requireApiAccess } from '../auth/permissions.server.js';
import { createCategory, PageError } from '../config/pages.server.js';
import { CategoryInput, NO_SUCH_SITE } from '../sites/store.server.js';
import { apiRoute, BAD_BODY, jsonAnswer, jsonError, methodNotAllowed, readBody } from '../storefront/api.server.js';

export const loader = apiRoute(async (_: LoaderFunctionArgs) => methodNotAllowed('POST'));

export const action = apiRoute(async ({ request, params }: ActionFunctionArgs) => {
  if (request.method !== 'POST') return methodNotAllowed('POST');
  const a = await requireApiAccess(request, 'products.write');
  if (params.websiteId !== accessSiteId(a)) return jsonError(404, NO_SUCH_SITE);
  const body = await readBody(request);
  if (body === null) return jsonError(400, BAD_BODY);
  const parsed = CategoryInput.safeParse(body);
  if (!parsed.success) return jsonError(400, parsed.error.issues[0].message);
  try {
    return jsonAnswer(await createCategory(a, params.collectionId ?? '', parsed.data), { status: 201 });
  } catch (e) {
    if (e instanceof PageError) return jsonError(e.status, e.message);
    throw e;
  }
});
