// /account/forgot-password: asks for a reset link by email. The answer is the same whether or not
// the email has an account; requests are rate-limited per visitor.
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { getSql } from '../../db/client.server.js';
import { redirectWithFlash, setAccountFlash, takeAccountFlash } from '../auth/site-user-flash.server.js';
import { ForgotForm } from '../auth/site-user-forms.server.js';
import { FORGOT_PAGE, fieldView } from '../auth/site-user-pages.js';
import { requestPasswordReset, RESET_TEXT } from '../auth/site-user-reset.server.js';
import { limitVisitor } from '../commerce/cart.server.js';
import { metaFromSeo } from '../components/seo-meta.js';
import { ThemePage } from '../components/ThemePage.js';
import { forwardHeaders } from '../storefront/http.server.js';
import { accountMailContext, accountPage } from '../storefront/site-user-flow.server.js';
import { requestSite } from '../storefront/site.server.js';
import { firstErrors, parseForm, readForm } from '../utils/form.server.js';
import { log } from '../utils/log.server.js';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const flash = await takeAccountFlash(request, 'forgot');
  return accountPage(request, context, 'Forgot password?', FORGOT_PAGE, {
    notice: flash?.notice ?? '',
    formError: flash?.formError ?? '',
    fields: [
      fieldView('email', 'Email', { type: 'email', value: flash?.values?.email, error: flash?.errors?.email, autocomplete: 'email' }),
    ],
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { id: websiteId } = await requestSite(request, context);
  const form = await readForm(request);
  const submission = form ? parseForm(form, ForgotForm) : null;
  if (!submission || submission.status !== 'success') {
    const typed = (submission?.payload ?? {}) as Record<string, unknown>;
    await setAccountFlash(request, {
      form: 'forgot',
      errors: firstErrors(submission?.error ?? undefined),
      values: { email: String(typed.email ?? '') },
    });
    return redirectWithFlash(request, '/account/forgot-password');
  }
  const limit = await limitVisitor(request, null);
  if (!limit.ok) {
    await setAccountFlash(request, {
      form: 'forgot',
      formError: 'Please try again in a few seconds.',
      values: { email: submission.value.email },
    });
    return redirectWithFlash(request, '/account/forgot-password');
  }
  const sent = await requestPasswordReset(await getSql(), websiteId, submission.value.email, await accountMailContext(websiteId, request));
  if (sent?.status === 'unsent') log.warn('site-user: a password reset email was not sent');
  await setAccountFlash(request, { form: 'forgot', notice: RESET_TEXT.sent });
  return redirectWithFlash(request, '/account/forgot-password');
}

export const headers: HeadersFunction = ({ loaderHeaders }) => forwardHeaders(loaderHeaders);
export const meta: MetaFunction<typeof loader> = ({ data }) => metaFromSeo(data?.seo);

export default function ForgotPasswordPage() {
  const { html, seo } = useLoaderData<typeof loader>();
  return <ThemePage html={html} jsonLd={seo.jsonLd} />;
}
