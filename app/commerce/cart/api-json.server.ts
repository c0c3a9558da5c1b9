// The cart in the JSON API's shape (SPEC sections 3 and 7 field names): the shopping cart object
// and its entries, as /api/commerce/shopping-cart and the entry routes answer them.
import { ProductType } from '../../../engine/ts/enums.js';
import { money } from '../money.js';
import type { CartEntryView, CartView } from './view.server.js';

/** A shipping method as the cart JSON offers it, at its cost for this cart. */
export interface ShippingOptionJson {
  id: string;
  label: string;
  description: string;
  pickup: boolean;
  /** Whether it delivers to shippingLocation's country (checkout refuses it otherwise). */
  shipsToLocation: boolean;
  costCents: number;
  cost: ReturnType<typeof money>;
}

/**
 * The cart JSON's checkout fields (SPEC section 3), as checkout computes them for what its form
 * holds (storefront/checkout-page.server.ts cartCheckoutFields): orderId once the cart is bought.
 */
export interface CartCheckoutFields {
  orderId: string | null;
  shippingOptions: ShippingOptionJson[];
  selectedShippingOption: ShippingOptionJson | null;
  /** Where the order ships (null when nothing ships or it is picked up). */
  shippingLocation: { country: string; region: string } | null;
  applicableTaxRules: { country: string; region: string; basisPoints: number; rate: string; taxShipping: boolean; taxCents: number }[];
  /** Checkout's quote: its tax, its shipping and what the order would charge (at today's prices). */
  taxCents: number;
  shippingCostCents: number;
  grandTotalCents: number;
}

/** The shopping cart object of the JSON API (SPEC section 3 field names). */
export function shoppingCartJson(cart: CartView, websiteId: string, checkout: CartCheckoutFields): Record<string, unknown> {
  const entries = cart.entries.map(entryJson(cart.currency));
  const digital = cart.entries.map((e) => e.productType === ProductType.DIGITAL || e.productType === ProductType.GIFT_CARD);
  return {
    id: cart.id,
    websiteId,
    orderId: checkout.orderId,
    created: cart.created ? Date.parse(cart.created) : null,
    // A cart is bought when an order was placed from it (SPEC 3's default: false).
    isPurchased: checkout.orderId !== null,
    kind: cart.kind,
    currency: cart.currency,
    entries,
    items: cart.entries.map((e) => ({ itemId: e.itemId, productType: e.productType, quantity: e.quantity })),
    totalQuantity: cart.totalQuantity,
    // The lines at the prices they were added at, as the cart page shows them; tax, shipping and the
    // grand total are checkout's, at today's prices (after a price change they add up to the cart's
    // lines at their new prices, as review.priceNotice tells the shopper).
    subtotalCents: cart.subtotalCents,
    taxCents: checkout.taxCents,
    shippingCostCents: checkout.shippingCostCents,
    discountCents: 0,
    grandTotalCents: checkout.grandTotalCents,
    subtotal: money(cart.subtotalCents, cart.currency),
    hasDigital: digital.some(Boolean),
    purelyDigital: digital.length > 0 && digital.every(Boolean),
    requiresShipping: cart.entries.some((e) => e.productType === ProductType.PHYSICAL),
    shippingOptions: checkout.shippingOptions,
    selectedShippingOption: checkout.selectedShippingOption,
    shippingLocation: checkout.shippingLocation,
    applicableTaxRules: checkout.applicableTaxRules,
    coupons: [],
    validCoupons: [],
    invalidCoupons: [],
    // What stops checkout and which prices changed (the lines carry the details in `availability`).
    review: cart.review,
  };
}

/** One entry of the JSON API. */
export function entryJson(currency: string) {
  return (e: CartEntryView): Record<string, unknown> => ({
    id: e.id,
    itemId: e.itemId,
    title: e.title,
    fullUrl: e.fullUrl,
    assetUrl: e.assetUrl,
    chosenVariant: { sku: e.sku, attributes: e.attributes },
    quantity: e.quantity,
    purchasePriceCents: e.unitPriceCents,
    subTotal: money(e.lineTotalCents, currency),
    subTotalCents: e.lineTotalCents,
    productType: e.productType,
    isSubscription: e.isSubscription,
    additionalFields: e.additionalFields,
    // Whether the line can be bought as it is: status ok, price_changed, sold_out, insufficient_stock, over_limit or unavailable.
    availability: {
      status: e.availability.status,
      message: e.availability.message,
      blocking: e.availability.blocking,
      currentPriceCents: e.availability.currentPriceCents,
    },
  });
}
