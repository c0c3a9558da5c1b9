// /robots.txt: crawlers may read every catalog page, not the visitor's cart, checkout and order
// pages (in every language of the site: /fr/cart too), the JSON API or the owner area; the
// sitemap is on the configured origin.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { loadSite } from '../catalog/catalog.server.js';
import { requestSite } from '../storefront/site.server.js';
import { baseUrlFor } from '../utils/base-url.server.js';
import { MAX_AGE } from '../storefront/http.server.js';
import { log } from '../utils/log.server.js';
import { getReadSql } from '../../db/client.server.js';
import { siteLanguages } from '../languages/settings.server.js';
import { pathIn } from '../languages/languages.js';

const PRIVATE_PATHS = ['/cart', '/checkout', '/order-confirmed', '/api', '/config'];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { id: websiteId } = await requestSite(request, context);
  let stored = '';
  let paths = PRIVATE_PATHS;
  try {
    stored = (await loadSite(websiteId)).website.baseUrl;
    const langs = await siteLanguages(await getReadSql(), websiteId);
    paths = [...new Set(langs.codes.flatMap((code) => PRIVATE_PATHS.map((p) => pathIn(p, code, langs))))];
  } catch (e) {
    // Without the database the file is still right, on BASE_URL or the default origin.
    log.error(`robots.txt: cannot read the site: ${e instanceof Error ? e.message : String(e)}`);
  }
  const body = [
    'User-agent: *',
    'Allow: /',
    ...paths.map((p) => `Disallow: ${p}`),
    '',
    `Sitemap: ${baseUrlFor(stored)}/sitemap.xml`,
    '',
  ].join('\n');
  return new Response(body, {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': `public, max-age=${MAX_AGE * 60}` },
  });
}
