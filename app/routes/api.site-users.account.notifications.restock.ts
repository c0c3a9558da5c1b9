// /api/site-users/account/notifications/restock (SPEC 7). POST: a shopper's back-in-stock sign-up
// (no account needed; the SPEC 3 payload) answered {ok, message} or {error}. GET: the owner's list
// of one variant's sign-ups (?productId&variantId&cursor), forms.read (shoppers' emails).
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { accessSiteId, requireApiAccess } from '../auth/permissions.server.js';
import { restockApi } from '../forms/restock-api.server.js';
import { apiRoute, BAD_BODY, jsonAnswer, jsonError, methodNotAllowed, readBody } from '../storefront/api.server.js';
import { requestSite } from '../storefront/site.server.js';

export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const a = await requireApiAccess(request, 'forms.read');
  const sp = new URL(request.url).searchParams;
  const productId = sp.get('productId') ?? '';
  const variantId = sp.get('variantId') ?? '';
  if (!productId || !variantId || productId.length > 200 || variantId.length > 200) return jsonError(400, 'Give productId and variantId.');
  return jsonAnswer(await restockApi.signUps(a.sql, accessSiteId(a), productId, variantId, sp.get('cursor')));
});

export const action = apiRoute(async ({ request, context }: ActionFunctionArgs) => {
  if (request.method !== 'POST') return methodNotAllowed('GET, POST');
  const { id: websiteId } = await requestSite(request, context);
  const allowed = await restockApi.allow(request);
  if (!allowed.ok) return jsonError(429, restockApi.text.tooMany, { 'Retry-After': String(allowed.retryAfterS) });
  const body = await readBody(request);
  if (body === null) return jsonError(400, BAD_BODY);
  const r = await restockApi.signUp(websiteId, body, request);
  if (!r.ok) return jsonError(r.status, r.error);
  return jsonAnswer({ ok: true, message: r.message });
});
