// Adding, changing and removing cart lines, each in one transaction with the cart row and the
// variant locked, so concurrent requests neither lose lines nor sell more than is in stock.
import crypto from 'node:crypto';
import { currentUnitPriceCents } from '../line-price.js';
import { MSG, parseQuantity, quantityLimit } from '../rules.js';
import { inCart, lockCart, newCart } from './cart-row.server.js';
import { CartError, fail, run, type CartContext, type CartFailure } from './context.server.js';
import { checkStock, loadProduct, lockVariant, normalizeAdditionalFields, resolveVariant } from './products.server.js';
import { viewOf, type CartEntryView, type CartView } from './view.server.js';

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

export type AddResult = { ok: true; cartId: string; entry: CartEntryView; cart: CartView } | CartFailure;
export type UpdateResult = { ok: true; cartId: string; entry: CartEntryView | null; cart: CartView } | CartFailure;

/**
 * Adds a product variant to the cart `cartId` (a new cart when null, purchased or unknown).
 * One transaction: the cart row and the variant row are locked, so concurrent adds neither lose
 * lines nor sell more than is in stock; the same item and variant (without additional fields)
 * merge into one entry. Returns the cart id to keep in the cookie.
 */
export async function addToCart(ctx: CartContext, cartId: string | null, input: AddInput): Promise<AddResult> {
  const qty = parseQuantity(input.quantity);
  if (!qty.ok) return fail(400, qty.error);
  const loaded = await loadProduct(ctx, ctx.sql, input.itemId);
  if (!loaded) return fail(404, MSG.unavailable);
  if (loaded.product.is_subscribable) return fail(400, 'This product is sold by subscription: use Subscribe.');
  const chosen = resolveVariant(loaded.product, loaded.variants, input);
  if ('ok' in chosen) return chosen;
  const fields = normalizeAdditionalFields(input.additionalFields);
  const limit = quantityLimit({ productType: loaded.product.product_type, isSubscribable: false }, (await ctx.website.current()).settings);
  const r = await run(ctx, async (tx) => {
    let id = await lockCart(ctx, tx, cartId, 'standard');
    const v = await lockVariant(tx, chosen.id);
    checkStock(v, await inCart(tx, id, input.itemId, v.id), qty.quantity, loaded.product.title, limit);
    if (id === null) id = await newCart(ctx, tx, 'standard');
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
        values (${entryId}, ${id}, ${input.itemId}, ${v.id}, ${qty.quantity}, ${currentUnitPriceCents(v)},
                ${fields === null ? null : JSON.stringify(fields)}::text::jsonb)`;
    }
    await tx`update cart set updated = now() where id = ${id}`;
    return { id, entryId };
  });
  if ('ok' in r) return r;
  const cart = await viewOf(ctx, ctx.sql, r.id);
  return { ok: true, cartId: r.id, entry: cart.entries.find((e) => e.id === r.entryId)!, cart };
}

/** Sets an entry's quantity (1-9999, within stock counting the rest of the cart). A failure changes nothing. */
export async function updateEntryQuantity(
  ctx: CartContext,
  cartId: string | null,
  entryId: string,
  quantity: string | number,
): Promise<UpdateResult> {
  const qty = parseQuantity(quantity);
  if (!qty.ok) return fail(400, qty.error);
  const { settings } = await ctx.website.current();
  const r = await run(ctx, async (tx) => {
    const id = await lockCart(ctx, tx, cartId, 'standard');
    if (id === null) throw new CartError(404, MSG.updateFailed);
    const rows = await tx<
      { item_id: string; variant_id: string | null; title: string; product_type: number | null; is_subscribable: boolean | null }[]
    >`
      select e.item_id, e.variant_id, i.title, p.product_type, p.is_subscribable
        from cart_entry e join item i on i.id = e.item_id left join product p on p.item_id = e.item_id
       where e.id = ${entryId} and e.cart_id = ${id}`;
    if (rows.length === 0) throw new CartError(404, MSG.updateFailed);
    const { item_id, variant_id, title } = rows[0];
    const limit = quantityLimit({ productType: rows[0].product_type ?? 0, isSubscribable: rows[0].is_subscribable === true }, settings);
    if (variant_id !== null) {
      const v = await lockVariant(tx, variant_id);
      checkStock(v, await inCart(tx, id, item_id, variant_id, entryId), qty.quantity, title, limit);
    } else if (qty.quantity > limit) throw new CartError(400, MSG.onlyOne);
    await tx`update cart_entry set quantity = ${qty.quantity} where id = ${entryId}`;
    await tx`update cart set updated = now() where id = ${id}`;
    return id;
  });
  if (typeof r !== 'string') return r;
  const cart = await viewOf(ctx, ctx.sql, r);
  return { ok: true, cartId: r, entry: cart.entries.find((e) => e.id === entryId) ?? null, cart };
}

/** Removes an entry from the cart. */
export async function removeEntry(ctx: CartContext, cartId: string | null, entryId: string): Promise<UpdateResult> {
  const r = await run(ctx, async (tx) => {
    const id = await lockCart(ctx, tx, cartId, 'standard');
    if (id === null) throw new CartError(404, MSG.removeFailed);
    const gone = await tx`delete from cart_entry where id = ${entryId} and cart_id = ${id} returning id`;
    if (gone.length === 0) throw new CartError(404, MSG.removeFailed);
    await tx`update cart set updated = now() where id = ${id}`;
    return id;
  });
  if (typeof r !== 'string') return r;
  return { ok: true, cartId: r, entry: null, cart: await viewOf(ctx, ctx.sql, r) };
}

/** Replaces an entry's additional fields (SPEC 7 PUT .../additionalFields); itemId/sku must match the entry when given. */
export async function updateAdditionalFields(
  ctx: CartContext,
  cartId: string | null,
  entryId: string,
  input: { itemId?: string; sku?: string; additionalFields: unknown },
): Promise<UpdateResult> {
  const fields = normalizeAdditionalFields(input.additionalFields);
  const r = await run(ctx, async (tx) => {
    const id = await lockCart(ctx, tx, cartId, 'standard');
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
  const cart = await viewOf(ctx, ctx.sql, r);
  return { ok: true, cartId: r, entry: cart.entries.find((e) => e.id === entryId) ?? null, cart };
}
