// The shopper-facing side of the cart on pages: the cart form's schema, and the visitor's cart and
// the message of their last cart form post (app/utils/flash.server.ts) for the layout.
import { z } from 'zod';
import type { Product } from '../catalog/catalog.server.js';
import { loadCart, type CartView } from '../commerce/cart.server.js';
import { parseForm, readFormValues } from '../utils/form.server.js';
import { ANSWER_PREFIX } from '../commerce/custom-forms.server.js';
import { shopperSession } from '../utils/session.server.js';
import { readFlash, type CartFlash } from '../utils/flash.server.js';
import { log } from '../utils/log.server.js';
import { cartQtyCookie, readCartCookie, type CartCookie, type CartNumbers } from './cart-count.js';
import { shownCart, type ShownCart } from './cart-splice.server.js';
import { env } from '../utils/env.server.js';

// ---------------------------------------------------------------------------------------------
// The cart form: every cart form of the theme (add, update, remove, subscribe) posts to /cart.

const Text = (max: number) => z.string().max(max).optional();
/** The product options a form posted (`option.<Name>` fields): short names and values, 20 at most. */
const Options = z.record(z.string().min(1).max(64), z.string().max(128)).refine((o) => Object.keys(o).length <= 20, 'Too many options');

const CartFormFields = z.object({
  intent: z.enum(['add', 'update', 'remove', 'subscribe']).default('add'),
  itemId: Text(200),
  sku: Text(200),
  // Unbounded here (the body is bounded): the cart's parseQuantity answers a long one with the spec's texts.
  quantity: z.string().optional(),
  entryId: Text(200),
  returnTo: Text(2000),
  additionalFields: Text(8 * 1024),
  option: Options.optional(),
  /** Which page the form was on, for analytics' add_to_cart: 'plp' (a product list), else the product page. */
  productPage: Text(40),
});

export type CartForm = Omit<z.output<typeof CartFormFields>, 'option'> & {
  /** The chosen options (an empty select is "not chosen"); undefined when the form had no option field. */
  options?: Record<string, string>;
};

export type CartFormSubmission =
  /** `body`: every posted field (repeated names kept), for a product form's answers (issue 30). */
  | { ok: true; form: CartForm; body: URLSearchParams }
  | {
      ok: false;
      /** What the form asked to go back to, when it could be read. */
      returnTo?: string;
      /** What was typed, to show again beside the error. */
      typed: CartFlash;
    };

/** A cart form post, parsed with Conform; a body that is no clean form, or a field out of bounds, is a failure. */
export async function readCartForm(request: Request): Promise<CartFormSubmission> {
  const all = await readFormValues(request);
  return all ? cartFormOf(all) : { ok: false, typed: {} };
}

/** readCartForm for a body already read (the custom form page's post, which adds through the cart handler). */
export function cartFormOf(all: URLSearchParams): CartFormSubmission {
  // The cart form's own fields are read once each (their last value, as readForm does); a
  // product form's answers are read by its own reader (app/commerce/custom-forms.server.ts).
  const body = new URLSearchParams();
  for (const [k, v] of all) if (!k.startsWith(ANSWER_PREFIX)) body.set(k, v);
  const submission = parseForm(body, CartFormFields);
  if (submission.status !== 'success') {
    const raw = submission.payload;
    const str = (v: unknown, max: number) => (typeof v === 'string' && v.length <= max ? v : undefined);
    return { ok: false, returnTo: str(raw.returnTo, 2000), typed: { itemId: str(raw.itemId, 200), quantity: str(raw.quantity, 40) } };
  }
  const { option, ...form } = submission.value;
  // An empty select is "not chosen". (Conform builds no `__proto__` or `constructor` key.)
  const options = option ? Object.fromEntries(Object.entries(option).filter(([, v]) => v !== '')) : undefined;
  return { ok: true, form: { ...form, options }, body: all };
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
  /**
   * A catalog page for a visitor holding a cart: the numbers of their `cart_qty` cookie, which the
   * shared render is served with (app/storefront/cart-splice.server.ts). Absent on personalized pages.
   */
  shown?: ShownCart;
}

/** The Set-Cookie value of the readable count and subtotal (see app/storefront/cart-count.ts); null or an empty cart forgets it. */
export function cartQtySetCookie(cart: CartNumbers | null): string {
  return cartQtyCookie(cart, env().secureCookies);
}

/** Whether the cookie the browser sent already says what `cart` holds (an empty cart: no cookie). */
function cookieSays(sent: CartCookie | null, cart: CartView | undefined): boolean {
  if (!cart || cart.totalQuantity <= 0) return sent === null || sent.count === 0;
  return sent !== null && sent.count === cart.totalQuantity && sent.subtotalCents === cart.subtotalCents && sent.currency === cart.currency;
}

/**
 * The visitor's pending flash and, where the page is private anyway (`withCart`: a commerce page;
 * or a flash to show), their open cart. A catalog page reads no cart: a visitor whose `cart_qty`
 * cookie carries a count and a subtotal gets the shared render for that count with their subtotal
 * put in (`shown`, SPEC 2: the indicator shows both on every page, JavaScript or not); one without
 * gets the public document, the browser filling in a count. A session holding a cart with an older
 * count-only cookie (or another currency's) gets the page private once, and the cookie put right.
 * An unreadable cart shows as empty (and is logged).
 */
export async function readVisit(request: Request, websiteId: string, opts: { withCart?: boolean; currency?: string } = {}): Promise<Visit> {
  const session = await shopperSession(request);
  const flash = await readFlash(request, 'cart');
  // Set only when the session changed: a flash was taken (even one too old to show).
  const committed = await session.commit();
  const setCookies = committed ? [committed] : [];
  const sent = readCartCookie(request.headers.get('Cookie'));
  const shown = opts.currency === undefined ? undefined : shownCart(sent, opts.currency);
  const stale = session.cartId !== null && sent !== null && sent.count > 0 && shown === undefined;
  const personalized = opts.withCart === true || flash !== null || committed !== null || stale;
  if (!personalized) return { flash: null, setCookies, personalized, ...(shown ? { shown } : {}) };
  let cart: CartView | undefined;
  let loaded = false;
  try {
    const cartId = session.cartId;
    if (cartId) cart = await requestCart(request, websiteId, cartId);
    loaded = true;
  } catch (e) {
    log.error(`storefront: cannot load the cart: ${e instanceof Error ? e.message : String(e)}`);
  }
  // Keep the readable numbers true to the cart (an expired or purchased cart, a lost cookie).
  if (loaded && !cookieSays(sent, cart)) setCookies.push(cartQtySetCookie(cart ?? null));
  return { cart, flash, setCookies, personalized };
}

// The cart a request read, for the next reader of the same request: the cart page's loader reads it
// for "also bought" and the page pipeline for the page (two reads, half of /cart's statements before).
// Only GET pages read through it, and nothing changes the cart between those two reads.
const readCarts = new WeakMap<Request, { websiteId: string; cartId: string; cart: Promise<CartView> }>();

function requestCart(request: Request, websiteId: string, cartId: string): Promise<CartView> {
  const known = readCarts.get(request);
  if (known && known.websiteId === websiteId && known.cartId === cartId) return known.cart;
  const cart = loadCart(websiteId, cartId);
  readCarts.set(request, { websiteId, cartId, cart });
  // A failed read is not kept: the next reader tries again (and logs its own failure).
  cart.catch(() => readCarts.get(request)?.cart === cart && readCarts.delete(request));
  return cart;
}

const ALSO_BOUGHT = 4;

/** "Customers also bought": featured products that are not in the request's cart and can be bought. */
export async function alsoBought(request: Request, websiteId: string, featured: Product[]): Promise<Product[]> {
  const cartId = (await shopperSession(request)).cartId;
  const inCart = new Set(cartId ? (await requestCart(request, websiteId, cartId)).entries.map((e) => e.itemId) : []);
  return featured
    .filter((p) => !inCart.has(p.id) && !p.isSubscribable && p.variants.some((v) => v.unlimited || v.qtyInStock > 0))
    .slice(0, ALSO_BOUGHT);
}
