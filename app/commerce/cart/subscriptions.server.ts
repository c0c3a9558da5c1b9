// Subscription carts (SPEC 7): a cart of its own kind holding the one subscribable line, whose id
// is the cartToken the shopper checks out with.
import crypto from 'node:crypto';
import type { Product } from '../../catalog/catalog.server.js';
import { ProductType } from '../../../engine/ts/enums.js';
import { currentUnitPriceCents } from '../line-price.js';
import { MSG, parseQuantity, quantityLimit } from '../rules.js';
import { newCart } from './cart-row.server.js';
import { fail, run, type CartContext, type CartFailure } from './context.server.js';
import { checkStock, loadProduct, lockVariant, normalizeAdditionalFields, resolveVariant, toProduct } from './products.server.js';
import { viewOf, type CartView } from './view.server.js';

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

/**
 * Starts a subscription: a new cart of kind 'subscription' holding the one subscribable entry
 * (physical or service products only). Its id is the cartToken of SPEC 7; check it out with checkout().
 */
export async function subscribe(ctx: CartContext, input: SubscribeInput): Promise<SubscribeResult> {
  const qty = parseQuantity(input.quantity ?? 1);
  if (!qty.ok) return fail(400, qty.error);
  const loaded = await loadProduct(ctx, ctx.sql, input.itemId);
  if (!loaded) return fail(404, MSG.unavailable);
  const p = loaded.product;
  if (!p.is_subscribable || !p.subscription_plan || (p.product_type !== ProductType.PHYSICAL && p.product_type !== ProductType.SERVICE)) {
    return fail(400, 'This product cannot be subscribed to.');
  }
  const chosen = resolveVariant(p, loaded.variants, input);
  if ('ok' in chosen) return chosen;
  const fields = normalizeAdditionalFields(input.additionalFields);
  const limit = quantityLimit({ productType: p.product_type, isSubscribable: true }, (await ctx.website.current()).settings);
  const r = await run(ctx, async (tx) => {
    const v = await lockVariant(tx, chosen.id);
    // SPEC 5: a subscription's page offers no quantity, so it is always 1 of it.
    checkStock(v, 0, qty.quantity, p.title, limit);
    const id = await newCart(ctx, tx, 'subscription');
    await tx`
      insert into cart_entry (id, cart_id, item_id, variant_id, quantity, purchase_price_cents, additional_fields)
      values (${crypto.randomUUID()}, ${id}, ${p.id}, ${v.id}, ${qty.quantity}, ${currentUnitPriceCents(v)},
              ${fields === null ? null : JSON.stringify(fields)}::text::jsonb)`;
    return id;
  });
  if (typeof r !== 'string') return r;
  return { ok: true, cartId: r, cart: await viewOf(ctx, ctx.sql, r), product: toProduct(p, loaded.variants) };
}

/** A subscribable product with its variants (the storefront renders its billing text), or null. */
export async function subscribableProduct(ctx: CartContext, itemId: string): Promise<Product | null> {
  const loaded = await loadProduct(ctx, ctx.sql, itemId);
  if (!loaded || !loaded.product.is_subscribable) return null;
  return toProduct(loaded.product, loaded.variants);
}
