// The order confirmation email's content (pure): subject, plain text and HTML from an order, the
// store's name and the signed link to the order page, in the shopper's language (given as data).
// The outbox (outbox.server.ts) sends it.
import type { Order } from './order.js';
import { formatMoney } from './money.js';
import { rateText } from './tax.js';
import { DOWNLOAD_DAYS, DOWNLOADS_ALLOWED, type DownloadLink } from './downloads.js';
import { escapeHtml as esc } from '../utils/html.js';

export interface OrderEmail {
  subject: string;
  text: string;
  html: string;
  /** The language it is written in (Content-Language). */
  language: string;
}

/**
 * The language to write in, handed in as data (pure commerce code does not read the site's
 * languages): its code, the CLDR locale of money and dates, and its texts, English at each use.
 */
export interface EmailLanguage {
  code: string;
  locale: string;
  text: (key: string, english: string, vars?: Record<string, string | number>) => string;
}

export const TEST_MODE_NOTE = 'TEST MODE: no payment provider is connected to this store and no money was taken.';

/** The order's day in the store's time zone, in the language's long format ("26 novembre 2026"). */
function orderDay(created: string, locale: string, timeZone: string | undefined): string {
  const at = new Date(created);
  try {
    return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone }).format(at);
  } catch {
    return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(at);
  }
}

export function orderEmail(
  order: Order,
  store: { name: string; contactEmail: string; timeZone?: string },
  orderUrl: string,
  lang: EmailLanguage,
  /** The signed download link of each digital line (issue 33), absolute. */
  downloads: DownloadLink[] = [],
): OrderEmail {
  const t = lang.text;
  const m = (cents: number) => formatMoney(cents, order.currency, lang.locale);
  const number = order.orderNumberText;
  const subject = `${order.testMode ? '[TEST] ' : ''}${t('emailOrderSubject', 'Your {store} order {number} is confirmed', { store: store.name, number })}`;
  const testNote = t('emailOrderTestMode', TEST_MODE_NOTE);
  const thanks = t('emailOrderThanks', 'Thank you for your order {number}', { number });
  const placed = t('emailOrderPlaced', 'Placed on {date}', { date: orderDay(order.created, lang.locale, store.timeZone) });
  const totals: [string, string][] = [
    [t('emailOrderSubtotal', 'Subtotal'), m(order.subtotalCents)],
    [
      `${t('emailOrderShipping', 'Shipping')}${order.shippingMethod ? ` (${order.shippingMethod.label})` : ''}`,
      m(order.shippingTotalCents),
    ],
    [`${t('emailOrderTax', 'Tax')}${order.taxBasisPoints > 0 ? ` (${rateText(order.taxBasisPoints)})` : ''}`, m(order.taxTotalCents)],
    [t('emailOrderTotal', 'Total'), m(order.grandTotalCents)],
    // What gift cards paid, and what was left to pay (issue 33).
    ...order.giftCardPayments.map((p): [string, string] => [
      t('emailOrderGiftCardPaid', 'Paid by gift card {code}', { code: p.maskedCode }),
      `-${m(p.amountCents)}`,
    ]),
    ...(order.giftCardPayments.length > 0 ? [[t('emailOrderAmountDue', 'Left to pay'), m(order.amountDueCents)] as [string, string]] : []),
  ];
  const giftLine = (i: Order['items'][number]) => {
    if (!i.giftRecipientEmail) return '';
    if (!i.giftMessage) return t('emailOrderGift', 'Gift card for {recipient}', { recipient: i.giftRecipientEmail });
    return t('emailOrderGiftMessage', 'Gift card for {recipient}, with your message: "{message}"', {
      recipient: i.giftRecipientEmail,
      message: i.giftMessage,
    });
  };
  const shippingTo = t('emailOrderShippingTo', 'Shipping to');
  const see = t('emailOrderSee', 'See your order');
  const downloadsTitle = t('emailOrderDownloads', 'Your downloads');
  const downloadsNote = t('emailOrderDownloadsNote', 'Each link works for {days} days and {count} downloads.', {
    days: DOWNLOAD_DAYS,
    count: DOWNLOADS_ALLOWED,
  });
  const downloadLabel = (d: DownloadLink) => t('emailOrderDownload', 'Download {product}', { product: d.productName });
  const questions = t('emailOrderQuestions', 'Questions? Write to {email}.', { email: store.contactEmail });

  const text = [
    ...(order.testMode ? [testNote, ''] : []),
    `${thanks}.`,
    placed,
    '',
    ...order.items.flatMap((i) => {
      const g = giftLine(i);
      return [
        `${i.quantity} x ${i.productName} (${i.sku}): ${m(i.unitPriceCents * i.quantity)}`,
        ...(g ? [`  ${g}`] : []),
        // A product custom form's answers (issue 30), one a line.
        ...i.answers.map((a) => `  ${a.title}: ${a.value}`),
      ];
    }),
    '',
    ...totals.map(([k, v]) => `${k}: ${v}`),
    ...(order.shippingAddressLines.length > 0 ? ['', `${shippingTo}:`, ...order.shippingAddressLines.map((l) => `  ${l}`)] : []),
    ...(order.shippingMethod && order.shippingAddressLines.length === 0 ? ['', `${order.shippingMethod.label}.`] : []),
    ...(downloads.length > 0
      ? ['', `${downloadsTitle}:`, ...downloads.flatMap((d) => [`${downloadLabel(d)}:`, d.url]), downloadsNote]
      : []),
    '',
    `${see}:`,
    orderUrl,
    '',
    questions,
    store.name,
    '',
  ].join('\n');

  // The contact address is a link of its own inside the question's sentence.
  const [before, after] = esc(questions).split(esc(store.contactEmail));
  const questionsHtml =
    after === undefined ? esc(questions) : `${before}<a href="mailto:${esc(store.contactEmail)}">${esc(store.contactEmail)}</a>${after}`;
  const html = `<!doctype html><html lang="${esc(lang.code)}"><head><meta charset="utf-8"><title>${esc(subject)}</title></head><body style="font-family:system-ui,sans-serif;color:#1d2327">
${order.testMode ? `<p style="border:1px solid #b26200;padding:.5em"><strong>${esc(testNote)}</strong></p>` : ''}
<h1 style="font-size:1.4em">${esc(thanks)}</h1>
<p>${esc(placed)}</p>
<table cellpadding="4" style="border-collapse:collapse">
<thead><tr><th align="left">${esc(t('emailOrderItem', 'Item'))}</th><th align="left">${esc(t('emailOrderSku', 'SKU'))}</th><th align="right">${esc(t('emailOrderQuantity', 'Quantity'))}</th><th align="right">${esc(t('emailOrderPrice', 'Price'))}</th></tr></thead>
<tbody>
${order.items.map((i) => `<tr><td>${esc(i.productName)}${giftLine(i) ? `<br><small>${esc(giftLine(i))}</small>` : ''}${i.answers.map((a) => `<br><small>${esc(a.title)}: ${esc(a.value)}</small>`).join('')}</td><td>${esc(i.sku)}</td><td align="right">${i.quantity}</td><td align="right">${esc(m(i.unitPriceCents * i.quantity))}</td></tr>`).join('\n')}
</tbody>
<tfoot>
${totals.map(([k, v]) => `<tr><th colspan="3" align="right">${esc(k)}</th><td align="right">${esc(v)}</td></tr>`).join('\n')}
</tfoot>
</table>
${order.shippingAddressLines.length > 0 ? `<h2 style="font-size:1.1em">${esc(shippingTo)}</h2><p>${order.shippingAddressLines.map(esc).join('<br>')}</p>` : ''}
${downloads.length > 0 ? `<h2 style="font-size:1.1em">${esc(downloadsTitle)}</h2><ul>${downloads.map((d) => `<li><a href="${esc(d.url)}" data-download-link>${esc(downloadLabel(d))}</a></li>`).join('')}</ul><p>${esc(downloadsNote)}</p>` : ''}
<p><a href="${esc(orderUrl)}">${esc(see)}</a></p>
<p>${questionsHtml}</p>
<p>${esc(store.name)}</p>
</body></html>
`;
  return { subject, text, html, language: lang.code };
}
