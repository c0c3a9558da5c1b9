// /config/theme/preview?page=product: what the live preview needs, fetched once per page the owner
// picks: that page's real template context (built by the storefront's pipeline), the page template
// it uses, the site's locale and zone, its design's fonts and colours (CSS), and the sources of the theme's newest version (the draft).
// The browser then renders every keystroke itself (engine/browser.ts). Needs site.read.
// `&experiment=name:variant` picks the variants previewed (else each running experiment's first).
import type { LoaderFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { loadSite } from '../catalog/catalog.server.js';
import { designCss, designOf } from '../design/design.js';
import { ownerAccess } from '../config/route-access.server.js';
import { latestVersion } from '../config/theme-versions.server.js';
import { PREVIEW_PAGES, sampleContext, type PreviewPage } from '../storefront/preview-context.server.js';
import { previewVariants } from '../experiments/preview.js';
import { readRunning } from '../experiments/experiments.server.js';

export async function loader(args: LoaderFunctionArgs) {
  const a = await ownerAccess(args, 'site.read');
  const asked = new URL(args.request.url).searchParams.get('page') ?? 'home';
  if (!(PREVIEW_PAGES as readonly string[]).includes(asked)) {
    return json({ error: `Choose one of: ${PREVIEW_PAGES.join(', ')}.` }, { status: 400, headers: { 'Cache-Control': 'no-store' } });
  }
  const [site, draft, running] = await Promise.all([loadSite(a.site.id), latestVersion(a.sql, a.site.id), readRunning(a.sql, a.site.id)]);
  const experiments = previewVariants(running, new URL(args.request.url).searchParams);
  const sample = await sampleContext(site, asked as PreviewPage, experiments.chosen);
  const sources = { layout: '{mainContent}', pages: {} as Record<string, string>, partials: {} as Record<string, string>, stylesheet: '' };
  for (const f of draft.templates) {
    if (f.kind === 'layout') sources.layout = f.source;
    else if (f.kind === 'page') sources.pages[f.name] = f.source;
    else if (f.kind === 'partial') sources.partials[f.name] = f.source;
    else sources.stylesheet += (sources.stylesheet ? '\n' : '') + f.source;
  }
  return json(
    {
      page: asked,
      template: sample.template,
      path: sample.path,
      context: sample.context,
      locale: site.website.locale ?? 'en',
      timeZone: site.website.timeZone,
      version: draft.version,
      // The site's fonts and colours (/config/design) go before the draft's stylesheet, as on the storefront.
      design: designCss(designOf(site.settings)),
      sources,
      experiments: experiments.choices,
    },
    { headers: { 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex' } },
  );
}
