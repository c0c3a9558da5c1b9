// /account/sign-up: a shopper creates an account (name, email, password) and is signed in, their
// browser's cart becoming the account's. Errors come back beside their fields, typed values kept.
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { redirectWithFlash, setAccountFlash, takeAccountFlash } from '../auth/site-user-flash.server.js';
import { MIN_PASSWORD, safeNext, SignUpForm } from '../auth/site-user-forms.server.js';
import { fieldView, SIGN_UP_PAGE } from '../auth/site-user-pages.js';
import { createSiteUser } from '../auth/site-user-store.server.js';
import { limitVisitor, MSG } from '../commerce/cart.server.js';
import { metaFromSeo } from '../components/seo-meta.js';
import { ThemePage } from '../components/ThemePage.js';
import { getSql } from '../../db/client.server.js';
import { forwardHeaders } from '../storefront/http.server.js';
import { accountPage, signedInUser, signInUser } from '../storefront/site-user-flow.server.js';
import { requestSite } from '../storefront/site.server.js';
import { firstErrors, parseForm, readForm } from '../utils/form.server.js';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  if (await signedInUser(request, context)) return redirect(safeNext(url.searchParams.get('redirectTo')), 303);
  const flash = await takeAccountFlash(request, 'sign-up');
  const v = flash?.values ?? {};
  const e = flash?.errors ?? {};
  // Sent here from a page for signed-in shoppers (issue 16), the shopper goes back to it after.
  const next = safeNext(v.redirectTo ?? url.searchParams.get('redirectTo'));
  return accountPage(request, context, 'Create an account', SIGN_UP_PAGE, {
    notice: '',
    formError: flash?.formError ?? '',
    redirectTo: next,
    signInHref: next === '/account' ? '/account/sign-in' : `/account/sign-in?redirectTo=${encodeURIComponent(next)}`,
    fields: [
      fieldView('name', 'Name', { value: v.name, error: e.name, autocomplete: 'name' }),
      fieldView('email', 'Email', { type: 'email', value: v.email, error: e.email, autocomplete: 'email' }),
      fieldView('password', 'Password', {
        type: 'password',
        error: e.password,
        autocomplete: 'new-password',
        hint: `At least ${MIN_PASSWORD} characters.`,
      }),
    ],
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { id: websiteId } = await requestSite(request, context);
  const form = await readForm(request);
  const submission = form ? parseForm(form, SignUpForm) : null;
  const back = async (flash: { formError?: string; errors?: Record<string, string> }) => {
    const typed = (submission?.payload ?? {}) as Record<string, unknown>;
    await setAccountFlash(request, {
      form: 'sign-up',
      ...flash,
      values: { name: String(typed.name ?? ''), email: String(typed.email ?? ''), redirectTo: String(typed.redirectTo ?? '') },
    });
    return redirectWithFlash(request, '/account/sign-up');
  };
  if (!submission) return back({ formError: 'Could not parse the form fields, please check your entries.' });
  if (submission.status !== 'success') return back({ errors: firstErrors(submission.error ?? undefined) });
  // Each sign-up hashes a password: a visitor hammering the form waits like one hammering the cart.
  const limit = await limitVisitor(request, null);
  if (!limit.ok) return back({ formError: MSG.tooManyRequests });
  const created = await createSiteUser(await getSql(), websiteId, submission.value);
  if (!created.ok) return back({ errors: { email: created.error } });
  const { headers } = await signInUser(request, websiteId, created.user, false);
  return redirect(safeNext(submission.value.redirectTo), { status: 303, headers });
}

export const headers: HeadersFunction = ({ loaderHeaders }) => forwardHeaders(loaderHeaders);
export const meta: MetaFunction<typeof loader> = ({ data }) => metaFromSeo(data?.seo);

export default function SignUpPage() {
  const { html, seo } = useLoaderData<typeof loader>();
  return <ThemePage html={html} jsonLd={seo.jsonLd} />;
}
