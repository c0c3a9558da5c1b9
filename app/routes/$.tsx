// Every storefront URL under a collection: /{collection} (a page, a product listing or a blog, ?page=N,
// a blog's ?tag= or ?category=; events; a gallery), /{collection}/p/{item} (a product;
// `?Size=M&Color=Sand` shows that variant chosen) and /{collection}/{item} (a post or an event).
// Its action takes a page's form block posted without JavaScript, or a product page's back-in-stock
// form. Both are the storefront's page at a path (app/storefront/path-page.server.ts).
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { metaFromSeo } from '../components/seo-meta.js';
import { ThemePage } from '../components/ThemePage.js';
import { pageActionHeaders } from '../storefront/http.server.js';
import { pathPageAction, pathPageLoader } from '../storefront/path-page.server.js';

export async function loader(args: LoaderFunctionArgs) {
  return pathPageLoader(args);
}

export async function action(args: ActionFunctionArgs) {
  return pathPageAction(args);
}

export const headers: HeadersFunction = ({ loaderHeaders, actionHeaders }) => pageActionHeaders({ loaderHeaders, actionHeaders });

export const meta: MetaFunction<typeof loader> = ({ data }) => metaFromSeo(data?.seo);

export default function StorefrontPage() {
  const { html, seo } = useLoaderData<typeof loader>();
  return <ThemePage html={html} jsonLd={seo.jsonLd} />;
}
