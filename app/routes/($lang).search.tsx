// /search?q= (and /fr/search in another language of the site): PostgreSQL full-text search over
// products and pages, shown by the theme's search template (a plain GET form, so it works without
// JavaScript).
import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { z } from 'zod';
import { MAX_QUERY_LENGTH, searchCatalog } from '../catalog/catalog.server.js';
import { metaFromSeo } from '../components/seo-meta.js';
import { ThemePage } from '../components/ThemePage.js';
import { forwardHeaders } from '../storefront/http.server.js';
import { storefrontPage } from '../storefront/render.server.js';
import { requestLanguage, searchHitsIn, servesLanguage } from '../storefront/request-language.server.js';
import { pathPageLoader } from '../storefront/path-page.server.js';

const SearchQuery = z.object({
  q: z.string().trim().max(MAX_QUERY_LENGTH).default(''),
});

export async function loader(args: LoaderFunctionArgs) {
  const { request, context, params } = args;
  // /blog/search is no language's search page: the catch-all shows what is there.
  if (!(await servesLanguage(request, context, params.lang))) return pathPageLoader(args);
  const lang = await requestLanguage(request, context);
  return storefrontPage(
    request,
    async (site, url) => {
      const raw = url.searchParams.get('q') ?? undefined;
      const parsed = SearchQuery.safeParse({ q: raw });
      if (!parsed.success) {
        // Too long: say so on the search page, keeping what was typed (cut to the limit) in the box.
        const query = (raw ?? '').trim().slice(0, MAX_QUERY_LENGTH);
        const error = lang.t('searchTooLongText', 'Search terms can be at most {max} characters long.', { max: MAX_QUERY_LENGTH });
        return { resolved: { kind: 'search' }, status: 400, extras: { search: { query, hits: [], error } } };
      }
      const { q } = parsed.data;
      const hits = q ? await searchHitsIn(await searchCatalog(site.website.id, q), lang) : [];
      return { resolved: { kind: 'search' }, extras: { search: { query: q, hits } } };
    },
    context,
  );
}

export const headers: HeadersFunction = ({ loaderHeaders }) => forwardHeaders(loaderHeaders);

export const meta: MetaFunction<typeof loader> = ({ data }) => metaFromSeo(data?.seo);

export default function Search() {
  const { html, seo } = useLoaderData<typeof loader>();
  return <ThemePage html={html} jsonLd={seo.jsonLd} />;
}
