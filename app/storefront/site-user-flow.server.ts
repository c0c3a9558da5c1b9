// Where site users' accounts meet the storefront (auth may not import commerce or the storefront):
// signing in with the cart merge and the pill's count, signing out with or without the cart, the
// order owner at checkout, and the account pages rendered inside the theme's layout.
import type { AppLoadContext } from '@remix-run/node';
import { getSql } from '../../db/client.server.js';
import { grantPaidAreas } from '../access/membership.server.js';
import { loadSite, type Site } from '../catalog/catalog.server.js';
import type { ResetMailContext } from '../auth/site-user-reset.server.js';
import { baseUrlFor } from '../utils/base-url.server.js';
import { accountLanguage, languageOfRequest, mailLanguage } from '../languages/email-language.server.js';
import { loadCart } from '../commerce/cart.server.js';
import { commerceSettings, QUANTITY_MAX, quantityLimit } from '../commerce/rules.js';
import { claimCart, detachedCopy, mergeCartOnSignIn, recordOrderOwner } from '../auth/site-user-cart.server.js';
import { currentSiteUser, type SignedIn } from '../auth/site-user-session.server.js';
import { authenticateSiteUser, endSiteUserSession, startSiteUserSession } from '../auth/site-user-sign-in.server.js';
import type { SiteUser } from '../auth/site-user-store.server.js';
import { shopperSession } from '../utils/session.server.js';
import { cartQtySetCookie } from './cart-ui.server.js';
import { storefrontPage } from './render.server.js';
import { requestSite } from './site.server.js';

const visitorOf = (request: Request) => request.headers.get('x-storefront-client-address') || 'unknown';

/** The signed-in site user of the request (null when none, or SiteUserInfo is malformed). */
export async function signedInUser(request: Request, context?: AppLoadContext): Promise<SignedIn | null> {
  const site = await requestSite(request, context);
  return currentSiteUser(await getSql(), request, site.id);
}

/**
 * A cart the browser began while signed in is the account's at once (the cart code knows no
 * accounts), so the shopper finds it in another browser without signing out here first.
 */
export async function claimNewCart(request: Request, websiteId: string, before: string | null, after: string): Promise<void> {
  if (before === after) return;
  const sql = await getSql();
  const signed = await currentSiteUser(sql, request, websiteId);
  if (signed) await claimCart(sql, websiteId, signed.user.id, after);
}

async function cartCountCookie(websiteId: string, cartId: string | null): Promise<string> {
  const cart = cartId ? await loadCart(websiteId, cartId) : null;
  return cartQtySetCookie(cart);
}

/** Signs `user` in on this browser: its session, its cart (merged with the browser's) and cookies. */
export async function signInUser(request: Request, websiteId: string, user: SiteUser, remember: boolean) {
  const sql = await getSql();
  const shopper = await shopperSession(request);
  const settings = commerceSettings((await loadSite(websiteId)).settings);
  // 1 + 1 of a service sold one at a time stays 1 (the rest of the browser's line is dropped, as
  // what stock cannot cover is).
  const cartId = await mergeCartOnSignIn(sql, websiteId, user.id, shopper.cartId, {
    quantityMax: QUANTITY_MAX,
    limitOf: (product) => quantityLimit(product, settings),
  });
  if (cartId) shopper.setCartId(cartId);
  const { setCookies, xsrfToken } = await startSiteUserSession(sql, request, user, remember);
  const headers = new Headers();
  for (const c of setCookies) headers.append('Set-Cookie', c);
  const committed = await shopper.commit();
  if (committed) headers.append('Set-Cookie', committed);
  headers.append('Set-Cookie', await cartCountCookie(websiteId, cartId));
  return { headers, xsrfToken };
}

export type SignInAnswer =
  { ok: true; user: SiteUser; headers: Headers; xsrfToken: string } | { ok: false; error: string; retryAfterS?: number };

/** Checks the email and password, then signs in (see signInUser). */
export async function signInWithPassword(
  request: Request,
  websiteId: string,
  input: { email: string; password: string; rememberMe: boolean },
): Promise<SignInAnswer> {
  const sql = await getSql();
  const r = await authenticateSiteUser(sql, websiteId, { email: input.email, password: input.password, visitor: visitorOf(request) });
  if (!r.ok) return r;
  return { ok: true, user: r.user, ...(await signInUser(request, websiteId, r.user, input.rememberMe)) };
}

/**
 * Signs the browser out. The browser's cart is the account's: with `cloneCart` the browser keeps a
 * copy detached from the account, else it is left with the account and the browser starts empty.
 */
export async function signOutUser(request: Request, websiteId: string, cloneCart: boolean): Promise<Headers> {
  const sql = await getSql();
  const signed = await currentSiteUser(sql, request, websiteId);
  const shopper = await shopperSession(request);
  const headers = new Headers();
  if (signed) {
    const cartId = shopper.cartId;
    await claimCart(sql, websiteId, signed.user.id, cartId);
    const copy = cloneCart && cartId ? await detachedCopy(sql, websiteId, cartId) : null;
    if (copy) shopper.setCartId(copy);
    else shopper.clearCartId();
    const committed = await shopper.commit();
    if (committed) headers.append('Set-Cookie', committed);
    headers.append('Set-Cookie', await cartCountCookie(websiteId, copy));
  }
  for (const c of await endSiteUserSession(sql, request)) headers.append('Set-Cookie', c);
  return headers;
}

/** Checkout while signed in: the order is the account's (its order history), and its paid member areas. */
export async function recordOrderForSignedIn(request: Request, websiteId: string, orderId: string): Promise<void> {
  const sql = await getSql();
  const signed = await currentSiteUser(sql, request, websiteId);
  if (!signed) return;
  await recordOrderOwner(sql, websiteId, orderId, signed.user.id);
  // A subscription that sells a paid member area (app/access) makes the buyer a member.
  await grantPaidAreas(sql, websiteId, orderId, signed.user.id);
}

/** An account page: the app's template `source` over `account` data, inside the theme's layout. */
export function accountPage(
  request: Request,
  context: AppLoadContext | undefined,
  title: string,
  source: string,
  account: object | ((site: Site) => Promise<object>),
) {
  return storefrontPage(
    request,
    async (site) => ({
      resolved: { kind: 'commerce', page: 'account' },
      pageTemplate: { name: 'account', source },
      private: true,
      extras: { commercePage: { title, data: { account: typeof account === 'function' ? await account(site) : account } } },
    }),
    context,
  );
}

/**
 * The site's origin, name and sender for account emails (the store's contact address), and their
 * language: the account's, else that of the page `request` came from.
 */
export async function accountMailContext(websiteId: string, request: Request): Promise<ResetMailContext> {
  const site = await loadSite(websiteId);
  const ws = (site.settings as { websiteSettings?: { contact?: { email?: unknown } } }).websiteSettings;
  const e = ws?.contact?.email;
  const from = typeof e === 'string' && /^[^\s@<>]+@[^\s@<>]+$/.test(e) ? e : 'no-reply@localhost';
  const sql = await getSql();
  const page = await languageOfRequest(sql, websiteId, request);
  const languageFor = async (email: string) => mailLanguage(sql, websiteId, [await accountLanguage(sql, websiteId, email), page]);
  return { origin: baseUrlFor(site.website.baseUrl), siteTitle: site.website.siteTitle || 'Store', from, languageFor };
}
