// Orders as checkout wrote them: an order of the website with its lines and money texts, and the
// order a purchased cart became.
import { answersOf } from '../custom-form-answers.js';
import type { Address } from '../address.js';
import { addressLines } from '../address.js';
import { money } from '../money.js';
import { maskCode } from '../gift-cards.js';
import { orderGiftCardPayments } from '../gift-cards.server.js';
import type { Order, OrderItem } from '../order.js';
import { CART_ID, type CartContext } from './context.server.js';

/** An order of this website by id, or null. */
export async function getOrder(ctx: CartContext, orderId: string): Promise<Order | null> {
  const { sql } = ctx;
  const w = await ctx.website.current();
  if (!CART_ID.test(orderId)) return null;
  const rows = await sql<
    {
      id: string;
      order_number: number;
      purchased_cart_id: string;
      test_mode: boolean;
      email: string | null;
      shipping_address: Address | null;
      shipping_method: string | null;
      subtotal_cents: string;
      grand_total_cents: string;
      shipping_total_cents: string;
      tax_total_cents: string;
      tax_basis_points: number;
      created: Date;
    }[]
  >`
    select id, order_number, purchased_cart_id, test_mode, email, shipping_address, shipping_method, subtotal_cents,
           grand_total_cents, shipping_total_cents, tax_total_cents, tax_basis_points, created
      from "order" where id = ${orderId} and website_id = ${w.id}`;
  if (rows.length === 0) return null;
  const o = rows[0];
  const lines = await sql<
    {
      sku: string;
      product_name: string;
      quantity: number;
      unit_price_cents: string;
      product_type: number | null;
      gift_recipient_email: string | null;
      gift_message: string | null;
      additional_fields: unknown;
    }[]
  >`
    select sku, product_name, quantity, unit_price_cents, product_type, gift_recipient_email, gift_message, additional_fields
      from order_item where order_id = ${orderId} order by line`;
  const items = lines.map((l): OrderItem => ({
    sku: l.sku,
    productName: l.product_name,
    quantity: l.quantity,
    unitPriceCents: Number(l.unit_price_cents),
    unitPrice: money(l.unit_price_cents, w.currency),
    lineTotal: money(Number(l.unit_price_cents) * l.quantity, w.currency),
    productType: l.product_type,
    giftRecipientEmail: l.gift_recipient_email,
    giftMessage: l.gift_message,
    answers: answersOf(l.additional_fields),
  }));
  const shipping = Number(o.shipping_total_cents);
  const tax = Number(o.tax_total_cents);
  const grand = Number(o.grand_total_cents);
  const subtotal = Number(o.subtotal_cents);
  const paid = await orderGiftCardPayments(sql, o.id);
  const paidCents = paid.reduce((s, p) => s + p.amountCents, 0);
  const method = o.shipping_method ? w.shipping.methods.find((m) => m.id === o.shipping_method) : undefined;
  return {
    id: o.id,
    orderNumber: o.order_number,
    orderNumberText: `#${o.order_number}`,
    purchasedCartId: o.purchased_cart_id,
    email: o.email,
    shippingAddress: o.shipping_address,
    shippingAddressLines: o.shipping_address ? addressLines(o.shipping_address) : [],
    shippingMethod: o.shipping_method ? { id: o.shipping_method, label: method?.label ?? o.shipping_method } : null,
    taxBasisPoints: o.tax_basis_points,
    testMode: o.test_mode,
    websiteId: w.id,
    currency: w.currency,
    created: new Date(o.created).toISOString(),
    subtotalCents: subtotal,
    grandTotalCents: grand,
    shippingTotalCents: shipping,
    taxTotalCents: tax,
    subtotal: money(subtotal, w.currency),
    grandTotal: money(grand, w.currency),
    shippingTotal: money(shipping, w.currency),
    taxTotal: money(tax, w.currency),
    items,
    giftCardPayments: paid.map((p) => ({
      maskedCode: maskCode(p.code),
      amountCents: p.amountCents,
      amount: money(p.amountCents, w.currency),
    })),
    amountDueCents: grand - paidCents,
    amountDue: money(grand - paidCents, w.currency),
  };
}

/** The order a purchased cart became, or null. */
export async function orderIdForCart(ctx: CartContext, cartId: string | null): Promise<string | null> {
  if (!cartId || !CART_ID.test(cartId)) return null;
  const w = await ctx.website.current();
  const rows = await ctx.sql<{ id: string }[]>`select id from "order" where purchased_cart_id = ${cartId} and website_id = ${w.id}`;
  return rows[0]?.id ?? null;
}
