// /account/forgot-password: asks for a reset link by email. The answer is the same whether or not
// the email has an account; requests are rate-limited per visitor. /fr/account/forgot-password is
// the same page in another language of the site.
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { getSql } from '../../db/client.server.js';
import { readFlash, redirectLeavingFlash, type AccountFlash } from '../utils/flash.server.js';
import { ForgotForm } from '../auth/site-user-forms.server.js';
import { FORGOT_PAGE, fieldView } from '../auth/site-user-pages.js';
import { requestPasswordReset, RESET_TEXT } from '../auth/site-user-reset.server.js';
import { limitVisitor, MSG } from '../commerce/cart.server.js';
import { metaFromSeo } from '../components/seo-meta.js';
import { ThemePage } from '../components/ThemePage.js';
import { forwardHeaders } from '../storefront/http.server.js';
import { accountMailContext, accountPage } from '../storefront/site-user-flow.server.js';
import { requestSite } from '../storefront/site.server.js';
import { firstErrors, parseForm, readForm } from '../utils/form.server.js';
import { requestLanguage, servesLanguage } from '../storefront/request-language.server.js';
import { messageIn, messagesIn } from '../storefront/shop-messages.server.js';
import { pathPageAction, pathPageLoader } from '../storefront/path-page.server.js';

export async function loader(args: LoaderFunctionArgs) {
  const { request, context, params } = args;
  if (!(await servesLanguage(request, context, params.lang))) return pathPageLoader(args);
  const lang = await requestLanguage(request, context);
  const flash = await readFlash(request, 'account', (f) => f.form === 'forgot');
  const e = messagesIn(lang.strings, flash?.errors ?? {});
  return accountPage(request, context, lang.t('accountForgotTitle', 'Forgot password?'), FORGOT_PAGE, {
    notice: messageIn(lang.strings, flash?.notice ?? ''),
    formError: messageIn(lang.strings, flash?.formError ?? ''),
    fields: [
      fieldView('email', lang.t('accountEmailLabel', 'Email'), {
        type: 'email',
        value: flash?.values?.email,
        error: e.email,
        autocomplete: 'email',
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
  const submission = form ? parseForm(form, ForgotForm) : null;
  const back = (flash: Omit<AccountFlash, 'form'>) =>
    redirectLeavingFlash(request, lang.to('/account/forgot-password'), 'account', { form: 'forgot', ...flash });
  if (!submission || submission.status !== 'success') {
    const typed = (submission?.payload ?? {}) as Record<string, unknown>;
    return back({ errors: firstErrors(submission?.error ?? undefined), values: { email: String(typed.email ?? '') } });
  }
  const limit = await limitVisitor(request, null);
  if (!limit.ok) return back({ formError: MSG.tooManyRequests, values: { email: submission.value.email } });
  await requestPasswordReset(await getSql(), websiteId, submission.value.email, await accountMailContext(websiteId, request));
  return back({ notice: RESET_TEXT.sent });
}

export const headers: HeadersFunction = ({ loaderHeaders }) => forwardHeaders(loaderHeaders);
export const meta: MetaFunction<typeof loader> = ({ data }) => metaFromSeo(data?.seo);

export default function ForgotPasswordPage() {
  const { html, seo } = useLoaderData<typeof loader>();
  return <ThemePage html={html} jsonLd={seo.jsonLd} />;
}
