// The home page: the theme's home template over the featured products and the home collection.
import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { resolvePath } from '../catalog/catalog.server.js';
import { metaFromSeo } from '../components/seo-meta.js';
import { ThemePage } from '../components/ThemePage.js';
import { forwardHeaders } from '../storefront/http.server.js';
import { storefrontPage } from '../storefront/render.server.js';

export async function loader({ request, context }: LoaderFunctionArgs) {
  return storefrontPage(request, async (site) => ({ resolved: await resolvePath(site.website.id, '/') }), context);
}

export const headers: HeadersFunction = ({ loaderHeaders }) => forwardHeaders(loaderHeaders);

export const meta: MetaFunction<typeof loader> = ({ data }) => metaFromSeo(data?.seo);

export default function Home() {
  const { html, seo } = useLoaderData<typeof loader>();
  return <ThemePage html={html} jsonLd={seo.jsonLd} />;
}
