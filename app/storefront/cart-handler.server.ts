// The cart forms' workflow for one request (Hydrogen's createCartHandler is the model, issue 31):
// bound to the site, the page's language, the session's cart and its cookie, it adds, updates,
// removes and subscribes, and answers as the cart forms expect: without JavaScript a 303 back with
// the message (in the page's language) in the session's flash, the add-to-cart island's fetch JSON.
// The routes that take cart posts (/cart, /cart/details) parse their input and call it.
import type { AppLoadContext } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import {
  addToCart,
  formatMoney,
  limitVisitor,
  MSG,
  removeEntry,
  subscribe,
  updateAdditionalFields,
  updateEntryQuantity,
  type CartView,
  type UpdateResult,
} from '../commerce/cart.server.js';
import { customFormAnswers } from '../commerce/custom-forms.server.js';
import { CUSTOM_FORM_TEXT, DETAILS_PATH } from '../commerce/custom-form-answers.js';
import { nativePost, recordServerAddToCart, recordServerEvent } from '../analytics/recorder.server.js';
import { FORM_TEXT } from '../forms/form-validation.js';
import { shopperSession } from '../utils/session.server.js';
import { mayBuyItem } from './access-page.server.js';
import { cartQtySetCookie, safeReturnPath, type CartFormSubmission } from './cart-ui.server.js';
import { setFlash, type CartFlash } from '../utils/flash.server.js';
import { requestLanguage } from './request-language.server.js';
import { tooManyRequestsIn } from './shop-messages.server.js';
import { requestSite } from './site.server.js';
import { claimNewCart } from './site-user-flow.server.js';

/** The cart as the island shows it: its subtotal in the page's money format. */
function islandCart(cart: CartView, locale: string) {
  return { totalQuantity: cart.totalQuantity, subtotalText: formatMoney(cart.subtotalCents, cart.currency, locale) };
}

/**
 * The cart handler of `request`: its site, language (a form on a French page posts to /fr/cart: its
 * answers and messages stay in French), the shopper's session (cart id, flash) and whether the
 * add-to-cart island's fetch asks (X-Cart-Fetch: 1).
 */
export async function createCartHandler(request: Request, context?: AppLoadContext) {
  const { id: websiteId } = await requestSite(request, context);
  const lang = await requestLanguage(request, context);
  const session = await shopperSession(request);
  const fromIsland = request.headers.get('X-Cart-Fetch') === '1';

  /** The session's Set-Cookie (cart id, flash), when it changed, then `more`. */
  async function cookies(...more: string[]): Promise<Headers> {
    const headers = new Headers();
    const committed = await session.commit();
    if (committed) headers.append('Set-Cookie', committed);
    for (const c of more) headers.append('Set-Cookie', c);
    return headers;
  }

  /**
   * Answers a cart form post (add, update, remove, subscribe), read with readCartForm or cartFormOf.
   * `opts.referer` false: the Referer is not where to go back (the custom form page's own post).
   */
  async function answer(parsed: CartFormSubmission, opts: { referer?: boolean } = {}): Promise<Response> {
    const intent = parsed.ok ? parsed.form.intent : 'add';
    const returnTo = parsed.ok ? parsed.form.returnTo : parsed.returnTo;
    // Without the Referer (a bare request to the same address): the form's returnTo, else the fallback.
    const against = opts.referer === false ? new Request(request.url) : request;
    const back = safeReturnPath(returnTo, against, lang.to(intent === 'update' || intent === 'remove' ? '/cart' : '/'));

    /** The failure: JSON for the island, else a 303 back with the message and what was typed. */
    async function failed(status: number, english: string, keep: CartFlash = {}) {
      const error = lang.message(english);
      if (fromIsland) return json({ ok: false, error }, { status });
      setFlash(session, 'cart', { ...keep, error });
      return redirect(back, { status: 303, headers: await cookies() });
    }

    /** A product's custom form (issue 30) not answered, or answered wrongly: its details page asks (the island gets the errors by field). */
    async function askForDetails(custom: { kind: 'ask' | 'invalid'; details: string; errors?: Record<string, string> }) {
      if (fromIsland && custom.kind === 'ask')
        return json({ ok: false, error: lang.message(CUSTOM_FORM_TEXT.needed), details: custom.details }, { status: 409 });
      if (fromIsland) return json({ ok: false, error: lang.message(FORM_TEXT.invalid), fieldErrors: custom.errors }, { status: 400 });
      return redirect(custom.details, { status: 303, headers: await cookies() });
    }

    if (!parsed.ok) return failed(400, MSG.addFailed, parsed.typed);
    const cartId = session.cartId;
    const limit = await limitVisitor(request, cartId);
    if (!limit.ok) return tooManyRequestsIn(lang.strings, limit.retryAfterS);

    const f = parsed.form;
    // The product page's option selects (`option.<Name>`): the variant is resolved from them unless
    // a sku is posted too (list pages, the JSON API). What was chosen comes back with the flash.
    const options = f.options;
    switch (f.intent) {
      case 'add': {
        const keep: CartFlash = { itemId: f.itemId, sku: f.sku, quantity: f.quantity, options };
        if (!f.itemId) return failed(400, MSG.unavailable, keep);
        // An item behind a lock or a member area is, to those outside, no item at all.
        if (!(await mayBuyItem(request, websiteId, f.itemId))) return failed(404, MSG.unavailable, keep);
        // A product with a custom form (issue 30): its answers, checked; without them, the form is asked for.
        const custom = await customFormAnswers(websiteId, f, parsed.body, lang.to(DETAILS_PATH));
        if (custom.kind === 'ask' || custom.kind === 'invalid') return askForDetails(custom);
        const r = await addToCart(websiteId, cartId, {
          itemId: f.itemId,
          sku: f.sku || null,
          options,
          quantity: f.quantity ?? '1',
          additionalFields: custom.kind === 'answered' ? custom.fields : f.additionalFields,
        });
        if (!r.ok) return failed(r.status, r.error, keep);
        const added = { title: r.entry.title, quantity: Number(f.quantity ?? 1) };
        session.setCartId(r.cartId);
        await claimNewCart(request, websiteId, cartId, r.cartId);
        if (!fromIsland) {
          setFlash(session, 'cart', { itemId: f.itemId, sku: f.sku, options, added });
          // Without JavaScript no collector sends the add to cart: recorded here (never failing the add).
          await recordServerAddToCart(request, websiteId, {
            itemId: f.itemId,
            productPage: f.productPage === 'plp' ? 'plp' : 'pdp',
            cartId: r.cartId,
            path: back,
          });
        }
        const headers = await cookies(cartQtySetCookie(r.cart));
        if (fromIsland) return json({ ok: true, cart: islandCart(r.cart, lang.locale), added }, { headers });
        return redirect(back, { status: 303, headers });
      }
      case 'update':
      case 'remove': {
        const keep: CartFlash = { entryId: f.entryId, quantity: f.quantity };
        if (!f.entryId) return failed(400, f.intent === 'remove' ? MSG.removeFailed : MSG.updateFailed, keep);
        const r =
          f.intent === 'remove'
            ? await removeEntry(websiteId, cartId, f.entryId)
            : await updateEntryQuantity(websiteId, cartId, f.entryId, f.quantity ?? '');
        if (!r.ok) return failed(r.status, r.error, keep);
        // A change restarts the cart's life, and the session cookie's with it.
        session.setCartId(r.cartId);
        // Without JavaScript no collector sends the remove from cart (SPEC 7): recorded here.
        if (f.intent === 'remove' && nativePost(request, parsed.body))
          await recordServerEvent(
            request,
            websiteId,
            { name: 'remove-from-cart', data: { website_id: websiteId, entry_id: f.entryId.slice(0, 64), cart_id: r.cartId } },
            back,
          );
        // The readable count that public pages fill the pill from (app/storefront/cart-count.ts).
        const headers = await cookies(cartQtySetCookie(r.cart));
        if (fromIsland) return json({ ok: true, cart: islandCart(r.cart, lang.locale) }, { headers });
        return redirect(back, { status: 303, headers });
      }
      case 'subscribe': {
        const keep: CartFlash = { itemId: f.itemId, sku: f.sku, quantity: f.quantity, options };
        if (!f.itemId) return failed(400, MSG.unavailable, keep);
        // An item behind a lock or a member area is, to those outside, no item at all.
        if (!(await mayBuyItem(request, websiteId, f.itemId))) return failed(404, MSG.unavailable, keep);
        const custom = await customFormAnswers(websiteId, f, parsed.body, lang.to(DETAILS_PATH));
        if (custom.kind === 'ask' || custom.kind === 'invalid') return askForDetails(custom);
        const r = await subscribe(websiteId, {
          itemId: f.itemId,
          sku: f.sku || null,
          options,
          quantity: f.quantity ?? 1,
          additionalFields: custom.kind === 'answered' ? custom.fields : f.additionalFields,
        });
        if (!r.ok) return failed(r.status, r.error, keep);
        // The subscription cart checks out on its own: its id travels in the session, beside the cart's.
        session.setSubscriptionCartId(r.cartId);
        const headers = await cookies();
        const checkout = lang.to('/checkout?subscription=1');
        if (fromIsland) return json({ ok: true, checkout }, { headers });
        return redirect(checkout, { status: 303, headers });
      }
    }
  }

  /** Replaces the answers of the session cart's entry `entryId` ("edit details" of a product's custom form). */
  function replaceDetails(entryId: string, additionalFields: unknown): Promise<UpdateResult> {
    return updateAdditionalFields(websiteId, session.cartId, entryId, { additionalFields });
  }

  return { websiteId, lang, fromIsland, answer, replaceDetails };
}
