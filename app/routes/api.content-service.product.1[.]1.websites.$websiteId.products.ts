// POST /api/content-service/product/1.1/websites/{websiteId}/products (SPEC 7, payload of SPEC 3):
// adds the site's store, its product collection {navigationTitle, title, urlId, description,
// enabled: true} with its root category, as /config/pages does (createStore), and answers the
// collection with its id. The menu link is UpdateNavigation's job. Owner session or API key, pages.publish.
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import { accessSiteId, requireApiAccess } from '../auth/permissions.server.js';
import { createStore, PageError, StoreForm } from '../config/pages.server.js';
import { NO_SUCH_SITE } from '../sites/store.server.js';
import { apiRoute, BAD_BODY, jsonAnswer, jsonError, methodNotAllowed, readBody } from '../storefront/api.server.js';

const Payload = StoreForm.omit({ addToNavigation: true }).extend({
  // SPEC 3: a product collection is always enabled.
  enabled: z.literal(true, { errorMap: () => ({ message: 'enabled must be true.' }) }).default(true),
});

export const loader = apiRoute(async (_: LoaderFunctionArgs) => methodNotAllowed('POST'));

export const action = apiRoute(async ({ request, params }: ActionFunctionArgs) => {
  if (request.method !== 'POST') return methodNotAllowed('POST');
  const a = await requireApiAccess(request, 'pages.publish');
  if (params.websiteId !== accessSiteId(a)) return jsonError(404, NO_SUCH_SITE);
  const body = await readBody(request);
  if (body === null) return jsonError(400, BAD_BODY);
  const parsed = Payload.safeParse(body);
  if (!parsed.success) return jsonError(400, parsed.error.issues[0].message);
  try {
    const v = parsed.data;
    const added = await createStore(a, v);
    return jsonAnswer(
      {
        id: added.collectionId,
        title: v.title,
        navigationTitle: v.navigationTitle || v.title,
        urlId: added.urlId,
        description: v.description,
        enabled: true,
        rootCategoryId: added.categoryId,
      },
      { status: 201 },
    );
  } catch (e) {
    if (e instanceof PageError) return jsonError(e.status, e.message);
    throw e;
  }
});
