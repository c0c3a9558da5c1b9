// Every storefront URL under a collection: /{collection} (a page or a product listing, ?page=N)
// and /{collection}/p/{item} (a product; the variant form submits its options as the query).
import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { resolvePath } from '../catalog.server.js';
import { metaFromSeo } from '../components/seo-meta.js';
import { ThemePage } from '../components/ThemePage.js';
import { forwardHeaders, parsePage, parseSelectedOptions } from '../http.server.js';
import { storefrontPage } from '../render.server.js';

export async function loader({ request, context }: LoaderFunctionArgs) {
  return storefrontPage(request, async (_site, url) => {
    const page = parsePage(url.searchParams);
    if (page === null) return { resolved: { kind: 'not-found' } };
    const resolved = await resolvePath(url.pathname, { page });
    return { resolved, extras: { selectedOptions: parseSelectedOptions(url.searchParams) } };
  }, context);
}

export const headers: HeadersFunction = ({ loaderHeaders }) => forwardHeaders(loaderHeaders);

export const meta: MetaFunction<typeof loader> = ({ data }) => metaFromSeo(data?.seo);

export default function StorefrontPage() {
  const { html, seo } = useLoaderData<typeof loader>();
  return <ThemePage html={html} jsonLd={seo.jsonLd} />;
}
