// /splash: the splash page (page type 3), shown before the home page once per browser session when
// the owner turns it on (app/overlays/splash.ts). It sets the session cookie that lets the home
// page through, and its "enter" link is a plain link home: no JavaScript needed.
import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { metaFromSeo } from '../components/seo-meta.js';
import { ThemePage } from '../components/ThemePage.js';
import { forwardHeaders } from '../storefront/http.server.js';
import { storefrontPage } from '../storefront/render.server.js';
import { requestSite } from '../storefront/site.server.js';
import { splashPage } from '../overlays/splash.server.js';
import { splashCookie } from '../overlays/splash.js';
import { PageType } from '../../engine/ts/enums.js';
import { env } from '../utils/env.server.js';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const site = await requestSite(request, context);
  const page = await splashPage(site.id);
  // Off (or turned off since a link was made): the home page is the way in.
  if (!page) return redirect('/', { status: 303, headers: { 'Cache-Control': 'no-store' } });
  const res = await storefrontPage(
    request,
    async () => ({
      resolved: { kind: 'commerce', page: 'account' },
      pageTemplate: { name: 'splash-page', source: '{overlay.html}' },
      private: true,
      extras: { pageType: PageType.SPLASH_PAGE, commercePage: { title: page.title, data: { overlay: { html: page.html } } } },
    }),
    context,
  );
  if (res.status === 200) res.headers.append('Set-Cookie', splashCookie(env().secureCookies));
  return res;
}

export const headers: HeadersFunction = ({ loaderHeaders }) => forwardHeaders(loaderHeaders);

export const meta: MetaFunction<typeof loader> = ({ data }) => metaFromSeo(data?.seo);

export default function Splash() {
  const { html, seo } = useLoaderData<typeof loader>();
  return <ThemePage html={html} jsonLd={seo.jsonLd} />;
}
