// POST /api/3/commerce/cart/subscription (SPEC 7): starts a subscription cart for a subscribable
// product; answers {cartToken} (the subscription cart's id), or {error}.
import type { ActionFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import { MSG, rateLimited, subscribe } from '../commerce/cart.server.js';
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

const Subscribe = z.object({
  itemId: z.string().min(1).max(200),
  sku: z.string().max(200).optional().nullable(),
  qty: ApiQuantity,
  additionalFields: AdditionalFields.optional(),
});

export const loader = () => methodNotAllowed('POST');

export const action = apiRoute(async function action({ request, context }: ActionFunctionArgs) {
  const { id: websiteId } = await requestSite(request, context);
  if (request.method !== 'POST') return methodNotAllowed('POST');
  const limited = await rateLimited(request, await getCartId(request));
  if (limited) return limited;
  const body = await readBody(request);
  if (body === null) return jsonError(400, BAD_BODY);
  const parsed = Subscribe.safeParse(body);
  if (!parsed.success) return jsonError(400, MSG.addFailed);
  const { qty, ...rest } = parsed.data;
  const r = await subscribe(websiteId, { ...rest, quantity: qty });
  if (!r.ok) return jsonError(r.status, r.error);
  return jsonAnswer({ cartToken: r.cartId });
});
