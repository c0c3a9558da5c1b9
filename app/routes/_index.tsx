// The home page: the theme's home template over the featured products and the home collection.
import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { resolvePath } from '../catalog/catalog.server.js';
import { metaFromSeo } from '../components/seo-meta.js';
import { ThemePage } from '../components/ThemePage.js';
import { forwardHeaders } from '../storefront/http.server.js';
import { storefrontPage } from '../storefront/render.server.js';
import { requestSite } from '../storefront/site.server.js';
import { splashFirst } from '../overlays/splash.server.js';
import { SPLASH_PATH } from '../overlays/splash.js';
import { isbot } from 'isbot';

export async function loader({ request, context }: LoaderFunctionArgs) {
  // The splash page comes first, once per browser session, when the owner has one (app/overlays).
  let splash = { enabled: false, due: false };
  try {
    splash = await splashFirst((await requestSite(request, context)).id, request.headers.get('Cookie'));
  } catch (e) {
    // No site here (a 404 response) stands; anything else is the home page's own to report.
    if (e instanceof Response) throw e;
  }
  // Crawlers index the home page itself: a splash in front of it would be all they ever saw.
  if (splash.due && !isbot(request.headers.get('User-Agent')))
    return redirect(SPLASH_PATH, { status: 303, headers: { 'Cache-Control': 'no-store' } });
  const res = await storefrontPage(request, async (site) => ({ resolved: await resolvePath(site.website.id, '/') }), context);
  // The same address answers differently with and without the splash cookie, and to crawlers:
  // caches must tell them apart.
  if (splash.enabled) {
    for (const h of ['Cookie', 'User-Agent'])
      if (!new RegExp(`\\b${h}\\b`, 'i').test(res.headers.get('Vary') ?? '')) res.headers.append('Vary', h);
  }
  return res;
}

export const headers: HeadersFunction = ({ loaderHeaders }) => forwardHeaders(loaderHeaders);

export const meta: MetaFunction<typeof loader> = ({ data }) => metaFromSeo(data?.seo);

export default function Home() {
  const { html, seo } = useLoaderData<typeof loader>();
  return <ThemePage html={html} jsonLd={seo.jsonLd} />;
}
