// /config/gift-cards/<id>: one gift card of the site: its code (in full only for owners who may
// change orders), recipient, message, amounts, status and history (orders it paid, refunds given
// back); disable it, or enable it again (orders.write).
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { z } from 'zod';
import { FormError, Notice } from '../components/config/Field.js';
import { readReply } from '../components/config/reply.js';
import { useCan } from '../components/config/layout-data.js';
import { ownerPageHeaders } from '../config/http.js';
import { GIFT_CARD_ADMIN_TEXT, giftCardDetail, setGiftCardDisabled } from '../config/gift-cards.server.js';
import { ownerAccess } from '../config/route-access.server.js';
import { siteTimeZone } from '../config/site-time.server.js';
import { parseForm, readForm, refusedReply } from '../utils/form.server.js';
import { GIFT_CARD_STATUS_TEXT as STATUS_TEXT } from '../config/gift-cards.js';

export const headers = ownerPageHeaders;

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Gift card ${data.card.code}` : 'Gift card' },
  { name: 'robots', content: 'noindex' },
];

const NOTICES: Record<string, string> = {
  disabled: 'Gift card disabled: it can no longer pay at checkout.',
  enabled: 'Gift card enabled again.',
  unchanged: 'Nothing changed: the card was already so.',
};

export async function loader(args: LoaderFunctionArgs) {
  const a = await ownerAccess(args, 'orders.read');
  const timeZone = await siteTimeZone(a.sql, a.site.id);
  const card = await giftCardDetail(a, timeZone, args.params.id ?? '');
  if (!card) throw json({ error: GIFT_CARD_ADMIN_TEXT.notFound }, { status: 404, headers: { 'Cache-Control': 'no-store' } });
  const notice = NOTICES[new URL(args.request.url).searchParams.get('saved') ?? ''] ?? null;
  return json({ card, notice }, { headers: { 'Cache-Control': 'no-store' } });
}

const Schema = z.object({ intent: z.enum(['disable', 'enable']) });

export async function action(args: ActionFunctionArgs) {
  const a = await ownerAccess(args, 'orders.write');
  const id = args.params.id ?? '';
  const form = await readForm(args.request);
  const parsed = form ? parseForm(form, Schema) : null;
  if (parsed?.status !== 'success')
    return json(refusedReply('Could not parse the form fields, please check your entries.'), { status: 400 });
  const changed = await setGiftCardDisabled(a, id, parsed.value.intent === 'disable');
  if (changed === null) throw json({ error: GIFT_CARD_ADMIN_TEXT.notFound }, { status: 404 });
  const saved = !changed ? 'unchanged' : parsed.value.intent === 'disable' ? 'disabled' : 'enabled';
  return redirect(`/config/gift-cards/${encodeURIComponent(id)}?saved=${saved}`, 303);
}

export default function GiftCardPage() {
  const { card: c, notice } = useLoaderData<typeof loader>();
  const failed = readReply(useActionData<typeof action>());
  const canWrite = useCan('orders.write');
  return (
    <>
      <p>
        <Link to="/config/gift-cards">All gift cards</Link>
      </p>
      <h1>
        {`Gift card `}
        <span data-gift-card-code>{c.code}</span> <span className="badge">{STATUS_TEXT[c.status]}</span>
      </h1>
      <Notice message={notice} />
      <FormError message={failed?.formError} />
      <dl>
        <dt>Recipient</dt>
        <dd>{c.recipient}</dd>
        {c.message ? (
          <>
            <dt>Message</dt>
            <dd>{c.message}</dd>
          </>
        ) : null}
        <dt>Initial amount</dt>
        <dd>{c.initialText}</dd>
        <dt>Balance</dt>
        <dd data-balance>{c.balanceText}</dd>
        <dt>Bought with</dt>
        <dd>
          {c.orderId ? <Link to={`/config/orders/${encodeURIComponent(c.orderId)}`}>{`Order ${c.orderNumberText ?? ''}`}</Link> : '—'}
        </dd>
        <dt>Created</dt>
        <dd>
          <time dateTime={c.createdAt}>{c.createdText}</time>
        </dd>
        {c.disabledText ? (
          <>
            <dt>Disabled</dt>
            <dd>{c.disabledText}</dd>
          </>
        ) : null}
      </dl>
      {canWrite ? (
        <Form method="post" className="row-actions">
          {c.status === 'disabled' ? (
            <button type="submit" name="intent" value="enable">
              Enable again
            </button>
          ) : (
            <button type="submit" name="intent" value="disable" className="danger">
              Disable
            </button>
          )}
        </Form>
      ) : null}
      <h2>History</h2>
      {c.uses.length === 0 ? (
        <p>Not used yet.</p>
      ) : (
        <table className="data">
          <caption className="visually-hidden">Orders this card paid, and refunds given back</caption>
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Order</th>
              <th scope="col" className="num">
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            {c.uses.map((u, n) => (
              <tr key={n}>
                <td>
                  <time dateTime={u.at}>{u.atText}</time>
                </td>
                <td>
                  <Link to={`/config/orders/${encodeURIComponent(u.orderId)}`}>{`Order ${u.orderNumberText}`}</Link>
                </td>
                <td className="num">{u.amountText}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
