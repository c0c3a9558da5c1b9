// /sitemap.xml: every public page and product on the configured origin, with when it last changed
// (products from item.updated_at, pages and listings from their collection and its products).
// A site with more languages (issue 16) lists each page in each language, at its translated path
// where it has one (ADR 0019), with its alternates.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { loadSite, sitemapEntries } from '../catalog/catalog.server.js';
import { requestSite } from '../storefront/site.server.js';
import { baseUrlFor } from '../utils/base-url.server.js';
import { MAX_AGE, STALE_WHILE_REVALIDATE } from '../storefront/http.server.js';
import { log } from '../utils/log.server.js';
import { siteAccess } from '../access/store.server.js';
import { getReadSql } from '../../db/client.server.js';
import { siteLanguages } from '../languages/settings.server.js';
import { localizationOf, siteLocalization } from '../languages/site-localization.server.js';
import { localPath } from '../languages/slug-paths.js';
// XML shares HTML's five escapes (&#39; is as good as &apos; there).
import { escapeHtml as xmlText } from '../utils/html.js';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { id: websiteId } = await requestSite(request, context);
  try {
    const sql = await getReadSql();
    const [site, all, access, langs, localization] = await Promise.all([
      loadSite(websiteId),
      sitemapEntries(websiteId),
      siteAccess(websiteId),
      siteLanguages(sql, websiteId),
      siteLocalization(sql, websiteId),
    ]);
    // A site behind a password lists nothing (locked and member pages are never listed: the catalog leaves them out).
    const entries = access.siteLock === null ? all : [];
    const base = baseUrlFor(site.website.baseUrl);
    const loc = (path: string) => xmlText(new URL(path, base).href);
    const many = langs.codes.length > 1;
    const urls = entries.flatMap((e) => {
      if (!many) return [`  <url><loc>${loc(e.path)}</loc><lastmod>${e.lastmod}</lastmod></url>`];
      // Each language's URL is listed, each naming all of them (itself included) and x-default.
      const paths = langs.codes.map((c) => ({ c, path: localPath(e.path, c, langs, localizationOf(localization, c).slugs) }));
      const alternates =
        paths.map(({ c, path }) => `<xhtml:link rel="alternate" hreflang="${c}" href="${loc(path)}"/>`).join('') +
        `<xhtml:link rel="alternate" hreflang="x-default" href="${loc(e.path)}"/>`;
      return paths.map(({ path }) => `  <url><loc>${loc(path)}</loc><lastmod>${e.lastmod}</lastmod>${alternates}</url>`);
    });
    const body = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      many
        ? '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">'
        : '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...urls,
      '</urlset>',
      '',
    ].join('\n');
    return new Response(body, {
      headers: {
        'Content-Type': 'application/xml; charset=utf-8',
        'Cache-Control': `public, max-age=${MAX_AGE}, stale-while-revalidate=${STALE_WHILE_REVALIDATE}`,
      },
    });
  } catch (e) {
    log.error(`sitemap.xml: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
    return new Response('The sitemap cannot be made right now. Please try again in a moment.\n', {
      status: 503,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', 'Retry-After': '30' },
    });
  }
}
