// /order-confirmed/{orderId}: the order confirmed page (page type 202, the theme's
// `order-confirmed` template) with the order's lines and totals.
import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { z } from 'zod';
import { getOrder } from '../cart.server.js';
import { metaFromSeo } from '../components/seo-meta.js';
import { ThemePage } from '../components/ThemePage.js';
import { forwardHeaders } from '../http.server.js';
import { storefrontPage } from '../render.server.js';

export const ORDER_CONFIRMED_PAGE_TYPE = 202;

const OrderId = z.string().min(1).max(100).regex(/^[A-Za-z0-9_-]+$/);

export async function loader({ request, params }: LoaderFunctionArgs) {
  return storefrontPage(request, async () => {
    const id = OrderId.safeParse(params.orderId);
    const order = id.success ? await getOrder(id.data) : null;
    if (!order) return { resolved: { kind: 'not-found' } };
    return {
      resolved: { kind: 'search' },
      template: 'order-confirmed',
      extras: { commercePage: { pageType: ORDER_CONFIRMED_PAGE_TYPE, title: 'Order confirmed', data: { order } } },
    };
  });
}

export const headers: HeadersFunction = ({ loaderHeaders }) => forwardHeaders(loaderHeaders);

export const meta: MetaFunction<typeof loader> = ({ data }) => metaFromSeo(data?.seo);

export default function OrderConfirmedPage() {
  const { html, seo } = useLoaderData<typeof loader>();
  return <ThemePage html={html} jsonLd={seo.jsonLd} />;
}
