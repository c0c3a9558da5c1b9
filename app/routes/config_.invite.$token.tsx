// /config/invite/<token>: accepting an invitation. A new person sets a name and password; someone
// who already has an owner account enters their password. Then they are signed in to that site.
import type { HeadersFunction, ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { getSql } from '../../db/client.server.js';
import { acceptInvite, InviteError, INVITE_TEXT, pendingInvite } from '../auth/invites.server.js';
import { startSession } from '../auth/sign-in-flow.server.js';
import { Field, FormError } from '../components/config/Field.js';
import { readReply } from '../components/config/reply.js';
import { readForm, refusedReply } from '../utils/form.server.js';
import stylesheet from '../styles/config.css?url';
import { ownerPageHeaders } from '../config/http.js';

export const headers: HeadersFunction = ownerPageHeaders;

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: stylesheet }];
export const meta: MetaFunction = () => [{ title: 'Accept the invitation' }, { name: 'robots', content: 'noindex' }];

export async function loader({ params }: LoaderFunctionArgs) {
  const invite = await pendingInvite(await getSql(), params.token ?? '');
  if (!invite)
    return json(
      { invite: null, expiredText: INVITE_TEXT.expired },
      { status: 410, headers: { 'Cache-Control': 'no-store', 'Referrer-Policy': 'same-origin' } },
    );
  return json(
    {
      invite: { email: invite.email, roleName: invite.roleName, siteTitle: invite.siteTitle, hasAccount: invite.hasAccount },
      expiredText: '',
    },
    { headers: { 'Cache-Control': 'no-store', 'Referrer-Policy': 'same-origin' } },
  );
}

export async function action({ request, params }: ActionFunctionArgs) {
  const sql = await getSql();
  const form = await readForm(request);
  const name = form?.get('name') ?? '';
  const password = form?.get('password') ?? '';
  const confirm = form?.get('confirm');
  // A refusal keeps the name typed, never the passwords (they are not drawn again).
  const typed = new URLSearchParams({ name });
  if (confirm !== null && confirm !== undefined && confirm !== password) {
    return json(refusedReply(INVITE_TEXT.mismatch, typed, { confirm: INVITE_TEXT.mismatch }), { status: 400 });
  }
  try {
    const { owner, websiteId } = await acceptInvite(sql, params.token ?? '', { name, password });
    return startSession(sql, request, owner, '/config', websiteId);
  } catch (e) {
    if (e instanceof InviteError) {
      return json(refusedReply(e.message, typed, e.field ? { [e.field]: e.message } : {}), { status: e.field ? 400 : 410 });
    }
    throw e;
  }
}

export default function AcceptInvite() {
  const { invite, expiredText } = useLoaderData<typeof loader>();
  const failed = readReply(useActionData<typeof action>());
  return (
    <div className="config-app">
      <main className="sign-in card">
        {!invite ? (
          <>
            <h1>Invitation not valid</h1>
            <p>{expiredText}</p>
          </>
        ) : (
          <>
            <h1>Join {invite.siteTitle}</h1>
            <p>
              You are invited as <strong>{invite.roleName}</strong> with the email {invite.email}.
            </p>
            <FormError message={failed?.formError} />
            <Form method="post">
              {invite.hasAccount ? (
                <Field
                  name="password"
                  label="Your password"
                  type="password"
                  autoComplete="current-password"
                  required
                  error={failed?.errors.password}
                />
              ) : (
                <>
                  <Field
                    name="name"
                    label="Your name"
                    autoComplete="name"
                    required
                    defaultValue={failed?.typed?.name ?? ''}
                    error={failed?.errors.name}
                  />
                  <Field
                    name="password"
                    label="Choose a password"
                    type="password"
                    autoComplete="new-password"
                    required
                    minLength={10}
                    hint="At least 10 characters."
                    error={failed?.errors.password}
                  />
                  <Field
                    name="confirm"
                    label="Repeat the password"
                    type="password"
                    autoComplete="new-password"
                    required
                    error={failed?.errors.confirm}
                  />
                </>
              )}
              <button type="submit">Accept and sign in</button>
            </Form>
          </>
        )}
      </main>
    </div>
  );
}
