// /account/sign-in: a shopper signs in to their account (a plain POST form, JavaScript or not).
// A failure comes back with the message and the email typed; the password is never sent back.
// /fr/account/sign-in is the same page in another language of the site, its answers under /fr.
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { readFlash, redirectLeavingFlash } from '../utils/flash.server.js';
import { nextIn, SignInForm } from '../auth/site-user-forms.server.js';
import { fieldView, SIGN_IN_PAGE } from '../auth/site-user-pages.js';
import { metaFromSeo } from '../components/seo-meta.js';
import { ThemePage } from '../components/ThemePage.js';
import { forwardHeaders } from '../storefront/http.server.js';
import { accountPage, signedInUser, signInWithPassword } from '../storefront/site-user-flow.server.js';
import { requestSite } from '../storefront/site.server.js';
import { firstErrors, parseForm, readForm } from '../utils/form.server.js';
import { accountPageOf, requestLanguage, servesLanguage } from '../storefront/request-language.server.js';
import { messageIn, messagesIn, UNREADABLE } from '../storefront/shop-messages.server.js';
import { pathPageAction, pathPageLoader } from '../storefront/path-page.server.js';

export async function loader(args: LoaderFunctionArgs) {
  const { request, context, params } = args;
  if (!(await servesLanguage(request, context, params.lang))) return pathPageLoader(args);
  const lang = await requestLanguage(request, context);
  const url = new URL(request.url);
  if (await signedInUser(request, context)) return redirect(nextIn(url.searchParams.get('redirectTo'), lang.to), 303);
  const flash = await readFlash(request, 'account', (f) => f.form === 'sign-in');
  const v = flash?.values ?? {};
  const e = messagesIn(lang.strings, flash?.errors ?? {});
  return accountPage(request, context, lang.t('accountSignInTitle', 'Sign in'), SIGN_IN_PAGE, {
    notice: messageIn(lang.strings, flash?.notice ?? ''),
    formError: messageIn(lang.strings, flash?.formError ?? ''),
    redirectTo: nextIn(v.redirectTo ?? url.searchParams.get('redirectTo'), lang.to),
    rememberMe: v.rememberMe === 'on',
    fields: [
      fieldView('email', lang.t('accountEmailLabel', 'Email'), { type: 'email', value: v.email, error: e.email, autocomplete: 'email' }),
      fieldView('password', lang.t('accountPasswordLabel', 'Password'), {
        type: 'password',
        error: e.password,
        autocomplete: 'current-password',
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
  const submission = form ? parseForm(form, SignInForm) : null;
  const back = (flash: { formError?: string; errors?: Record<string, string> }) => {
    const typed = (submission?.payload ?? {}) as Record<string, string>;
    return redirectLeavingFlash(request, lang.to('/account/sign-in'), 'account', {
      form: 'sign-in',
      ...flash,
      values: { email: String(typed.email ?? ''), rememberMe: typed.rememberMe ? 'on' : '', redirectTo: String(typed.redirectTo ?? '') },
    });
  };
  if (!submission) return back({ formError: UNREADABLE });
  if (submission.status !== 'success') return back({ errors: firstErrors(submission.error ?? undefined) });
  const r = await signInWithPassword(request, websiteId, submission.value);
  if (!r.ok) return back({ formError: r.error });
  // Sent to no page in particular: the account page, in the language the shopper chose before.
  const next = nextIn(submission.value.redirectTo, lang.to);
  const to = next === lang.to('/account') ? await accountPageOf(websiteId, r.user.id, lang) : next;
  return redirect(to, { status: 303, headers: r.headers });
}

export const headers: HeadersFunction = ({ loaderHeaders }) => forwardHeaders(loaderHeaders);
export const meta: MetaFunction<typeof loader> = ({ data }) => metaFromSeo(data?.seo);

export default function SignInPage() {
  const { html, seo } = useLoaderData<typeof loader>();
  return <ThemePage html={html} jsonLd={seo.jsonLd} />;
}
