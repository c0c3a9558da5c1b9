// POST /api/rest/forms/validate/{formId} (SPEC 7): JSON of field values in; {errors: {}} when they
// pass, else 400 with errors (field id to SPEC 5's message). The same rules the browser ran.
import type { ActionFunctionArgs } from '@remix-run/node';
import { loadForm } from '../forms/stored-forms.server.js';
import { FORM_TEXT, validateForm } from '../forms/form-validation.js';
import { normalizeValues } from '../forms/form-values.js';
import { apiRoute, jsonAnswer, jsonError, methodNotAllowed, readBody } from '../storefront/api.server.js';
import { requestSite } from '../storefront/site.server.js';
import { getSql } from '../../db/client.server.js';

export const loader = () => methodNotAllowed('POST');

export const action = apiRoute(async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed('POST');
  const site = await requestSite(request, context);
  const form = await loadForm(await getSql(), site.id, params.formId ?? '');
  if (!form) return jsonError(404, FORM_TEXT.notConfigured);
  const body = await readBody(request);
  const values = normalizeValues(form.definition.fields, body);
  if (values === null) return jsonError(400, FORM_TEXT.unparsable);
  const errors = validateForm(form.definition.fields, values);
  if (Object.keys(errors).length > 0) return jsonAnswer({ error: FORM_TEXT.invalid, errors }, { status: 400 });
  return jsonAnswer({ errors: {} });
});
