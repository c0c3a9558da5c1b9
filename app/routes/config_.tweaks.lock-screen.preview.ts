// GET /config/tweaks/lock-screen/preview?title=...: the lock screen tweak's live preview, a whole
// document for the tweak screen's sandboxed iframe, rendered by the storefront's own pipeline (the
// theme's layout and lock-screen template) with the form's unsaved texts. Needs site.read.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { ownerAccess } from '../config/route-access.server.js';
import { lockScreenPreviewPlan } from '../storefront/access-page.server.js';
import { storefrontPage, type PageData } from '../storefront/render.server.js';
import { tweakPreviewDocument } from '../overlays/preview.js';
import { readTweak } from '../overlays/tweaks.js';

export async function loader(args: LoaderFunctionArgs) {
  const a = await ownerAccess(args, 'site.read');
  const tweak = readTweak('lock-screen', Object.fromEntries(new URL(args.request.url).searchParams));
  // The site being edited, which need not be the one this host serves; no page slot, so the HTML
  // comes back in the data (this answer is a document of its own, not the app's shell).
  const context = { ...args.context, page: undefined, site: { id: a.site.id, published: a.site.published } };
  const page = await storefrontPage(args.request, (site) => lockScreenPreviewPlan(site, tweak), context);
  const data = (await page.json()) as PageData;
  return new Response(tweakPreviewDocument(data.html, data.stylesheet), {
    status: page.status,
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex' },
  });
}
