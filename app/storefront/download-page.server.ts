// The page a download link answers when it cannot serve its file (issue 33): expired, used up, not
// valid, or the file missing; in the site's own stylesheet, with the form that emails a new link.
import { loadSite } from '../catalog/catalog.server.js';
import { DOWNLOAD_DAYS, DOWNLOAD_TEXT, DOWNLOADS_ALLOWED } from '../commerce/downloads.js';
import type { DownloadRefusal } from '../commerce/downloads.server.js';
import { siteStylesheet } from './theme-css.server.js';
import { escapeHtml as esc } from '../utils/html.js';

const WHY: Record<DownloadRefusal, { status: number; title: string; text: string }> = {
  expired: { status: 410, title: DOWNLOAD_TEXT.expiredTitle, text: DOWNLOAD_TEXT.expired.replace('{days}', String(DOWNLOAD_DAYS)) },
  'used-up': { status: 410, title: DOWNLOAD_TEXT.usedUpTitle, text: DOWNLOAD_TEXT.usedUp.replace('{count}', String(DOWNLOADS_ALLOWED)) },
  invalid: { status: 403, title: DOWNLOAD_TEXT.invalidTitle, text: DOWNLOAD_TEXT.invalid },
  missing: { status: 404, title: DOWNLOAD_TEXT.missingTitle, text: DOWNLOAD_TEXT.missing },
};

/**
 * The page for a refused download (`why`), or the one saying a new link was asked for (`sent`).
 * The form posts back to the same link (its signature proves the asker once had it).
 */
export async function downloadPage(
  websiteId: string,
  opts: { why: DownloadRefusal; action: string; sent?: boolean; status?: number; headers?: Record<string, string> },
): Promise<Response> {
  const site = await loadSite(websiteId);
  const name = site.website.siteTitle || 'Store';
  const sheet = siteStylesheet(site);
  const w = WHY[opts.why];
  const title = opts.sent ? DOWNLOAD_TEXT.ask : w.title;
  const body = opts.sent
    ? `<p class="notice" role="status" data-download-sent>${esc(DOWNLOAD_TEXT.sent)}</p>`
    : `<p>${esc(w.text)}</p>
<form method="post" action="${esc(opts.action)}"><button type="submit" class="button">${esc(DOWNLOAD_TEXT.ask)}</button></form>`;
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${esc(title)} — ${esc(name)}</title>
${sheet ? `<link rel="stylesheet" href="${esc(sheet.href)}">` : ''}
</head><body>
<main class="wrap-narrow download-page" data-download="${opts.sent ? 'sent' : opts.why}" style="padding:3rem 1rem">
<p><a href="/">${esc(name)}</a></p>
<h1>${esc(title)}</h1>
${body}
</main>
</body></html>
`;
  return new Response(html, {
    status: opts.status ?? (opts.sent ? 200 : w.status),
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'private, no-store',
      'X-Robots-Tag': 'noindex',
      // The server drops a page's own headers on /downloads/ (a file's are its own): these stand in.
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy':
        "default-src 'none'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; form-action 'self'; base-uri 'none'; frame-ancestors 'self'",
      'Referrer-Policy': 'no-referrer',
      ...opts.headers,
    },
  });
}
