// How the shopper reads an item and a stock refusal (ADR 0004): a pure leaf shared by the cart's
// checks (rules.server.ts re-exports it) and the cart review before checkout (cart-review.ts).

/** How a shopper reads a variant: "Linen Apron (Sand / M)", or the title alone without options. */
export function itemName(title: string, attributes: Record<string, string>): string {
  const values = Object.values(attributes).filter((v) => v !== '');
  return values.length > 0 ? `${title} (${values.join(' / ')})` : title;
}

/** SPEC section 5's out-of-stock text, word for word: every stock refusal starts with it. */
export const NOT_ENOUGH = 'Sorry, we do not have enough of that item available.';

/**
 * The shopper's texts with values in them, as templates: the storefront finds a message's template
 * and its `{values}` again to show it in the page's language (shop-messages.server.ts), so a message
 * is always one of these, filled with `fillText`. Each is the detail that follows NOT_ENOUGH; none
 * starts with a value, so a sentence before it is never taken for the item's name.
 */
export const STOCK_TEXT = {
  soldOut: 'None of {name} is left.',
  oneLeft: 'Only 1 of {name} is left.',
  left: 'Only {stock} of {name} are left.',
  oneLeftHeld: 'Only 1 of {name} is left, and your cart already holds it.',
  leftHeldAll: 'Only {stock} of {name} are left, and your cart already holds all of them.',
  leftHeld: 'Only {stock} of {name} are left, and your cart already holds {held}.',
} as const;

/** A template with its `{name}` placeholders filled from `vars` (unknown ones stay as written). */
export function fillText(template: string, vars: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (m, k: string) => (k in vars ? String(vars[k]) : m));
}

/**
 * The stock refusal: the spec's text (SPEC 5), then (ADR 0004) the item and what is left, counting
 * what this cart already holds of it in other lines (`held`).
 */
export function stockMessage(name: string, stock: number, held: number): string {
  return `${NOT_ENOUGH} ${stockDetail(name, stock, held)}`;
}

function stockDetail(name: string, stock: number, held: number): string {
  const t = STOCK_TEXT;
  if (stock <= 0) return fillText(t.soldOut, { name });
  if (held <= 0) return fillText(stock === 1 ? t.oneLeft : t.left, { name, stock });
  if (held >= stock) return fillText(stock === 1 ? t.oneLeftHeld : t.leftHeldAll, { name, stock });
  return fillText(t.leftHeld, { name, stock, held });
}
