// /config/orders/<id>: one order of the site: its lines, money, email (and whether its confirmation
// was sent), shipping address, gift card recipients, the cards issued and what cards paid, and status; mark it fulfilled, or refund a test-mode order (after a confirmation
// step, a page of its own, so it works without JavaScript), which puts its stock back.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { z } from 'zod';
import { FormError, Notice } from '../components/config/Field.js';
import { useCan } from '../components/config/layout-data.js';
import { OrderStatusBadges } from '../components/config/OrderStatus.js';
import { readReply } from '../components/config/reply.js';
import { ownerPageHeaders } from '../config/http.js';
import { fulfilOrder, ORDER_TEXT, orderDetail, OrderError, refundOrder } from '../config/orders.server.js';
import { confirmationStatus } from '../config/mail-status.server.js';
import { ownerAccess } from '../config/route-access.server.js';
import { siteTimeZone } from '../config/site-time.server.js';
import { parseForm, readForm, refusedReply } from '../utils/form.server.js';
import { UI_TEXT } from '../utils/ui-texts.js';

export const headers = ownerPageHeaders;

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Order ${data.order.numberText}` : 'Order' },
  { name: 'robots', content: 'noindex' },
];

const NOTICES: Record<string, string> = {
  fulfilled: 'Order marked as fulfilled.',
  'already-fulfilled': 'This order was already fulfilled.',
  refunded: 'Order refunded. Its items are back in stock.',
  'already-refunded': 'This order was already refunded: nothing changed.',
};

const TEXT = {
  badForm: 'Could not parse the form fields, please check your entries.',
  invalid: UI_TEXT.invalidForm,
  confirmRefund: 'Confirm the refund below.',
};

export async function loader(args: LoaderFunctionArgs) {
  const a = await ownerAccess(args, 'orders.read');
  const timeZone = await siteTimeZone(a.sql, a.site.id);
  const order = await orderDetail(a.sql, a.site, timeZone, args.params.id ?? '');
  if (!order) throw json({ error: ORDER_TEXT.notFound }, { status: 404, headers: { 'Cache-Control': 'no-store' } });
  const url = new URL(args.request.url);
  return json(
    {
      order,
      confirmation: await confirmationStatus(a.sql, a.site.id, order.id, timeZone),
      notice: NOTICES[url.searchParams.get('saved') ?? ''] ?? null,
      confirmRefund: url.searchParams.get('confirm') === 'refund' && order.canRefund,
    },
    { headers: { 'Cache-Control': 'no-store' } },
  );
}

const Schema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('fulfil') }),
  z.object({ intent: z.literal('refund'), confirm: z.string().optional() }),
]);

export async function action(args: ActionFunctionArgs) {
  const a = await ownerAccess(args, 'orders.write');
  const id = args.params.id ?? '';
  const form = await readForm(args.request);
  if (!form) return json(refusedReply(TEXT.badForm), { status: 400 });
  const parsed = parseForm(form, Schema);
  if (parsed.status !== 'success') return json(refusedReply(TEXT.invalid), { status: 400 });
  const v = parsed.value;
  const back = (saved: string) => redirect(`/config/orders/${encodeURIComponent(id)}?saved=${saved}`, 303);
  try {
    if (v.intent === 'fulfil') return back((await fulfilOrder(a, id)) ? 'fulfilled' : 'already-fulfilled');
    // A refund not yet confirmed: the reply keeps the refund asked for, so the confirmation is drawn.
    if (v.confirm !== 'yes') return json(refusedReply(TEXT.confirmRefund, new URLSearchParams({ intent: 'refund' })), { status: 400 });
    return back((await refundOrder(a, id)).refunded ? 'refunded' : 'already-refunded');
  } catch (e) {
    if (e instanceof OrderError) {
      if (e.status === 404) throw json({ error: e.message }, { status: 404 });
      return json(refusedReply(e.message), { status: e.status });
    }
    throw e;
  }
}

export default function OrderPage() {
  const { order: o, notice, confirmRefund, confirmation } = useLoaderData<typeof loader>();
  const failed = readReply(useActionData<typeof action>());
  const canWrite = useCan('orders.write');
  const confirming = o.canRefund && (confirmRefund || failed?.typed?.intent === 'refund');
  const gifts = o.items.filter((i) => i.giftRecipientEmail);
  return (
    <>
      <p>
        <Link to="/config/orders">All orders</Link>
      </p>
      <h1>
        {`Order ${o.numberText}`} <OrderStatusBadges fulfillment={o.fulfillment} refunded={o.refundedAt !== null} testMode={o.testMode} />
      </h1>
      <Notice message={notice} />
      <FormError message={failed?.formError} />
      {canWrite && confirming ? (
        <section className="card" aria-labelledby="refund-h">
          <h2 id="refund-h">{`Refund order ${o.numberText}?`}</h2>
          <p>{`The whole order, ${o.totalText}, is refunded and its items are put back in stock. This can't be undone.`}</p>
          <Form method="post" className="row-actions">
            <input type="hidden" name="intent" value="refund" />
            <input type="hidden" name="confirm" value="yes" />
            <button type="submit" className="danger">
              {`Yes, refund ${o.totalText}`}
            </button>
            <Link to={`/config/orders/${encodeURIComponent(o.id)}`}>Cancel</Link>
          </Form>
        </section>
      ) : null}
      <h2>Items</h2>
      <table className="data">
        <caption className="visually-hidden">{`Items of order ${o.numberText}`}</caption>
        <thead>
          <tr>
            <th scope="col">Product</th>
            <th scope="col">SKU</th>
            <th scope="col" className="num">
              Quantity
            </th>
            <th scope="col" className="num">
              Unit price
            </th>
            <th scope="col" className="num">
              Line total
            </th>
          </tr>
        </thead>
        <tbody>
          {o.items.map((i) => (
            <tr key={i.line}>
              <td>
                {i.productName}
                {i.answers.length > 0 ? (
                  // A product custom form's answers (issue 30).
                  <ul className="line-answers" data-line-answers>
                    {i.answers.map((a, k) => (
                      <li key={k}>{`${a.title}: ${a.value}`}</li>
                    ))}
                  </ul>
                ) : null}
              </td>
              <td data-sku>{i.sku}</td>
              <td className="num" data-qty>
                {i.quantity}
              </td>
              <td className="num">{i.unitPriceText}</td>
              <td className="num">{i.lineTotalText}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={4}>
              Subtotal
            </th>
            <td className="num">{o.subtotalText}</td>
          </tr>
          <tr>
            <th scope="row" colSpan={4}>
              {o.shippingMethod ? `Shipping (${o.shippingMethod})` : 'Shipping'}
            </th>
            <td className="num">{o.shippingText}</td>
          </tr>
          <tr>
            <th scope="row" colSpan={4}>
              Tax
            </th>
            <td className="num">{o.taxText}</td>
          </tr>
          <tr>
            <th scope="row" colSpan={4}>
              Total
            </th>
            <td className="num" data-grand-total>
              {o.totalText}
            </td>
          </tr>
          {o.giftCardPayments.map((p) => (
            <tr key={p.maskedCode}>
              <th scope="row" colSpan={4}>
                {`Paid by gift card ${p.maskedCode}`}
              </th>
              <td className="num" data-gift-card-paid>
                {p.amountText}
              </td>
            </tr>
          ))}
          {o.amountDueText ? (
            <tr>
              <th scope="row" colSpan={4}>
                Left to pay
              </th>
              <td className="num" data-amount-due>
                {o.amountDueText}
              </td>
            </tr>
          ) : null}
          {o.refundedAmountText ? (
            <tr>
              <th scope="row" colSpan={4}>
                Refunded
              </th>
              <td className="num">{o.refundedAmountText}</td>
            </tr>
          ) : null}
        </tfoot>
      </table>
      <div className="cards">
        <section className="card" aria-labelledby="customer-h">
          <h2 id="customer-h">Customer</h2>
          <p>{o.email ? <a href={`mailto:${o.email}`}>{o.email}</a> : 'No email'}</p>
          {confirmation ? (
            <p data-confirmation-email={confirmation.state}>
              {confirmation.state === 'failed' ? (
                <span className="badge warn">{`Confirmation email: ${confirmation.text}`}</span>
              ) : (
                `Confirmation email: ${confirmation.text}`
              )}
            </p>
          ) : null}
          <h3>Shipping address</h3>
          {o.addressLines.length > 0 ? (
            <address>
              {o.addressLines.map((l, n) => (
                <span key={n}>
                  {l}
                  <br />
                </span>
              ))}
            </address>
          ) : (
            <p>Nothing to ship.</p>
          )}
        </section>
        <section className="card" aria-labelledby="status-h">
          <h2 id="status-h">Status</h2>
          <dl>
            <dt>Placed</dt>
            <dd>
              <time dateTime={o.createdAt}>{o.createdText}</time>
            </dd>
            <dt>Fulfilment</dt>
            <dd data-fulfillment>
              {o.fulfillment === 'fulfilled' && o.fulfilledAt ? (
                <>
                  {'Fulfilled '}
                  <time dateTime={o.fulfilledAt}>{o.fulfilledText}</time>
                </>
              ) : o.fulfillment === 'canceled' ? (
                'Canceled'
              ) : (
                'Pending'
              )}
            </dd>
            {o.refundedAt ? (
              <>
                <dt>Refund</dt>
                <dd data-refund>
                  {`Refunded ${o.refundedAmountText} `}
                  <time dateTime={o.refundedAt}>{o.refundedText}</time>
                </dd>
              </>
            ) : null}
            <dt>Mode</dt>
            <dd>{o.testMode ? 'Test mode: no payment was taken.' : 'Live'}</dd>
          </dl>
          {canWrite ? (
            <div className="row-actions">
              {o.canFulfil ? (
                <Form method="post">
                  <input type="hidden" name="intent" value="fulfil" />
                  <button type="submit">Mark as fulfilled</button>
                </Form>
              ) : null}
              {o.canRefund && !confirming ? (
                <Form method="get">
                  <input type="hidden" name="confirm" value="refund" />
                  <button type="submit" className="danger">
                    Refund
                  </button>
                </Form>
              ) : null}
            </div>
          ) : null}
        </section>
      </div>
      {gifts.length > 0 ? (
        <section className="card" aria-labelledby="gifts-h">
          <h2 id="gifts-h">Gift card recipients</h2>
          <ul>
            {gifts.map((g) => (
              <li key={g.line}>{`${g.productName}: ${g.giftRecipientEmail}${g.giftMessage ? ` (“${g.giftMessage}”)` : ''}`}</li>
            ))}
          </ul>
          {o.giftCardsIssued.length > 0 ? (
            <>
              <h3>Cards issued</h3>
              <ul>
                {o.giftCardsIssued.map((g) => (
                  <li key={g.id}>
                    <Link to={`/config/gift-cards/${encodeURIComponent(g.id)}`}>{g.maskedCode}</Link>
                    {` to ${g.recipient}`}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </section>
      ) : null}
    </>
  );
}
