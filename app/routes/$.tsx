// Every storefront URL under a collection: /{collection} (a page, a product listing or a blog, ?page=N,
// a blog's ?tag= or ?category=; events; a gallery), /{collection}/p/{item} (a product;
// `?Size=M&Color=Sand` shows that variant chosen) and /{collection}/{item} (a post or an event).
import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { resolvePath } from '../catalog/catalog.server.js';
import { metaFromSeo } from '../components/seo-meta.js';
import { ThemePage } from '../components/ThemePage.js';
import { forwardHeaders, parsePage, parseSelectedOptions, variantViewLocation } from '../storefront/http.server.js';
import { parseFilter } from '../storefront/collection-context.js';
import { storefrontPage } from '../storefront/render.server.js';

export async function loader({ request, context }: LoaderFunctionArgs) {
  // The add-to-cart form's no-JavaScript "Show price and stock" button: the same page, its address clean.
  const view = variantViewLocation(new URL(request.url));
  if (view !== null) return redirect(view, 303);
  return storefrontPage(
    request,
    async (site, url) => {
      const page = parsePage(url.searchParams);
      if (page === null) return { resolved: { kind: 'not-found' } };
      const resolved = await resolvePath(site.website.id, url.pathname, { page, filter: parseFilter(url.searchParams) });
      return { resolved, extras: { selectedOptions: parseSelectedOptions(url.searchParams) } };
    },
    context,
  );
}

export const headers: HeadersFunction = ({ loaderHeaders }) => forwardHeaders(loaderHeaders);

export const meta: MetaFunction<typeof loader> = ({ data }) => metaFromSeo(data?.seo);

export default function StorefrontPage() {
  const { html, seo } = useLoaderData<typeof loader>();
  return <ThemePage html={html} jsonLd={seo.jsonLd} />;
}
