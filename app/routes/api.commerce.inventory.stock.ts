// GET /api/commerce/inventory/stock?itemId= (SPEC 7): stock of each variant of a product,
// {results: [{variantId, sku, unlimited, qtyInStock}]}.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import { cartStore } from '../commerce/cart.server.js';
import { apiRoute, jsonAnswer, jsonError } from '../storefront/api.server.js';
import { requestSite } from '../storefront/site.server.js';

const Query = z.object({ itemId: z.string().min(1, 'itemId is required.').max(200) });

export const loader = apiRoute(async function loader({ request, context }: LoaderFunctionArgs) {
  const { id: websiteId } = await requestSite(request, context);
  const parsed = Query.safeParse({ itemId: new URL(request.url).searchParams.get('itemId') ?? '' });
  if (!parsed.success) return jsonError(400, parsed.error.issues[0]?.message ?? 'itemId is required.');
  const results = await (await cartStore(websiteId)).stockOf(parsed.data.itemId);
  if (results === null) return jsonError(404, 'Unable to locate content');
  return jsonAnswer({ results });
});
