// PUT /api/commerce/shopping-cart/entries/{entryId}/additionalFields (SPEC 7): replaces an entry's
// additional fields; answers {shoppingCart, updatedEntry}, or {error}.
import type { ActionFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import { cartStore, entryJson, rateLimited, shoppingCartJson, updateAdditionalFields } from '../commerce/cart.server.js';
import { getCartId } from '../utils/session.server.js';
import { AdditionalFields, apiRoute, BAD_BODY, jsonAnswer, jsonError, methodNotAllowed, readBody } from '../storefront/api.server.js';
import { requestSite } from '../storefront/site.server.js';
import { cartCheckoutFields } from '../storefront/checkout-page.server.js';

const UpdateFields = z.object({
  itemId: z.string().min(1).max(200).optional(),
  sku: z.string().max(200).optional(),
  additionalFields: AdditionalFields,
});

export const loader = () => methodNotAllowed('PUT');

export const action = apiRoute(async function action({ request, params, context }: ActionFunctionArgs) {
  const { id: websiteId } = await requestSite(request, context);
  if (request.method !== 'PUT') return methodNotAllowed('PUT');
  const cartId = await getCartId(request);
  const limited = await rateLimited(request, cartId);
  if (limited) return limited;
  const body = await readBody(request);
  if (body === null) return jsonError(400, BAD_BODY);
  const parsed = UpdateFields.safeParse(body);
  const entryId = z.string().min(1).max(200).safeParse(params.entryId);
  if (!parsed.success || !entryId.success) return jsonError(400, 'Unable to update form');
  const r = await updateAdditionalFields(websiteId, cartId, entryId.data, parsed.data);
  if (!r.ok) return jsonError(r.status, r.error);
  return jsonAnswer(
    {
      shoppingCart: shoppingCartJson(r.cart, websiteId, await cartCheckoutFields(await cartStore(websiteId), r.cartId, r.cart)),
      updatedEntry: r.entry ? entryJson(r.cart.currency)(r.entry) : null,
    },
    { request, cartId: r.cartId },
  );
});
