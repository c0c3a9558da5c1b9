// The checkout form kept between posts on the open cart's row (which only its shopper can reach),
// so a refused checkout comes back with what was typed.
import type { CheckoutValues, FieldErrors } from '../checkout-form.js';
import { CART_ID, type CartContext } from './context.server.js';

/** What the checkout page keeps of the form between posts (on the cart row, which is private). */
export interface CheckoutDraft {
  values: CheckoutValues;
  /** The last failed submit's errors, shown once: only with the flash that carries `token`. */
  errors: FieldErrors;
  token: string;
}

/** The checkout form kept on an open cart, or null. */
export async function checkoutDraft(ctx: CartContext, cartId: string | null): Promise<CheckoutDraft | null> {
  if (!cartId || !CART_ID.test(cartId)) return null;
  const w = await ctx.website.current();
  const rows = await ctx.sql<{ checkout_draft: CheckoutDraft | null }[]>`
    select checkout_draft from cart where id = ${cartId} and website_id = ${w.id} and not is_purchased`;
  return rows[0]?.checkout_draft ?? null;
}

/** Keeps the checkout form on an open cart (false when there is none). */
export async function saveCheckoutDraft(ctx: CartContext, cartId: string | null, draft: CheckoutDraft): Promise<boolean> {
  if (!cartId || !CART_ID.test(cartId)) return false;
  const w = await ctx.website.current();
  const rows = await ctx.sql`
    update cart set checkout_draft = ${JSON.stringify(draft)}::text::jsonb
     where id = ${cartId} and website_id = ${w.id} and not is_purchased returning id`;
  return rows.length > 0;
}
