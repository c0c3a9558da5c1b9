// An order's confirmation email, queued in the order's transaction (the mail queue sends it, with
// retries, once): from the store's contact address to the shopper, with the signed link to the order
// page, in the shopper's language (their account's, else that of the page they checked out from);
// with it, the email of each gift card the order bought.
import { getSql, type Sql } from '../../db/client.server.js';
import { currentSiteUser } from '../auth/site-user-session.server.js';
import { baseUrlFor } from '../utils/base-url.server.js';
import { getOrder, type CheckoutOptions, type Order } from './cart.server.js';
import { loadSite } from '../catalog/catalog.server.js';
import { languageOfRequest, mailLanguage } from '../languages/email-language.server.js';
import { orderEmail } from './order-email.js';
import { orderDownloads } from './downloads.server.js';
import { signedOrderPath } from './order-link.server.js';
import { defineMail, enqueueMail, prepareMail } from '../utils/mail-queue.server.js';
import { prepareGiftCardMail, queueGiftCardMails } from './gift-card-mail.server.js';

function contactEmail(settings: Record<string, unknown>): string | null {
  const ws = settings.websiteSettings as { contact?: { email?: unknown } } | undefined;
  const e = ws?.contact?.email;
  return typeof e === 'string' && /^[^\s@<>]+@[^\s@<>]+$/.test(e) ? e : null;
}

/**
 * The order's lines named in language `code`: a product translated into it takes its translated
 * title, ahead of the variant's options the line was named with ("Tasse Flaque de marée (Ink)").
 */
async function itemsIn(sql: Sql, order: Order, code: string): Promise<Order['items']> {
  const rows = await sql<{ title: string | null; translated: string | null }[]>`
    select i.title, t.title as translated
      from order_item oi
      left join item i on i.id = oi.item_id
      left join item_translation t on t.item_id = oi.item_id and t.language = ${code}
     where oi.order_id = ${order.id}
     order by oi.line`;
  return order.items.map((item, i) => {
    const r = rows[i];
    if (!r?.title || !r.translated || !item.productName.startsWith(r.title)) return item;
    return { ...item, productName: r.translated + item.productName.slice(r.title.length) };
  });
}

/** The confirmation of an order, composed when its job runs (the order is committed by then). */
export const orderConfirmationMail = defineMail<{ orderId: string; websiteId: string }>('order-confirmation', async (data, sql) => {
  const order = await getOrder(data.websiteId, data.orderId);
  if (!order?.email) return null;
  // The account that placed it (recorded at checkout) speaks first, then the page it came from.
  const [row] = await sql<{ language: string | null; account: string | null }[]>`
    select o.language, su.locale as account
      from "order" o left join site_user su on su.id = o.site_user_id
     where o.id = ${order.id}`;
  const lang = await mailLanguage(sql, order.websiteId, [row?.account, row?.language]);
  const site = await loadSite(order.websiteId);
  const name = site.website.siteTitle || 'Store';
  const from = contactEmail(site.settings) ?? 'no-reply@localhost';
  const url = baseUrlFor(site.website.baseUrl) + lang.path(signedOrderPath(order.id));
  const inLanguage = { ...order, items: await itemsIn(sql, order, lang.code) };
  const downloads = await orderDownloads(order.id, baseUrlFor(site.website.baseUrl));
  const content = orderEmail(inLanguage, { name, contactEmail: from, timeZone: site.website.timeZone }, url, lang, downloads);
  return { from: { name, address: from }, to: order.email, tag: `order-${order.orderNumber}`, ...content };
});

/**
 * What a checkout from `request` adds to its order: the language of the page it was placed from
 * (the path posted to, else the Referer's), the signed-in account, and its confirmation email queued
 * in the order's own transaction, so that no crash between the two loses the mail.
 */
export async function confirmationOnCheckout(request: Request, websiteId: string): Promise<CheckoutOptions> {
  const sql = await getSql();
  await prepareMail(sql, orderConfirmationMail);
  await prepareGiftCardMail(sql);
  const [language, signed] = await Promise.all([languageOfRequest(sql, websiteId, request), currentSiteUser(sql, request, websiteId)]);
  return {
    language,
    siteUserId: signed?.user.id ?? null,
    inTransaction: async (tx, order) => {
      // The cards the order bought (issued just before, in this transaction) go to their recipients.
      await queueGiftCardMails(sql, tx, websiteId, order.id);
      if (!order.email) return;
      await enqueueMail(
        sql,
        tx,
        orderConfirmationMail,
        { orderId: order.id, websiteId },
        {
          websiteId,
          kind: 'order-confirmation',
          ref: order.id,
          recipient: order.email,
        },
      );
    },
  };
}
