// The cart's pure rules of SPEC sections 5 and 9: quantity parsing, the exact validation texts,
// store commerce settings (checkout minimum, instalment bounds) and the instalment notice.
import { formatMoney } from './money.js';
import { fillText, NOT_ENOUGH } from './item-text.js';
import { ProductType } from '../../engine/ts/enums.js';

/** SPEC section 5 texts, word for word. */
export const MSG = {
  unavailable: 'Sorry, that item variant is unavailable. Please select another variant.',
  notEnough: NOT_ENOUGH,
  notNumber: 'Quantity must be a number',
  notWhole: 'Quantity must be a whole number',
  // Our texts for what the spec's two do not say (ADR 0004).
  quantityZero: 'Quantity must be at least 1.',
  quantityNegative: 'Quantity cannot be negative.',
  quantityTooLarge: 'Quantity can be at most 9999.',
  onlyOne: 'Only 1 of this item can be in the cart at a time.',
  giftCard: 'Select a denomination for the Gift Card.',
  tooManyRequests: 'Please try again in a few seconds.',
  empty: 'You have nothing in your shopping cart.',
  // SPEC section 8 UI strings, used where the spec has no more precise text.
  removeFailed: 'Unable to remove item',
  updateFailed: 'Unable to update quantity',
  addFailed: 'Unable to add item',
} as const;

export const QUANTITY_MIN = 1;
export const QUANTITY_MAX = 9999;

/**
 * A shopper's quantity as a whole number 1-9999. Text counts only when it is 1 to 4 digits and
 * nothing else (no sign, space, exponent or hex: "0x10", "1e1" and " 2 " are not quantities); a
 * JSON number counts when it is an integer. 0, a negative number and a number over 9999 each say
 * what is wrong (ADR 0004); anything else gets the spec's two texts.
 */
export function parseQuantity(raw: unknown): { ok: true; quantity: number } | { ok: false; error: string } {
  let n: number;
  if (typeof raw === 'number') {
    if (!Number.isFinite(raw)) return { ok: false, error: MSG.notNumber };
    if (!Number.isInteger(raw)) return { ok: false, error: MSG.notWhole };
    n = raw;
  } else if (typeof raw === 'string') {
    if (/^\d{1,4}$/.test(raw)) n = Number(raw);
    else if (/^-\d+$/.test(raw)) return { ok: false, error: MSG.quantityNegative };
    else if (/^\d+$/.test(raw)) return { ok: false, error: MSG.quantityTooLarge };
    else if (/^-?\d*\.\d+$/.test(raw)) return { ok: false, error: MSG.notWhole };
    else return { ok: false, error: MSG.notNumber };
  } else {
    return { ok: false, error: MSG.notNumber };
  }
  if (n < 0) return { ok: false, error: MSG.quantityNegative };
  if (n < QUANTITY_MIN) return { ok: false, error: MSG.quantityZero };
  if (n > QUANTITY_MAX) return { ok: false, error: MSG.quantityTooLarge };
  return { ok: true, quantity: n };
}

export { itemName, STOCK_TEXT, stockMessage } from './item-text.js';

/** Commerce settings of a store, read from website.settings.websiteSettings.storeSettings. */
export interface CommerceSettings {
  /** Smallest subtotal that can check out (minor units). Default 100 = $1.00. */
  checkoutMinimumCents: number;
  /** Instalments are offered for prices above this (minor units). Default 100 = $1.00. */
  instalmentsMinCents: number;
  /** ...and at most this (minor units). Default 200000 = $2,000.00. */
  instalmentsMaxCents: number;
  /** Whether the store offers instalments at all (afterPayAvailable). Default true. */
  afterPayAvailable: boolean;
  /** Country of the store's payment account: decides the instalment locale. Default US. */
  stripeAccountCountry: string;
  /** SPEC 3's storeSettings.multipleQuantityAllowedForServices: a cart may hold more than 1 of a service. Default true (SPEC 5). */
  multipleQuantityAllowedForServices: boolean;
}

// The spec does not give these amounts (SPEC 5 and 9: "values not shown"); these are our choice,
// overridable per store in storeSettings.
export const DEFAULT_COMMERCE_SETTINGS: CommerceSettings = {
  checkoutMinimumCents: 100,
  instalmentsMinCents: 100,
  instalmentsMaxCents: 200000,
  afterPayAvailable: true,
  stripeAccountCountry: 'US',
  multipleQuantityAllowedForServices: true,
};

function obj(v: unknown): Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}

function cents(v: unknown, dflt: number): number {
  return typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? v : dflt;
}

/** The store's commerce settings from the website's settings JSON, with our defaults. */
export function commerceSettings(settings: unknown): CommerceSettings {
  const s = obj(obj(obj(settings).websiteSettings).storeSettings);
  const d = DEFAULT_COMMERCE_SETTINGS;
  return {
    checkoutMinimumCents: cents(s.checkoutMinimumCents, d.checkoutMinimumCents),
    instalmentsMinCents: cents(s.instalmentsMinCents, d.instalmentsMinCents),
    instalmentsMaxCents: cents(s.instalmentsMaxCents, d.instalmentsMaxCents),
    afterPayAvailable: typeof s.afterPayAvailable === 'boolean' ? s.afterPayAvailable : d.afterPayAvailable,
    stripeAccountCountry:
      typeof s.stripeAccountCountry === 'string' && /^[A-Z]{2}$/.test(s.stripeAccountCountry)
        ? s.stripeAccountCountry
        : d.stripeAccountCountry,
    multipleQuantityAllowedForServices:
      typeof s.multipleQuantityAllowedForServices === 'boolean'
        ? s.multipleQuantityAllowedForServices
        : d.multipleQuantityAllowedForServices,
  };
}

/**
 * The most units of one product a cart may hold (SPEC 5's quantity rule, kept on the server as the
 * product page keeps it by hiding the quantity input): 1 for a subscription, and for a service when
 * the store does not allow several; else QUANTITY_MAX.
 */
export function quantityLimit(
  product: { productType: number; isSubscribable: boolean },
  settings: Pick<CommerceSettings, 'multipleQuantityAllowedForServices'>,
): number {
  if (product.isSubscribable) return 1;
  if (product.productType === ProductType.SERVICE && !settings.multipleQuantityAllowedForServices) return 1;
  return QUANTITY_MAX;
}

/** Integer minor units as shopper text: 123456 USD -> "$1,234.56" (exact: formatted from a decimal string). */

/** SPEC section 5's checkout minimum, as a template (see STOCK_TEXT in item-text.ts). */
export const MINIMUM_TEXT = 'To check out, your order subtotal must be {subtotal} or more.';

/** SPEC section 5: `To check out, your order subtotal must be {subtotal} or more.` */
export function checkoutMinimumMessage(minimumCents: number, currency: string, locale?: string): string {
  return fillText(MINIMUM_TEXT, { subtotal: formatMoney(minimumCents, currency, locale) });
}

export const INSTALMENT_COUNT = 4;
/** SPEC section 9: instalments in the US cover its territories. */
export const US_TERRITORIES = ['US', 'PR', 'GU', 'VI', 'MP', 'AS', 'UM'];
/** Languages allowed per country (SPEC 5); the first is the fallback. */
const LANGUAGES: Record<string, string[]> = { US: ['en'], CA: ['en', 'fr'], AU: ['en'], NZ: ['en'], GB: ['en'] };
/** The spec prints no brand names; these are the two providers its feature flags name. */
export const BRANDS = { first: 'Afterpay', second: 'Clearpay' } as const;

/** Instalment locale (en_US, fr_CA...) for a store country and a shopper language; null where none is offered. */
export function instalmentLocale(country: string, shopperLanguage: string | null | undefined): string | null {
  const c = US_TERRITORIES.includes(country) ? 'US' : country;
  const allowed = LANGUAGES[c];
  if (!allowed) return null;
  const wanted = (shopperLanguage ?? '').toLowerCase().split(/[-_]/)[0];
  const lang = allowed.includes(wanted) ? wanted : allowed[0];
  return `${lang}_${c}`;
}

export interface InstalmentContext {
  /** The product's afterPayAvailable (default: the store setting). */
  afterPayAvailable?: boolean;
  afterPayMin?: number;
  afterPayMax?: number;
  shopperLanguage?: string | null;
  stripeAccountCountry?: string;
  currency: string;
}

export interface InstalmentNotice {
  inRange: boolean;
  numInstallments: number;
  /** One payment, minor units (rounded half up; the last payment absorbs the difference). */
  amountCents: number;
  locale: string;
  brand: string;
  /** `or 4 interest-free payments of $12.50 with` in range; `available for orders up to $2,000.00` / `... over $1.00` out of range. */
  text: string;
  /** The SPEC 9 short form, `4 interest-free payments of $12.50` (in range; else the same as text). */
  shortText: string;
}

/**
 * SPEC section 5 and 9 instalment notice: only physical products, only when the context says
 * afterPayAvailable and the country has an instalment locale. In range when min < price <= max.
 */
export function instalmentNotice(
  priceCents: number,
  productType: number,
  context: InstalmentContext,
  settings: CommerceSettings = DEFAULT_COMMERCE_SETTINGS,
): InstalmentNotice | null {
  if (productType !== ProductType.PHYSICAL) return null;
  if (!(context.afterPayAvailable ?? settings.afterPayAvailable)) return null;
  const locale = instalmentLocale(context.stripeAccountCountry ?? settings.stripeAccountCountry, context.shopperLanguage);
  if (locale === null) return null;
  const min = context.afterPayMin ?? settings.instalmentsMinCents;
  const max = context.afterPayMax ?? settings.instalmentsMaxCents;
  const brand = locale === 'en_GB' ? BRANDS.second : BRANDS.first;
  const amountCents = Math.floor((priceCents * 2 + INSTALMENT_COUNT) / (INSTALMENT_COUNT * 2));
  const inRange = priceCents > min && priceCents <= max;
  const payments = `${INSTALMENT_COUNT} interest-free payments of ${formatMoney(amountCents, context.currency)}`;
  const text = inRange
    ? `or ${payments} with`
    : priceCents > max
      ? `available for orders up to ${formatMoney(max, context.currency)}`
      : `available for orders over ${formatMoney(min, context.currency)}`;
  return { inRange, numInstallments: INSTALMENT_COUNT, amountCents, locale, brand, text, shortText: inRange ? payments : text };
}

/** SPEC section 5: a cart can pay in instalments only when it is non-empty and every item is physical. */
export function cartInstalmentEligible(cart: { entries: { productType: number }[] }): boolean {
  return cart.entries.length > 0 && cart.entries.every((e) => e.productType === ProductType.PHYSICAL);
}

/**
 * A shopper text in the page's language: the language's text under `key` with its `{slots}` filled
 * from `vars`, or `english` filled the same way (the storefront passes textFrom over the page's
 * localizedStrings; this module stays free of the app's language code).
 */
export type Say = (key: string, english: string, vars: Record<string, string>) => string;

/** English, with its `{slots}` filled. */
export const inEnglish: Say = (_key, english, vars) => english.replace(/\{(\w+)\}/g, (m, name: string) => (name in vars ? vars[name] : m));

/** SPEC section 5's texts asking for the missing options, in English, and their text keys. */
export const PLEASE_SELECT = {
  one: { key: 'variantPleaseSelectOneText', english: 'Please select the {name} option.' },
  many: { key: 'variantPleaseSelectManyText', english: 'Please select the {names} and {last} options.' },
} as const;

/** "Please select the Size option." and its longer forms (SPEC section 5), in the page's language. */
export function pleaseSelect(names: string[], say: Say = inEnglish): string {
  if (names.length === 1) return say(PLEASE_SELECT.one.key, PLEASE_SELECT.one.english, { name: names[0] });
  return say(PLEASE_SELECT.many.key, PLEASE_SELECT.many.english, {
    names: names.slice(0, -1).join(', '),
    last: names[names.length - 1],
  });
}
