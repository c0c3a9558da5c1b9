// The cart as the shopper sees it: its lines with their titles, pictures and options, each line
// reviewed against its variant as it is now (app/commerce/cart-review.ts), and the totals.
import { reviewCart, type LineStatus } from '../cart-review.js';
import { formatMoney } from '../money.js';
import { currentUnitPriceCents } from '../line-price.js';
import { quantityLimit } from '../rules.js';
import type { CartKind } from './cart-row.server.js';
import { CART_ID, type CartContext, type Q } from './context.server.js';

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
  /**
   * The unit price checkout charges now: the variant's price (its sale price while on sale), also for
   * a line no longer visible; the price when added once the variant is deleted.
   */
  currentUnitPriceCents: number;
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

/** The open cart `cartId` of the website read through `q`; an empty view when there is none. */
export async function viewOf(ctx: CartContext, q: Q, cartId: string | null): Promise<CartView> {
  const w = await ctx.website.for(q);
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
  if (carts.length === 0 || carts[0].is_purchased) return empty;
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
      is_subscribable: boolean | null;
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
           i.title, i.url_id, c.url_id as collection_url_id, i.asset_url, v.sku, v.attributes, v.image_url, p.product_type, p.is_subscribable,
           (i.published and c.enabled and c.website_id = ${w.id}) as visible, v.id as v_id,
           v.price_cents, v.sale_price_cents, v.on_sale, v.unlimited, v.qty_in_stock
      from cart_entry e
      join item i on i.id = e.item_id
      join collection c on c.id = i.collection_id
      join product p on p.item_id = i.id
      left join variant v on v.id = e.variant_id
     where e.cart_id = ${cartId}
     order by e.created, e.id`;
  // The variant's price now (null once the variant is deleted): what checkout charges.
  const now = rows.map((r) =>
    r.v_id === null
      ? null
      : currentUnitPriceCents({ price_cents: r.price_cents ?? 0, sale_price_cents: r.sale_price_cents ?? 0, on_sale: r.on_sale === true }),
  );
  // Lines are reviewed against their variants as they are now: what the shopper sees before checkout.
  const review = reviewCart(
    rows.map((r, i) => ({
      id: r.id,
      title: r.title,
      attributes: r.attributes ?? {},
      quantity: r.quantity,
      purchasePriceCents: Number(r.purchase_price_cents),
      current:
        r.visible && r.v_id !== null
          ? {
              variantId: r.v_id,
              priceCents: now[i] ?? 0,
              unlimited: r.unlimited === true,
              qtyInStock: r.qty_in_stock ?? 0,
              oneAtATime: quantityLimit({ productType: r.product_type, isSubscribable: r.is_subscribable === true }, w.settings) === 1,
            }
          : null,
    })),
    (cents) => formatMoney(cents, w.currency),
  );
  const entries = rows.map((r, i): CartEntryView => {
    const unit = Number(r.purchase_price_cents);
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
      currentUnitPriceCents: now[i] ?? unit,
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

/** The cart as the shopper sees it; an empty view when there is no open cart. */
export function loadCart(ctx: CartContext, cartId: string | null): Promise<CartView> {
  return viewOf(ctx, ctx.sql, cartId);
}
