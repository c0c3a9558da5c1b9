// GET /api/commerce/shopping-cart (SPEC 7): the visitor's cart as JSON (an empty cart when there
// is none). The query's mock, timecode and calculateSubtotal are accepted; subtotals are always computed.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { cartStore, shoppingCartJson } from '../commerce/cart.server.js';
import { getCartId } from '../utils/session.server.js';
import { apiRoute, jsonAnswer } from '../storefront/api.server.js';
import { requestSite } from '../storefront/site.server.js';
import { cartCheckoutFields } from '../storefront/checkout-page.server.js';

export const loader = apiRoute(async function loader({ request, context }: LoaderFunctionArgs) {
  const { id: websiteId } = await requestSite(request, context);
  const store = await cartStore(websiteId);
  const cartId = await getCartId(request);
  const cart = await store.loadCart(cartId);
  return jsonAnswer(shoppingCartJson(cart, await store.websiteId(), await cartCheckoutFields(store, cartId, cart)));
});
