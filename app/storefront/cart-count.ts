// The `cart_qty` cookie: the visitor's item count, and their cart's subtotal in minor units with its
// currency (`cart_qty=3-7800-USD`), readable by the browser. Catalog pages stay one shared render;
// the server splices these numbers into the cart indicator at serve time (app/storefront/
// cart-splice.server.ts) and the cart island reads the count. Shared by the server (which sets it on
// every answer that changes the cart) and the cart island. An older `cart_qty=3` (a count only) still reads.

export const CART_QTY_COOKIE = 'cart_qty';
/** Two weeks: numbers shown until a private page or a cart change puts them right. */
const MAX_AGE = 14 * 24 * 60 * 60;
const MAX_COUNT = 9999 * 1000;
/** The largest subtotal the cookie carries (minor units): above it the cookie says the count only. */
export const MAX_SUBTOTAL_CENTS = 999_999_999_999;

/** What the cookie says of the visitor's cart. */
export interface CartCookie {
  count: number;
  /** null when the cookie carries the count only. */
  subtotalCents: number | null;
  currency: string | null;
}

/** What the cookie is made from: a cart's count, subtotal and currency (a CartView fits). */
export interface CartNumbers {
  totalQuantity: number;
  subtotalCents: number;
  currency: string;
}

/** The Set-Cookie value for `cart` (an empty or absent cart forgets the cookie). */
export function cartQtyCookie(cart: CartNumbers | null, secure = false): string {
  const count = cart?.totalQuantity ?? 0;
  const n = Number.isSafeInteger(count) && count > 0 ? Math.min(count, MAX_COUNT) : 0;
  // Not HttpOnly: script reads it. Nothing secret: only numbers the page shows anyway.
  const attrs = `Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
  if (n === 0 || !cart) return `${CART_QTY_COOKIE}=0; Max-Age=0; ${attrs}`;
  const cents = cart.subtotalCents;
  const withTotal = Number.isSafeInteger(cents) && cents >= 0 && cents <= MAX_SUBTOTAL_CENTS && /^[A-Z]{3}$/.test(cart.currency);
  return `${CART_QTY_COOKIE}=${n}${withTotal ? `-${cents}-${cart.currency}` : ''}; Max-Age=${MAX_AGE}; ${attrs}`;
}

/**
 * What a Cookie header (or document.cookie) says of the cart; null when the cookie is absent or is
 * not one this module wrote (digits and a currency code only, each bounded: a forged value is no cart).
 */
export function readCartCookie(cookieHeader: string | null | undefined): CartCookie | null {
  const m = /(?:^|;\s*)cart_qty=(\d{1,10})(?:-(\d{1,12})-([A-Z]{3}))?(?:;|$)/.exec(cookieHeader ?? '');
  if (!m) return null;
  const count = Number(m[1]);
  if (!Number.isSafeInteger(count) || count > MAX_COUNT) return null;
  const subtotalCents = m[2] === undefined ? null : Number(m[2]);
  return { count, subtotalCents, currency: subtotalCents === null ? null : m[3] };
}

/** The count a Cookie header (or document.cookie) carries; null when absent or not a count. */
export function readCartQty(cookieHeader: string | null | undefined): number | null {
  return readCartCookie(cookieHeader)?.count ?? null;
}
