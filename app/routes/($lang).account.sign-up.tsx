// /account/sign-up: a shopper creates an account (name, email, password) and is signed in, their
// browser's cart becoming the account's. Errors come back beside their fields, typed values kept.
// /fr/account/sign-up is the same page in another language of the site, its answers under /fr.
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { readFlash, redirectLeavingFlash } from '../utils/flash.server.js';
import { MIN_PASSWORD, nextIn, SignUpForm } from '../auth/site-user-forms.server.js';
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
import { requestLanguage, servesLanguage } from '../storefront/request-language.server.js';
import { messageIn, messagesIn, UNREADABLE } from '../storefront/shop-messages.server.js';
import { pathPageAction, pathPageLoader } from '../storefront/path-page.server.js';

export async function loader(args: LoaderFunctionArgs) {
  const { request, context, params } = args;
  if (!(await servesLanguage(request, context, params.lang))) return pathPageLoader(args);
  const lang = await requestLanguage(request, context);
  const url = new URL(request.url);
  if (await signedInUser(request, context)) return redirect(nextIn(url.searchParams.get('redirectTo'), lang.to), 303);
  const flash = await readFlash(request, 'account', (f) => f.form === 'sign-up');
  const v = flash?.values ?? {};
  const e = messagesIn(lang.strings, flash?.errors ?? {});
  // Sent here from a page for signed-in shoppers (issue 16), the shopper goes back to it after.
  const next = nextIn(v.redirectTo ?? url.searchParams.get('redirectTo'), lang.to);
  return accountPage(request, context, lang.t('accountSignUpTitle', 'Create an account'), SIGN_UP_PAGE, {
    notice: '',
    formError: messageIn(lang.strings, flash?.formError ?? ''),
    redirectTo: next,
    signInHref: next === lang.to('/account') ? '/account/sign-in' : `/account/sign-in?redirectTo=${encodeURIComponent(next)}`,
    fields: [
      fieldView('name', lang.t('accountNameLabel', 'Name'), { value: v.name, error: e.name, autocomplete: 'name' }),
      fieldView('email', lang.t('accountEmailLabel', 'Email'), { type: 'email', value: v.email, error: e.email, autocomplete: 'email' }),
      fieldView('password', lang.t('accountPasswordLabel', 'Password'), {
        type: 'password',
        error: e.password,
        autocomplete: 'new-password',
        hint: lang.t('accountPasswordHint', 'At least {min} characters.', { min: MIN_PASSWORD }),
      }),
    ],
  });
}

export async function action(args: ActionFunctionArgs) {
  const { request, context, params } = args;
  if (!(await servesLanguage(request, context, params.lang))) return pathPageAction(args);
  const { id: websiteId } = await requestSite(request, context);
  const lang = await requestLanguage(request, context);
  const form = await readForm(request);
  const submission = form ? parseForm(form, SignUpForm) : null;
  const back = (flash: { formError?: string; errors?: Record<string, string> }) => {
    const typed = (submission?.payload ?? {}) as Record<string, unknown>;
    return redirectLeavingFlash(request, lang.to('/account/sign-up'), 'account', {
      form: 'sign-up',
      ...flash,
      values: { name: String(typed.name ?? ''), email: String(typed.email ?? ''), redirectTo: String(typed.redirectTo ?? '') },
    });
  };
  if (!submission) return back({ formError: UNREADABLE });
  if (submission.status !== 'success') return back({ errors: firstErrors(submission.error ?? undefined) });
  // Each sign-up hashes a password: a visitor hammering the form waits like one hammering the cart.
  const limit = await limitVisitor(request, null);
  if (!limit.ok) return back({ formError: MSG.tooManyRequests });
  const created = await createSiteUser(await getSql(), websiteId, submission.value);
  if (!created.ok) return back({ errors: { email: created.error } });
  const { headers } = await signInUser(request, websiteId, created.user, false);
  return redirect(nextIn(submission.value.redirectTo, lang.to), { status: 303, headers });
}

export const headers: HeadersFunction = ({ loaderHeaders }) => forwardHeaders(loaderHeaders);
export const meta: MetaFunction<typeof loader> = ({ data }) => metaFromSeo(data?.seo);

export default function SignUpPage() {
  const { html, seo } = useLoaderData<typeof loader>();
  return <ThemePage html={html} jsonLd={seo.jsonLd} />;
}
