// /checkout (and /fr/checkout in another language of the site): the test-mode checkout (page type 201, the theme's `checkout` template) of the shopping
// cart, or of a subscription cart (?subscription=1): email, shipping address and method when
// something ships, gift card recipients, a gift card to pay with (Apply / Remove: form posts, so they
// work without JavaScript; with it, checkout-island.ts redraws only the card and the totals), totals
// with shipping and tax. Every post answers with a
// 303: to the order page, or back here with what was typed (kept on the cart) and a flash that
// shows its errors once, all under the page's language prefix. A cart already bought goes to its order.
// The post's workflow is checkout-action.server.ts's: this route parses, calls it and answers.
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { CheckoutWhich, checkoutAction, orderPathOf } from '../storefront/checkout-action.server.js';
import { readFlash, redirectLeavingFlash } from '../utils/flash.server.js';
import { cartStore } from '../commerce/cart.server.js';
import { checkoutForm, defaultValues } from '../storefront/checkout-page.server.js';
import { metaFromSeo } from '../components/seo-meta.js';
import { ActionNotice } from '../components/ActionNotice.js';
import { ThemePage } from '../components/ThemePage.js';
import { checkoutMinimum, shapeCartEntries } from '../storefront/context.server.js';
import { money } from '../commerce/money.js';
import { pageActionHeaders } from '../storefront/http.server.js';
import { storefrontPage } from '../storefront/render.server.js';
import { requestSite } from '../storefront/site.server.js';
import { parseForm, readForm } from '../utils/form.server.js';
import { shopperSession } from '../utils/session.server.js';
import { subscriptionPriceText } from '../storefront/subscription-price.server.js';
import { siteTweaks } from '../overlays/tweak-store.server.js';
import { pageStrings, requestLanguage, servesLanguage } from '../storefront/request-language.server.js';
import { pageMessages, tooManyRequestsIn } from '../storefront/shop-messages.server.js';
import { textFrom } from '../languages/strings.js';
import { pathPageAction, pathPageLoader } from '../storefront/path-page.server.js';

/** Which cart a checkout request is about: the subscription cart or the shopping cart. */
async function cartIdFor(request: Request, subscription: boolean): Promise<string | null> {
  const session = await shopperSession(request);
  return subscription ? session.subscriptionCartId : session.cartId;
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
  // A cart already bought (a double submit, the back button, a second tab) shows its order.
  const bought = await orderPathOf(store, cartId, prefix);
  if (bought) return redirect(bought, { status: 303 });
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

export async function action(args: ActionFunctionArgs) {
  const { request, context, params } = args;
  if (!(await servesLanguage(request, context, params.lang))) return pathPageAction(args);
  const { id: websiteId } = await requestSite(request, context);
  const lang = await requestLanguage(request, context);
  const body = await readForm(request);
  const parsed = body ? parseForm(body, CheckoutWhich) : null;
  const which = parsed?.status === 'success' ? parsed.value : null;
  const cartId = await cartIdFor(request, which?.cart === 'subscription');
  const outcome = await checkoutAction(request, { websiteId, lang, cartId, body, which });
  switch (outcome.kind) {
    case 'too-many':
      return tooManyRequestsIn(lang.strings, outcome.retryAfterS);
    case 'redirect':
      return redirect(outcome.to, { status: 303, headers: outcome.headers });
    case 'back':
      return redirectLeavingFlash(request, outcome.to, 'cart', outcome.flash);
  }
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
