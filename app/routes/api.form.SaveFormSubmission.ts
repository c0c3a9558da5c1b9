// POST /api/form/SaveFormSubmission (SPEC 7): {key, formId, form (JSON text of field id to value),
// captcha?, honeypot?, pagePath?, disclaimer?}. Answers {data: {submissionText, redirectUrl}}, or SPEC 8's texts:
// 401 (no valid key), 404 (no such form), 429 (rate limit), 400 (with data.errors per field), 500.
import type { ActionFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import { checkSubmissionKey } from '../forms/submission-key.server.js';
import { submitForm, visitorOf } from '../forms/submit.server.js';
import { FORM_TEXT } from '../forms/form-validation.js';
import { normalizeValues } from '../forms/form-values.js';
import { safeRedirect } from '../forms/page-forms.server.js';
import { jsonAnswer, jsonError, methodNotAllowed, readBody } from '../storefront/api.server.js';
import { requestSite } from '../storefront/site.server.js';
import { getSql } from '../../db/client.server.js';
import { errorText, log } from '../utils/log.server.js';

const Body = z.object({
  key: z.string().max(200).optional(),
  formId: z.string().min(1).max(200),
  form: z.string().max(60_000),
  captcha: z.string().max(10_000).optional().nullable(),
  honeypot: z.string().max(1000).optional().nullable(),
  pagePath: z.string().max(2000).optional(),
  /** The disclaimer's box, when the form asks for it to be ticked. */
  disclaimer: z.boolean().optional(),
});

export const loader = () => methodNotAllowed('POST');

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed('POST');
  try {
    const site = await requestSite(request, context);
    const body = await readBody(request);
    const parsed = Body.safeParse(body ?? {});
    if (!checkSubmissionKey(site.id, (body as { key?: unknown } | null)?.key)) return jsonError(401, FORM_TEXT.unauthorized);
    if (!parsed.success) return jsonError(400, FORM_TEXT.processing);
    const b = parsed.data;
    let raw: unknown;
    try {
      raw = JSON.parse(b.form);
    } catch {
      return jsonError(400, FORM_TEXT.unparsable);
    }
    const r = await submitForm(await getSql(), {
      websiteId: site.id,
      formId: b.formId,
      values: (form) => normalizeValues(form.definition.fields, raw),
      honeypot: b.honeypot,
      captcha: b.captcha,
      disclaimerAccepted: b.disclaimer === true,
      pageUrl: b.pagePath ?? '',
      visitor: visitorOf(request),
    });
    if (!r.ok) {
      const headers = r.retryAfterS ? { 'Retry-After': String(r.retryAfterS) } : undefined;
      if (r.errors) return jsonAnswer({ error: r.message, data: { errors: r.errors } }, { status: 400 });
      return jsonError(r.status, r.message, headers);
    }
    const s = r.form.definition.settings;
    return jsonAnswer({ data: { submissionText: s.submissionText, redirectUrl: safeRedirect(s.redirectUrl) } });
  } catch (e) {
    if (e instanceof Response) throw e;
    log.error(`forms: SaveFormSubmission failed: ${errorText(e, true)}`);
    return jsonError(500, FORM_TEXT.serverError);
  }
}
