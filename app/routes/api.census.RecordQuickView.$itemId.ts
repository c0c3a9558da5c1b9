// POST /api/census/RecordQuickView/{itemId} (SPEC 7): JSON CensusCall, recorded as a quick view of the item.
import type { ActionFunctionArgs } from '@remix-run/node';
import { badInput, outcomeAnswer, postOnly } from '../analytics/answers.server.js';
import { recordCensusCall } from '../analytics/recorder.server.js';
import { CensusCall } from '../analytics/wire.js';
import { apiRoute, readBody } from '../storefront/api.server.js';
import { requestSite } from '../storefront/site.server.js';

export const loader = () => postOnly();

export const action = apiRoute(async ({ request, params, context }: ActionFunctionArgs) => {
  if (request.method !== 'POST') return postOnly();
  const itemId = params.itemId ?? '';
  const call = CensusCall.safeParse(await readBody(request));
  if (!call.success || !/^[A-Za-z0-9_-]{1,64}$/.test(itemId)) return badInput();
  const site = await requestSite(request, context);
  return outcomeAnswer(await recordCensusCall(request, site.id, 'quick_view', call.data, itemId));
});
