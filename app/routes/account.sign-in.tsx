// /account/sign-in: a shopper signs in to their account (a plain POST form, JavaScript or not).
// A failure comes back with the message and the email typed; the password is never sent back.
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { redirectWithFlash, setAccountFlash, takeAccountFlash } from '../auth/site-user-flash.server.js';
import { safeNext, SignInForm } from '../auth/site-user-forms.server.js';
import { fieldView, SIGN_IN_PAGE } from '../auth/site-user-pages.js';
import { metaFromSeo } from '../components/seo-meta.js';
import { ThemePage } from '../components/ThemePage.js';
import { forwardHeaders } from '../storefront/http.server.js';
import { accountPage, signedInUser, signInWithPassword } from '../storefront/site-user-flow.server.js';
import { requestSite } from '../storefront/site.server.js';
import { firstErrors, parseForm, readForm } from '../utils/form.server.js';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  if (await signedInUser(request, context)) return redirect(safeNext(url.searchParams.get('redirectTo')), 303);
  const flash = await takeAccountFlash(request, 'sign-in');
  const v = flash?.values ?? {};
  return accountPage(request, context, 'Sign in', SIGN_IN_PAGE, {
    notice: flash?.notice ?? '',
    formError: flash?.formError ?? '',
    redirectTo: safeNext(v.redirectTo ?? url.searchParams.get('redirectTo')),
    rememberMe: v.rememberMe === 'on',
    fields: [
      fieldView('email', 'Email', { type: 'email', value: v.email, error: flash?.errors?.email, autocomplete: 'email' }),
      fieldView('password', 'Password', { type: 'password', error: flash?.errors?.password, autocomplete: 'current-password' }),
    ],
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { id: websiteId } = await requestSite(request, context);
  const form = await readForm(request);
  const submission = form ? parseForm(form, SignInForm) : null;
  const back = async (flash: { formError?: string; errors?: Record<string, string> }) => {
    const typed = (submission?.payload ?? {}) as Record<string, string>;
    await setAccountFlash(request, {
      form: 'sign-in',
      ...flash,
      values: { email: String(typed.email ?? ''), rememberMe: typed.rememberMe ? 'on' : '', redirectTo: String(typed.redirectTo ?? '') },
    });
    return redirectWithFlash(request, '/account/sign-in');
  };
  if (!submission) return back({ formError: 'Could not parse the form fields, please check your entries.' });
  if (submission.status !== 'success') return back({ errors: firstErrors(submission.error ?? undefined) });
  const r = await signInWithPassword(request, websiteId, submission.value);
  if (!r.ok) return back({ formError: r.error });
  return redirect(safeNext(submission.value.redirectTo), { status: 303, headers: r.headers });
}

export const headers: HeadersFunction = ({ loaderHeaders }) => forwardHeaders(loaderHeaders);
export const meta: MetaFunction<typeof loader> = ({ data }) => metaFromSeo(data?.seo);

export default function SignInPage() {
  const { html, seo } = useLoaderData<typeof loader>();
  return <ThemePage html={html} jsonLd={seo.jsonLd} />;
}
