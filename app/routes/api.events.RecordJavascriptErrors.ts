// POST /api/events/RecordJavascriptErrors (SPEC 7): a JSON list of shoppers' JavaScript errors,
// with the crumb cookie's value in X-CSRF-Token.
import type { ActionFunctionArgs } from '@remix-run/node';
import { badInput, crumbRefused, outcomeAnswer, parseJson, postOnly, slowDown } from '../analytics/answers.server.js';
import { crumbOf, ingestAllowance, recordErrors } from '../analytics/recorder.server.js';
import { CSRF_HEADER, JavascriptErrors } from '../analytics/wire.js';
import { apiRoute } from '../storefront/api.server.js';
import { requestSite } from '../storefront/site.server.js';

export const loader = () => postOnly();

export const action = apiRoute(async ({ request, context }: ActionFunctionArgs) => {
  if (request.method !== 'POST') return postOnly();
  // Every ingest request spends the client's allowance first (issue 28): a flood costs no parsing.
  const site = await requestSite(request, context);
  const allowance = await ingestAllowance(request, site.id);
  if (!allowance.ok) return slowDown(allowance.retryAfterS);
  const crumb = crumbOf(request);
  if (!crumb || request.headers.get(CSRF_HEADER) !== crumb) return crumbRefused();
  const errors = JavascriptErrors.safeParse(parseJson(await request.text()));
  if (!errors.success) return badInput();
  return outcomeAnswer(await recordErrors(request, site.id, errors.data));
});
