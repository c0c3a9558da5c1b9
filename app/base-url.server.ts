// The store's public origin for canonical links, og:url, the sitemap and robots.txt: BASE_URL when
// set, else the website row's base_url, else http://localhost:3000 (the demo). Never the request's
// Host header, which any client can set to another name and so poison a shared cache.
import { z } from 'zod';

export const DEFAULT_BASE_URL = 'http://localhost:3000';

const Origin = z
  .string()
  .trim()
  .transform((s, ctx) => {
    let u: URL;
    try {
      u = new URL(s);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'is not a URL' });
      return z.NEVER;
    }
    if (u.protocol !== 'http:' && u.protocol !== 'https:') ctx.addIssue({ code: 'custom', message: 'must start with http:// or https://' });
    else if (u.username || u.password) ctx.addIssue({ code: 'custom', message: 'must not carry a user name or password' });
    else if (u.pathname !== '/' || u.search || u.hash) ctx.addIssue({ code: 'custom', message: 'must be an origin only, with no path, query or fragment' });
    return u.origin;
  });

/** `raw` as an origin ("https://shop.example"), or the reason it is not one. */
export function parseOrigin(raw: string): { ok: true; origin: string } | { ok: false; error: string } {
  const r = Origin.safeParse(raw);
  return r.success ? { ok: true, origin: r.data } : { ok: false, error: r.error.issues[0]?.message ?? 'is not valid' };
}

function fromEnv(): string | null {
  const raw = process.env.BASE_URL;
  // Vite and Vitest use BASE_URL for their own base path ("/" by default) and put it in the
  // environment of tests and of the servers they start: a bare path names no origin, so it is unset.
  if (raw === undefined || raw.trim() === '' || raw.trim() === '/') return null;
  const r = parseOrigin(raw);
  // A wrong value must stop the server at start, not put wrong canonical links on every page.
  if (!r.ok) throw new Error(`BASE_URL ${JSON.stringify(raw)} ${r.error} (example: https://shop.example).`);
  return r.origin;
}

const ENV_BASE_URL = fromEnv();
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
    console.warn(`storefront: the website's base_url ${JSON.stringify(stored)} ${r.error}; using ${DEFAULT_BASE_URL}.`);
  }
  return DEFAULT_BASE_URL;
}
