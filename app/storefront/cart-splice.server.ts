// The cart indicator of a shared catalog page render (issue 29): a visitor holding a cart gets the
// page everyone with the same item count gets, with their own subtotal put in at serve time, as
// the CSP nonce is. The render shows a placeholder amount the app chose; once per render it becomes
// a token, and each answer replaces the token with the visitor's subtotal from the `cart_qty`
// cookie (app/storefront/cart-count.ts). No database read, no template parsing. ADR 0031.
import { formatMoney, money } from '../commerce/money.js';
import { escapeHtml } from '../utils/html.js';
import type { CartCookie } from './cart-count.js';

/**
 * The subtotal a shared render shows (minor units): an amount no cart holds, so its formatted text
 * is found again in the HTML the engine made, wherever the owner's layout prints it.
 */
export const SENTINEL_CENTS = 987_654_321_098;
/** Its digits, for the check that no form of it is left in a page (a format the splice does not know). */
const SENTINEL_DIGITS = String(SENTINEL_CENTS);
/** What the placeholder amount becomes in a kept render (private-use characters: no text holds them). */
const TOKEN = '\uE000cart-subtotal\uE001';

/** The cart numbers a catalog page is served with: from the cookie, never the database. */
export interface ShownCart {
  count: number;
  subtotalCents: number;
  currency: string;
}

/** The cookie's numbers when the page may be a shared render spliced for them: a count, and a subtotal in the site's currency. */
export function shownCart(sent: CartCookie | null, siteCurrency: string): ShownCart | undefined {
  if (!sent || sent.count <= 0 || sent.subtotalCents === null || sent.currency !== siteCurrency) return undefined;
  return { count: sent.count, subtotalCents: sent.subtotalCents, currency: sent.currency };
}

/** The placeholder subtotal as the page's money object (what `{subtotal|money}` formats). */
export function sentinelMoney(currency: string) {
  return money(SENTINEL_CENTS, currency);
}

/** The placeholder subtotal as the app's own money text (`{subtotalText}`). */
export function sentinelText(currency: string, locale: string): string {
  return formatMoney(SENTINEL_CENTS, currency, locale);
}

/**
 * A fresh render's placeholder amounts (each text in `forms`: how the engine and the app format it)
 * replaced by the token; null when the page cannot be spliced: the placeholder is left in a form
 * not known here (an owner's own formatter arguments), or the page already held the token.
 */
export function markSubtotal(html: string, forms: readonly string[]): string | null {
  if (html.includes(TOKEN)) return null;
  let out = html;
  for (const f of forms) if (f !== '') out = out.split(f).join(TOKEN);
  if (out.replace(/\D+/g, '').includes(SENTINEL_DIGITS)) return null;
  return out;
}

/** Whether a kept render has a subtotal to put in. */
export function hasSubtotalToken(html: string): boolean {
  return html.includes(TOKEN);
}

/** The visitor's subtotal text, in the page's locale and the site's money format, HTML-escaped. */
export function subtotalHtml(cart: ShownCart, locale: string): string {
  return escapeHtml(formatMoney(cart.subtotalCents, cart.currency, locale));
}

/** A kept render with the visitor's subtotal put in (the same text everywhere the token is). */
export function spliceSubtotal(html: string, subtotal: string): string {
  return html.split(TOKEN).join(subtotal);
}
