// The site a request is for (issue 11): resolved once per request from its Host header by the
// server (app/server/main.ts, through the build's entry) and handed to loaders in the load context;
// resolved here when a request arrives another way (vite dev, route modules called directly).
import type { AppLoadContext } from '@remix-run/node';
import { getSql } from '../../db/client.server.js';
import { createSiteResolver, type SiteRef, type SiteResolver } from '../sites/domains.server.js';
import { normalizeHost } from '../sites/hosts.js';
import { env } from '../utils/env.server.js';

let resolver: SiteResolver | null = null;

// A deployment that serves one site on BASE_URL needs no domain rows: that host reaches the
// default site (WEBSITE_ID, else the first one).
const baseHost = (() => {
  const b = env().baseUrl;
  return b ? normalizeHost(new URL(b).host) : null;
})();

/** The site a Host header reaches in this process's database, or null. */
export async function siteForHost(host: string | null | undefined): Promise<SiteRef | null> {
  const sql = await getSql();
  resolver ??= createSiteResolver(sql);
  const site = await resolver.siteForHost(host);
  if (site || !baseHost || normalizeHost(host) !== baseHost) return site;
  const wanted = env().websiteId ?? null;
  const [row] = await sql<SiteRef[]>`
    select id, published from website where ${wanted === null ? sql`true` : sql`id = ${wanted}`} order by id limit 1`;
  return row ? { id: row.id, published: row.published } : null;
}

/** The request's site: the one the server resolved, else the Host header's; a 404 when none. */
export async function requestSite(request: Request, context?: AppLoadContext): Promise<SiteRef> {
  if (context?.site) return context.site;
  // The URL's host: Remix builds it from the forwarded host behind a trusted proxy.
  const site = await siteForHost(new URL(request.url).host);
  if (!site)
    throw new Response('There is no site at this address.', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  return site;
}
