// How the shopper reads an item and a stock refusal (ADR 0004): a pure leaf shared by the cart's
// checks (rules.server.ts re-exports it) and the cart review before checkout (cart-review.ts).

/** How a shopper reads a variant: "Linen Apron (Sand / M)", or the title alone without options. */
export function itemName(title: string, attributes: Record<string, string>): string {
  const values = Object.values(attributes).filter((v) => v !== '');
  return values.length > 0 ? `${title} (${values.join(' / ')})` : title;
}

/**
 * The stock refusal (ADR 0004): names the item and what is left, counting what this cart already
 * holds of it in other lines (`held`).
 */
export function stockMessage(name: string, stock: number, held: number): string {
  if (stock <= 0) return `Sorry, ${name} is sold out.`;
  const left = `Sorry, only ${stock} of ${name} ${stock === 1 ? 'is' : 'are'} left`;
  if (held <= 0) return `${left}.`;
  if (held >= stock) return `${left}, and your cart already holds ${stock === 1 ? 'it' : 'all of them'}.`;
  return `${left}, and your cart already holds ${held}.`;
}
