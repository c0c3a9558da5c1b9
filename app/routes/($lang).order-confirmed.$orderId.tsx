// /order-confirmed/{orderId} (and /fr/order-confirmed/{orderId}): the order confirmed page (page type 202, the theme's
// `order-confirmed` template): number, lines, shipping, tax and total, in test mode. Private: it
// opens for the holder of the session whose cart bought the order, or through the signed link of the
// confirmation email (?t=); anyone else gets the not-found page, so an order id alone tells nothing.
// A digital line carries its signed download link (issue 33).
import { addressLines, countryName } from '../commerce/address.js';
import { countryNameIn } from '../languages/country-names.js';
import { messageIn } from '../storefront/shop-messages.server.js';
import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { z } from 'zod';
import { getOrder } from '../commerce/cart.server.js';
import { verifyOrderLinkToken } from '../commerce/order-link.server.js';
import { orderDownloads } from '../commerce/downloads.server.js';
import { rateText } from '../commerce/tax.js';
import { metaFromSeo } from '../components/seo-meta.js';
import { ThemePage } from '../components/ThemePage.js';
import { forwardHeaders } from '../storefront/http.server.js';
import { storefrontPage } from '../storefront/render.server.js';
import { purchaseOf } from '../storefront/census.js';
import { shopperSession } from '../utils/session.server.js';
import { pageStrings, servesLanguage } from '../storefront/request-language.server.js';
import { textFrom } from '../languages/strings.js';
import { pathPageLoader } from '../storefront/path-page.server.js';

const OrderId = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9_-]+$/);

export async function loader(args: LoaderFunctionArgs) {
  const { request, params, context } = args;
  // /blog/order-confirmed/x is no language's order page: the catch-all shows what is there.
  if (!(await servesLanguage(request, context, params.lang))) return pathPageLoader(args);
  return storefrontPage(
    request,
    async (site, url) => {
      const id = OrderId.safeParse(params.orderId);
      const order = id.success ? await getOrder(site.website.id, id.data) : null;
      const session = await shopperSession(request);
      const mine =
        order !== null &&
        (verifyOrderLinkToken(order.id, url.searchParams.get('t')) ||
          session.cartId === order.purchasedCartId ||
          session.subscriptionCartId === order.purchasedCartId);
      // The same not-found page whether the order does not exist or is someone else's.
      if (!order || !mine) return { resolved: { kind: 'not-found' }, private: true };
      // The signed download link of each digital line (issue 33).
      const downloads = await orderDownloads(order.id);
      return {
        resolved: { kind: 'commerce', page: 'order-confirmed' },
        // The collector records the purchase from here (SPEC 7), for a visitor holding the census cookie.
        purchase: purchaseOf(order),
        extras: {
          commercePage: {
            title: textFrom(pageStrings(site), 'orderTitleText', 'Order {number}', { number: order.orderNumberText }),
            data: {
              order: {
                ...order,
                // The method's label and the country in the page's language.
                shippingMethod: order.shippingMethod && {
                  ...order.shippingMethod,
                  label: messageIn(pageStrings(site), order.shippingMethod.label),
                },
                shippingAddressLines: order.shippingAddress
                  ? addressLines(order.shippingAddress, (code) => countryNameIn(site.website.locale, code, countryName(code)))
                  : order.shippingAddressLines,
                taxRateText: order.taxBasisPoints > 0 ? rateText(order.taxBasisPoints) : null,
                downloads: downloads.map((d) => ({ ...d, expiresOn: d.expiresAt.slice(0, 10) })),
              },
            },
          },
        },
      };
    },
    context,
  );
}

export const headers: HeadersFunction = ({ loaderHeaders }) => forwardHeaders(loaderHeaders);

export const meta: MetaFunction<typeof loader> = ({ data }) => metaFromSeo(data?.seo);

export default function OrderConfirmedPage() {
  const { html, seo } = useLoaderData<typeof loader>();
  return <ThemePage html={html} jsonLd={seo.jsonLd} />;
}
