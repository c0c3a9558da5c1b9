// Sends an order's confirmation email through the outbox, after the order has committed: from the
// store's contact address to the shopper, with the signed link to the order page. Never throws.
import { baseUrlFor } from '../utils/base-url.server.js';
import type { Order } from './cart.server.js';
import { loadSite } from '../catalog/catalog.server.js';
import { orderEmail } from './order-email.js';
import { signedOrderPath } from './order-link.server.js';
import { sendMail, type SendOutcome } from '../utils/outbox.server.js';
import { log } from '../utils/log.server.js';

function contactEmail(settings: Record<string, unknown>): string | null {
  const ws = settings.websiteSettings as { contact?: { email?: unknown } } | undefined;
  const e = ws?.contact?.email;
  return typeof e === 'string' && /^[^\s@<>]+@[^\s@<>]+$/.test(e) ? e : null;
}

export async function sendOrderConfirmation(order: Order): Promise<SendOutcome | null> {
  if (!order.email) return null;
  try {
    const site = await loadSite(order.websiteId);
    const name = site.website.siteTitle || 'Store';
    const from = contactEmail(site.settings) ?? 'no-reply@localhost';
    const url = baseUrlFor(site.website.baseUrl) + signedOrderPath(order.id);
    const content = orderEmail(order, { name, contactEmail: from }, url);
    return await sendMail({ from: { name, address: from }, to: order.email, tag: `order-${order.orderNumber}`, ...content });
  } catch (e) {
    log.error(
      `outbox: the confirmation of order ${order.orderNumberText} (${order.id}) was not sent: ${e instanceof Error ? e.message : String(e)}`,
    );
    return null;
  }
}
