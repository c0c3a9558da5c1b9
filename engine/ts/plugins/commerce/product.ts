// Product rules: product type, stock and sale status, varied prices, and the normal / sale /
// "from" prices of a product (exact decimals, major units).
import { Decimal } from '@phensley/cldr';
import { asNumber, child, truthy } from './util.js';
import { decimalOf } from './money.js';
import { ProductType } from '../../enums.js';

export const UNDEFINED = 0;
export const PHYSICAL = ProductType.PHYSICAL;
export const DIGITAL = ProductType.DIGITAL;
export const SERVICE = ProductType.SERVICE;
export const GIFT_CARD = ProductType.GIFT_CARD;

const ZERO = new Decimal(0);

/** The raw product type number (-1 is the explicit "undefined" type). */
export function rawProductType(item: unknown): number {
  return asNumber(child(child(item, 'structuredContent'), 'productType'));
}

/** The product type code (1 to 4), or UNDEFINED for anything else. */
export function productType(item: unknown): number {
  return typeOf(child(item, 'structuredContent'));
}

export function structured(item: unknown): unknown {
  return child(item, 'structuredContent');
}

const NO_VARIANTS: unknown[] = [];

/** The variants of a product (an empty list when absent or not a list). */
export function variants(item: unknown): unknown[] {
  return variantsOf(child(item, 'structuredContent'));
}

// Of the structuredContent node: the two predicates of every product card (sold-out?, on-sale?)
// read it once, not once per rule.
function typeOf(sc: unknown): number {
  const t = asNumber(child(sc, 'productType'));
  return t === PHYSICAL || t === DIGITAL || t === SERVICE || t === GIFT_CARD ? t : UNDEFINED;
}

function variantsOf(sc: unknown): unknown[] {
  const v = child(sc, 'variants');
  return Array.isArray(v) ? v : NO_VARIANTS;
}

// The card predicates' reads, as `child` answers them (undefined for anything but an object
// holding a non-function value), written as named property reads: each read site then sees the
// few shapes of product JSON, where `child`'s one keyed read sees every key of a render.
// None of these names is a member of Object.prototype or Array.prototype.
interface ProductFields {
  structuredContent?: unknown;
  productType?: unknown;
  variants?: unknown;
  unlimited?: unknown;
  qtyInStock?: unknown;
  onSale?: unknown;
}

function isNode(o: unknown): o is ProductFields {
  return o !== null && typeof o === 'object';
}

function scOf(item: unknown): unknown {
  if (!isNode(item)) return undefined;
  const v = item.structuredContent;
  return typeof v === 'function' ? undefined : v;
}

function cardType(sc: unknown): number {
  if (!isNode(sc)) return UNDEFINED;
  const v = sc.productType;
  const t = typeof v === 'function' ? 0 : asNumber(v);
  return t === PHYSICAL || t === DIGITAL || t === SERVICE || t === GIFT_CARD ? t : UNDEFINED;
}

function cardVariants(sc: unknown): unknown[] {
  if (!isNode(sc)) return NO_VARIANTS;
  const v = sc.variants;
  return Array.isArray(v) ? v : NO_VARIANTS;
}

/** Physical and service products are sold out when no variant is unlimited or in stock. */
export function isSoldOut(item: unknown): boolean {
  const sc = scOf(item);
  switch (cardType(sc)) {
    case DIGITAL:
    case GIFT_CARD:
      return false;
    case PHYSICAL:
    case SERVICE: {
      const vs = cardVariants(sc);
      for (let i = 0; i < vs.length; i++) {
        const v = vs[i];
        if (!isNode(v)) continue;
        const unlimited = v.unlimited;
        if (typeof unlimited !== 'function' && truthy(unlimited)) return false;
        const qty = v.qtyInStock;
        if (typeof qty !== 'function' && asNumber(qty) > 0) return false;
      }
      return true;
    }
    default:
      return true;
  }
}

/** On sale when any variant is (digital products carry their own flag). */
export function isOnSale(item: unknown): boolean {
  const sc = scOf(item);
  switch (cardType(sc)) {
    case DIGITAL:
      return truthy(child(sc, 'onSale'));
    case PHYSICAL:
    case SERVICE: {
      const vs = cardVariants(sc);
      for (let i = 0; i < vs.length; i++) {
        const v = vs[i];
        if (!isNode(v)) continue;
        const onSale = v.onSale;
        if (typeof onSale !== 'function' && truthy(onSale)) return true;
      }
      return false;
    }
    default:
      return false;
  }
}

export function hasVariants(item: unknown): boolean {
  return productType(item) !== DIGITAL && variants(item).length > 1;
}

/**
 * Prices vary when a variant differs from the first in its sale flag, in its sale price (when the
 * first is on sale) or in its price; compared on the legacy integer fields.
 */
export function hasVariedPrices(item: unknown): boolean {
  switch (productType(item)) {
    case PHYSICAL:
    case SERVICE:
    case GIFT_CARD: {
      const vs = variants(item);
      if (vs.length === 0) return false;
      const first = vs[0];
      const onSale = child(first, 'onSale');
      const firstOnSale = truthy(onSale);
      const salePrice = child(first, 'salePrice');
      const price = child(first, 'price');
      for (let i = 1; i < vs.length; i++) {
        const v = vs[i];
        if (!same(child(v, 'onSale'), onSale)) return true;
        if (firstOnSale && !same(child(v, 'salePrice'), salePrice)) return true;
        if (!same(child(v, 'price'), price)) return true;
      }
      return false;
    }
    default:
      return false;
  }
}

/** Structural equality of JSON values. */
export function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!same(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  for (const k of ka) {
    if (!Object.prototype.hasOwnProperty.call(b, k)) return false;
    if (!same((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k])) return false;
  }
  return true;
}

/** The amount of a money object (`value` in major units); 0 when absent or not a number. */
export function moneyAmount(money: unknown): Decimal {
  return decimalOf(child(money, 'value'));
}

/** A product price: the amount and the money object it came from (for its currency). */
export interface Price {
  amount: Decimal;
  money: unknown;
}

const NO_PRICE: Price = { amount: ZERO, money: undefined };

function price(money: unknown): Price {
  return { amount: moneyAmount(money), money };
}

/** The highest regular price of the variants (the digital product's own price). */
export function normalPrice(item: unknown): Price {
  switch (productType(item)) {
    case DIGITAL:
      return price(child(structured(item), 'priceMoney'));
    case PHYSICAL:
    case SERVICE:
    case GIFT_CARD: {
      const vs = variants(item);
      let best: Price = NO_PRICE;
      for (let i = 0; i < vs.length; i++) {
        const p = price(child(vs[i], 'priceMoney'));
        if (i === 0 || p.amount.compare(best.amount) > 0) best = p;
      }
      return best;
    }
    default:
      return NO_PRICE;
  }
}

/** The lowest sale price among the variants on sale (the digital product's own sale price). */
export function salePrice(item: unknown): Price {
  switch (productType(item)) {
    case DIGITAL:
      return price(child(structured(item), 'salePriceMoney'));
    case PHYSICAL:
    case SERVICE: {
      const vs = variants(item);
      let best: Price = NO_PRICE;
      let found = false;
      for (let i = 0; i < vs.length; i++) {
        const v = vs[i];
        if (!truthy(child(v, 'onSale'))) continue;
        const p = price(child(v, 'salePriceMoney'));
        if (!found || p.amount.compare(best.amount) < 0) best = p;
        found = true;
      }
      return best;
    }
    default:
      return NO_PRICE;
  }
}

/** The lowest price a variant sells at (its sale price when on sale). */
export function fromPrice(item: unknown): Price {
  switch (productType(item)) {
    case DIGITAL:
      return price(child(structured(item), 'priceMoney'));
    case PHYSICAL:
    case SERVICE:
    case GIFT_CARD: {
      const vs = variants(item);
      let best: Price = NO_PRICE;
      for (let i = 0; i < vs.length; i++) {
        const v = vs[i];
        const p = price(child(v, truthy(child(v, 'onSale')) ? 'salePriceMoney' : 'priceMoney'));
        if (i === 0 || p.amount.compare(best.amount) < 0) best = p;
      }
      return best;
    }
    default:
      return NO_PRICE;
  }
}

/** An amount in minor units (cents), as the price formatters output it. */
export function toCents(d: Decimal): string {
  return d.movePoint(2).toString();
}
