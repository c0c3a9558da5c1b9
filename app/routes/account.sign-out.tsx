// POST /account/sign-out: the sign-out button of the account page (works without JavaScript).
// "Keep my cart in this browser" (cloneCart) leaves a copy of the cart here; else the cart stays
// with the account. A GET shows the account page (or sign-in).
import type { ActionFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { SignOutForm } from '../auth/site-user-forms.server.js';
import { signOutUser } from '../storefront/site-user-flow.server.js';
import { requestSite } from '../storefront/site.server.js';
import { parseForm, readForm } from '../utils/form.server.js';

export const loader = () => redirect('/account', 303);

export async function action({ request, context }: ActionFunctionArgs) {
  const { id: websiteId } = await requestSite(request, context);
  const form = await readForm(request);
  const parsed = form ? parseForm(form, SignOutForm) : null;
  const cloneCart = parsed?.status === 'success' ? parsed.value.cloneCart : true;
  const headers = await signOutUser(request, websiteId, cloneCart);
  return redirect('/account/sign-in', { status: 303, headers });
}
