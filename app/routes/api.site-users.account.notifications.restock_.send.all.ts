// POST /api/site-users/account/notifications/restock/send/all {sendRequests: [{productId,
// variantId}]} (SPEC 7): queues several variants' notices, each answered on its own; products.write.
import type { ActionFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import { requireApiAccess } from '../auth/permissions.server.js';
import { requestSendAll, senderOf } from '../forms/restock.server.js';
import { apiRoute, BAD_BODY, jsonAnswer, jsonError, methodNotAllowed, readBody } from '../storefront/api.server.js';

const Body = z.object({
  sendRequests: z
    .array(z.object({ productId: z.string().min(1).max(200), variantId: z.string().min(1).max(200) }))
    .min(1)
    .max(200),
});

export const loader = () => methodNotAllowed('POST');

export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  if (request.method !== 'POST') return methodNotAllowed('POST');
  const a = await requireApiAccess(request, 'products.write');
  const parsed = Body.safeParse(await readBody(request));
  if (!parsed.success) return jsonError(400, BAD_BODY);
  return jsonAnswer({ results: await requestSendAll(a.sql, senderOf(a), parsed.data.sendRequests) }, { status: 202 });
});
