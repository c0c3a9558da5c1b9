// The cart row inside a transaction: locking an open cart of the website, creating one, and
// counting the units of a variant it already holds.
import crypto from 'node:crypto';
import type { CartContext, Q } from './context.server.js';

export type CartKind = 'standard' | 'subscription';

/** Locks the cart row; null when it is not an open cart of this website and kind. */
export async function lockCart(ctx: CartContext, tx: Q, cartId: string | null, kind: CartKind): Promise<string | null> {
  if (!cartId) return null;
  const w = await ctx.website.for(tx);
  const rows = await tx<{ id: string }[]>`
    select id from cart
     where id = ${cartId} and website_id = ${w.id} and not is_purchased and kind = ${kind}
       for update`;
  return rows.length > 0 ? rows[0].id : null;
}

/** A new empty cart of this website; its id. */
export async function newCart(ctx: CartContext, tx: Q, kind: CartKind): Promise<string> {
  const w = await ctx.website.for(tx);
  const id = crypto.randomUUID();
  await tx`insert into cart (id, website_id, kind) values (${id}, ${w.id}, ${kind})`;
  return id;
}

/** Units of a variant already in a cart (every entry of that item and variant but `exceptEntry`). */
export async function inCart(
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
  return Number(rows[0]?.q ?? 0);
}
