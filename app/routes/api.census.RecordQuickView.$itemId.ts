// POST /api/census/RecordQuickView/{itemId} (SPEC 7): JSON CensusCall, recorded as a quick view of the item.
import type { ActionFunctionArgs } from '@remix-run/node';
import { badInput, outcomeAnswer, postOnly, slowDown } from '../analytics/answers.server.js';
import { ingestAllowance, recordCensusCall } from '../analytics/recorder.server.js';
import { CensusCall } from '../analytics/wire.js';
import { apiRoute, readBody } from '../storefront/api.server.js';
import { requestSite } from '../storefront/site.server.js';

export const loader = () => postOnly();

export const action = apiRoute(async ({ request, params, context }: ActionFunctionArgs) => {
  if (request.method !== 'POST') return postOnly();
  // Every ingest request spends the client's allowance first (issue 28): a flood costs no parsing.
  const site = await requestSite(request, context);
  const allowance = await ingestAllowance(request, site.id);
  if (!allowance.ok) return slowDown(allowance.retryAfterS);
  const itemId = params.itemId ?? '';
  const call = CensusCall.safeParse(await readBody(request));
  if (!call.success || !/^[A-Za-z0-9_-]{1,64}$/.test(itemId)) return badInput();
  return outcomeAnswer(await recordCensusCall(request, site.id, 'quick_view', call.data, itemId));
});
