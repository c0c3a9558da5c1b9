// The shopper's cart: a database row whose id the shopper's session holds (app/utils/session.server.ts);
// adding, changing and removing entries with the SPEC section 5 checks, subscription carts, and
// test-mode checkout into orders.
// The operations live in app/commerce/cart/; this module binds them to a database (createCartStore)
// and is what the rest of the app imports.
import { LRUCache } from 'lru-cache';
import { getSql, type Sql } from '../../db/client.server.js';
import type { CheckoutValues } from './checkout-form.js';
import type { ShippingSettings } from './shipping.js';
import type { TaxSettings } from './tax.js';
import type { CommerceSettings } from './rules.js';
import type { Order } from './order.js';
import type { CartContext } from './cart/context.server.js';
import { createWebsiteReader } from './cart/website.server.js';
import { loadCart as loadCartIn, type CartView } from './cart/view.server.js';
import {
  addToCart as addToCartIn,
  removeEntry as removeEntryIn,
  updateAdditionalFields as updateAdditionalFieldsIn,
  updateEntryQuantity as updateEntryQuantityIn,
  type AddInput,
  type AddResult,
  type UpdateResult,
} from './cart/entries.server.js';
import { subscribableProduct, subscribe as subscribeIn, type SubscribeInput, type SubscribeResult } from './cart/subscriptions.server.js';
import { checkout as checkoutIn, pricedCart, type CheckoutOptions } from './cart/checkout.server.js';
import { getOrder as getOrderIn, orderIdForCart } from './cart/orders.server.js';
import { checkoutDraft, saveCheckoutDraft, type CheckoutDraft } from './cart/drafts.server.js';
import { appliedGiftCard, applyGiftCard, removeGiftCard } from './gift-cards.server.js';
import { stockOf } from './cart/products.server.js';
export { MSG } from './rules.js';
export { formatMoney } from './money.js';
export type { CommerceSettings } from './rules.js';
export { limitCodeTries } from './gift-cards.server.js';
export { rateLimited, limitVisitor, resetRateLimits } from './rate-limit.server.js';
export type { CartEntryView, CartReviewSummary, CartView } from './cart/view.server.js';
export type { AddInput, AddResult, UpdateResult } from './cart/entries.server.js';
export type { SubscribeInput, SubscribeResult } from './cart/subscriptions.server.js';
export type { CheckoutOptions } from './cart/checkout.server.js';
export type { CheckoutDraft } from './cart/drafts.server.js';
export type { Order } from './order.js';
export { normalizeAdditionalFields, resolveVariant } from './cart/products.server.js';
export { entryJson, shoppingCartJson } from './cart/api-json.server.js';
export { pricedLines } from './cart/checkout.server.js';
export type { CartCheckoutFields } from './cart/api-json.server.js';

// ---------------------------------------------------------------------------------------------
// The store

/** Cart operations bound to one database and website (tests make their own; the app uses the default). */
export function createCartStore(sql: Sql, opts: { websiteId?: string } = {}) {
  const website = createWebsiteReader(sql, opts.websiteId);
  const ctx: CartContext = { sql, website };
  return {
    loadCart: (cartId: string | null) => loadCartIn(ctx, cartId),
    addToCart: (cartId: string | null, input: AddInput) => addToCartIn(ctx, cartId, input),
    updateEntryQuantity: (cartId: string | null, entryId: string, quantity: string | number) =>
      updateEntryQuantityIn(ctx, cartId, entryId, quantity),
    removeEntry: (cartId: string | null, entryId: string) => removeEntryIn(ctx, cartId, entryId),
    updateAdditionalFields: (cartId: string | null, entryId: string, input: { itemId?: string; sku?: string; additionalFields: unknown }) =>
      updateAdditionalFieldsIn(ctx, cartId, entryId, input),
    subscribe: (input: SubscribeInput) => subscribeIn(ctx, input),
    subscribableProduct: (itemId: string) => subscribableProduct(ctx, itemId),
    checkout: (cartId: string | null, values: CheckoutValues, opts?: CheckoutOptions) => checkoutIn(ctx, cartId, values, opts),
    getOrder: (orderId: string) => getOrderIn(ctx, orderId),
    orderIdForCart: (cartId: string | null) => orderIdForCart(ctx, cartId),
    pricedCart: (cartId: string | null) => pricedCart(ctx, cartId),
    checkoutDraft: (cartId: string | null) => checkoutDraft(ctx, cartId),
    saveCheckoutDraft: (cartId: string | null, draft: CheckoutDraft) => saveCheckoutDraft(ctx, cartId, draft),
    /** The gift card applied to the cart's checkout, as it is now, or null. */
    appliedGiftCard: async (cartId: string | null) => appliedGiftCard(sql, (await website.current()).id, cartId),
    /** Applies a typed code to the cart's checkout; `payableCents` is what a card may pay of it. */
    applyGiftCard: async (cartId: string, typed: string, payableCents: number) => {
      const w = await website.current();
      return applyGiftCard(sql, w.id, cartId, typed, w.currency, payableCents);
    },
    removeGiftCard: async (cartId: string) => removeGiftCard(sql, (await website.current()).id, cartId),
    /** The store's shipping and tax settings, and its raw settings JSON (contact email...). */
    checkoutSettings: async (): Promise<{ shipping: ShippingSettings; tax: TaxSettings; raw: unknown; currency: string }> => {
      const w = await website.current();
      return { shipping: w.shipping, tax: w.tax, raw: w.raw, currency: w.currency };
    },
    stockOf: (itemId: string) => stockOf(ctx, itemId),
    /** The store's commerce settings (checkout minimum, instalment bounds). */
    settings: async (): Promise<CommerceSettings> => (await website.current()).settings,
    websiteId: async () => (await website.current()).id,
  };
}

export type CartStore = ReturnType<typeof createCartStore>;

// ---------------------------------------------------------------------------------------------
// The process-wide store (what routes use)

// One store per site of the process database; a database closed and reopened (tests, scripts)
// gets fresh ones.
let processStores: { sql: Sql; bySite: LRUCache<string, CartStore> } | null = null;

/** The cart store of a site in the process database. */
export async function cartStore(websiteId: string): Promise<CartStore> {
  const sql = await getSql();
  if (!processStores || processStores.sql !== sql) processStores = { sql, bySite: new LRUCache({ max: 10_000 }) };
  let s = processStores.bySite.get(websiteId);
  if (!s) processStores.bySite.set(websiteId, (s = createCartStore(sql, { websiteId })));
  return s;
}

/** See CartStore.loadCart. */
export async function loadCart(websiteId: string, cartId: string | null): Promise<CartView> {
  return (await cartStore(websiteId)).loadCart(cartId);
}
/** See CartStore.addToCart. */
export async function addToCart(websiteId: string, cartId: string | null, input: AddInput): Promise<AddResult> {
  return (await cartStore(websiteId)).addToCart(cartId, input);
}
/** See CartStore.updateEntryQuantity. */
export async function updateEntryQuantity(
  websiteId: string,
  cartId: string | null,
  entryId: string,
  quantity: string | number,
): Promise<UpdateResult> {
  return (await cartStore(websiteId)).updateEntryQuantity(cartId, entryId, quantity);
}
/** See CartStore.removeEntry. */
export async function removeEntry(websiteId: string, cartId: string | null, entryId: string): Promise<UpdateResult> {
  return (await cartStore(websiteId)).removeEntry(cartId, entryId);
}
/** See CartStore.updateAdditionalFields. */
export async function updateAdditionalFields(
  websiteId: string,
  cartId: string | null,
  entryId: string,
  input: { itemId?: string; sku?: string; additionalFields: unknown },
): Promise<UpdateResult> {
  return (await cartStore(websiteId)).updateAdditionalFields(cartId, entryId, input);
}
/** See CartStore.subscribe. */
export async function subscribe(websiteId: string, input: SubscribeInput): Promise<SubscribeResult> {
  return (await cartStore(websiteId)).subscribe(input);
}
/** See CartStore.getOrder. */
export async function getOrder(websiteId: string, orderId: string): Promise<Order | null> {
  return (await cartStore(websiteId)).getOrder(orderId);
}
