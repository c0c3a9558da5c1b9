// The shopper-facing side of the cart on pages: the one-shot flash cookie a no-JS form post leaves
// for the page it redirects to (error, kept values, "added"), and the visitor's cart for the layout.
import { createCookie } from '@remix-run/node';
import { z } from 'zod';
import type { Product } from '../catalog/catalog.server.js';
import { getCartId, loadCart, type CartView } from '../commerce/cart.server.js';
import { env } from '../utils/env.server.js';
import { cartQtyCookie, readCartQty } from './cart-count.js';

/** What a cart form post tells the next page: an error with what was typed, or what was added. */
export interface CartFlash {
  itemId?: string;
  sku?: string;
  /** The quantity as typed, kept after an error. */
  quantity?: string;
  /**
   * The product options the form posted (`option.<Name>` fields, the chosen ones), so that the
   * product page shows them chosen again: after an error, and after an add (its price and stock).
   */
  options?: Record<string, string>;
  error?: string;
  added?: { title: string; quantity: number };
  /** A /cart page message (quantity update or removal failed). */
  entryId?: string;
  /** The failed checkout submit whose field errors (kept on the cart's checkout draft) to show. */
  checkoutToken?: string;
}

const Flash = z.object({
  itemId: z.string().max(200).optional(),
  sku: z.string().max(200).optional(),
  quantity: z.string().max(40).optional(),
  options: z
    .record(z.string().max(64), z.string().max(128))
    .refine((o) => Object.keys(o).length <= 20)
    .optional(),
  error: z.string().max(500).optional(),
  added: z.object({ title: z.string().max(300), quantity: z.number().int() }).optional(),
  entryId: z.string().max(200).optional(),
  checkoutToken: z.string().max(64).optional(),
});

// Signed so that a page never shows text a third party put in the cookie.
const flashCookie = createCookie('cart_flash', {
  path: '/',
  httpOnly: true,
  sameSite: 'lax',
  maxAge: 120,
  secure: env().secureCookies,
  secrets: env().sessionSecrets,
});

/** Chosen options beyond this size (JSON characters) are not kept: the cookie must stay small. */
const FLASH_OPTIONS_MAX = 1024;

export async function setFlash(flash: CartFlash): Promise<string> {
  const kept = { ...flash };
  if (kept.options && JSON.stringify(kept.options).length > FLASH_OPTIONS_MAX) delete kept.options;
  return flashCookie.serialize(kept);
}

export async function clearFlash(): Promise<string> {
  return flashCookie.serialize('', { maxAge: 0 });
}

/** The flash of this request, or null (absent, tampered with, or of another shape). */
export async function readFlash(request: Request): Promise<CartFlash | null> {
  const header = request.headers.get('Cookie');
  if (!header || !header.includes('cart_flash=')) return null;
  try {
    const v = await flashCookie.parse(header);
    const r = Flash.safeParse(v);
    return r.success ? r.data : null;
  } catch {
    return null;
  }
}

export function hasFlashCookie(request: Request): boolean {
  return /(?:^|;\s*)cart_flash=/.test(request.headers.get('Cookie') ?? '');
}

/**
 * Where a cart form sends the shopper back: a same-site path from the form (or the Referer),
 * never another origin; /cart when there is none.
 */
export function safeReturnPath(raw: unknown, request: Request, fallback = '/cart'): string {
  const candidates = [typeof raw === 'string' ? raw : '', request.headers.get('Referer') ?? ''];
  const base = new URL(request.url);
  for (const c of candidates) {
    if (!c) continue;
    try {
      const u = new URL(c, base);
      if (u.origin === base.origin && u.pathname.startsWith('/') && !u.pathname.startsWith('//')) return u.pathname + u.search;
    } catch {
      // not a URL: try the next one
    }
  }
  return fallback;
}

/** What a page needs to know about the visitor's cart. */
export interface Visit {
  /** Loaded only for pages that are private anyway (commerce pages, a pending flash). */
  cart?: CartView;
  flash: CartFlash | null;
  /** Set-Cookie values for the response (the flash, once shown, is cleared). */
  setCookies: string[];
  /** The page shows this visitor's own cart or message: never from a shared cache. */
  personalized: boolean;
}

/** The Set-Cookie value of the readable item count (see app/storefront/cart-count.ts). */
export function cartQtySetCookie(count: number): string {
  return cartQtyCookie(count, process.env.COOKIE_SECURE === '1');
}

/**
 * The visitor's pending flash and, when the page is private anyway (`withCart`: a commerce page;
 * or a flash to show), their open cart. A catalog page without a flash reads no cart: it is the
 * same public document for everyone, and the browser fills in the count from `cart_qty`.
 * An unreadable cart shows as empty (and is logged).
 */
export async function readVisit(request: Request, opts: { withCart?: boolean } = {}): Promise<Visit> {
  const flash = await readFlash(request);
  const setCookies = hasFlashCookie(request) ? [await clearFlash()] : [];
  const personalized = opts.withCart === true || flash !== null || setCookies.length > 0;
  if (!personalized) return { flash: null, setCookies, personalized };
  let cart: CartView | undefined;
  let loaded = false;
  try {
    const cartId = await getCartId(request);
    if (cartId) cart = await loadCart(cartId);
    loaded = true;
  } catch (e) {
    console.error(`storefront: cannot load the cart: ${e instanceof Error ? e.message : String(e)}`);
  }
  // Keep the readable count true to the cart (an expired or purchased cart, a lost cookie).
  const count = cart?.totalQuantity ?? 0;
  const sent = readCartQty(request.headers.get('Cookie'));
  if (loaded && sent !== (count > 0 ? count : null)) setCookies.push(cartQtySetCookie(count));
  return { cart, flash, setCookies, personalized };
}

// The subscription cart being checked out (its cartToken), kept apart from the shopping cart.
const subscriptionCookie = createCookie('subscription_checkout', {
  path: '/',
  httpOnly: true,
  sameSite: 'lax',
  maxAge: 60 * 60,
  secure: env().secureCookies,
  secrets: env().sessionSecrets,
});

export function setSubscriptionCheckout(cartId: string): Promise<string> {
  return subscriptionCookie.serialize(cartId);
}

export async function readSubscriptionCheckout(request: Request): Promise<string | null> {
  const v = await subscriptionCookie.parse(request.headers.get('Cookie')).catch(() => null);
  return typeof v === 'string' && /^[0-9a-f-]{36}$/.test(v) ? v : null;
}

const ALSO_BOUGHT = 4;

/** "Customers also bought": featured products that are not in the cart and can be bought. */
export async function alsoBought(cartId: string | null, featured: Product[]): Promise<Product[]> {
  const inCart = new Set(cartId ? (await loadCart(cartId)).entries.map((e) => e.itemId) : []);
  return featured
    .filter((p) => !inCart.has(p.id) && !p.isSubscribable && p.variants.some((v) => v.unlimited || v.qtyInStock > 0))
    .slice(0, ALSO_BOUGHT);
}
