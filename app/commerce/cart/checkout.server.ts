// Test-mode checkout: pricing a cart at its variants' current prices, and turning it into an order
// in one transaction (form check, stock, checkout minimum, shipping, tax, order number, stock taken).
import crypto from 'node:crypto';
import type postgres from 'postgres';
import { announceCatalogChange, catalogChanged } from '../../catalog/changes.server.js';
import { checkCheckout, quote, TEXT, type CheckoutValues, type PricedLine } from '../checkout-form.js';
import type { Order } from '../order.js';
import { checkoutMinimumMessage, MSG } from '../rules.js';
import { formatMoney } from '../money.js';
import { payableByCard } from '../gift-cards.js';
import { issueGiftCards, spendAppliedCard } from '../gift-cards.server.js';
import { CART_ID, CartError, run, type CartContext, type CheckoutFailure } from './context.server.js';
import { getOrder } from './orders.server.js';
import { checkStock, type VariantRow } from './products.server.js';
import { viewOf, type CartView } from './view.server.js';

export type CheckoutResult = { ok: true; order: Order } | CheckoutFailure;

/** What the caller adds to the order's transaction. */
export interface CheckoutOptions {
  /** The language of the page the order was placed from (its confirmation's, without an account one). */
  language?: string | null;
  /** The signed-in site user placing it (their order history, their language). */
  siteUserId?: string | null;
  /**
   * Runs in the order's transaction once the order is written (its confirmation email is queued
   * here): both commit or neither does. Its queries go through `tx`.
   */
  inTransaction?: (tx: postgres.TransactionSql, order: { id: string; email: string | null }) => Promise<void>;
  /**
   * The total the page showed (issue 33; its form sends it back): checked here, against the total
   * this transaction charges (the lines priced under lock, less what the applied card pays under its
   * row lock), so a different total (a method changed without "Update totals", a price or the card's
   * balance changed meanwhile) places nothing and is a 409 naming the new total. NaN (a malformed
   * value) matches no total. Unset: not checked.
   */
  shownTotalCents?: number;
}

/** A line priced as checkout charges it now. */
export interface PricedEntry extends PricedLine {
  /** The price when the line was added (the cart page's price). */
  addedUnitPriceCents: number;
}

/**
 * The lines of a cart view at the prices checkout charges (their variants' prices as the view read
 * them, the sale price while on sale): no read of its own, so a route holding the view prices it for free.
 */
export function pricedLines(view: CartView): PricedEntry[] {
  return view.entries.map((e) => ({
    id: e.id,
    productType: e.productType,
    quantity: e.quantity,
    unitPriceCents: e.currentUnitPriceCents,
    addedUnitPriceCents: e.unitPriceCents,
  }));
}

/** The open cart `cartId` priced now, for the checkout page. */
export async function pricedCart(ctx: CartContext, cartId: string | null): Promise<{ cart: CartView; lines: PricedEntry[] }> {
  const cart = await viewOf(ctx, ctx.sql, cartId);
  return { cart, lines: pricedLines(cart) };
}

/**
 * Test-mode checkout, one transaction: locks the cart and its variants, prices every line at its
 * variant's current price, checks the form for this cart (email, address and shipping method
 * when something ships, gift card recipients), re-checks stock and the checkout minimum,
 * computes shipping and tax, takes the next order number, writes the order and its lines, spends
 * the applied gift card, issues the gift cards bought, takes limited stock and marks the cart
 * purchased. A refusal changes nothing.
 */
export async function checkout(
  ctx: CartContext,
  cartId: string | null,
  values: CheckoutValues,
  opts: CheckoutOptions = {},
): Promise<CheckoutResult> {
  const w = await ctx.website.current();
  const r = await run(ctx, async (tx) => {
    if (!cartId || !CART_ID.test(cartId)) throw new CartError(404, MSG.empty);
    const carts = await tx<{ id: string; is_purchased: boolean }[]>`
      select id, is_purchased from cart where id = ${cartId} and website_id = ${w.id} for update`;
    if (carts.length === 0) throw new CartError(404, MSG.empty);
    if (carts[0].is_purchased) throw new CartError(409, 'This cart has already been checked out.');
    // Variants in id order: concurrent checkouts lock them in the same order (no deadlock).
    const variants = await tx<VariantRow[]>`
      select id, sku, attributes, price_cents, sale_price_cents, on_sale, unlimited, qty_in_stock, image_url
        from variant where id in (select variant_id from cart_entry where cart_id = ${cartId})
       order by id for update`;
    // Read after the variants are locked: the view's prices are the ones this transaction charges.
    const view = await viewOf(ctx, tx, cartId);
    if (view.entries.length === 0) throw new CartError(400, MSG.empty);
    // The review before checkout marked this too, but a unit added since (another tab) would pass:
    // read under the cart's lock, more than the one allowed of a product is refused here.
    if (view.entries.some((e) => e.availability.status === 'over_limit')) throw new CartError(400, MSG.onlyOne);
    const lines = pricedLines(view);
    const checked = checkCheckout(values, lines, w.shipping);
    if (!checked.ok) throw new CartError(400, TEXT.anyInvalid, checked.errors);
    const d = checked.details;
    const q = quote(lines, { shippingMethod: d.shippingMethod, address: d.address }, w.shipping, w.tax);
    if (q.subtotalCents < w.settings.checkoutMinimumCents) {
      throw new CartError(400, checkoutMinimumMessage(w.settings.checkoutMinimumCents, w.currency));
    }
    const wanted = new Map<string, number>();
    for (const e of view.entries) if (e.variantId) wanted.set(e.variantId, (wanted.get(e.variantId) ?? 0) + e.quantity);
    const titles = new Map(view.entries.map((e) => [e.variantId, e.title]));
    for (const v of variants) checkStock(v, 0, wanted.get(v.id) ?? 0, titles.get(v.id) ?? v.sku);
    // The counter row is locked until commit: concurrent checkouts take numbers one after another.
    const [{ last_number: orderNumber }] = await tx<{ last_number: number }[]>`
      insert into order_number_counter (website_id, last_number) values (${w.id}, 1001)
      on conflict (website_id) do update set last_number = order_number_counter.last_number + 1
      returning last_number`;
    const orderId = crypto.randomUUID();
    await tx`
      insert into "order" (id, website_id, purchased_cart_id, test_mode, order_number, email, shipping_address, shipping_method,
                           subtotal_cents, grand_total_cents, shipping_total_cents, tax_total_cents, tax_basis_points,
                           language, site_user_id)
      values (${orderId}, ${w.id}, ${cartId}, true, ${orderNumber}, ${d.email},
              ${d.address === null ? null : JSON.stringify(d.address)}::text::jsonb, ${d.shippingMethod},
              ${q.subtotalCents}, ${q.totalCents}, ${q.shippingCents}, ${q.taxCents}, ${q.taxBasisPoints},
              ${opts.language ?? null}, ${opts.siteUserId ?? null})`;
    let line = 0;
    for (const [i, e] of view.entries.entries()) {
      const name = Object.keys(e.attributes).length > 0 ? `${e.title} (${Object.values(e.attributes).join(', ')})` : e.title;
      const gift = d.gifts[e.id] ?? null;
      await tx`
        insert into order_item (order_id, line, item_id, sku, product_name, quantity, unit_price_cents, product_type,
                                gift_recipient_email, gift_message, additional_fields)
        values (${orderId}, ${++line}, ${e.itemId}, ${e.sku}, ${name}, ${e.quantity}, ${lines[i].unitPriceCents}, ${e.productType},
                ${gift?.recipientEmail ?? null}, ${gift && gift.message !== '' ? gift.message : null},
                ${e.additionalFields == null ? null : JSON.stringify(e.additionalFields)}::text::jsonb)`;
    }
    for (const v of variants) {
      if (!v.unlimited) await tx`update variant set qty_in_stock = qty_in_stock - ${wanted.get(v.id) ?? 0} where id = ${v.id}`;
    }
    // The applied gift card is spent under its row lock: a second order spending the same balance
    // waits here, then sees what is left.
    const paid = await spendAppliedCard(tx, {
      websiteId: w.id,
      cartId,
      orderId,
      currency: w.currency,
      payableCents: payableByCard(q.totalCents, lines),
    });
    if (opts.shownTotalCents !== undefined && q.totalCents - paid !== opts.shownTotalCents) {
      throw new CartError(409, TEXT.totalChanged.replace('{total}', formatMoney(q.totalCents - paid, w.currency)));
    }
    await issueGiftCards(tx, { websiteId: w.id, orderId, currency: w.currency, buyerEmail: d.email || null });
    await tx`update cart set is_purchased = true, checkout_draft = null, updated = now() where id = ${cartId}`;
    await opts.inTransaction?.(tx, { id: orderId, email: d.email || null });
    return { orderId };
  });
  if ('ok' in r) return r;
  // Stock was taken: product pages cached here and in other server processes are out of date.
  catalogChanged(w.id);
  await announceCatalogChange(ctx.sql, w.id).catch(() => {});
  const order = await getOrder(ctx, r.orderId);
  return { ok: true, order: order! };
}
