// The theme templates of blogs, events and galleries (issue 13) for sites made before they existed.
// A site's own rows win; a site that lacks one renders it from its starting theme's files (a site
// with a product page is taken for a store theme, any other for the journal), so that no migration
// has to copy template sources into SQL or guess which starting theme each site came from.
import type { Site } from '../catalog/catalog.server.js';
import { starterTheme } from '../sites/starter-themes.server.js';

/** The page templates issue 13 added, and the partials they apply. */
export const COLLECTION_TEMPLATES = ['blog', 'post', 'events', 'event', 'gallery'] as const;
const COLLECTION_PARTIALS = ['post-card', 'event-card'];

const filled = new WeakMap<Site, Site>();

/** The site with any missing collection template taken from its starting theme's source. */
export function withCollectionTemplates(site: Site): Site {
  const { pages, partials } = site.templates;
  if (COLLECTION_TEMPLATES.every((n) => n in pages)) return site;
  const done = filled.get(site);
  if (done) return done;
  const starter = starterTheme('product' in pages ? 'store' : 'journal');
  const addPages: Record<string, string> = {};
  const addPartials: Record<string, string> = {};
  for (const t of starter.templates()) {
    if (t.kind === 'page' && (COLLECTION_TEMPLATES as readonly string[]).includes(t.name) && !(t.name in pages))
      addPages[t.name] = t.source;
    if (t.kind === 'partial' && COLLECTION_PARTIALS.includes(t.name) && !(t.name in partials)) addPartials[t.name] = t.source;
  }
  const out: Site = {
    ...site,
    templates: { ...site.templates, pages: { ...pages, ...addPages }, partials: { ...partials, ...addPartials } },
  };
  filled.set(site, out);
  return out;
}
