// The shopper's cart: a database row keyed by a signed cookie; adding, changing and removing
// entries with the SPEC section 5 checks, subscription carts, and test-mode checkout into orders.
import crypto from 'node:crypto';
import { createCookie } from '@remix-run/node';
import type postgres from 'postgres';
import { getSql, type Sql } from '../db/client.server.js';
import { env } from './utils/env.server.js';
import { compile, render } from '../engine/node.js';
import type { Product, SubscriptionPlan } from './catalog.server.js';
import { money, shapeItem, type Money } from './context.server.js';
import {
  checkoutMinimumMessage, commerceSettings, GIFT_CARD, MSG, parseQuantity, PHYSICAL, pleaseSelect, QUANTITY_MAX, SERVICE, type CommerceSettings, itemName, stockMessage,
} from './commerce/rules.server.js';

export { MSG, cartInstalmentEligible, instalmentNotice, checkoutMinimumMessage, formatMoney, parseQuantity } from './commerce/rules.server.js';
export type { CommerceSettings, InstalmentNotice, InstalmentContext } from './commerce/rules.server.js';
export { rateLimited, isRateLimited, cartRateLimiter, visitorKey } from './commerce/rate-limit.server.js';

// ---------------------------------------------------------------------------------------------
// Cookie

const CART_COOKIE_DAYS = 14;

/**
 * The signed `cart` cookie holding the cart id. Signed with SESSION_SECRET (newest first, older
 * ones still verify); no fallback secret exists (app/utils/env.server.ts). Secure in production.
 */
export const cartCookie = createCookie('cart', {
  path: '/',
  httpOnly: true,
  sameSite: 'lax',
  secure: env().secureCookies,
  maxAge: CART_COOKIE_DAYS * 24 * 60 * 60,
  secrets: env().sessionSecrets,
});

const CART_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The cart id of the request's signed cookie; null when absent, unsigned or tampered with. */
export async function getCartId(request: Request): Promise<string | null> {
  const v = await cartCookie.parse(request.headers.get('Cookie')).catch(() => null);
  return typeof v === 'string' && CART_ID.test(v) ? v : null;
}

/** The Set-Cookie header value that stores `cartId` for the visitor. */
export function commitCartCookie(cartId: string): Promise<string> {
  return cartCookie.serialize(cartId);
}

/** The Set-Cookie header value that forgets the visitor's cart. */
export function clearCartCookie(): Promise<string> {
  return cartCookie.serialize('', { maxAge: 0 });
}

// ---------------------------------------------------------------------------------------------
// Types

export type CartKind = 'standard' | 'subscription';

export interface CartEntryView {
  id: string;
  itemId: string;
  variantId: string | null;
  title: string;
  /** Product page URL (`/shop/p/tide-pool-mug`). */
  fullUrl: string;
  /** The variant's image when it has one, else the item's. */
  assetUrl: string | null;
  sku: string;
  /** Chosen options, e.g. {"Color": "Sand"} (empty for single-variant products). */
  attributes: Record<string, string>;
  quantity: number;
  /** Price when added, minor units. */
  unitPriceCents: number;
  lineTotalCents: number;
  /** 1 physical, 2 digital, 3 service, 4 gift card. */
  productType: number;
  isSubscription: boolean;
  additionalFields: unknown;
}

export interface CartView {
  /** null: the visitor has no (open) cart; the view is then empty. */
  id: string | null;
  kind: CartKind;
  currency: string;
  entries: CartEntryView[];
  totalQuantity: number;
  subtotalCents: number;
  /** ISO timestamp, null for an empty view. */
  created: string | null;
}

export interface AddInput {
  itemId: string;
  /** The variant, when the caller knows it (API, list pages). Takes precedence over options. */
  sku?: string | null;
  /** Chosen options by name (product page form), e.g. {Size: 'M'}. */
  options?: Record<string, string>;
  /** Form text or number; must be a whole number 1-9999. */
  quantity: string | number;
  /** Free JSON (an object or its JSON text) kept with the entry. */
  additionalFields?: unknown;
  /** A gift card's chosen amount (its variant's sku). */
  giftCardDenominationSku?: string | null;
}

export type CartFailure = { ok: false; status: number; error: string };
export type AddResult = { ok: true; cartId: string; entry: CartEntryView; cart: CartView } | CartFailure;
export type UpdateResult = { ok: true; cartId: string; entry: CartEntryView | null; cart: CartView } | CartFailure;

export interface SubscribeInput {
  itemId: string;
  sku?: string | null;
  options?: Record<string, string>;
  /** Defaults to 1. */
  quantity?: string | number;
  additionalFields?: unknown;
}

export type SubscribeResult = { ok: true; cartId: string; cart: CartView; priceText: string } | CartFailure;

export interface OrderItem {
  sku: string;
  productName: string;
  quantity: number;
  unitPriceCents: number;
  unitPrice: Money;
}

/** The order event of SPEC section 3, plus minor-unit numbers. */
export interface Order {
  id: string;
  purchasedCartId: string;
  testMode: boolean;
  websiteId: string;
  currency: string;
  created: string;
  subtotalCents: number;
  grandTotalCents: number;
  shippingTotalCents: number;
  taxTotalCents: number;
  grandTotal: Money;
  shippingTotal: Money;
  taxTotal: Money;
  items: OrderItem[];
}

export type CheckoutResult = { ok: true; order: Order } | CartFailure;

/** A failure inside a transaction: thrown to roll back, returned to the caller as CartFailure. */
class CartError extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
  }
}

function fail(status: number, error: string): CartFailure {
  return { ok: false, status, error };
}

// ---------------------------------------------------------------------------------------------
// Rows

interface ProductRow {
  id: string;
  collection_id: string;
  collection_url_id: string;
  url_id: string;
  title: string;
  asset_url: string | null;
  original_size: string | null;
  record_type: number;
  product_type: number;
  is_subscribable: boolean;
  subscription_plan: SubscriptionPlan | null;
  variant_option_ordering: string[];
  details: Record<string, unknown> | null;
}

interface VariantRow {
  id: string;
  sku: string;
  attributes: Record<string, string>;
  price_cents: string | number;
  sale_price_cents: string | number;
  on_sale: boolean;
  unlimited: boolean;
  qty_in_stock: number;
  image_url: string | null;
}

interface Loaded {
  product: ProductRow;
  variants: VariantRow[];
}

type Q = Sql | postgres.TransactionSql;

const n = (v: string | number | bigint) => Number(v);
const priceOf = (v: VariantRow) => (v.on_sale ? n(v.sale_price_cents) : n(v.price_cents));

/** Free JSON as stored: objects as they are, JSON text parsed, '' / null / undefined as none. */
export function normalizeAdditionalFields(v: unknown): unknown {
  if (v === undefined || v === null || v === '') return null;
  if (typeof v === 'string') {
    try {
      return JSON.parse(v);
    } catch {
      return v;
    }
  }
  return v;
}

/** The variant a shopper means, or the spec's text for what is missing. */
export function resolveVariant(p: ProductRow, variants: VariantRow[], input: { sku?: string | null; options?: Record<string, string>; giftCardDenominationSku?: string | null }): VariantRow | CartFailure {
  const sku = input.giftCardDenominationSku || input.sku;
  if (sku) return variants.find((v) => v.sku === sku) ?? fail(400, MSG.unavailable);
  if (variants.length === 0) return fail(400, MSG.unavailable);
  if (variants.length === 1) return variants[0];
  let names = p.variant_option_ordering;
  if (names.length === 0) names = [...new Set(variants.flatMap((v) => Object.keys(v.attributes)))];
  const chosen = input.options ?? {};
  const missing = names.filter((name) => !chosen[name]);
  // A gift card's options are its denomination: SPEC 5 has its own text for a missing one.
  if (p.product_type === GIFT_CARD && (missing.length > 0 || names.length === 0)) return fail(400, MSG.giftCard);
  if (missing.length > 0) return fail(400, pleaseSelect(missing));
  return variants.find((v) => names.every((name) => String(v.attributes[name]) === chosen[name])) ?? fail(400, MSG.unavailable);
}

// ---------------------------------------------------------------------------------------------
// The store

/** Cart operations bound to one database and website (tests make their own; the app uses the default). */
export function createCartStore(sql: Sql, opts: { websiteId?: string } = {}) {
  let site: Promise<{ id: string; currency: string; settings: CommerceSettings }> | undefined;

  function website() {
    if (!site) {
      const wanted = opts.websiteId ?? process.env.WEBSITE_ID ?? null;
      site = sql<{ id: string; currency: string; settings: unknown }[]>`
        select id, currency, settings from website where ${wanted === null ? sql`true` : sql`id = ${wanted}`} order by id limit 1`
        .then((rows) => {
          if (rows.length === 0) throw new Error('The database has no website: run `npm run db:seed`.');
          return { id: rows[0].id, currency: rows[0].currency, settings: commerceSettings(rows[0].settings) };
        });
      site.catch(() => {
        site = undefined;
      });
    }
    return site;
  }

  async function loadProduct(q: Q, itemId: string): Promise<Loaded | null> {
    const w = await website();
    const rows = await q<ProductRow[]>`
      select i.id, i.collection_id, c.url_id as collection_url_id, i.url_id, i.title, i.asset_url, i.original_size,
             i.record_type, p.product_type, p.is_subscribable, p.subscription_plan, p.variant_option_ordering, p.details
        from item i
        join product p on p.item_id = i.id
        join collection c on c.id = i.collection_id
       where i.id = ${itemId} and i.published and c.enabled and c.website_id = ${w.id}`;
    if (rows.length === 0) return null;
    const variants = await q<VariantRow[]>`
      select id, sku, attributes, price_cents, sale_price_cents, on_sale, unlimited, qty_in_stock, image_url
        from variant where item_id = ${itemId} order by ordering, id`;
    return { product: rows[0], variants };
  }

  /** Locks the cart row; null when it is not an open cart of this website and kind. */
  async function lockCart(tx: Q, cartId: string | null, kind: CartKind): Promise<string | null> {
    if (!cartId) return null;
    const w = await website();
    const rows = await tx<{ id: string }[]>`
      select id from cart
       where id = ${cartId} and website_id = ${w.id} and not is_purchased and kind = ${kind}
         for update`;
    return rows.length > 0 ? rows[0].id : null;
  }

  async function lockVariant(tx: Q, variantId: string): Promise<VariantRow> {
    const rows = await tx<VariantRow[]>`
      select id, sku, attributes, price_cents, sale_price_cents, on_sale, unlimited, qty_in_stock, image_url
        from variant where id = ${variantId} for update`;
    if (rows.length === 0) throw new CartError(400, MSG.unavailable);
    return rows[0];
  }

  async function newCart(tx: Q, kind: CartKind): Promise<string> {
    const w = await website();
    const id = crypto.randomUUID();
    await tx`insert into cart (id, website_id, kind) values (${id}, ${w.id}, ${kind})`;
    return id;
  }

  async function viewOf(q: Q, cartId: string | null, includePurchased = false): Promise<CartView> {
    const w = await website();
    const empty: CartView = { id: null, kind: 'standard', currency: w.currency, entries: [], totalQuantity: 0, subtotalCents: 0, created: null };
    if (!cartId || !CART_ID.test(cartId)) return empty;
    const carts = await q<{ id: string; kind: CartKind; created: Date; is_purchased: boolean }[]>`
      select id, kind, created, is_purchased from cart where id = ${cartId} and website_id = ${w.id}`;
    if (carts.length === 0 || (carts[0].is_purchased && !includePurchased)) return empty;
    const cart = carts[0];
    const rows = await q<{
      id: string; item_id: string; variant_id: string | null; quantity: number; purchase_price_cents: string;
      additional_fields: unknown; title: string; url_id: string; collection_url_id: string; asset_url: string | null;
      sku: string | null; attributes: Record<string, string> | null; image_url: string | null; product_type: number;
    }[]>`
      select e.id, e.item_id, e.variant_id, e.quantity, e.purchase_price_cents, e.additional_fields,
             i.title, i.url_id, c.url_id as collection_url_id, i.asset_url, v.sku, v.attributes, v.image_url, p.product_type
        from cart_entry e
        join item i on i.id = e.item_id
        join collection c on c.id = i.collection_id
        join product p on p.item_id = i.id
        left join variant v on v.id = e.variant_id
       where e.cart_id = ${cartId}
       order by e.created, e.id`;
    const entries = rows.map((r): CartEntryView => {
      const unit = n(r.purchase_price_cents);
      const attributes: Record<string, string> = {};
      for (const [k, v] of Object.entries(r.attributes ?? {})) attributes[k] = String(v);
      return {
        id: r.id,
        itemId: r.item_id,
        variantId: r.variant_id,
        title: r.title,
        fullUrl: `/${r.collection_url_id}/p/${r.url_id}`,
        assetUrl: r.image_url ?? r.asset_url,
        sku: r.sku ?? '',
        attributes,
        quantity: r.quantity,
        unitPriceCents: unit,
        lineTotalCents: unit * r.quantity,
        productType: r.product_type,
        isSubscription: cart.kind === 'subscription',
        additionalFields: r.additional_fields ?? null,
      };
    });
    return {
      id: cart.id,
      kind: cart.kind,
      currency: w.currency,
      entries,
      totalQuantity: entries.reduce((s, e) => s + e.quantity, 0),
      subtotalCents: entries.reduce((s, e) => s + e.lineTotalCents, 0),
      created: new Date(cart.created).toISOString(),
    };
  }

  /** Units of a variant already in a cart (every entry of that item and variant). */
  async function inCart(tx: Q, cartId: string | null, itemId: string, variantId: string, exceptEntry: string | null = null): Promise<number> {
    if (!cartId) return 0;
    const rows = await tx<{ q: string | null }[]>`
      select sum(quantity) as q from cart_entry
       where cart_id = ${cartId} and item_id = ${itemId} and variant_id = ${variantId}
         and ${exceptEntry === null ? tx`true` : tx`id <> ${exceptEntry}`}`;
    return n(rows[0]?.q ?? 0);
  }

  /**
   * Refuses `wanted` more units of `v` when the cart already holds `held` of it elsewhere and the
   * stock (or the 9999 cap) cannot cover both; the text names the item and what is left.
   */
  function checkStock(v: VariantRow, held: number, wanted: number, title: string): void {
    const total = held + wanted;
    if (total > QUANTITY_MAX) throw new CartError(409, MSG.notEnough);
    if (!v.unlimited && total > v.qty_in_stock) throw new CartError(409, stockMessage(itemName(title, v.attributes), v.qty_in_stock, held));
  }

  async function run<T>(work: (tx: postgres.TransactionSql) => Promise<T>): Promise<T | CartFailure> {
    // Read before the transaction: with PGlite's single connection, a query on `sql` from inside
    // `sql.begin` would wait for the transaction that waits for it.
    await website();
    try {
      return (await sql.begin(work)) as T;
    } catch (e) {
      if (e instanceof CartError) return fail(e.status, e.message);
      throw e;
    }
  }

  /**
   * Adds a product variant to the cart `cartId` (a new cart when null, purchased or unknown).
   * One transaction: the cart row and the variant row are locked, so concurrent adds neither lose
   * lines nor sell more than is in stock; the same item and variant (without additional fields)
   * merge into one entry. Returns the cart id to keep in the cookie.
   */
  async function addToCart(cartId: string | null, input: AddInput): Promise<AddResult> {
    const qty = parseQuantity(input.quantity);
    if (!qty.ok) return fail(400, qty.error);
    const loaded = await loadProduct(sql, input.itemId);
    if (!loaded) return fail(404, MSG.unavailable);
    if (loaded.product.is_subscribable) return fail(400, 'This product is sold by subscription: use Subscribe.');
    const chosen = resolveVariant(loaded.product, loaded.variants, input);
    if ('ok' in chosen) return chosen;
    const fields = normalizeAdditionalFields(input.additionalFields);
    const r = await run(async (tx) => {
      let id = await lockCart(tx, cartId, 'standard');
      const v = await lockVariant(tx, chosen.id);
      checkStock(v, await inCart(tx, id, input.itemId, v.id), qty.quantity, loaded.product.title);
      if (id === null) id = await newCart(tx, 'standard');
      let entryId: string | null = null;
      if (fields === null) {
        const same = await tx<{ id: string }[]>`
          select id from cart_entry
           where cart_id = ${id} and item_id = ${input.itemId} and variant_id = ${v.id} and additional_fields is null
           order by created, id limit 1`;
        if (same.length > 0) {
          entryId = same[0].id;
          await tx`update cart_entry set quantity = quantity + ${qty.quantity} where id = ${entryId}`;
        }
      }
      if (entryId === null) {
        entryId = crypto.randomUUID();
        await tx`
          insert into cart_entry (id, cart_id, item_id, variant_id, quantity, purchase_price_cents, additional_fields)
          values (${entryId}, ${id}, ${input.itemId}, ${v.id}, ${qty.quantity}, ${priceOf(v)},
                  ${fields === null ? null : JSON.stringify(fields)}::text::jsonb)`;
      }
      await tx`update cart set updated = now() where id = ${id}`;
      return { id, entryId };
    });
    if ('ok' in r) return r;
    const cart = await viewOf(sql, r.id);
    return { ok: true, cartId: r.id, entry: cart.entries.find((e) => e.id === r.entryId)!, cart };
  }

  /** Sets an entry's quantity (1-9999, within stock counting the rest of the cart). A failure changes nothing. */
  async function updateEntryQuantity(cartId: string | null, entryId: string, quantity: string | number): Promise<UpdateResult> {
    const qty = parseQuantity(quantity);
    if (!qty.ok) return fail(400, qty.error);
    const r = await run(async (tx) => {
      const id = await lockCart(tx, cartId, 'standard');
      if (id === null) throw new CartError(404, MSG.updateFailed);
      const rows = await tx<{ item_id: string; variant_id: string | null; title: string }[]>`
        select e.item_id, e.variant_id, i.title from cart_entry e join item i on i.id = e.item_id
         where e.id = ${entryId} and e.cart_id = ${id}`;
      if (rows.length === 0) throw new CartError(404, MSG.updateFailed);
      const { item_id, variant_id, title } = rows[0];
      if (variant_id !== null) {
        const v = await lockVariant(tx, variant_id);
        checkStock(v, await inCart(tx, id, item_id, variant_id, entryId), qty.quantity, title);
      }
      await tx`update cart_entry set quantity = ${qty.quantity} where id = ${entryId}`;
      await tx`update cart set updated = now() where id = ${id}`;
      return id;
    });
    if (typeof r !== 'string') return r;
    const cart = await viewOf(sql, r);
    return { ok: true, cartId: r, entry: cart.entries.find((e) => e.id === entryId) ?? null, cart };
  }

  /** Removes an entry from the cart. */
  async function removeEntry(cartId: string | null, entryId: string): Promise<UpdateResult> {
    const r = await run(async (tx) => {
      const id = await lockCart(tx, cartId, 'standard');
      if (id === null) throw new CartError(404, MSG.removeFailed);
      const gone = await tx`delete from cart_entry where id = ${entryId} and cart_id = ${id} returning id`;
      if (gone.length === 0) throw new CartError(404, MSG.removeFailed);
      await tx`update cart set updated = now() where id = ${id}`;
      return id;
    });
    if (typeof r !== 'string') return r;
    return { ok: true, cartId: r, entry: null, cart: await viewOf(sql, r) };
  }

  /** Replaces an entry's additional fields (SPEC 7 PUT .../additionalFields); itemId/sku must match the entry when given. */
  async function updateAdditionalFields(cartId: string | null, entryId: string, input: { itemId?: string; sku?: string; additionalFields: unknown }): Promise<UpdateResult> {
    const fields = normalizeAdditionalFields(input.additionalFields);
    const r = await run(async (tx) => {
      const id = await lockCart(tx, cartId, 'standard');
      if (id === null) throw new CartError(404, 'Unable to update form');
      const rows = await tx<{ item_id: string; sku: string | null }[]>`
        select e.item_id, v.sku from cart_entry e left join variant v on v.id = e.variant_id
         where e.id = ${entryId} and e.cart_id = ${id}`;
      if (rows.length === 0) throw new CartError(404, 'Unable to update form');
      if ((input.itemId && input.itemId !== rows[0].item_id) || (input.sku && input.sku !== rows[0].sku)) {
        throw new CartError(400, MSG.unavailable);
      }
      await tx`update cart_entry set additional_fields = ${fields === null ? null : JSON.stringify(fields)}::text::jsonb where id = ${entryId}`;
      await tx`update cart set updated = now() where id = ${id}`;
      return id;
    });
    if (typeof r !== 'string') return r;
    const cart = await viewOf(sql, r);
    return { ok: true, cartId: r, entry: cart.entries.find((e) => e.id === entryId) ?? null, cart };
  }

  /** The cart as the shopper sees it; an empty view when there is no open cart. */
  function loadCart(cartId: string | null): Promise<CartView> {
    return viewOf(sql, cartId);
  }

  /**
   * Starts a subscription: a new cart of kind 'subscription' holding the one subscribable entry
   * (physical or service products only). Its id is the cartToken of SPEC 7; check it out with checkout().
   */
  async function subscribe(input: SubscribeInput): Promise<SubscribeResult> {
    const qty = parseQuantity(input.quantity ?? 1);
    if (!qty.ok) return fail(400, qty.error);
    const loaded = await loadProduct(sql, input.itemId);
    if (!loaded) return fail(404, MSG.unavailable);
    const p = loaded.product;
    if (!p.is_subscribable || !p.subscription_plan || (p.product_type !== PHYSICAL && p.product_type !== SERVICE)) {
      return fail(400, 'This product cannot be subscribed to.');
    }
    const chosen = resolveVariant(p, loaded.variants, input);
    if ('ok' in chosen) return chosen;
    const fields = normalizeAdditionalFields(input.additionalFields);
    const r = await run(async (tx) => {
      const v = await lockVariant(tx, chosen.id);
      checkStock(v, 0, qty.quantity, p.title);
      const id = await newCart(tx, 'subscription');
      await tx`
        insert into cart_entry (id, cart_id, item_id, variant_id, quantity, purchase_price_cents, additional_fields)
        values (${crypto.randomUUID()}, ${id}, ${p.id}, ${v.id}, ${qty.quantity}, ${priceOf(v)},
                ${fields === null ? null : JSON.stringify(fields)}::text::jsonb)`;
      return id;
    });
    if (typeof r !== 'string') return r;
    const w = await website();
    return { ok: true, cartId: r, cart: await viewOf(sql, r), priceText: subscriptionPriceText(toProduct(p, loaded.variants), w.currency) };
  }

  /** The billing text of a subscribable product ("$95.00 every 3 months"), or null. */
  async function subscriptionPriceFor(itemId: string): Promise<string | null> {
    const loaded = await loadProduct(sql, itemId);
    if (!loaded || !loaded.product.is_subscribable) return null;
    return subscriptionPriceText(toProduct(loaded.product, loaded.variants), (await website()).currency);
  }

  /**
   * Test-mode checkout, one transaction: locks the cart and its variants, re-checks stock and the
   * checkout minimum, writes the order and its lines, takes limited stock, marks the cart purchased.
   */
  async function checkout(cartId: string | null): Promise<CheckoutResult> {
    const w = await website();
    const r = await run(async (tx) => {
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
      const view = await viewOf(tx, cartId);
      if (view.entries.length === 0) throw new CartError(400, MSG.empty);
      if (view.subtotalCents < w.settings.checkoutMinimumCents) {
        throw new CartError(400, checkoutMinimumMessage(w.settings.checkoutMinimumCents, w.currency));
      }
      const wanted = new Map<string, number>();
      for (const e of view.entries) if (e.variantId) wanted.set(e.variantId, (wanted.get(e.variantId) ?? 0) + e.quantity);
      const titles = new Map(view.entries.map((e) => [e.variantId, e.title]));
      for (const v of variants) checkStock(v, 0, wanted.get(v.id) ?? 0, titles.get(v.id) ?? v.sku);
      const orderId = crypto.randomUUID();
      const total = view.subtotalCents;
      const created = await tx<{ created: Date }[]>`
        insert into "order" (id, website_id, purchased_cart_id, test_mode, grand_total_cents, shipping_total_cents, tax_total_cents)
        values (${orderId}, ${w.id}, ${cartId}, true, ${total}, 0, 0) returning created`;
      let line = 0;
      for (const e of view.entries) {
        const name = Object.keys(e.attributes).length > 0 ? `${e.title} (${Object.values(e.attributes).join(', ')})` : e.title;
        await tx`
          insert into order_item (order_id, line, sku, product_name, quantity, unit_price_cents)
          values (${orderId}, ${++line}, ${e.sku}, ${name}, ${e.quantity}, ${e.unitPriceCents})`;
      }
      for (const v of variants) {
        if (!v.unlimited) await tx`update variant set qty_in_stock = qty_in_stock - ${wanted.get(v.id) ?? 0} where id = ${v.id}`;
      }
      await tx`update cart set is_purchased = true, updated = now() where id = ${cartId}`;
      return { orderId, created: created[0].created };
    });
    if ('ok' in r) return r;
    const order = await getOrder(r.orderId);
    return { ok: true, order: order! };
  }

  /** An order of this website by id, or null. */
  async function getOrder(orderId: string): Promise<Order | null> {
    const w = await website();
    if (!CART_ID.test(orderId)) return null;
    const rows = await sql<{ id: string; purchased_cart_id: string; test_mode: boolean; grand_total_cents: string; shipping_total_cents: string; tax_total_cents: string; created: Date }[]>`
      select id, purchased_cart_id, test_mode, grand_total_cents, shipping_total_cents, tax_total_cents, created
        from "order" where id = ${orderId} and website_id = ${w.id}`;
    if (rows.length === 0) return null;
    const o = rows[0];
    const lines = await sql<{ sku: string; product_name: string; quantity: number; unit_price_cents: string }[]>`
      select sku, product_name, quantity, unit_price_cents from order_item where order_id = ${orderId} order by line`;
    const items = lines.map((l) => ({
      sku: l.sku, productName: l.product_name, quantity: l.quantity,
      unitPriceCents: n(l.unit_price_cents), unitPrice: money(l.unit_price_cents, w.currency),
    }));
    const shipping = n(o.shipping_total_cents);
    const tax = n(o.tax_total_cents);
    const grand = n(o.grand_total_cents);
    return {
      id: o.id,
      purchasedCartId: o.purchased_cart_id,
      testMode: o.test_mode,
      websiteId: w.id,
      currency: w.currency,
      created: new Date(o.created).toISOString(),
      subtotalCents: grand - shipping - tax,
      grandTotalCents: grand,
      shippingTotalCents: shipping,
      taxTotalCents: tax,
      grandTotal: money(grand, w.currency),
      shippingTotal: money(shipping, w.currency),
      taxTotal: money(tax, w.currency),
      items,
    };
  }

  /** Stock per variant of a product (SPEC 7 inventory): null when there is no such product. */
  async function stockOf(itemId: string): Promise<{ variantId: string; sku: string; unlimited: boolean; qtyInStock: number }[] | null> {
    const loaded = await loadProduct(sql, itemId);
    if (!loaded) return null;
    return loaded.variants.map((v) => ({ variantId: v.id, sku: v.sku, unlimited: v.unlimited, qtyInStock: v.qty_in_stock }));
  }

  /** The store's commerce settings (checkout minimum, instalment bounds). */
  async function settings(): Promise<CommerceSettings> {
    return (await website()).settings;
  }

  return {
    loadCart, addToCart, updateEntryQuantity, removeEntry, updateAdditionalFields, subscribe, subscriptionPriceFor,
    checkout, getOrder, stockOf, settings, websiteId: async () => (await website()).id,
  };
}

export type CartStore = ReturnType<typeof createCartStore>;

function toProduct(p: ProductRow, variants: VariantRow[]): Product {
  return {
    id: p.id, collectionId: p.collection_id, urlId: p.url_id, title: p.title,
    fullUrl: `/${p.collection_url_id}/p/${p.url_id}`, excerpt: '', body: '', recordType: p.record_type,
    assetUrl: p.asset_url, originalSize: p.original_size, images: [], tags: [], categories: [], starred: false,
    updatedAt: new Date(0).toISOString(), productType: p.product_type, isSubscribable: p.is_subscribable,
    subscriptionPlan: p.subscription_plan, variantOptionOrdering: p.variant_option_ordering, details: p.details ?? {},
    variants: variants.map((v) => ({
      id: v.id, sku: v.sku, attributes: v.attributes, priceCents: n(v.price_cents), salePriceCents: n(v.sale_price_cents),
      onSale: v.on_sale, unlimited: v.unlimited, qtyInStock: v.qty_in_stock, imageUrl: v.image_url,
    })),
  };
}

let priceCode: ReturnType<typeof compile>['code'] | undefined;

/**
 * A subscribable product's price text, rendered by the engine's product-price formatter (the one
 * the theme uses) so the text never drifts from the product page: "$95.00 every 3 months".
 */
export function subscriptionPriceText(p: Product, currency: string): string {
  priceCode ??= compile('{item|product-price}').code;
  const out = render(priceCode, { item: shapeItem(p, currency), featureFlags: { useCLDRMoneyFormat: true } }, { locale: 'en' });
  return out.output.replace(/<span class="visually-hidden[^"]*">[^<]*<\/span>/g, ' ').replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;|\u00a0/g, ' ').replace(/\s+/g, ' ').trim();
}

/** The shopping cart object of the JSON API (SPEC section 3 field names). */
export function shoppingCartJson(cart: CartView, websiteId: string): Record<string, unknown> {
  const entries = cart.entries.map(entryJson(cart.currency));
  const digital = cart.entries.map((e) => e.productType === 2 || e.productType === GIFT_CARD);
  return {
    id: cart.id,
    websiteId,
    created: cart.created ? Date.parse(cart.created) : null,
    isPurchased: false,
    kind: cart.kind,
    currency: cart.currency,
    entries,
    items: cart.entries.map((e) => ({ itemId: e.itemId, productType: e.productType, quantity: e.quantity })),
    totalQuantity: cart.totalQuantity,
    subtotalCents: cart.subtotalCents,
    taxCents: 0,
    shippingCostCents: 0,
    discountCents: 0,
    grandTotalCents: cart.subtotalCents,
    subtotal: money(cart.subtotalCents, cart.currency),
    hasDigital: digital.some(Boolean),
    purelyDigital: digital.length > 0 && digital.every(Boolean),
    requiresShipping: cart.entries.some((e) => e.productType === PHYSICAL),
    coupons: [],
    validCoupons: [],
    invalidCoupons: [],
  };
}

/** One entry of the JSON API. */
export function entryJson(currency: string) {
  return (e: CartEntryView): Record<string, unknown> => ({
    id: e.id,
    itemId: e.itemId,
    title: e.title,
    fullUrl: e.fullUrl,
    assetUrl: e.assetUrl,
    chosenVariant: { sku: e.sku, attributes: e.attributes },
    quantity: e.quantity,
    purchasePriceCents: e.unitPriceCents,
    subTotal: money(e.lineTotalCents, currency),
    subTotalCents: e.lineTotalCents,
    productType: e.productType,
    isSubscription: e.isSubscription,
    additionalFields: e.additionalFields,
  });
}

// ---------------------------------------------------------------------------------------------
// The process-wide store (what routes use)

const stores = new WeakMap<Sql, CartStore>();

/** The cart store of the process database. */
export async function cartStore(): Promise<CartStore> {
  const sql = await getSql();
  let s = stores.get(sql);
  if (!s) stores.set(sql, (s = createCartStore(sql)));
  return s;
}

/** See CartStore.loadCart. */
export async function loadCart(cartId: string | null): Promise<CartView> {
  return (await cartStore()).loadCart(cartId);
}
/** See CartStore.addToCart. */
export async function addToCart(cartId: string | null, input: AddInput): Promise<AddResult> {
  return (await cartStore()).addToCart(cartId, input);
}
/** See CartStore.updateEntryQuantity. */
export async function updateEntryQuantity(cartId: string | null, entryId: string, quantity: string | number): Promise<UpdateResult> {
  return (await cartStore()).updateEntryQuantity(cartId, entryId, quantity);
}
/** See CartStore.removeEntry. */
export async function removeEntry(cartId: string | null, entryId: string): Promise<UpdateResult> {
  return (await cartStore()).removeEntry(cartId, entryId);
}
/** See CartStore.updateAdditionalFields. */
export async function updateAdditionalFields(cartId: string | null, entryId: string, input: { itemId?: string; sku?: string; additionalFields: unknown }): Promise<UpdateResult> {
  return (await cartStore()).updateAdditionalFields(cartId, entryId, input);
}
/** See CartStore.subscribe. */
export async function subscribe(input: SubscribeInput): Promise<SubscribeResult> {
  return (await cartStore()).subscribe(input);
}
/** See CartStore.subscriptionPriceFor. */
export async function subscriptionPriceFor(itemId: string): Promise<string | null> {
  return (await cartStore()).subscriptionPriceFor(itemId);
}
/** See CartStore.checkout. */
export async function checkout(cartId: string | null): Promise<CheckoutResult> {
  return (await cartStore()).checkout(cartId);
}
/** See CartStore.getOrder. */
export async function getOrder(orderId: string): Promise<Order | null> {
  return (await cartStore()).getOrder(orderId);
}
/** The store's commerce settings (checkout minimum, instalment bounds). */
export async function getCommerceSettings(): Promise<CommerceSettings> {
  return (await cartStore()).settings();
}
