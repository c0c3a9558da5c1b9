// A site's public origin for canonical links, og:url, the sitemap and robots.txt: the website row's
// base_url when set (each site of a deployment has its own), else BASE_URL (the deployment's
// default site), else the host and port this server listens on (the demo, http://localhost:3000 by
// default). Never the request's Host header, which any
// client can set to another name and so poison a shared cache.
import { env, parseOrigin } from './env.server.js';
import { log } from './log.server.js';

export { parseOrigin };

// Validated once at start with the rest of the configuration (app/utils/env.server.ts).
const ENV_BASE_URL = env().baseUrl ?? null;
/** BASE_URL, else http on this server's host and port (localOrigin). */
export const DEFAULT_BASE_URL = env().defaultOrigin;
const warned = new Set<string>();

/** The origin public URLs are built on, given the website row's base_url ('' when unset). */
export function baseUrlFor(websiteBaseUrl: string | null | undefined): string {
  const fallback = DEFAULT_BASE_URL;
  const stored = (websiteBaseUrl ?? '').trim();
  if (stored === '') return fallback;
  const r = parseOrigin(stored);
  if (r.ok) return r.origin;
  if (!warned.has(stored)) {
    warned.add(stored);
    log.warn(`storefront: the website's base_url ${JSON.stringify(stored)} ${r.error}; using ${fallback}.`);
  }
  return fallback;
}

/**
 * The origin a new site's temporary domain is reached on: BASE_URL's scheme and port with the new
 * host (https://name.sites.example), else http on this server's port (http://name.localhost:3000).
 */
export function originForHost(host: string): string {
  if (ENV_BASE_URL) {
    const u = new URL(ENV_BASE_URL);
    return `${u.protocol}//${host}${u.port ? `:${u.port}` : ''}`;
  }
  const port = env().port || 3000;
  return `http://${host}${port === 80 ? '' : `:${port}`}`;
}
