// POST /page-access: the forms of the pages shown instead of a locked or member page (app/access):
// the lock screen's password (unlock), joining a free member area (join) and subscribing to a
// paid one (subscribe). Plain form posts answered with a 303, so they work without JavaScript.
import type { ActionFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { z } from 'zod';
import { accessAction } from '../storefront/access-page.server.js';
import { requestSite } from '../storefront/site.server.js';
import { parseForm, readForm } from '../utils/form.server.js';

const Back = z.string().max(2000).optional();
const AccessForm = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('unlock'), scope: z.string().min(1).max(100), password: z.string().max(256).optional(), redirectTo: Back }),
  z.object({ intent: z.literal('join'), areaId: z.string().min(1).max(100), redirectTo: Back }),
  z.object({ intent: z.literal('subscribe'), areaId: z.string().min(1).max(100), redirectTo: Back }),
]);

/** Where to go back to: a path of this site, the home page by default. */
function safeBack(raw: string | null | undefined): string {
  return raw && /^\/(?!\/)[^\\\s]*$/.test(raw) ? raw : '/';
}

export const loader = () => redirect('/', 303);

export async function action({ request, context }: ActionFunctionArgs) {
  const { id: websiteId } = await requestSite(request, context);
  const form = await readForm(request);
  const submission = form ? parseForm(form, AccessForm) : null;
  // A form of ours always parses: anything else goes back where it came from (or home).
  if (!submission || submission.status !== 'success') return redirect(safeBack(form?.get('redirectTo')), 303);
  const value = submission.value;
  return accessAction(request, websiteId, { ...value, redirectTo: safeBack(value.redirectTo) });
}
