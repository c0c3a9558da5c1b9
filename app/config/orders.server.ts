// The Orders screens' work: the site's orders (search, status filter, cursor pages), one order with
// its lines, money and address, marking it fulfilled, and refunding a test-mode order, which puts
// its stock back. Every query is scoped to the site being edited; every write is in the audit log.
import { answersOf, type CustomFormAnswer } from '../commerce/custom-form-answers.js';
import type postgres from 'postgres';
import type { Sql } from '../../db/client.server.js';
import type { OwnerAccess } from '../auth/permissions.server.js';
import { addressLines, type Address } from '../commerce/address.js';
import { formatMoney } from '../commerce/money.js';
import { giveBackGiftCards, orderGiftCardPayments } from '../commerce/gift-cards.server.js';
import { maskCode } from '../commerce/gift-cards.js';
import { shippingSettings } from '../commerce/shipping.js';
import { actorOf, recordAudit } from '../edits/audit.server.js';
import { formatWhen } from './site-time.server.js';
import { storefrontChanged } from '../edits/storefront-changed.server.js';

export const ORDER_TEXT = {
  notFound: 'There is no such order on this site.',
  refundedNoFulfil: 'This order was refunded: it cannot be fulfilled.',
  canceledNoFulfil: 'This order was canceled: it cannot be fulfilled.',
  notTestMode: 'Only test-mode orders can be refunded here.',
} as const;

export class OrderError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export const ORDER_STATUSES = ['all', 'pending', 'fulfilled', 'refunded'] as const;
export type OrderStatusFilter = (typeof ORDER_STATUSES)[number];
export type FulfillmentStatus = 'pending' | 'fulfilled' | 'canceled';

export const ORDERS_PAGE = 25;

// Order ids are UUIDs from checkout; older data may use other text ids. Anything else is no order.
const ORDER_ID = /^[A-Za-z0-9_-]{1,100}$/;

export interface OrderListRow {
  id: string;
  numberText: string;
  createdAt: string;
  createdText: string;
  email: string | null;
  itemCount: number;
  totalText: string;
  fulfillment: FulfillmentStatus;
  refunded: boolean;
  testMode: boolean;
}

export interface OrderPage {
  rows: OrderListRow[];
  /** The cursor of the next page (the last order number shown), or null on the last page. */
  next: number | null;
}

export interface OrderQuery {
  q?: string | null;
  status?: OrderStatusFilter;
  /** Orders numbered below this one (the previous page's cursor). */
  after?: number | null;
  limit?: number;
}

interface Site {
  id: string;
  currency: string;
}

/** LIKE's wildcards taken literally. */
const likeText = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The site's orders, newest (highest number) first, `limit` at a time. */
export async function listOrders(sql: Sql, site: Site, timeZone: string, query: OrderQuery = {}): Promise<OrderPage> {
  const limit = Math.min(Math.max(query.limit ?? ORDERS_PAGE, 1), 100);
  const q = (query.q ?? '').trim().slice(0, 200);
  const number = /^#?\d{1,9}$/.test(q) ? Number(q.replace('#', '')) : null;
  const search =
    q === ''
      ? sql``
      : number !== null
        ? sql`and (o.order_number = ${number} or o.email ilike ${likeText(q)})`
        : sql`and o.email ilike ${likeText(q)}`;
  const status =
    query.status === 'pending'
      ? sql`and o.fulfillment_status = 'pending' and o.refunded_at is null`
      : query.status === 'fulfilled'
        ? sql`and o.fulfillment_status = 'fulfilled'`
        : query.status === 'refunded'
          ? sql`and o.refunded_at is not null`
          : sql``;
  const after = query.after != null && Number.isSafeInteger(query.after) ? sql`and o.order_number < ${query.after}` : sql``;
  const rows = await sql<
    {
      id: string;
      order_number: number;
      created: Date;
      email: string | null;
      grand_total_cents: string;
      test_mode: boolean;
      fulfillment_status: FulfillmentStatus;
      refunded_at: Date | null;
      item_count: number;
    }[]
  >`
    select o.id, o.order_number, o.created, o.email, o.grand_total_cents, o.test_mode, o.fulfillment_status, o.refunded_at,
           (select coalesce(sum(quantity), 0)::int from order_item where order_id = o.id) as item_count
      from "order" o
     where o.website_id = ${site.id} ${search} ${status} ${after}
     order by o.order_number desc
     limit ${limit + 1}`;
  const shown = rows.slice(0, limit);
  return {
    rows: shown.map((r) => ({
      id: r.id,
      numberText: `#${r.order_number}`,
      createdAt: r.created.toISOString(),
      createdText: formatWhen(r.created, timeZone),
      email: r.email,
      itemCount: r.item_count,
      totalText: formatMoney(Number(r.grand_total_cents), site.currency),
      fulfillment: r.fulfillment_status,
      refunded: r.refunded_at !== null,
      testMode: r.test_mode,
    })),
    next: rows.length > limit ? shown[shown.length - 1].order_number : null,
  };
}

export interface OrderLine {
  line: number;
  sku: string;
  productName: string;
  quantity: number;
  unitPriceText: string;
  lineTotalText: string;
  giftRecipientEmail: string | null;
  giftMessage: string | null;
  answers: CustomFormAnswer[];
}

export interface OrderDetail {
  id: string;
  numberText: string;
  createdAt: string;
  createdText: string;
  email: string | null;
  testMode: boolean;
  fulfillment: FulfillmentStatus;
  fulfilledAt: string | null;
  fulfilledText: string | null;
  refundedAt: string | null;
  refundedText: string | null;
  refundedAmountText: string | null;
  items: OrderLine[];
  subtotalText: string;
  shippingText: string;
  shippingMethod: string | null;
  taxText: string;
  totalText: string;
  addressLines: string[];
  /** What gift cards paid (masked code, amount), and the total less it. */
  giftCardPayments: { maskedCode: string; amountText: string }[];
  amountDueText: string | null;
  /** The gift cards the order bought (links to /config/gift-cards/<id>). */
  giftCardsIssued: { id: string; maskedCode: string; recipient: string }[];
  /** Pending and not refunded. */
  canFulfil: boolean;
  /** A test-mode order not yet refunded. */
  canRefund: boolean;
}

/** One order of the site, or null (unknown id, or another site's order). */
export async function orderDetail(sql: Sql, site: Site, timeZone: string, orderId: string): Promise<OrderDetail | null> {
  if (!ORDER_ID.test(orderId)) return null;
  const [o] = await sql<
    {
      id: string;
      order_number: number;
      created: Date;
      email: string | null;
      test_mode: boolean;
      shipping_address: Address | null;
      shipping_method: string | null;
      subtotal_cents: string;
      shipping_total_cents: string;
      tax_total_cents: string;
      grand_total_cents: string;
      fulfillment_status: FulfillmentStatus;
      fulfilled_at: Date | null;
      refunded_at: Date | null;
      refunded_cents: string;
      settings: unknown;
    }[]
  >`
    select o.id, o.order_number, o.created, o.email, o.test_mode, o.shipping_address, o.shipping_method, o.subtotal_cents,
           o.shipping_total_cents, o.tax_total_cents, o.grand_total_cents, o.fulfillment_status, o.fulfilled_at, o.refunded_at,
           o.refunded_cents, w.settings
      from "order" o join website w on w.id = o.website_id
     where o.id = ${orderId} and o.website_id = ${site.id}`;
  if (!o) return null;
  const lines = await sql<
    {
      line: number;
      sku: string;
      product_name: string;
      quantity: number;
      unit_price_cents: string;
      gift_recipient_email: string | null;
      gift_message: string | null;
      additional_fields: unknown;
    }[]
  >`
    select line, sku, product_name, quantity, unit_price_cents, gift_recipient_email, gift_message, additional_fields
      from order_item where order_id = ${o.id} order by line`;
  const money = (cents: string | number) => formatMoney(Number(cents), site.currency);
  const method = o.shipping_method ? shippingSettings(o.settings).methods.find((m) => m.id === o.shipping_method) : undefined;
  const refunded = o.refunded_at !== null;
  const paid = await orderGiftCardPayments(sql, o.id);
  const issued = await sql<{ id: string; code: string; recipient_email: string }[]>`
    select id, code, recipient_email from gift_card where order_id = ${o.id} and website_id = ${site.id} order by order_line, created_at, id`;
  return {
    id: o.id,
    numberText: `#${o.order_number}`,
    createdAt: o.created.toISOString(),
    createdText: formatWhen(o.created, timeZone),
    email: o.email,
    testMode: o.test_mode,
    fulfillment: o.fulfillment_status,
    fulfilledAt: o.fulfilled_at?.toISOString() ?? null,
    fulfilledText: o.fulfilled_at ? formatWhen(o.fulfilled_at, timeZone) : null,
    refundedAt: o.refunded_at?.toISOString() ?? null,
    refundedText: o.refunded_at ? formatWhen(o.refunded_at, timeZone) : null,
    refundedAmountText: refunded ? money(o.refunded_cents) : null,
    items: lines.map((l) => ({
      line: l.line,
      sku: l.sku,
      productName: l.product_name,
      quantity: l.quantity,
      unitPriceText: money(l.unit_price_cents),
      lineTotalText: money(Number(l.unit_price_cents) * l.quantity),
      giftRecipientEmail: l.gift_recipient_email,
      giftMessage: l.gift_message,
      // A product custom form's answers (issue 30).
      answers: answersOf(l.additional_fields),
    })),
    subtotalText: money(o.subtotal_cents),
    shippingText: money(o.shipping_total_cents),
    shippingMethod: o.shipping_method ? (method?.label ?? o.shipping_method) : null,
    taxText: money(o.tax_total_cents),
    totalText: money(o.grand_total_cents),
    addressLines: o.shipping_address ? addressLines(o.shipping_address) : [],
    giftCardPayments: paid.map((p) => ({ maskedCode: maskCode(p.code), amountText: money(-p.amountCents) })),
    amountDueText: paid.length > 0 ? money(Number(o.grand_total_cents) - paid.reduce((t, p) => t + p.amountCents, 0)) : null,
    giftCardsIssued: issued.map((g) => ({ id: g.id, maskedCode: maskCode(g.code), recipient: g.recipient_email })),
    canFulfil: o.fulfillment_status === 'pending' && !refunded,
    canRefund: o.test_mode && !refunded,
  };
}

interface LockedOrder {
  id: string;
  order_number: number;
  test_mode: boolean;
  fulfillment_status: FulfillmentStatus;
  refunded_at: Date | null;
  grand_total_cents: string;
}

/** The order row, locked until the transaction ends: a concurrent fulfil or refund waits for it. */
async function lockOrder(tx: postgres.TransactionSql, websiteId: string, orderId: string): Promise<LockedOrder> {
  if (!ORDER_ID.test(orderId)) throw new OrderError(404, ORDER_TEXT.notFound);
  const [o] = await tx<LockedOrder[]>`
    select id, order_number, test_mode, fulfillment_status, refunded_at, grand_total_cents
      from "order" where id = ${orderId} and website_id = ${websiteId} for update`;
  if (!o) throw new OrderError(404, ORDER_TEXT.notFound);
  return o;
}

/** Marks the order fulfilled. Doing it again changes nothing (false); a refunded order is refused. */
export async function fulfilOrder(a: OwnerAccess, orderId: string): Promise<boolean> {
  return a.sql.begin(async (tx) => {
    const o = await lockOrder(tx, a.site.id, orderId);
    if (o.fulfillment_status === 'fulfilled') return false;
    if (o.fulfillment_status === 'canceled') throw new OrderError(409, ORDER_TEXT.canceledNoFulfil);
    if (o.refunded_at) throw new OrderError(409, ORDER_TEXT.refundedNoFulfil);
    await tx`update "order" set fulfillment_status = 'fulfilled', fulfilled_at = now() where id = ${o.id}`;
    await recordAudit(tx as unknown as Sql, actorOf(a), 'order.fulfil', `#${o.order_number}`, { orderId: o.id });
    return true;
  });
}

export interface RefundOutcome {
  /** False when the order had been refunded already (nothing was done). */
  refunded: boolean;
  /** Units put back per SKU. */
  restocked: { sku: string; quantity: number }[];
}

/**
 * Refunds a test-mode order in full, in one transaction holding the order's row lock (a second
 * refund, even a concurrent one, finds it refunded and does nothing): records the refund and puts
 * each line's quantity back on its variant, the one of the line's product with the line's SKU in
 * this site. Unlimited variants and variants deleted since are left alone.
 */
export async function refundOrder(a: OwnerAccess, orderId: string): Promise<RefundOutcome> {
  const outcome = await a.sql.begin(async (tx): Promise<RefundOutcome> => {
    const o = await lockOrder(tx, a.site.id, orderId);
    if (o.refunded_at) return { refunded: false, restocked: [] };
    if (!o.test_mode) throw new OrderError(409, ORDER_TEXT.notTestMode);
    const lines = await tx<{ sku: string; quantity: number; item_id: string | null }[]>`
      select sku, quantity, item_id from order_item where order_id = ${o.id} order by line`;
    const back = new Map<string, { sku: string; quantity: number }>();
    for (const l of lines) {
      // Lines from before order_item.item_id: the SKU alone, when it names one variant of the site.
      const found = await tx<{ id: string; unlimited: boolean }[]>`
        select v.id, v.unlimited from variant v join item i on i.id = v.item_id join collection c on c.id = i.collection_id
         where c.website_id = ${a.site.id} and v.sku = ${l.sku} ${l.item_id ? tx`and v.item_id = ${l.item_id}` : tx``}
         limit 2`;
      if (found.length !== 1 || found[0].unlimited) continue;
      const prev = back.get(found[0].id);
      back.set(found[0].id, { sku: l.sku, quantity: (prev?.quantity ?? 0) + l.quantity });
    }
    if (back.size > 0) {
      // Locked in id order, as checkout locks them: a refund and a checkout never wait on each other in a circle.
      const ids = [...back.keys()].sort();
      const locked = await tx<
        { id: string; unlimited: boolean }[]
      >`select id, unlimited from variant where id in ${tx(ids)} order by id for update`;
      for (const v of locked) {
        if (v.unlimited) back.delete(v.id);
        else await tx`update variant set qty_in_stock = qty_in_stock + ${back.get(v.id)!.quantity} where id = ${v.id}`;
      }
      for (const id of ids) if (!locked.some((v) => v.id === id)) back.delete(id);
    }
    await tx`update "order" set refunded_at = now(), refunded_cents = grand_total_cents where id = ${o.id}`;
    // What gift cards paid goes back on them (their history shows the refund).
    const giftCardsBack = await giveBackGiftCards(tx, o.id);
    const restocked = [...back.values()];
    await recordAudit(tx as unknown as Sql, actorOf(a), 'order.refund', `#${o.order_number}`, {
      orderId: o.id,
      refundedCents: Number(o.grand_total_cents),
      giftCardsBackCents: giftCardsBack,
      restocked,
    });
    return { refunded: true, restocked };
  });
  // Stock went back up: the storefront's pages and stock answers must show it on the next request.
  if (outcome.refunded) await storefrontChanged(a.sql, a.site.id);
  return outcome;
}
