// /config/restock: back-in-stock sign-ups per variant (waiting count, in stock or not), a variant's
// sign-ups, and the Send / Send to all buttons (only variants back in stock can be sent). Pages
// follow opaque cursors through plain links, so the screen works without JavaScript.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { FormError, Notice } from '../components/config/Field.js';
import { readReply } from '../components/config/reply.js';
import { ownerPageHeaders } from '../config/http.js';
import { ownerAccess } from '../config/route-access.server.js';
import { restockScreen, submitRestockForm } from '../forms/restock-owner.server.js';
import { readForm, refusedReply } from '../utils/form.server.js';

export const headers = ownerPageHeaders;

export const meta: MetaFunction = () => [{ title: 'Restock notices' }, { name: 'robots', content: 'noindex' }];

export async function loader(args: LoaderFunctionArgs) {
  const a = await ownerAccess(args, 'forms.read');
  const url = new URL(args.request.url);
  const sent = url.searchParams.get('sent');
  return json(
    {
      ...(await restockScreen(a, url)),
      canWrite: a.can('products.write'),
      paged: url.searchParams.has('cursor'),
      sent: sent && /^\d+$/.test(sent) ? Number(sent) : null,
    },
    { headers: { 'Cache-Control': 'no-store' } },
  );
}

export async function action(args: ActionFunctionArgs) {
  const a = await ownerAccess(args, 'products.write');
  const form = await readForm(args.request);
  if (!form) return json(refusedReply(), { status: 400 });
  const r = await submitRestockForm(a, form);
  if (!r.ok) return json(refusedReply(r.error), { status: 409 });
  return redirect(`/config/restock?sent=${r.addresses}`, 303);
}

function qs(p: Record<string, string | null | undefined>): string {
  const sp = new URLSearchParams();
  for (const [k, v] of Object.entries(p)) if (v) sp.set(k, v);
  const s = sp.toString();
  return s ? `/config/restock?${s}` : '/config/restock';
}

export default function Restock() {
  const d = useLoaderData<typeof loader>();
  const failed = readReply(useActionData<typeof action>());
  const anyInStock = d.signUpGroups.some((g) => g.inStock);
  const sel = d.signUps;
  return (
    <>
      <h1>Restock notices</h1>
      <Notice
        message={d.sent === null ? null : d.sent === 1 ? 'Sending the notice to 1 address.' : `Sending the notices to ${d.sent} addresses.`}
      />
      <FormError message={failed?.formError} />
      <p className="hint">
        Shoppers who asked to hear when a sold-out variant is back. Notices can be sent once the variant is in stock again.
      </p>
      <p className="hint" data-testid="restock-captcha">
        {d.captcha ? 'Sign-ups ask for a CAPTCHA.' : 'Sign-ups do not ask for a CAPTCHA.'}{' '}
        <Link to="/config/settings#restock">Change it in the settings</Link>
      </p>
      {d.signUpGroups.length === 0 ? (
        <p className="empty">Nobody is waiting for a variant.</p>
      ) : (
        <>
          <table className="data">
            <caption className="visually-hidden">Variants with shoppers waiting</caption>
            <thead>
              <tr>
                <th scope="col">Product</th>
                <th scope="col">Variant</th>
                <th scope="col">Waiting</th>
                <th scope="col">Stock</th>
                <th scope="col">Notices</th>
              </tr>
            </thead>
            <tbody>
              {d.signUpGroups.map((g) => (
                <tr key={g.variantId}>
                  <th scope="row">
                    <Link to={qs({ productId: g.productId, variantId: g.variantId })}>{g.productName}</Link>
                  </th>
                  <td>{g.variantName || g.sku}</td>
                  <td>{g.waiting}</td>
                  <td>{g.inStock ? 'In stock' : 'Sold out'}</td>
                  <td>
                    {g.inStock && d.canWrite ? (
                      <Form method="post">
                        <input type="hidden" name="intent" value="send" />
                        <input type="hidden" name="productId" value={g.productId} />
                        <input type="hidden" name="variantId" value={g.variantId} />
                        <button type="submit" aria-label={`Send, ${g.productName} ${g.variantName || g.sku}`}>
                          Send
                        </button>
                      </Form>
                    ) : g.inStock ? (
                      'Ready to send'
                    ) : (
                      'Sold out: can be sent once back in stock'
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {d.canWrite ? (
            <Form method="post">
              <input type="hidden" name="intent" value="send-all" />
              <button type="submit" disabled={!anyInStock}>
                Send to all
              </button>
              {anyInStock ? null : <span className="hint"> No variant on this page is back in stock yet.</span>}
            </Form>
          ) : null}
          {d.paged || d.hasNextPage ? (
            <nav className="toolbar" aria-label="Pages">
              {d.paged ? <Link to="/config/restock">First page</Link> : null}
              {d.hasNextPage && d.nextPageCursor ? <Link to={qs({ cursor: d.nextPageCursor })}>Next page</Link> : null}
            </nav>
          ) : null}
        </>
      )}
      {sel ? (
        <section aria-labelledby="signups-title">
          <h2 id="signups-title">Sign-ups</h2>
          {sel.signUps.length === 0 ? (
            <p className="empty">No sign-ups for this variant.</p>
          ) : (
            <table className="data">
              <caption className="visually-hidden">Sign-ups for this variant</caption>
              <thead>
                <tr>
                  <th scope="col">Email</th>
                  <th scope="col">Signed up</th>
                  <th scope="col">Mailing list</th>
                  <th scope="col">Notified</th>
                </tr>
              </thead>
              <tbody>
                {sel.signUps.map((s) => (
                  <tr key={s.id}>
                    <td>{s.email}</td>
                    <td>{s.createdAt.slice(0, 16).replace('T', ' ')}</td>
                    <td>{s.joinMailingList ? 'Joined' : '—'}</td>
                    <td>{s.notifiedAt ? s.notifiedAt.slice(0, 16).replace('T', ' ') : 'Waiting'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {sel.hasNextPage && sel.nextPageCursor ? (
            <nav className="toolbar" aria-label="Sign-up pages">
              <Link to={qs({ productId: sel.productId, variantId: sel.variantId, scursor: sel.nextPageCursor })}>More sign-ups</Link>
            </nav>
          ) : null}
        </section>
      ) : null}
    </>
  );
}
