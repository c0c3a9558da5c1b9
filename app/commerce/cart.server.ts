// The shopper's cart: a database row whose id the shopper's session holds (app/utils/session.server.ts);
// adding, changing and removing entries with the SPEC section 5 checks, subscription carts, and
// test-mode checkout into orders.
import crypto from 'node:crypto';
import type postgres from 'postgres';
import { getSql, type Sql } from '../../db/client.server.js';
import type { Product, SubscriptionPlan } from '../catalog/catalog.server.js';
import { money } from './money.js';
import { addressLines, type Address } from './address.js';
import { checkCheckout, quote, TEXT, type CheckoutValues, type FieldErrors, type PricedLine } from './checkout-form.js';
import { currentUnitPriceCents } from './line-price.js';
import { shippingSettings, type ShippingSettings } from './shipping.js';
import { taxSettings, type TaxSettings } from './tax.js';
import {
  checkoutMinimumMessage,
  commerceSettings,
  MSG,
  parseQuantity,
  pleaseSelect,
  QUANTITY_MAX,
  type CommerceSettings,
  itemName,
  stockMessage,
} from './rules.js';
import { ProductType } from '../../engine/ts/enums.js';
import { formatMoney } from './money.js';
import { reviewCart, type LineStatus } from './cart-review.js';

import { announceCatalogChange, catalogChanged, catalogGeneration } from '../catalog/changes.server.js';
import type { Order, OrderItem } from './order.js';
export { MSG, cartInstalmentEligible, instalmentNotice, checkoutMinimumMessage, parseQuantity } from './rules.js';
export { formatMoney } from './money.js';
export type { CommerceSettings, InstalmentNotice, InstalmentContext } from './rules.js';
export { rateLimited, limitVisitor, resetRateLimits, tooManyRequests, visitorKey } from './rate-limit.server.js';

const CART_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

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
  /** Whether the line can still be bought as it is (app/commerce/cart-review.ts). */
  availability: EntryAvailability;
}

/** A line's review: its status and the text shown next to it (null when all is well). */
export interface EntryAvailability {
  status: LineStatus;
  /** Sold out, not enough stock or gone: checkout is refused until the line is fixed. */
  blocking: boolean;
  message: string | null;
  /** The unit price a new order pays, when it differs from the price the line was added at. */
  currentPriceCents: number | null;
}

/** The cart-level side of the review: what stops checkout and which prices changed. */
export interface CartReviewSummary {
  blocking: boolean;
  /** What to fix before checkout (null when nothing blocks it). */
  message: string | null;
  priceNotice: string | null;
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
  review: CartReviewSummary;
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

/** `product` is what the subscription is for: the storefront renders its billing text ("$95.00 every 3 months"). */
export type SubscribeResult = { ok: true; cartId: string; cart: CartView; product: Product } | CartFailure;

export type { Order, OrderItem } from './order.js';

/** A refused checkout; `fieldErrors` when the form was wrong for this cart, field name -> text. */
export type CheckoutFailure = CartFailure & { fieldErrors?: FieldErrors };
export type CheckoutResult = { ok: true; order: Order } | CheckoutFailure;

/** What the checkout page keeps of the form between posts (on the cart row, which is private). */
export interface CheckoutDraft {
  values: CheckoutValues;
  /** The last failed submit's errors, shown once: only with the flash that carries `token`. */
  errors: FieldErrors;
  token: string;
}

/** A line priced as checkout charges it now. */
export interface PricedEntry extends PricedLine {
  /** The price when the line was added (the cart page's price). */
  addedUnitPriceCents: number;
}

/** A failure inside a transaction: thrown to roll back, returned to the caller as CartFailure. */
class CartError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fieldErrors?: FieldErrors,
  ) {
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
const priceOf = (v: VariantRow) => currentUnitPriceCents(v);

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
export function resolveVariant(
  p: ProductRow,
  variants: VariantRow[],
  input: { sku?: string | null; options?: Record<string, string>; giftCardDenominationSku?: string | null },
): VariantRow | CartFailure {
  const sku = input.giftCardDenominationSku || input.sku;
  if (sku) return variants.find((v) => v.sku === sku) ?? fail(400, MSG.unavailable);
  if (variants.length === 0) return fail(400, MSG.unavailable);
  if (variants.length === 1) return variants[0];
  let names = p.variant_option_ordering;
  if (names.length === 0) names = [...new Set(variants.flatMap((v) => Object.keys(v.attributes)))];
  const chosen = input.options ?? {};
  const missing = names.filter((name) => !chosen[name]);
  // A gift card's options are its denomination: SPEC 5 has its own text for a missing one.
  if (p.product_type === ProductType.GIFT_CARD && (missing.length > 0 || names.length === 0)) return fail(400, MSG.giftCard);
  if (missing.length > 0) return fail(400, pleaseSelect(missing));
  return variants.find((v) => names.every((name) => String(v.attributes[name]) === chosen[name])) ?? fail(400, MSG.unavailable);
}

// ---------------------------------------------------------------------------------------------
// The store

/** Cart operations bound to one database and website (tests make their own; the app uses the default). */
export function createCartStore(sql: Sql, opts: { websiteId?: string } = {}) {
  let site:
    | Promise<{
        id: string;
        currency: string;
        settings: CommerceSettings;
        shipping: ShippingSettings;
        tax: TaxSettings;
        raw: unknown;
      }>
    | undefined;

  // The website row: read once per catalog generation, so an owner's change to the store settings
  // (checkout minimum, shipping, tax) reaches the cart as soon as it reaches the pages.
  let siteKey: { id: string; generation: number } | null = null;
  let lastSite: Awaited<NonNullable<typeof site>> | null = null;
  function website() {
    if (site && siteKey && catalogGeneration(siteKey.id) !== siteKey.generation) site = undefined;
    if (!site) {
      const wanted = opts.websiteId ?? process.env.WEBSITE_ID ?? null;
      site = sql<{ id: string; currency: string; settings: unknown }[]>`
        select id, currency, settings from website where ${wanted === null ? sql`true` : sql`id = ${wanted}`} order by id limit 1`.then(
        (rows) => {
          if (rows.length === 0) throw new Error('The database has no website: run `npm run db:seed`.');
          const raw = rows[0].settings;
          siteKey = { id: rows[0].id, generation: catalogGeneration(rows[0].id) };
          lastSite = {
            id: rows[0].id,
            currency: rows[0].currency,
            settings: commerceSettings(raw),
            shipping: shippingSettings(raw),
            tax: taxSettings(raw),
            raw,
          };
          return lastSite;
        },
      );
      site.catch(() => {
        site = undefined;
      });
    }
    return site;
  }

  /**
   * The website for a query runner. Inside a transaction it is the row already read (`run` reads
   * it first): with PGlite's single connection a fresh read on `sql` would wait for the very
   * transaction that waits for it, and a transaction keeps one view of the settings anyway.
   */
  async function websiteFor(q: Q) {
    if (q !== sql && lastSite) return lastSite;
    return website();
  }

  async function loadProduct(q: Q, itemId: string): Promise<Loaded | null> {
    const w = await websiteFor(q);
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
    const w = await websiteFor(tx);
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
    const w = await websiteFor(tx);
    const id = crypto.randomUUID();
    await tx`insert into cart (id, website_id, kind) values (${id}, ${w.id}, ${kind})`;
    return id;
  }

  async function viewOf(q: Q, cartId: string | null, includePurchased = false): Promise<CartView> {
    const w = await websiteFor(q);
    const empty: CartView = {
      id: null,
      kind: 'standard',
      currency: w.currency,
      entries: [],
      totalQuantity: 0,
      subtotalCents: 0,
      created: null,
      review: { blocking: false, message: null, priceNotice: null },
    };
    if (!cartId || !CART_ID.test(cartId)) return empty;
    const carts = await q<{ id: string; kind: CartKind; created: Date; is_purchased: boolean }[]>`
      select id, kind, created, is_purchased from cart where id = ${cartId} and website_id = ${w.id}`;
    if (carts.length === 0 || (carts[0].is_purchased && !includePurchased)) return empty;
    const cart = carts[0];
    const rows = await q<
      {
        id: string;
        item_id: string;
        variant_id: string | null;
        quantity: number;
        purchase_price_cents: string;
        additional_fields: unknown;
        title: string;
        url_id: string;
        collection_url_id: string;
        asset_url: string | null;
        sku: string | null;
        attributes: Record<string, string> | null;
        image_url: string | null;
        product_type: number;
        visible: boolean;
        v_id: string | null;
        price_cents: string | null;
        sale_price_cents: string | null;
        on_sale: boolean | null;
        unlimited: boolean | null;
        qty_in_stock: number | null;
      }[]
    >`
      select e.id, e.item_id, e.variant_id, e.quantity, e.purchase_price_cents, e.additional_fields,
             i.title, i.url_id, c.url_id as collection_url_id, i.asset_url, v.sku, v.attributes, v.image_url, p.product_type,
             (i.published and c.enabled and c.website_id = ${w.id}) as visible, v.id as v_id,
             v.price_cents, v.sale_price_cents, v.on_sale, v.unlimited, v.qty_in_stock
        from cart_entry e
        join item i on i.id = e.item_id
        join collection c on c.id = i.collection_id
        join product p on p.item_id = i.id
        left join variant v on v.id = e.variant_id
       where e.cart_id = ${cartId}
       order by e.created, e.id`;
    // Lines are reviewed against their variants as they are now: what the shopper sees before checkout.
    const review = reviewCart(
      rows.map((r) => ({
        id: r.id,
        title: r.title,
        attributes: r.attributes ?? {},
        quantity: r.quantity,
        purchasePriceCents: n(r.purchase_price_cents),
        current:
          r.visible && r.v_id !== null
            ? {
                variantId: r.v_id,
                priceCents: r.on_sale ? n(r.sale_price_cents ?? 0) : n(r.price_cents ?? 0),
                unlimited: r.unlimited === true,
                qtyInStock: r.qty_in_stock ?? 0,
              }
            : null,
      })),
      (cents) => formatMoney(cents, w.currency),
    );
    const entries = rows.map((r, i): CartEntryView => {
      const unit = n(r.purchase_price_cents);
      const line = review.lines[i];
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
        availability: { status: line.status, blocking: line.blocking, message: line.message, currentPriceCents: line.currentPriceCents },
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
      review: { blocking: review.blocking, message: review.message, priceNotice: review.priceNotice },
    };
  }

  /** Units of a variant already in a cart (every entry of that item and variant). */
  async function inCart(
    tx: Q,
    cartId: string | null,
    itemId: string,
    variantId: string,
    exceptEntry: string | null = null,
  ): Promise<number> {
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

  async function run<T>(work: (tx: postgres.TransactionSql) => Promise<T>): Promise<T | CheckoutFailure> {
    // Read before the transaction: with PGlite's single connection, a query on `sql` from inside
    // `sql.begin` would wait for the transaction that waits for it.
    await website();
    try {
      return (await sql.begin(work)) as T;
    } catch (e) {
      if (e instanceof CartError)
        return e.fieldErrors ? { ...fail(e.status, e.message), fieldErrors: e.fieldErrors } : fail(e.status, e.message);
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
  async function updateAdditionalFields(
    cartId: string | null,
    entryId: string,
    input: { itemId?: string; sku?: string; additionalFields: unknown },
  ): Promise<UpdateResult> {
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
    if (!p.is_subscribable || !p.subscription_plan || (p.product_type !== ProductType.PHYSICAL && p.product_type !== ProductType.SERVICE)) {
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
    return { ok: true, cartId: r, cart: await viewOf(sql, r), product: toProduct(p, loaded.variants) };
  }

  /** A subscribable product with its variants (the storefront renders its billing text), or null. */
  async function subscribableProduct(itemId: string): Promise<Product | null> {
    const loaded = await loadProduct(sql, itemId);
    if (!loaded || !loaded.product.is_subscribable) return null;
    return toProduct(loaded.product, loaded.variants);
  }

  /** The lines of a cart view at their variants' current prices (the sale price while on sale). */
  async function priceEntries(q: Q, view: CartView, locked?: VariantRow[]): Promise<PricedEntry[]> {
    const ids = view.entries.map((e) => e.variantId).filter((id): id is string => id !== null);
    const rows =
      locked ??
      (ids.length === 0
        ? []
        : await q<VariantRow[]>`
      select id, sku, attributes, price_cents, sale_price_cents, on_sale, unlimited, qty_in_stock, image_url
        from variant where id in ${q(ids)}`);
    const byId = new Map(rows.map((v) => [v.id, v]));
    return view.entries.map((e) => {
      const v = e.variantId ? byId.get(e.variantId) : undefined;
      return {
        id: e.id,
        productType: e.productType,
        quantity: e.quantity,
        unitPriceCents: v ? currentUnitPriceCents(v) : e.unitPriceCents,
        addedUnitPriceCents: e.unitPriceCents,
      };
    });
  }

  /** The open cart `cartId` priced now, for the checkout page. */
  async function pricedCart(cartId: string | null): Promise<{ cart: CartView; lines: PricedEntry[] }> {
    const cart = await viewOf(sql, cartId);
    return { cart, lines: await priceEntries(sql, cart) };
  }

  /** The checkout form kept on an open cart, or null. */
  async function checkoutDraft(cartId: string | null): Promise<CheckoutDraft | null> {
    if (!cartId || !CART_ID.test(cartId)) return null;
    const w = await website();
    const rows = await sql<{ checkout_draft: CheckoutDraft | null }[]>`
      select checkout_draft from cart where id = ${cartId} and website_id = ${w.id} and not is_purchased`;
    return rows[0]?.checkout_draft ?? null;
  }

  /** Keeps the checkout form on an open cart (false when there is none). */
  async function saveCheckoutDraft(cartId: string | null, draft: CheckoutDraft): Promise<boolean> {
    if (!cartId || !CART_ID.test(cartId)) return false;
    const w = await website();
    const rows = await sql`
      update cart set checkout_draft = ${JSON.stringify(draft)}::text::jsonb
       where id = ${cartId} and website_id = ${w.id} and not is_purchased returning id`;
    return rows.length > 0;
  }

  /** The order a purchased cart became, or null. */
  async function orderIdForCart(cartId: string | null): Promise<string | null> {
    if (!cartId || !CART_ID.test(cartId)) return null;
    const w = await website();
    const rows = await sql<{ id: string }[]>`select id from "order" where purchased_cart_id = ${cartId} and website_id = ${w.id}`;
    return rows[0]?.id ?? null;
  }

  /**
   * Test-mode checkout, one transaction: locks the cart and its variants, prices every line at its
   * variant's current price, checks the form for this cart (email, address and shipping method
   * when something ships, gift card recipients), re-checks stock and the checkout minimum,
   * computes shipping and tax, takes the next order number, writes the order and its lines, takes
   * limited stock and marks the cart purchased. A refusal changes nothing.
   */
  async function checkout(cartId: string | null, values: CheckoutValues): Promise<CheckoutResult> {
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
      const lines = await priceEntries(tx, view, variants);
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
                             subtotal_cents, grand_total_cents, shipping_total_cents, tax_total_cents, tax_basis_points)
        values (${orderId}, ${w.id}, ${cartId}, true, ${orderNumber}, ${d.email},
                ${d.address === null ? null : JSON.stringify(d.address)}::text::jsonb, ${d.shippingMethod},
                ${q.subtotalCents}, ${q.totalCents}, ${q.shippingCents}, ${q.taxCents}, ${q.taxBasisPoints})`;
      let line = 0;
      for (const [i, e] of view.entries.entries()) {
        const name = Object.keys(e.attributes).length > 0 ? `${e.title} (${Object.values(e.attributes).join(', ')})` : e.title;
        const gift = d.gifts[e.id] ?? null;
        await tx`
          insert into order_item (order_id, line, sku, product_name, quantity, unit_price_cents, product_type, gift_recipient_email, gift_message)
          values (${orderId}, ${++line}, ${e.sku}, ${name}, ${e.quantity}, ${lines[i].unitPriceCents}, ${e.productType},
                  ${gift?.recipientEmail ?? null}, ${gift && gift.message !== '' ? gift.message : null})`;
      }
      for (const v of variants) {
        if (!v.unlimited) await tx`update variant set qty_in_stock = qty_in_stock - ${wanted.get(v.id) ?? 0} where id = ${v.id}`;
      }
      await tx`update cart set is_purchased = true, checkout_draft = null, updated = now() where id = ${cartId}`;
      return { orderId };
    });
    if ('ok' in r) return r;
    // Stock was taken: product pages cached here and in other server processes are out of date.
    catalogChanged(w.id);
    await announceCatalogChange(sql, w.id).catch(() => {});
    const order = await getOrder(r.orderId);
    return { ok: true, order: order! };
  }

  /** An order of this website by id, or null. */
  async function getOrder(orderId: string): Promise<Order | null> {
    const w = await website();
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
      }[]
    >`
      select sku, product_name, quantity, unit_price_cents, product_type, gift_recipient_email, gift_message
        from order_item where order_id = ${orderId} order by line`;
    const items = lines.map((l): OrderItem => ({
      sku: l.sku,
      productName: l.product_name,
      quantity: l.quantity,
      unitPriceCents: n(l.unit_price_cents),
      unitPrice: money(l.unit_price_cents, w.currency),
      lineTotal: money(n(l.unit_price_cents) * l.quantity, w.currency),
      productType: l.product_type,
      giftRecipientEmail: l.gift_recipient_email,
      giftMessage: l.gift_message,
    }));
    const shipping = n(o.shipping_total_cents);
    const tax = n(o.tax_total_cents);
    const grand = n(o.grand_total_cents);
    const subtotal = n(o.subtotal_cents);
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

  /** The store's shipping and tax settings, and its raw settings JSON (contact email...). */
  async function checkoutSettings(): Promise<{ shipping: ShippingSettings; tax: TaxSettings; raw: unknown; currency: string }> {
    const w = await website();
    return { shipping: w.shipping, tax: w.tax, raw: w.raw, currency: w.currency };
  }

  return {
    loadCart,
    addToCart,
    updateEntryQuantity,
    removeEntry,
    updateAdditionalFields,
    subscribe,
    subscribableProduct,
    checkout,
    getOrder,
    orderIdForCart,
    pricedCart,
    checkoutDraft,
    saveCheckoutDraft,
    checkoutSettings,
    stockOf,
    settings,
    websiteId: async () => (await website()).id,
  };
}

export type CartStore = ReturnType<typeof createCartStore>;

function toProduct(p: ProductRow, variants: VariantRow[]): Product {
  return {
    id: p.id,
    collectionId: p.collection_id,
    urlId: p.url_id,
    title: p.title,
    fullUrl: `/${p.collection_url_id}/p/${p.url_id}`,
    excerpt: '',
    body: '',
    recordType: p.record_type,
    assetUrl: p.asset_url,
    originalSize: p.original_size,
    images: [],
    tags: [],
    categories: [],
    starred: false,
    updatedAt: new Date(0).toISOString(),
    productType: p.product_type,
    isSubscribable: p.is_subscribable,
    subscriptionPlan: p.subscription_plan,
    variantOptionOrdering: p.variant_option_ordering,
    details: p.details ?? {},
    variants: variants.map((v) => ({
      id: v.id,
      sku: v.sku,
      attributes: v.attributes,
      priceCents: n(v.price_cents),
      salePriceCents: n(v.sale_price_cents),
      onSale: v.on_sale,
      unlimited: v.unlimited,
      qtyInStock: v.qty_in_stock,
      imageUrl: v.image_url,
    })),
  };
}

/** The shopping cart object of the JSON API (SPEC section 3 field names). */
export function shoppingCartJson(cart: CartView, websiteId: string): Record<string, unknown> {
  const entries = cart.entries.map(entryJson(cart.currency));
  const digital = cart.entries.map((e) => e.productType === ProductType.DIGITAL || e.productType === ProductType.GIFT_CARD);
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
    requiresShipping: cart.entries.some((e) => e.productType === ProductType.PHYSICAL),
    coupons: [],
    validCoupons: [],
    invalidCoupons: [],
    // What stops checkout and which prices changed (the lines carry the details in `availability`).
    review: cart.review,
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
    // Whether the line can be bought as it is: status ok, price_changed, sold_out, insufficient_stock or unavailable.
    availability: {
      status: e.availability.status,
      message: e.availability.message,
      blocking: e.availability.blocking,
      currentPriceCents: e.availability.currentPriceCents,
    },
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
export async function updateAdditionalFields(
  cartId: string | null,
  entryId: string,
  input: { itemId?: string; sku?: string; additionalFields: unknown },
): Promise<UpdateResult> {
  return (await cartStore()).updateAdditionalFields(cartId, entryId, input);
}
/** See CartStore.subscribe. */
export async function subscribe(input: SubscribeInput): Promise<SubscribeResult> {
  return (await cartStore()).subscribe(input);
}
/** See CartStore.checkout. */
export async function checkout(cartId: string | null, values: CheckoutValues): Promise<CheckoutResult> {
  return (await cartStore()).checkout(cartId, values);
}
/** See CartStore.getOrder. */
export async function getOrder(orderId: string): Promise<Order | null> {
  return (await cartStore()).getOrder(orderId);
}
/** The store's commerce settings (checkout minimum, instalment bounds). */
export async function getCommerceSettings(): Promise<CommerceSettings> {
  return (await cartStore()).settings();
}
