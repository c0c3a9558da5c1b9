// /checkout: the test-mode checkout (page type 201, the theme's `checkout` template) of the shopping
// cart, or of a subscription cart (?subscription=1). Place order turns the cart into an order and
// goes to the order confirmed page; a failure comes back here with its message in a flash.
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { z } from 'zod';
import { cartQtySetCookie, readSubscriptionCheckout, setFlash } from '../cart-ui.server.js';
import { checkout, getCartId, getCommerceSettings, isRateLimited, loadCart, MSG, subscriptionPriceFor } from '../cart.server.js';
import { metaFromSeo } from '../components/seo-meta.js';
import { ThemePage } from '../components/ThemePage.js';
import { checkoutMinimum, money, shapeCartEntries } from '../context.server.js';
import { forwardHeaders } from '../http.server.js';
import { storefrontPage } from '../render.server.js';
import { readFormFields } from '../utils/form.server.js';

export const CHECKOUT_PAGE_TYPE = 201;

/** Which cart a checkout request is about: the subscription cart or the shopping cart. */
async function cartIdFor(request: Request, subscription: boolean): Promise<string | null> {
  return subscription ? readSubscriptionCheckout(request) : getCartId(request);
}

export async function loader({ request }: LoaderFunctionArgs) {
  return storefrontPage(request, async (site, url) => {
    const subscription = url.searchParams.get('subscription') === '1';
    const cart = await loadCart(await cartIdFor(request, subscription));
    const settings = await getCommerceSettings();
    const currency = site.website.currency;
    const sub = subscription && cart.entries[0] ? await subscriptionPriceFor(cart.entries[0].itemId) : null;
    return {
      resolved: { kind: 'search' },
      template: 'checkout',
      extras: {
        commercePage: {
          pageType: CHECKOUT_PAGE_TYPE,
          title: 'Checkout',
          data: {
            checkout: {
              subscription: subscription && cart.entries.length > 0,
              subscriptionText: sub,
              cartToken: subscription ? 'subscription' : 'cart',
              entries: shapeCartEntries(cart.entries, currency),
              totalQuantity: cart.totalQuantity,
              subtotal: money(cart.subtotalCents, currency),
              checkoutMinimum: checkoutMinimum(cart.subtotalCents, currency, settings),
            },
          },
        },
      },
    };
  });
}

const PlaceOrder = z.object({ cart: z.enum(['cart', 'subscription']).default('cart') });

export async function action({ request }: ActionFunctionArgs) {
  const parsed = PlaceOrder.safeParse(await readFormFields(request));
  const which = parsed.success ? parsed.data.cart : 'cart';
  const back = which === 'subscription' ? '/checkout?subscription=1' : '/checkout';
  const cartId = await cartIdFor(request, which === 'subscription');
  const fail = async (error: string) => redirect(back, { status: 303, headers: { 'Set-Cookie': await setFlash({ error }) } });
  if (isRateLimited(request, cartId)) return fail(MSG.tooManyRequests);
  // Lines that can no longer be bought as they are go back to the cart, where they are marked.
  const { review } = await loadCart(cartId);
  if (review.blocking && review.message) {
    const to = which === 'subscription' ? back : '/cart';
    return redirect(to, { status: 303, headers: { 'Set-Cookie': await setFlash({ error: review.message }) } });
  }
  const r = await checkout(cartId);
  if (!r.ok) return fail(r.error);
  // A bought shopping cart is an empty one for the pill (a subscription cart never counted).
  const headers = which === 'cart' ? { 'Set-Cookie': cartQtySetCookie(0) } : undefined;
  return redirect(`/order-confirmed/${encodeURIComponent(r.order.id)}`, { status: 303, headers });
}

export const headers: HeadersFunction = ({ loaderHeaders }) => forwardHeaders(loaderHeaders);

export const meta: MetaFunction<typeof loader> = ({ data }) => metaFromSeo(data?.seo);

export default function CheckoutPage() {
  const { html, seo } = useLoaderData<typeof loader>();
  return <ThemePage html={html} jsonLd={seo.jsonLd} />;
}
