// The order confirmation email's content (pure): subject, plain text and HTML from an order, the
// store's name and the signed link to the order page. The outbox (outbox.server.ts) sends it.
import type { Order } from './order.js';
import { formatMoney } from './money.js';
import { rateText } from './tax.js';

export interface OrderEmail {
  subject: string;
  text: string;
  html: string;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export const TEST_MODE_NOTE = 'TEST MODE: no payment provider is connected to this store and no money was taken.';

export function orderEmail(order: Order, store: { name: string; contactEmail: string }, orderUrl: string): OrderEmail {
  const m = (cents: number) => formatMoney(cents, order.currency);
  const subject = `${order.testMode ? '[TEST] ' : ''}Your ${store.name} order ${order.orderNumberText} is confirmed`;
  const totals: [string, string][] = [
    ['Subtotal', m(order.subtotalCents)],
    [`Shipping${order.shippingMethod ? ` (${order.shippingMethod.label})` : ''}`, m(order.shippingTotalCents)],
    [`Tax${order.taxBasisPoints > 0 ? ` (${rateText(order.taxBasisPoints)})` : ''}`, m(order.taxTotalCents)],
    ['Total', m(order.grandTotalCents)],
  ];
  const giftLine = (i: Order['items'][number]) =>
    i.giftRecipientEmail ? `Gift card for ${i.giftRecipientEmail}${i.giftMessage ? `, with your message: "${i.giftMessage}"` : ''}` : '';

  const text = [
    ...(order.testMode ? [TEST_MODE_NOTE, ''] : []),
    `Thank you for your order ${order.orderNumberText}.`,
    '',
    ...order.items.flatMap((i) => {
      const g = giftLine(i);
      return [`${i.quantity} x ${i.productName} (${i.sku}): ${m(i.unitPriceCents * i.quantity)}`, ...(g ? [`  ${g}`] : [])];
    }),
    '',
    ...totals.map(([k, v]) => `${k}: ${v}`),
    ...(order.shippingAddressLines.length > 0 ? ['', 'Shipping to:', ...order.shippingAddressLines.map((l) => `  ${l}`)] : []),
    ...(order.shippingMethod && order.shippingAddressLines.length === 0 ? ['', `${order.shippingMethod.label}.`] : []),
    '',
    `Your order: ${orderUrl}`,
    '',
    `Questions? Write to ${store.contactEmail}.`,
    store.name,
    '',
  ].join('\n');

  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(subject)}</title></head><body style="font-family:system-ui,sans-serif;color:#1d2327">
${order.testMode ? `<p style="border:1px solid #b26200;padding:.5em"><strong>${esc(TEST_MODE_NOTE)}</strong></p>` : ''}
<h1 style="font-size:1.4em">Thank you for your order ${esc(order.orderNumberText)}</h1>
<table cellpadding="4" style="border-collapse:collapse">
<thead><tr><th align="left">Item</th><th align="left">SKU</th><th align="right">Quantity</th><th align="right">Price</th></tr></thead>
<tbody>
${order.items.map((i) => `<tr><td>${esc(i.productName)}${giftLine(i) ? `<br><small>${esc(giftLine(i))}</small>` : ''}</td><td>${esc(i.sku)}</td><td align="right">${i.quantity}</td><td align="right">${esc(m(i.unitPriceCents * i.quantity))}</td></tr>`).join('\n')}
</tbody>
<tfoot>
${totals.map(([k, v]) => `<tr><th colspan="3" align="right">${esc(k)}</th><td align="right">${esc(v)}</td></tr>`).join('\n')}
</tfoot>
</table>
${order.shippingAddressLines.length > 0 ? `<h2 style="font-size:1.1em">Shipping to</h2><p>${order.shippingAddressLines.map(esc).join('<br>')}</p>` : ''}
<p><a href="${esc(orderUrl)}">See your order</a></p>
<p>Questions? Write to <a href="mailto:${esc(store.contactEmail)}">${esc(store.contactEmail)}</a>.</p>
<p>${esc(store.name)}</p>
</body></html>
`;
  return { subject, text, html };
}
