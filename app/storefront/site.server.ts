// The site a request is for (issue 11): resolved once per request from its Host header by the
// server (app/server/main.ts, through the build's entry) and handed to loaders in the load context;
// resolved here when a request arrives another way (vite dev, route modules called directly).
import type { AppLoadContext } from '@remix-run/node';
import { getSql } from '../../db/client.server.js';
import { createSiteResolver, type SiteRef, type SiteResolver } from '../sites/domains.server.js';

let resolver: SiteResolver | null = null;

/** The site a Host header reaches in this process's database, or null. */
export async function siteForHost(host: string | null | undefined): Promise<SiteRef | null> {
  resolver ??= createSiteResolver(await getSql());
  return resolver.siteForHost(host);
}

/** The request's site: the one the server resolved, else the Host header's; a 404 when none. */
export async function requestSite(request: Request, context?: AppLoadContext): Promise<SiteRef> {
  if (context?.site) return context.site;
  const site = await siteForHost(request.headers.get('Host') ?? new URL(request.url).host);
  if (!site)
    throw new Response('There is no site at this address.', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  return site;
}
