// /downloads/<grant>?t=<signature>: a bought digital product's file (issue 33), counted; past its
// expiry or count, or with a link that is no longer valid, a page with a form (POST here) that
// emails a new link to the order's address, rate limited, saying the same whether or not it did.
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { download, renewDownload } from '../commerce/downloads.server.js';
import { downloadPage } from '../storefront/download-page.server.js';
import { requestSite } from '../storefront/site.server.js';
import { MSG } from '../commerce/rules.js';

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const site = await requestSite(request, context);
  const url = new URL(request.url);
  const r = await download(site.id, params.grantId ?? '', url.searchParams.get('t'), request);
  if (r.ok) return r.response;
  return downloadPage(site.id, { why: r.why, action: url.pathname + url.search });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const site = await requestSite(request, context);
  const url = new URL(request.url);
  const r = await renewDownload(
    site.id,
    params.grantId ?? '',
    url.searchParams.get('t'),
    request.headers.get('x-storefront-client-address') || 'unknown',
  );
  if (!r.ok) {
    return new Response(MSG.tooManyRequests, {
      status: 429,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Retry-After': String(r.retryAfterS), 'Cache-Control': 'no-store' },
    });
  }
  return downloadPage(site.id, { why: 'invalid', action: url.pathname + url.search, sent: true });
}
