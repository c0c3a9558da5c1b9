// The theme's stylesheet as a file of its own: its content-hashed URL, which every document links
// from its head, and the answer of the route that serves it (app/routes/theme.$file.ts).
import type { AppLoadContext } from '@remix-run/node';
import { requestSite } from './site.server.js';
import { createHash } from 'node:crypto';
import { loadSite, type Site } from '../catalog/catalog.server.js';
import { designCss, designOf } from '../design/design.js';
import { isDatabaseUnavailable } from '../../db/client.server.js';
import { etagMatches } from '../utils/etag.js';
import { log } from '../utils/log.server.js';

/** Where stylesheets are served: `/theme/<hash>.css`. */
export const STYLESHEET_DIR = '/theme/';
/** A name the route recognises as one of its hashes; anything else is a plain 404. */
const FILE = /^([0-9a-f]{16})\.css$/;

/** A URL that names its content never changes: any cache may keep it for a year without asking. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

export interface ThemeStylesheet {
  css: string;
  /** The first 16 hex digits of the CSS's sha256. */
  hash: string;
  href: string;
  etag: string;
}

// Keyed by the CSS itself, as compiled templates are by their source: an edit is a new key, so the
// hash is computed once per version of the CSS, not per page. A few versions at most are alive.
const VERSIONS_KEPT = 8;
const versions = new Map<string, ThemeStylesheet>();

/** The theme's stylesheet with its hashed URL, or null for a theme without CSS of its own. */
export function themeStylesheet(theme: { stylesheet: string | null }): ThemeStylesheet | null {
  const css = theme.stylesheet;
  if (css === null) return null;
  const hit = versions.get(css);
  if (hit) return hit;
  const hash = createHash('sha256').update(css).digest('hex').slice(0, 16);
  const made: ThemeStylesheet = { css, hash, href: `${STYLESHEET_DIR}${hash}.css`, etag: `"${hash}"` };
  versions.set(css, made);
  if (versions.size > VERSIONS_KEPT) versions.delete(versions.keys().next().value as string);
  return made;
}

// Per site object (the read cache keeps one until the site changes), so a page does not rebuild the CSS.
const bySite = new WeakMap<object, ThemeStylesheet | null>();

/**
 * The stylesheet every page of `site` links: its design's fonts and variables (app/design/design.ts)
 * before the theme's CSS, so choosing a font or colour gives a new hash and caches follow.
 */
export function siteStylesheet(site: Pick<Site, 'templates' | 'settings'>): ThemeStylesheet | null {
  if (bySite.has(site)) return bySite.get(site)!;
  const design = designCss(designOf(site.settings));
  const theme = site.templates.stylesheet;
  const sheet = theme === null && design === '' ? null : themeStylesheet({ stylesheet: design + (theme ?? '') });
  bySite.set(site, sheet);
  return sheet;
}

/**
 * The answer to `GET /theme/<file>`: the current CSS for its own hash (immutable, strong ETag,
 * 304 on If-None-Match). A well-formed hash that is not the current one (a page a cache kept from
 * before an edit) is redirected to the current file, uncached, so that page still shows styled;
 * any other name, or a theme without CSS, is a 404.
 */
export async function stylesheetResponse(request: Request, file: string, context?: AppLoadContext): Promise<Response> {
  const wanted = FILE.exec(file);
  if (!wanted) return notFound();
  let sheet: ThemeStylesheet | null;
  try {
    const { id } = await requestSite(request, context);
    sheet = siteStylesheet(await loadSite(id));
  } catch (e) {
    if (e instanceof Response) throw e;
    log.error(`theme stylesheet: cannot read the theme: ${e instanceof Error ? e.message : String(e)}`);
    const headers = new Headers({ 'Cache-Control': 'no-store', 'Content-Type': 'text/plain; charset=utf-8' });
    if (isDatabaseUnavailable(e)) headers.set('Retry-After', '5');
    return new Response('The stylesheet cannot be read right now.\n', { status: 503, headers });
  }
  if (!sheet) return notFound();
  if (wanted[1] !== sheet.hash) {
    return new Response(null, { status: 302, headers: { Location: sheet.href, 'Cache-Control': 'no-store' } });
  }
  const headers = new Headers({
    'Content-Type': 'text/css; charset=utf-8',
    'Cache-Control': IMMUTABLE,
    ETag: sheet.etag,
  });
  // X-Content-Type-Options: nosniff comes with every response of the server (app/server/main.ts).
  if (etagMatches(request.headers.get('If-None-Match'), sheet.etag)) return new Response(null, { status: 304, headers });
  return new Response(sheet.css, { status: 200, headers });
}

function notFound(): Response {
  return new Response('Not found\n', {
    status: 404,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=60' },
  });
}
