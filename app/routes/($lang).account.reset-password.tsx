// /account/reset-password?token=...: the link of the reset email. A live link shows the form; the
// new password ends every session of the account, then the shopper signs in with it.
// /fr/account/reset-password is the same page in another language of the site.
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { getSql } from '../../db/client.server.js';
import { readFlash, redirectLeavingFlash, redirectWithFlash } from '../utils/flash.server.js';
import { MIN_PASSWORD, ResetForm } from '../auth/site-user-forms.server.js';
import { fieldView, RESET_PAGE } from '../auth/site-user-pages.js';
import { resetPassword, resetTokenIsLive, RESET_TEXT } from '../auth/site-user-reset.server.js';
import { metaFromSeo } from '../components/seo-meta.js';
import { ThemePage } from '../components/ThemePage.js';
import { forwardHeaders } from '../storefront/http.server.js';
import { accountPage } from '../storefront/site-user-flow.server.js';
import { firstErrors, parseForm, readForm } from '../utils/form.server.js';
import { requestLanguage, servesLanguage } from '../storefront/request-language.server.js';
import { messageIn, messagesIn } from '../storefront/shop-messages.server.js';
import { pathPageAction, pathPageLoader } from '../storefront/path-page.server.js';

export async function loader(args: LoaderFunctionArgs) {
  const { request, context, params } = args;
  if (!(await servesLanguage(request, context, params.lang))) return pathPageLoader(args);
  const lang = await requestLanguage(request, context);
  const token = new URL(request.url).searchParams.get('token') ?? '';
  const flash = await readFlash(request, 'account', (f) => f.form === 'reset');
  const live = await resetTokenIsLive(await getSql(), token);
  const e = messagesIn(lang.strings, flash?.errors ?? {});
  return accountPage(request, context, lang.t('accountResetTitle', 'Set a new password'), RESET_PAGE, {
    notice: '',
    formError: messageIn(lang.strings, live ? (flash?.formError ?? '') : RESET_TEXT.invalid),
    live,
    token: live ? token : '',
    fields: [
      fieldView('password', lang.t('accountNewPasswordLabel', 'New password'), {
        type: 'password',
        error: e.password,
        autocomplete: 'new-password',
        hint: lang.t('accountPasswordHint', 'At least {min} characters.', { min: MIN_PASSWORD }),
      }),
      fieldView('confirm', lang.t('accountConfirmPasswordLabel', 'New password again'), {
        type: 'password',
        error: e.confirm,
        autocomplete: 'new-password',
      }),
    ],
  });
}

export async function action(args: ActionFunctionArgs) {
  const { request, context, params } = args;
  if (!(await servesLanguage(request, context, params.lang))) return pathPageAction(args);
  const lang = await requestLanguage(request, context);
  const form = await readForm(request);
  const submission = form ? parseForm(form, ResetForm) : null;
  const token = String((submission?.payload as Record<string, unknown> | undefined)?.token ?? '');
  const here = lang.to(`/account/reset-password?token=${encodeURIComponent(token)}`);
  if (!submission || submission.status !== 'success') {
    return redirectLeavingFlash(request, here, 'account', { form: 'reset', errors: firstErrors(submission?.error ?? undefined) });
  }
  if (!(await resetPassword(await getSql(), submission.value.token, submission.value.password))) return redirectWithFlash(request, here);
  return redirectLeavingFlash(request, lang.to('/account/sign-in'), 'account', { form: 'sign-in', notice: RESET_TEXT.done });
}

export const headers: HeadersFunction = ({ loaderHeaders }) => forwardHeaders(loaderHeaders);
export const meta: MetaFunction<typeof loader> = ({ data }) => metaFromSeo(data?.seo);

export default function ResetPasswordPage() {
  const { html, seo } = useLoaderData<typeof loader>();
  return <ThemePage html={html} jsonLd={seo.jsonLd} />;
}
