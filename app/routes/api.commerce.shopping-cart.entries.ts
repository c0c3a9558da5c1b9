// POST /api/commerce/shopping-cart/entries (SPEC 7): adds a variant to the visitor's cart;
// answers {shoppingCart, newlyAdded}, or {error} with the spec's text.
import type { ActionFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import { addToCart, cartStore, entryJson, MSG, rateLimited, shoppingCartJson } from '../commerce/cart.server.js';
import { getCartId } from '../utils/session.server.js';
import {
  AdditionalFields,
  ApiQuantity,
  apiRoute,
  BAD_BODY,
  jsonAnswer,
  jsonError,
  methodNotAllowed,
  readBody,
} from '../storefront/api.server.js';
import { requestSite } from '../storefront/site.server.js';
import { cartCheckoutFields } from '../storefront/checkout-page.server.js';
import { claimNewCart } from '../storefront/site-user-flow.server.js';
import { mayBuyItem } from '../storefront/access-page.server.js';

const AddEntry = z.object({
  itemId: z.string().min(1).max(200),
  sku: z.string().max(200).optional().nullable(),
  // Checked by the cart for the spec's texts (a number, a whole number 1-9999).
  quantity: ApiQuantity,
  additionalFields: AdditionalFields.optional(),
});

export const loader = () => methodNotAllowed('POST');

export const action = apiRoute(async function action({ request, context }: ActionFunctionArgs) {
  const { id: websiteId } = await requestSite(request, context);
  if (request.method !== 'POST') return methodNotAllowed('POST');
  const cartId = await getCartId(request);
  const limited = await rateLimited(request, cartId);
  if (limited) return limited;
  const body = await readBody(request);
  if (body === null) return jsonError(400, BAD_BODY);
  const parsed = AddEntry.safeParse(body);
  if (!parsed.success) return jsonError(400, MSG.addFailed);
  // An item behind a lock or a member area is, to those outside, no item at all.
  if (!(await mayBuyItem(request, websiteId, parsed.data.itemId))) return jsonError(404, MSG.unavailable);
  const r = await addToCart(websiteId, cartId, parsed.data);
  if (!r.ok) return jsonError(r.status, r.error);
  await claimNewCart(request, websiteId, cartId, r.cartId);
  return jsonAnswer(
    {
      shoppingCart: shoppingCartJson(r.cart, websiteId, await cartCheckoutFields(await cartStore(websiteId), r.cartId, r.cart)),
      newlyAdded: entryJson(r.cart.currency)(r.entry),
    },
    { request, cartId: r.cartId, cartNumbers: r.cart },
  );
});
