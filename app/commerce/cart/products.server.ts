// Products as the cart sees them: a published product with its variants, the variant a shopper
// means, a variant locked for a stock check, and the stock rule of SPEC section 5.
import { toVariant, type ItemRow, type Product, type Variant, type VariantRow as StoredVariant } from '../../catalog/catalog.server.js';
import { ProductType } from '../../../engine/ts/enums.js';
import { itemName, MSG, pleaseSelect, QUANTITY_MAX, stockMessage } from '../rules.js';
import { CartError, fail, type CartContext, type CartFailure, type Q } from './context.server.js';

/** The product columns the cart reads: the catalog's item row without the page's text, images and tags. */
export type ProductRow = Pick<
  ItemRow,
  | 'id'
  | 'collection_id'
  | 'collection_url_id'
  | 'url_id'
  | 'title'
  | 'asset_url'
  | 'original_size'
  | 'record_type'
  | 'product_type'
  | 'is_subscribable'
  | 'subscription_plan'
  | 'variant_option_ordering'
  | 'details'
>;

/** A variant as the cart reads it: the catalog's stored row without its item, its options as the Variant has them. */
export type VariantRow = Omit<StoredVariant, 'item_id' | 'attributes'> & Pick<Variant, 'attributes'>;

export interface LoadedProduct {
  product: ProductRow;
  variants: VariantRow[];
}

/** A product of the website that can be bought now (published, in an enabled collection), or null. */
export async function loadProduct(ctx: CartContext, q: Q, itemId: string): Promise<LoadedProduct | null> {
  const w = await ctx.website.for(q);
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

/** Locks a variant row until the transaction ends: its stock cannot change under the check. */
export async function lockVariant(tx: Q, variantId: string): Promise<VariantRow> {
  const rows = await tx<VariantRow[]>`
    select id, sku, attributes, price_cents, sale_price_cents, on_sale, unlimited, qty_in_stock, image_url
      from variant where id = ${variantId} for update`;
  if (rows.length === 0) throw new CartError(400, MSG.unavailable);
  return rows[0];
}

/**
 * Refuses `wanted` more units of `v` when the cart already holds `held` of it elsewhere and the
 * stock (or the 9999 cap) cannot cover both; the text names the item and what is left. `limit` is
 * the product's own cap (quantityLimit: 1 for a subscription or a one-at-a-time service).
 */
export function checkStock(v: VariantRow, held: number, wanted: number, title: string, limit = QUANTITY_MAX): void {
  const total = held + wanted;
  if (limit < QUANTITY_MAX && total > limit) throw new CartError(400, MSG.onlyOne);
  if (total > QUANTITY_MAX) throw new CartError(409, MSG.notEnough);
  if (!v.unlimited && total > v.qty_in_stock) throw new CartError(409, stockMessage(itemName(title, v.attributes), v.qty_in_stock, held));
}

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

/** Stock per variant of a product (SPEC 7 inventory): null when there is no such product. */
export async function stockOf(
  ctx: CartContext,
  itemId: string,
): Promise<{ variantId: string; sku: string; unlimited: boolean; qtyInStock: number }[] | null> {
  const loaded = await loadProduct(ctx, ctx.sql, itemId);
  if (!loaded) return null;
  return loaded.variants.map((v) => ({ variantId: v.id, sku: v.sku, unlimited: v.unlimited, qtyInStock: v.qty_in_stock }));
}

/** The catalog's Product shape of a loaded product (the fields the cart knows; no body, images or tags). */
export function toProduct(p: ProductRow, variants: VariantRow[]): Product {
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
    variants: variants.map(toVariant),
  };
}
