// The store's public origin for canonical links, og:url, the sitemap and robots.txt: BASE_URL when
// set, else the website row's base_url, else http://localhost:3000 (the demo). Never the request's
// Host header, which any client can set to another name and so poison a shared cache.
import { env, parseOrigin } from './env.server.js';
import { log } from './log.server.js';

export const DEFAULT_BASE_URL = 'http://localhost:3000';

export { parseOrigin };

// Validated once at start with the rest of the configuration (app/utils/env.server.ts).
const ENV_BASE_URL = env().baseUrl ?? null;
const warned = new Set<string>();

/** The origin public URLs are built on, given the website row's base_url ('' when unset). */
export function baseUrlFor(websiteBaseUrl: string | null | undefined): string {
  if (ENV_BASE_URL) return ENV_BASE_URL;
  const stored = (websiteBaseUrl ?? '').trim();
  if (stored === '') return DEFAULT_BASE_URL;
  const r = parseOrigin(stored);
  if (r.ok) return r.origin;
  if (!warned.has(stored)) {
    warned.add(stored);
    log.warn(`storefront: the website's base_url ${JSON.stringify(stored)} ${r.error}; using ${DEFAULT_BASE_URL}.`);
  }
  return DEFAULT_BASE_URL;
}
