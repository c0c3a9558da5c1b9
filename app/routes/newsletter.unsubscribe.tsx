// /newsletter/unsubscribe?token=…: the link in every newsletter email. GET asks to confirm (a link
// preview or a mail scanner must not unsubscribe anyone); the button POSTs, with or without
// JavaScript. RFC 8058's one-click POST (body List-Unsubscribe=One-Click) is taken as well.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { unsubscribeByToken } from '../forms/mailing-list.server.js';
import { getSql } from '../../db/client.server.js';

const UNSUBSCRIBE_TEXT = {
  confirm: 'Unsubscribe from this mailing list?',
  done: (list: string) => `You are unsubscribed from ${list}. You will get no more emails from it.`,
  invalid: 'This unsubscribe link is not valid. It may be from an older email: use the link in the latest one.',
} as const;

const NO_STORE = { 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex', 'Referrer-Policy': 'no-referrer' };

export const meta: MetaFunction = () => [{ title: 'Unsubscribe' }, { name: 'robots', content: 'noindex' }];

export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  return json({ token }, { headers: NO_STORE });
}

export async function action({ request }: ActionFunctionArgs) {
  const url = new URL(request.url);
  let token = url.searchParams.get('token') ?? '';
  try {
    const form = await request.formData();
    const posted = form.get('token');
    if (typeof posted === 'string' && posted !== '') token = posted;
  } catch {
    // A one-click POST may come with no form body the parser takes: the query's token stands.
  }
  const r = await unsubscribeByToken(await getSql(), token);
  if (!r) return json({ ok: false as const, message: UNSUBSCRIBE_TEXT.invalid }, { status: 400, headers: NO_STORE });
  return json({ ok: true as const, message: UNSUBSCRIBE_TEXT.done(r.listName) }, { headers: NO_STORE });
}

export default function Unsubscribe() {
  const { token } = useLoaderData<typeof loader>();
  const done = useActionData<typeof action>();
  return (
    <main style={{ fontFamily: 'system-ui,sans-serif', maxWidth: '36rem', margin: '4rem auto', padding: '0 1rem', color: '#222' }}>
      <h1>Unsubscribe</h1>
      {done ? (
        <p role="status">{done.message}</p>
      ) : token ? (
        <Form method="post" action={`/newsletter/unsubscribe?token=${encodeURIComponent(token)}`} reloadDocument>
          <p>{UNSUBSCRIBE_TEXT.confirm}</p>
          <input type="hidden" name="token" value={token} />
          <button type="submit">Unsubscribe</button>
        </Form>
      ) : (
        <p role="alert">{UNSUBSCRIBE_TEXT.invalid}</p>
      )}
    </main>
  );
}
