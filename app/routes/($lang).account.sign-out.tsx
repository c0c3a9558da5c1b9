// POST /account/sign-out: the sign-out button of the account page (works without JavaScript).
// "Keep my cart in this browser" (cloneCart) leaves a copy of the cart here; else the cart stays
// with the account. A GET shows the account page (or sign-in). /fr/account/sign-out answers under /fr.
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { SignOutForm } from '../auth/site-user-forms.server.js';
import { signOutUser } from '../storefront/site-user-flow.server.js';
import { requestSite } from '../storefront/site.server.js';
import { parseForm, readForm } from '../utils/form.server.js';
import { requestLanguage, servesLanguage } from '../storefront/request-language.server.js';

/** /blog/account/sign-out is no language's sign-out: nothing is there (this route has no page to show). */
const notHere = () => new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });

export async function loader(args: LoaderFunctionArgs) {
  const { request, context, params } = args;
  if (!(await servesLanguage(request, context, params.lang))) return notHere();
  return redirect((await requestLanguage(request, context)).to('/account'), 303);
}

export async function action(args: ActionFunctionArgs) {
  const { request, context, params } = args;
  if (!(await servesLanguage(request, context, params.lang))) return notHere();
  const { id: websiteId } = await requestSite(request, context);
  const lang = await requestLanguage(request, context);
  const form = await readForm(request);
  const parsed = form ? parseForm(form, SignOutForm) : null;
  const cloneCart = parsed?.status === 'success' ? parsed.value.cloneCart : true;
  const headers = await signOutUser(request, websiteId, cloneCart);
  return redirect(lang.to('/account/sign-in'), { status: 303, headers });
}
