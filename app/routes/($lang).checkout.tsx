// /checkout (and /fr/checkout in another language of the site): the test-mode checkout (page type 201, the theme's `checkout` template) of the shopping
// cart, or of a subscription cart (?subscription=1): email, shipping address and method when
// something ships, gift card recipients, a gift card to pay with (Apply / Remove: form posts, so they
// work without JavaScript; with it, checkout-island.ts redraws only the card and the totals), totals
// with shipping and tax. Every post answers with a
// 303: to the order page, or back here with what was typed (kept on the cart) and a flash that
// shows its errors once, all under the page's language prefix. A cart already bought goes to its order.
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import crypto from 'node:crypto';
import { z } from 'zod';
import { cartQtySetCookie } from '../storefront/cart-ui.server.js';
import { readFlash, redirectWithFlash, setFlash } from '../utils/flash.server.js';
import { cartStore, limitCodeTries, limitVisitor, MSG, tooManyRequests, type CartStore } from '../commerce/cart.server.js';
import { GIFT_CARD_TEXT, payableByCard } from '../commerce/gift-cards.js';
import { checkoutForm, defaultValues, pageQuote, shownTotalOf } from '../storefront/checkout-page.server.js';
import { parseCheckoutForm } from '../commerce/checkout-form.js';
import { confirmationOnCheckout } from '../commerce/order-confirmation.server.js';
import { metaFromSeo } from '../components/seo-meta.js';
import { ActionNotice } from '../components/ActionNotice.js';
import { ThemePage } from '../components/ThemePage.js';
import { checkoutMinimum, shapeCartEntries } from '../storefront/context.server.js';
import { money } from '../commerce/money.js';
import { pageActionHeaders } from '../storefront/http.server.js';
import { storefrontPage } from '../storefront/render.server.js';
import { requestSite } from '../storefront/site.server.js';
import { recordOrderForSignedIn } from '../storefront/site-user-flow.server.js';
import { nativePost, recordServerEvent } from '../analytics/recorder.server.js';
import { purchaseOf } from '../storefront/census.js';
import { parseForm, readForm } from '../utils/form.server.js';
import { shopperSession } from '../utils/session.server.js';
import { subscriptionPriceText } from '../storefront/subscription-price.server.js';
import { siteTweaks } from '../overlays/tweak-store.server.js';
import { pageStrings, requestLanguage, servesLanguage } from '../storefront/request-language.server.js';
import { pageMessages, UNREADABLE } from '../storefront/shop-messages.server.js';
import { textFrom } from '../languages/strings.js';
import { pathPageAction, pathPageLoader } from '../storefront/path-page.server.js';

/** Which cart a checkout request is about: the subscription cart or the shopping cart. */
async function cartIdFor(request: Request, subscription: boolean): Promise<string | null> {
  const session = await shopperSession(request);
  return subscription ? session.subscriptionCartId : session.cartId;
}

/** The 303 to the order a bought cart became (a double submit, the back button, a second tab). */
async function toOrderOf(store: CartStore, cartId: string | null, prefix: string): Promise<Response | null> {
  const orderId = await store.orderIdForCart(cartId);
  return orderId ? redirect(`${prefix}/order-confirmed/${encodeURIComponent(orderId)}`, { status: 303 }) : null;
}

export async function loader(args: LoaderFunctionArgs) {
  const { request, context, params } = args;
  // /blog/checkout is no language's checkout: the catch-all shows what is there.
  if (!(await servesLanguage(request, context, params.lang))) return pathPageLoader(args);
  const { id: websiteId } = await requestSite(request, context);
  const { prefix } = await requestLanguage(request, context);
  const url = new URL(request.url);
  const subscription = url.searchParams.get('subscription') === '1';
  const cartId = await cartIdFor(request, subscription);
  const store = await cartStore(websiteId);
  const bought = await toOrderOf(store, cartId, prefix);
  if (bought) return bought;
  return storefrontPage(
    request,
    async (site) => {
      const { cart, lines } = await store.pricedCart(cartId);
      const settings = await store.settings();
      const { shipping, tax } = await store.checkoutSettings();
      const draft = await store.checkoutDraft(cartId);
      const giftCard = await store.appliedGiftCard(cartId);
      const flash = await readFlash(request, 'cart');
      // Errors show once: with the flash of the submit that made them.
      const errors = draft && flash?.checkoutToken === draft.token ? draft.errors : {};
      const values = draft?.values ?? defaultValues(shipping, tax);
      const currency = site.website.currency;
      const product = subscription && cart.entries[0] ? await store.subscribableProduct(cart.entries[0].itemId) : null;
      const sub = product ? subscriptionPriceText(product, currency) : null;
      // Lines at the price the order will charge (today's), not the price when they were added.
      const now = new Map(lines.map((l) => [l.id, l.unitPriceCents]));
      const entries = cart.entries.map((e) => {
        const unit = now.get(e.id) ?? e.unitPriceCents;
        return { ...e, unitPriceCents: unit, lineTotalCents: unit * e.quantity };
      });
      const subtotalCents = entries.reduce((s, e) => s + e.lineTotalCents, 0);
      // The owner's checkout tweak (/config/tweaks/checkout): the heading and a note above the form.
      const tweak = (await siteTweaks(site.website.id)).checkout;
      // The tweak's default heading is the English word: the page's language has its own.
      const heading = tweak.heading === 'Checkout' ? textFrom(pageStrings(site), 'checkoutTitleText', 'Checkout') : tweak.heading;
      const say = pageMessages(pageStrings(site), currency, site.website.locale);
      return {
        resolved: { kind: 'commerce', page: 'checkout' },
        extras: {
          commercePage: {
            title: heading,
            data: {
              checkout: {
                heading,
                note: tweak.note,
                testMode: true,
                subscription: subscription && cart.entries.length > 0,
                subscriptionText: sub,
                cartToken: subscription ? 'subscription' : 'cart',
                entries: shapeCartEntries(entries, currency, say),
                totalQuantity: cart.totalQuantity,
                subtotal: money(subtotalCents, currency),
                checkoutMinimum: checkoutMinimum(subtotalCents, currency, settings, say),
                form: checkoutForm({
                  cart,
                  lines,
                  values,
                  errors,
                  shipping,
                  tax,
                  strings: pageStrings(site),
                  locale: site.website.locale,
                  giftCard,
                }),
              },
            },
          },
        },
      };
    },
    context,
  );
}

const Which = z.object({
  cart: z.enum(['cart', 'subscription']).default('cart'),
  intent: z.enum(['place', 'update', 'gift-apply', 'gift-remove']).default('place'),
});

export async function action(args: ActionFunctionArgs) {
  const { request, context, params } = args;
  if (!(await servesLanguage(request, context, params.lang))) return pathPageAction(args);
  const { id: websiteId } = await requestSite(request, context);
  // Posted from a French page to /fr/checkout: every answer goes back under /fr, its message in French.
  const lang = await requestLanguage(request, context);
  const body = await readForm(request);
  const parsed = body ? parseForm(body, Which) : null;
  const which = parsed?.status === 'success' ? parsed.value : null;
  const back = lang.to(which?.cart === 'subscription' ? '/checkout?subscription=1' : '/checkout');
  const session = await shopperSession(request);
  const cartId = await cartIdFor(request, which?.cart === 'subscription');
  /** A 303 to `to` with a flash for the page there (its message, or the token of the errors to show). */
  const withFlash = async (to: string, flash: { error?: string; checkoutToken?: string }) => {
    setFlash(session, 'cart', { ...flash, error: flash.error === undefined ? undefined : lang.message(flash.error) });
    return redirectWithFlash(request, to);
  };
  const fail = (error: string | undefined, checkoutToken?: string) => withFlash(back, { error, checkoutToken });
  if (!body || !which) return fail(UNREADABLE);
  const limit = await limitVisitor(request, cartId);
  if (!limit.ok) return tooManyRequests(limit.retryAfterS);
  const store = await cartStore(websiteId);
  const bought = await toOrderOf(store, cartId, lang.prefix);
  if (bought) return bought;

  const { cart, lines } = await store.pricedCart(cartId);
  if (cart.entries.length === 0) return fail(MSG.empty);
  const { shipping, tax } = await store.checkoutSettings();
  // The form for this cart's lines (Conform): what was typed, and the details or an error per field.
  const submission = parseCheckoutForm(body, lines, shipping);
  const values = submission.values;
  if (which.intent === 'gift-remove' && cartId) {
    await store.removeGiftCard(cartId);
    await store.saveCheckoutDraft(cartId, { values, errors: {}, token: '' });
    return redirect(back, { status: 303 });
  }
  // Apply with no code typed (Enter pressed in another field) is "Update totals".
  if (which.intent === 'gift-apply' && cartId && (values.giftCardCode ?? '').trim() !== '') {
    const tries = await limitCodeTries(request, cartId);
    const keep = async (error: string) => {
      const token = crypto.randomBytes(12).toString('base64url');
      await store.saveCheckoutDraft(cartId, { values, errors: { giftCardCode: error }, token });
      return fail(undefined, token);
    };
    if (!tries.ok) return keep(GIFT_CARD_TEXT.tooMany);
    const payable = payableByCard(pageQuote(lines, values, shipping, tax).totalCents, lines);
    const applied = await store.applyGiftCard(cartId, values.giftCardCode ?? '', payable);
    if (!applied.ok) return keep(applied.error);
    await store.saveCheckoutDraft(cartId, { values: { ...values, giftCardCode: '' }, errors: {}, token: '' });
    return redirect(back, { status: 303 });
  }
  if (which.intent !== 'place') {
    // "Update totals": keep what was typed, show the totals for it; nothing is checked yet.
    await store.saveCheckoutDraft(cartId, { values, errors: {}, token: '' });
    return redirect(back, { status: 303 });
  }

  // Lines that can no longer be bought as they are go back to the cart, where they are marked.
  const { review } = await store.loadCart(cartId);
  if (review.blocking && review.message)
    return withFlash(which.cart === 'subscription' ? back : lang.to('/cart'), { error: review.message });

  /** Back to the form: what was typed is kept on the cart; the errors show once, with the flash's token. */
  const refused = async (errors: Record<string, string>, error?: string) => {
    const token = crypto.randomBytes(12).toString('base64url');
    await store.saveCheckoutDraft(cartId, { values, errors, token });
    // Field errors show beside their fields (and in the summary above the form), not as a page message.
    return Object.keys(errors).length > 0 ? fail(undefined, token) : fail(error);
  };
  if (!submission.ok) return refused(submission.errors, UNREADABLE);

  // The transaction checks the form again against the lines as they are when it locks them, and
  // queues the confirmation email with the order (sent by the mail queue, even after a crash).
  // Never an order at a total the shopper did not see (issue 33: Local pickup chosen, "Update
  // totals" not pressed): the total it charges (the applied card's part spent under its row lock,
  // so two orders never spend one balance) must be the one the page showed, else nothing is placed
  // and the page comes back with the new totals and asks to confirm.
  const r = await store.checkout(cartId, values, {
    ...(await confirmationOnCheckout(request, websiteId)),
    shownTotalCents: shownTotalOf(body.get('shownTotalCents')),
  });
  if (!r.ok) {
    if (r.status === 409) {
      const again = await toOrderOf(store, cartId, lang.prefix);
      if (again) return again;
    }
    return refused(r.fieldErrors ?? {}, r.error);
  }
  // Checkout while signed in: the order shows in the account's order history.
  await recordOrderForSignedIn(request, websiteId, r.order.id);
  // Without JavaScript no collector runs on the confirmed page: the purchase is recorded here (SPEC 7).
  if (nativePost(request, body))
    await recordServerEvent(request, websiteId, { name: 'purchase', data: purchaseOf(r.order) }, new URL(request.url).pathname);
  // A bought shopping cart is an empty one for the pill (a subscription cart never counted).
  const headers = which.cart === 'cart' ? { 'Set-Cookie': cartQtySetCookie(null) } : undefined;
  return redirect(`${lang.prefix}/order-confirmed/${encodeURIComponent(r.order.id)}`, { status: 303, headers });
}

export const headers: HeadersFunction = pageActionHeaders;

export const meta: MetaFunction<typeof loader> = ({ data }) => metaFromSeo(data?.seo);

export default function CheckoutPage() {
  const { html, seo } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <>
      <ActionNotice error={answer && 'error' in answer ? answer.error : null} />
      <ThemePage html={html} jsonLd={seo.jsonLd} />
    </>
  );
}
