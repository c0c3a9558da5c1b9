// Sends an order's confirmation email through the outbox, after the order has committed: from the
// store's contact address to the shopper, with the signed link to the order page, in the shopper's
// language (their account's, else that of the page they checked out from). Never throws.
import { getSql, type Sql } from '../../db/client.server.js';
import { baseUrlFor } from '../utils/base-url.server.js';
import type { Order } from './cart.server.js';
import { loadSite } from '../catalog/catalog.server.js';
import { languageOfRequest, mailLanguage } from '../languages/email-language.server.js';
import { orderEmail } from './order-email.js';
import { orderDownloads } from './downloads.server.js';
import { signedOrderPath } from './order-link.server.js';
import { sendMail, type SendOutcome } from '../utils/outbox.server.js';
import { log } from '../utils/log.server.js';

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

/**
 * Mails the confirmation of `order`. With the checkout's `request`, the order first records the
 * language of the page it was placed from (the path posted to, else the Referer's).
 */
export async function sendOrderConfirmation(order: Order, request?: Request): Promise<SendOutcome | null> {
  try {
    const sql = await getSql();
    if (request) {
      const placedIn = await languageOfRequest(sql, order.websiteId, request);
      await sql`update "order" set language = ${placedIn} where id = ${order.id} and website_id = ${order.websiteId}`;
    }
    if (!order.email) return null;
    // The account that placed it (recorded at checkout) speaks first.
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
    return await sendMail({ from: { name, address: from }, to: order.email, tag: `order-${order.orderNumber}`, ...content });
  } catch (e) {
    log.error(
      `outbox: the confirmation of order ${order.orderNumberText} (${order.id}) was not sent: ${e instanceof Error ? e.message : String(e)}`,
    );
    return null;
  }
}
