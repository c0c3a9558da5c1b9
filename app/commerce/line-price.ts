// The current price of a cart line: its variant's price now (the sale price while on sale), not
// the price when it was added. Checkout charges this; the cart page can compare it with the price
// the line was added at.

export interface VariantPrice {
  price_cents: string | number | bigint;
  sale_price_cents: string | number | bigint;
  on_sale: boolean;
}

/** The variant's unit price now, minor units. */
export function currentUnitPriceCents(v: VariantPrice): number {
  return Number(v.on_sale ? v.sale_price_cents : v.price_cents);
}
