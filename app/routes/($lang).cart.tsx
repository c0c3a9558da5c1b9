// /cart (and /fr/cart in another language of the site): the cart page (page type 200, the theme's
// `cart` template) and the action every cart form posts to (add, update, remove, subscribe).
// Without JavaScript the action answers with a 303 back to the page, its message (in the page's
// language) in the session's flash; the add-to-cart island's fetch gets JSON instead.
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { resolvePath } from '../catalog/catalog.server.js';
import { alsoBought, cartQtySetCookie, readCartForm, safeReturnPath, setFlash, type CartFlash } from '../storefront/cart-ui.server.js';
import {
  addToCart,
  formatMoney,
  limitVisitor,
  MSG,
  tooManyRequests,
  removeEntry,
  subscribe,
  updateEntryQuantity,
  type CartView,
} from '../commerce/cart.server.js';
import { metaFromSeo } from '../components/seo-meta.js';
import { ActionNotice } from '../components/ActionNotice.js';
import { ThemePage } from '../components/ThemePage.js';
import { shapeItem } from '../storefront/context.server.js';
import { pageActionHeaders } from '../storefront/http.server.js';
import { storefrontPage } from '../storefront/render.server.js';
import { requestSite } from '../storefront/site.server.js';
import { claimNewCart } from '../storefront/site-user-flow.server.js';
import { mayBuyItem } from '../storefront/access-page.server.js';
import { getCartId, shopperSession } from '../utils/session.server.js';
import { recordServerAddToCart } from '../analytics/recorder.server.js';
import { pageStrings, requestLanguage, servesLanguage } from '../storefront/request-language.server.js';
import { messageIn } from '../storefront/shop-messages.server.js';
import { textFrom } from '../languages/strings.js';
import { action as pageAction, loader as pageLoader } from './$.js';
import { customFormAnswers } from '../commerce/custom-forms.server.js';
import { CUSTOM_FORM_TEXT, DETAILS_PATH } from '../commerce/custom-form-answers.js';
import { FORM_TEXT } from '../forms/form-validation.js';

export async function loader(args: LoaderFunctionArgs) {
  const { request, context, params } = args;
  // /blog/cart is no language's cart: the catch-all shows what is there.
  if (!(await servesLanguage(request, context, params.lang))) return pageLoader(args);
  return storefrontPage(
    request,
    async (site) => {
      const cartId = await getCartId(request);
      const home = await resolvePath(site.website.id, '/');
      const items = home.kind === 'home' ? home.items : [];
      const others = await alsoBought(site.website.id, cartId, items);
      return {
        resolved: { kind: 'commerce', page: 'cart' },
        extras: {
          commercePage: {
            title: textFrom(pageStrings(site), 'cartTitleText', 'Cart'),
            data: { alsoBought: others.map((p) => shapeItem(p, site.website.currency)) },
          },
        },
      };
    },
    context,
  );
}

/** The cart as the island shows it: its subtotal in the page's money format. */
function reply(cart: CartView, locale: string) {
  return { totalQuantity: cart.totalQuantity, subtotalText: formatMoney(cart.subtotalCents, cart.currency, locale) };
}

export async function action(args: ActionFunctionArgs) {
  const { request, context, params } = args;
  if (!(await servesLanguage(request, context, params.lang))) return pageAction(args);
  const { id: websiteId } = await requestSite(request, context);
  // A form on a French page posts to /fr/cart: its answers and messages stay in French.
  const lang = await requestLanguage(request, context);
  const fromIsland = request.headers.get('X-Cart-Fetch') === '1';
  const parsed = await readCartForm(request);
  const intent = parsed.ok ? parsed.form.intent : 'add';
  const returnTo = parsed.ok ? parsed.form.returnTo : parsed.returnTo;
  const back = safeReturnPath(returnTo, request, lang.to(intent === 'update' || intent === 'remove' ? '/cart' : '/'));
  const session = await shopperSession(request);

  /** The session's Set-Cookie (cart id, flash), when it changed, then `more`. */
  async function cookies(...more: string[]): Promise<Headers> {
    const headers = new Headers();
    const committed = await session.commit();
    if (committed) headers.append('Set-Cookie', committed);
    for (const c of more) headers.append('Set-Cookie', c);
    return headers;
  }

  /** The failure: JSON for the island, else a 303 back with the message and what was typed. */
  async function failed(status: number, english: string, keep: CartFlash = {}) {
    const error = lang.message(english);
    if (fromIsland) return json({ ok: false, error }, { status });
    setFlash(session, { ...keep, error });
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
  if (!limit.ok) {
    const retry = { 'Retry-After': String(limit.retryAfterS) };
    return fromIsland
      ? json({ ok: false, error: messageIn(lang.strings, MSG.tooManyRequests) }, { status: 429, headers: retry })
      : tooManyRequests(limit.retryAfterS);
  }

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
        setFlash(session, { itemId: f.itemId, sku: f.sku, options, added });
        // Without JavaScript no collector sends the add to cart: recorded here (never failing the add).
        await recordServerAddToCart(request, websiteId, {
          itemId: f.itemId,
          productPage: f.productPage === 'plp' ? 'plp' : 'pdp',
          cartId: r.cartId,
          path: back,
        });
      }
      const headers = await cookies(cartQtySetCookie(r.cart));
      if (fromIsland) return json({ ok: true, cart: reply(r.cart, lang.locale), added }, { headers });
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
      // The readable count that public pages fill the pill from (app/storefront/cart-count.ts).
      const headers = await cookies(cartQtySetCookie(r.cart));
      if (fromIsland) return json({ ok: true, cart: reply(r.cart, lang.locale) }, { headers });
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

export const headers: HeadersFunction = pageActionHeaders;

export const meta: MetaFunction<typeof loader> = ({ data }) => metaFromSeo(data?.seo);

export default function CartPage() {
  const { html, seo } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <>
      <ActionNotice error={answer && 'error' in answer ? answer.error : null} />
      <ThemePage html={html} jsonLd={seo.jsonLd} />
    </>
  );
}
