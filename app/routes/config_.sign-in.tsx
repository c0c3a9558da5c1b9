// /config/sign-in: owners sign in with email and password (remix-auth form strategy). A failed
// attempt keeps the email typed and says why; repeated failures make the owner wait, then lock.
import type { HeadersFunction, ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation, useSearchParams } from '@remix-run/react';
import { getSql } from '../../db/client.server.js';
import { safeConfigPath } from '../auth/permissions.server.js';
import { isSignedIn, signIn } from '../auth/sign-in-flow.server.js';
import { Field, FormError, Notice } from '../components/config/Field.js';
import stylesheet from '../styles/config.css?url';
import { readReply } from '../components/config/reply.js';
import { ownerPageHeaders } from '../config/http.js';
import { refusedReply } from '../utils/form.server.js';

export const headers: HeadersFunction = ownerPageHeaders;

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: stylesheet }];
export const meta: MetaFunction = () => [{ title: 'Sign in' }, { name: 'robots', content: 'noindex' }];

export async function loader({ request }: LoaderFunctionArgs) {
  const sql = await getSql();
  const url = new URL(request.url);
  if (await isSignedIn(sql, request)) return redirect(safeConfigPath(url.searchParams.get('redirectTo')));
  const signedOut = url.searchParams.get('signedOut');
  return json(
    { notice: signedOut === 'everywhere' ? 'You are signed out on every device.' : signedOut ? 'You are signed out.' : null },
    { headers: { 'Cache-Control': 'no-store' } },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const sql = await getSql();
  const host = (context.site as { id?: string } | undefined)?.id ?? null;
  const r = await signIn(sql, request, host);
  if (r.ok) return r.response;
  const headers: Record<string, string> = { 'Cache-Control': 'no-store' };
  if (r.retryAfterS) headers['Retry-After'] = String(r.retryAfterS);
  // The credentials are checked by the sign-in flow, not a form schema: the reply is its message, and
  // of what was typed only the email (never the password).
  return json(refusedReply(r.error, new URLSearchParams({ email: r.email })), { status: r.retryAfterS ? 429 : 400, headers });
}

export default function SignIn() {
  const { notice } = useLoaderData<typeof loader>();
  const failed = readReply(useActionData<typeof action>());
  const [params] = useSearchParams();
  const busy = useNavigation().state === 'submitting';
  return (
    <div className="config-app">
      <main className="sign-in card">
        <h1>Sign in</h1>
        <Notice message={notice} />
        <FormError message={failed?.formError} />
        <Form method="post" action={`/config/sign-in${params.toString() ? `?${params}` : ''}`}>
          <input type="hidden" name="redirectTo" value={params.get('redirectTo') ?? '/config'} />
          <Field name="email" label="Email" type="email" autoComplete="username" required defaultValue={failed?.typed?.email ?? ''} />
          <Field name="password" label="Password" type="password" autoComplete="current-password" required />
          <button type="submit" disabled={busy}>
            {busy ? 'Signing in…' : 'Sign in'}
          </button>
        </Form>
      </main>
    </div>
  );
}
