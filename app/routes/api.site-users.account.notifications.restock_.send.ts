// POST /api/site-users/account/notifications/restock/send {productId, variantId} (SPEC 7): queues
// the notices of one variant that is back in stock; the owner's products.write.
import type { ActionFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import { requireApiAccess } from '../auth/permissions.server.js';
import { requestSend, senderOf } from '../forms/restock.server.js';
import { apiRoute, BAD_BODY, jsonAnswer, jsonError, methodNotAllowed, readBody } from '../storefront/api.server.js';

const Body = z.object({ productId: z.string().min(1).max(200), variantId: z.string().min(1).max(200) });

export const loader = () => methodNotAllowed('POST');

export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  if (request.method !== 'POST') return methodNotAllowed('POST');
  const a = await requireApiAccess(request, 'products.write');
  const parsed = Body.safeParse(await readBody(request));
  if (!parsed.success) return jsonError(400, BAD_BODY);
  const r = await requestSend(a.sql, senderOf(a), parsed.data.productId, parsed.data.variantId);
  if (!r.ok) return jsonError(r.status, r.error);
  return jsonAnswer({ queued: true, waiting: r.waiting }, { status: 202 });
});
