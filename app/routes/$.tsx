// Every storefront URL under a collection: /{collection} (a page, a product listing or a blog, ?page=N,
// a blog's ?tag= or ?category=; events; a gallery), /{collection}/p/{item} (a product;
// `?Size=M&Color=Sand` shows that variant chosen) and /{collection}/{item} (a post or an event).
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { resolvePath } from '../catalog/catalog.server.js';
import { metaFromSeo } from '../components/seo-meta.js';
import { ThemePage } from '../components/ThemePage.js';
import { forwardHeaders, parsePage, parseSelectedOptions, variantViewLocation } from '../storefront/http.server.js';
import { parseFilter } from '../storefront/collection-context.js';
import { storefrontPage } from '../storefront/render.server.js';
import { requestSite } from '../storefront/site.server.js';
import { restockPageAction, restockPageExtras } from '../forms/restock-page.server.js';

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
      // Product pages: the back-in-stock form offers the mailing list only when the site has one.
      const restock = resolved.kind === 'product' ? await restockPageExtras(site.website.id) : undefined;
      return { resolved, extras: { selectedOptions: parseSelectedOptions(url.searchParams), restock } };
    },
    context,
  );
}

/** The back-in-stock form of a product page, posted without JavaScript: 303 back with the answer. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { id: websiteId } = await requestSite(request, context);
  return restockPageAction(request, websiteId);
}

export const headers: HeadersFunction = ({ loaderHeaders }) => forwardHeaders(loaderHeaders);

export const meta: MetaFunction<typeof loader> = ({ data }) => metaFromSeo(data?.seo);

export default function StorefrontPage() {
  const { html, seo } = useLoaderData<typeof loader>();
  return <ThemePage html={html} jsonLd={seo.jsonLd} />;
}
