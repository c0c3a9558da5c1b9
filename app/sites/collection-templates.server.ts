// The theme templates of blogs, events and galleries (issue 13) for sites made before they existed.
// A site's own rows win; a site that lacks one renders it from its starting theme's files (a site
// with a product page is taken for a store theme, any other for the journal), so that no migration
// has to copy template sources into SQL or guess which starting theme each site came from.
import type { Site } from '../catalog/catalog.server.js';
import { starterTheme } from './starter-themes.server.js';

/** The page templates issue 13 added, and the partials they apply. */
export const COLLECTION_TEMPLATES = ['blog', 'post', 'events', 'event', 'gallery'] as const;
const COLLECTION_PARTIALS = ['post-card', 'event-card'];

const filled = new WeakMap<Site, Site>();

/** A template file of a theme, as theme_template holds it. */
export interface TemplateFile {
  name: string;
  kind: string;
  source: string;
}

/**
 * The collection templates (pages and partials) a theme of these files lacks, from its starting
 * theme's files. The theme editor puts them in a site's first version, so owners can edit them too.
 */
export function missingCollectionTemplates(files: readonly TemplateFile[]): TemplateFile[] {
  const has = new Set(files.map((f) => `${f.kind}:${f.name}`));
  if (COLLECTION_TEMPLATES.every((n) => has.has(`page:${n}`))) return [];
  const starter = starterTheme(has.has('page:product') ? 'store' : 'journal');
  return starter
    .templates()
    .filter(
      (t) =>
        !has.has(`${t.kind}:${t.name}`) &&
        ((t.kind === 'page' && (COLLECTION_TEMPLATES as readonly string[]).includes(t.name)) ||
          (t.kind === 'partial' && COLLECTION_PARTIALS.includes(t.name))),
    )
    .map((t) => ({ name: t.name, kind: t.kind, source: t.source }));
}

/** The site with any missing collection template taken from its starting theme's source. */
export function withCollectionTemplates(site: Site): Site {
  const { pages, partials } = site.templates;
  if (COLLECTION_TEMPLATES.every((n) => n in pages)) return site;
  const done = filled.get(site);
  if (done) return done;
  const files = [
    ...Object.keys(pages).map((name) => ({ name, kind: 'page', source: '' })),
    ...Object.keys(partials).map((name) => ({ name, kind: 'partial', source: '' })),
  ];
  const addPages: Record<string, string> = {};
  const addPartials: Record<string, string> = {};
  for (const t of missingCollectionTemplates(files)) (t.kind === 'page' ? addPages : addPartials)[t.name] = t.source;
  const out: Site = {
    ...site,
    templates: { ...site.templates, pages: { ...pages, ...addPages }, partials: { ...partials, ...addPartials } },
  };
  filled.set(site, out);
  return out;
}
