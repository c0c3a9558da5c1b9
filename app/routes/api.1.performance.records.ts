// POST /api/1/performance/records (SPEC 7): a JSON array of performance records sent as text/plain
// (by beacon or XHR); page-speed, image and accessibility records.
import type { ActionFunctionArgs } from '@remix-run/node';
import { badInput, outcomeAnswer, parseJson, postOnly, slowDown } from '../analytics/answers.server.js';
import { ingestAllowance, recordPerformance } from '../analytics/recorder.server.js';
import { PerformanceRecords } from '../analytics/wire.js';
import { apiRoute } from '../storefront/api.server.js';
import { requestSite } from '../storefront/site.server.js';
import { isCleanJson } from '../utils/clean-json.js';

export const loader = () => postOnly();

export const action = apiRoute(async ({ request, context }: ActionFunctionArgs) => {
  if (request.method !== 'POST') return postOnly();
  // Every ingest request spends the client's allowance first (issue 28): a flood costs no parsing.
  const site = await requestSite(request, context);
  const allowance = await ingestAllowance(request, site.id);
  if (!allowance.ok) return slowDown(allowance.retryAfterS);
  const raw = parseJson(await request.text());
  if (raw === undefined || !isCleanJson(raw, 8)) return badInput();
  const records = PerformanceRecords.safeParse(raw);
  if (!records.success || records.data.length === 0) return badInput();
  return outcomeAnswer(await recordPerformance(request, site.id, records.data));
});
