// POST /api/events/RecordEvent (SPEC 7), form-encoded: crumb (must equal the crumb cookie), event,
// data (JSON). A visitor event of SPEC 7 (wire.ts VISITOR_EVENTS: purchase, views, cart changes,
// related products, newsletter) takes its own shape; any other event name an object of at most 4 KB.
// Either may carry the session info (isFirstLanding, isFirstSession, sessionId), stored with the event.
import type { ActionFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import { badInput, crumbRefused, outcomeAnswer, parseJson, postOnly, slowDown } from '../analytics/answers.server.js';
import { crumbOf, ingestAllowance, recordEvent, type VisitorEvent } from '../analytics/recorder.server.js';
import { EVENT_NAME, isVisitorEvent, SessionFields, VISITOR_EVENTS } from '../analytics/wire.js';
import { apiRoute } from '../storefront/api.server.js';
import { requestSite } from '../storefront/site.server.js';

const EVENT_DATA_MAX = 4096;
const Form = z.object({ crumb: z.string().max(64).optional(), event: EVENT_NAME, data: z.string().max(EVENT_DATA_MAX) });
const AnyData = z.record(z.unknown());

export const loader = () => postOnly();

export const action = apiRoute(async ({ request, context }: ActionFunctionArgs) => {
  if (request.method !== 'POST') return postOnly();
  // Every ingest request spends the client's allowance first (issue 28): a flood costs no parsing.
  const site = await requestSite(request, context);
  const allowance = await ingestAllowance(request, site.id);
  if (!allowance.ok) return slowDown(allowance.retryAfterS);
  const fields = Object.fromEntries(await request.formData().catch(() => new FormData()));
  const crumb = crumbOf(request);
  if (!crumb || fields.crumb !== crumb) return crumbRefused();
  const form = Form.safeParse(fields);
  if (!form.success) return badInput();
  const raw = parseJson(form.data.data);
  const name = form.data.event;
  // SPEC 3's session info rides in any event's data, checked on its own (the event shapes leave it out).
  const session = SessionFields.safeParse(raw);
  if (!session.success) return badInput();
  if (isVisitorEvent(name)) {
    const data = VISITOR_EVENTS[name].safeParse(raw);
    if (!data.success) return badInput();
    return outcomeAnswer(await recordEvent(request, site.id, { name, data: data.data, session: session.data } as VisitorEvent));
  }
  const data = AnyData.safeParse(raw);
  if (!data.success) return badInput();
  return outcomeAnswer(await recordEvent(request, site.id, { name: form.data.event, data: data.data, session: session.data }));
});
