// POST /api/census/RecordHit (SPEC 7), form-encoded: event ('view'), data (CensusHitData as JSON),
// ss_cvr (the visitor cookie the page read). Records a page view; sets the visitor cookies.
import type { ActionFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import { badInput, outcomeAnswer, parseJson, postOnly, slowDown } from '../analytics/answers.server.js';
import { hitView, ingestAllowance, recordPageView } from '../analytics/recorder.server.js';
import { CensusHitData, HIT_EVENTS } from '../analytics/wire.js';
import { apiRoute } from '../storefront/api.server.js';
import { requestSite } from '../storefront/site.server.js';

const Form = z.object({ event: z.enum(HIT_EVENTS), data: z.string().max(60_000), ss_cvr: z.string().max(200).optional() });

export const loader = () => postOnly();

export const action = apiRoute(async ({ request, context }: ActionFunctionArgs) => {
  if (request.method !== 'POST') return postOnly();
  // Every ingest request spends the client's allowance first (issue 28): a flood costs no parsing.
  const site = await requestSite(request, context);
  const allowance = await ingestAllowance(request, site.id);
  if (!allowance.ok) return slowDown(allowance.retryAfterS);
  const form = Form.safeParse(Object.fromEntries(await request.formData().catch(() => new FormData())));
  if (!form.success) return badInput();
  const hit = CensusHitData.safeParse(parseJson(form.data.data));
  if (!hit.success) return badInput();
  return outcomeAnswer(await recordPageView(request, site.id, hitView(hit.data, form.data.ss_cvr)));
});
