// POST /api/form/FormSubmissionKey (SPEC 7): an empty body in, {data: {key}} out, the short-lived
// key a form script sends with SaveFormSubmission (app/forms/submission-key.server.ts).
import type { ActionFunctionArgs } from '@remix-run/node';
import { issueSubmissionKey } from '../forms/submission-key.server.js';
import { apiRoute, jsonAnswer, methodNotAllowed } from '../storefront/api.server.js';
import { requestSite } from '../storefront/site.server.js';

export const loader = () => methodNotAllowed('POST');

export const action = apiRoute(async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed('POST');
  const site = await requestSite(request, context);
  return jsonAnswer({ data: { key: issueSubmissionKey(site.id) } });
});
