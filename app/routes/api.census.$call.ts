// POST /api/census/button-render | button-click | form-render | overlay (SPEC 7): JSON CensusCall.
import type { ActionFunctionArgs } from '@remix-run/node';
import { badInput, jsonStatus, outcomeAnswer, postOnly, slowDown } from '../analytics/answers.server.js';
import { CENSUS_KINDS, ingestAllowance, recordCensusCall } from '../analytics/recorder.server.js';
import { CENSUS_CALLS, CensusCall } from '../analytics/wire.js';
import { apiRoute, readBody } from '../storefront/api.server.js';
import { requestSite } from '../storefront/site.server.js';

const isCall = (v: string | undefined): v is (typeof CENSUS_CALLS)[number] => (CENSUS_CALLS as readonly string[]).includes(v ?? '');

export const loader = () => postOnly();

export const action = apiRoute(async ({ request, params, context }: ActionFunctionArgs) => {
  if (!isCall(params.call)) return jsonStatus(404, { error: 'No such census call.' });
  if (request.method !== 'POST') return postOnly();
  // Every ingest request spends the client's allowance first (issue 28): a flood costs no parsing.
  const site = await requestSite(request, context);
  const allowance = await ingestAllowance(request, site.id);
  if (!allowance.ok) return slowDown(allowance.retryAfterS);
  const call = CensusCall.safeParse(await readBody(request));
  if (!call.success) return badInput();
  return outcomeAnswer(await recordCensusCall(request, site.id, CENSUS_KINDS[params.call], call.data));
});
