// The `cart_qty` cookie: the visitor's item count as a bare number that the browser can read, so
// catalog pages stay one public document for everyone and the client fills in the pill itself.
// Shared by the server (which sets it on every answer that changes the cart) and the cart island.

export const CART_QTY_COOKIE = 'cart_qty';
/** Two weeks: a count the browser shows until a private page or a cart change puts it right. */
const MAX_AGE = 14 * 24 * 60 * 60;
const MAX_COUNT = 9999 * 1000;

/** The Set-Cookie value for a cart holding `count` items (0 forgets the cookie). */
export function cartQtyCookie(count: number, secure = false): string {
  const n = Number.isSafeInteger(count) && count > 0 ? Math.min(count, MAX_COUNT) : 0;
  // Not HttpOnly: script reads it. Nothing secret: it is only a number the page shows anyway.
  const attrs = `Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
  return n === 0 ? `${CART_QTY_COOKIE}=0; Max-Age=0; ${attrs}` : `${CART_QTY_COOKIE}=${n}; Max-Age=${MAX_AGE}; ${attrs}`;
}

/** The count a Cookie header (or document.cookie) carries; null when absent or not a count. */
export function readCartQty(cookieHeader: string | null | undefined): number | null {
  const m = /(?:^|;\s*)cart_qty=(\d{1,10})(?:;|$)/.exec(cookieHeader ?? '');
  if (!m) return null;
  const n = Number(m[1]);
  return Number.isSafeInteger(n) && n <= MAX_COUNT ? n : null;
}
