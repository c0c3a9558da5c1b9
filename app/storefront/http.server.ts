// HTTP side of public pages: their query parameters (zod), Cache-Control by status, strong ETags
// from content hashes, and the If-None-Match test that turns a repeat request into a 304.
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { etagMatches } from '../utils/etag.js';
import { OPTION_FIELD } from '../utils/form.server.js';

/**
 * Seconds a shared cache (a CDN) may serve a page as fresh, then while it revalidates in the
 * background. Browsers get max-age=0: they ask again every time (a 304 when the ETag still matches),
 * so an owner's edit shows at the next load, not a minute later (issue 33).
 */
export const MAX_AGE = 60;
export const STALE_WHILE_REVALIDATE = 300;

export interface CacheOptions {
  /**
   * The page shows something of this visitor's (a cart, a session), or the visitor is the site's
   * signed-in owner (who must see an edit at once, never a CDN's copy): never in a shared cache.
   */
  personalized?: boolean;
  /** Cart, checkout and order pages: kept by no cache at all, not even the browser's. */
  noStore?: boolean;
}

/** The Cache-Control value for a page answered with `status`. */
export function cacheControl(status: number, opts: CacheOptions = {}): string {
  // Errors must not be pinned in a cache: the next request should try again.
  if (status >= 500 || (status >= 400 && status !== 404 && status !== 410)) return 'no-store';
  if (opts.noStore) return 'private, no-store';
  if (opts.personalized) return 'private, no-cache';
  return `public, max-age=0, s-maxage=${MAX_AGE}, stale-while-revalidate=${STALE_WHILE_REVALIDATE}`;
}

/** A strong entity tag: a quoted hash of every part that shapes the bytes sent. */
export function strongEtag(...parts: string[]): string {
  const h = createHash('sha256');
  for (const p of parts) {
    h.update(String(p.length));
    h.update(':');
    h.update(p);
  }
  return `"${h.digest('base64url').slice(0, 32)}"`;
}

/** Headers of a public page: caching, plus an ETag when the page is a 200 worth revalidating. */
export function pageHeaders(status: number, etag: string | null, opts: CacheOptions = {}): Headers {
  const headers = new Headers({ 'Cache-Control': cacheControl(status, opts) });
  if (etag && status === 200 && !opts.noStore) headers.set('ETag', etag);
  return headers;
}

/** The headers a page route passes from its loader to the document (Remix `headers` export); Set-Cookie only on private pages. */
export const FORWARDED_HEADERS = ['Cache-Control', 'ETag', 'Vary', 'Set-Cookie', 'Retry-After', 'X-Robots-Tag'] as const;

export function forwardHeaders(from: Headers): Headers {
  const out = new Headers();
  for (const name of FORWARDED_HEADERS) {
    if (name === 'Set-Cookie') {
      // Only a private page may set cookies (the visitor's cart, a flash message shown once): a
      // shared cache must never store a response that sets one. Cookies cannot be joined into one line.
      if (!/\bprivate\b/.test(from.get('Cache-Control') ?? '')) continue;
      const all = typeof from.getSetCookie === 'function' ? from.getSetCookie() : [];
      if (all.length > 0) for (const c of all) out.append(name, c);
      else if (from.get(name)) out.set(name, from.get(name)!);
      continue;
    }
    const v = from.get(name);
    if (v) out.set(name, v);
  }
  return out;
}

/**
 * The answer to a conditional GET/HEAD whose If-None-Match names the current ETag, or null when the
 * full response must be sent. The 304 repeats the caching headers, as RFC 9110 requires.
 */
export function notModified(request: Request, status: number, headers: Headers): Response | null {
  if (status !== 200 || (request.method !== 'GET' && request.method !== 'HEAD')) return null;
  const etag = headers.get('ETag');
  if (!etagMatches(request.headers.get('If-None-Match'), etag)) return null;
  const out = new Headers();
  for (const name of [...FORWARDED_HEADERS, 'Content-Location', 'Date', 'Expires']) {
    const v = headers.get(name);
    if (v) out.set(name, v);
  }
  return new Response(null, { status: 304, headers: out });
}

const Page = z.coerce.number().int().min(1).max(10_000);
// Option names and values are short words ("Size", "M"); anything else cannot be an option.
const OptionPair = z.tuple([z.string().min(1).max(64), z.string().max(128)]);
const MAX_OPTIONS = 20;

/** `?page=` as a page number; a present but invalid one is a page that does not exist. */
export function parsePage(params: URLSearchParams): number | null | undefined {
  const raw = params.get('page');
  if (raw === null) return undefined;
  const r = Page.safeParse(raw);
  return r.success ? r.data : null;
}

/**
 * A product page reached by the add-to-cart form's "Show price and stock" button (no JavaScript: the form
 * sent as a GET, `option.Size=M&quantity=1&...`): the address of the same page showing that
 * choice, `?Size=M&Color=Sand`; null for any other query.
 */
export function variantViewLocation(url: URL): string | null {
  const keys = [...url.searchParams.keys()];
  if (!keys.some((k) => k.startsWith(OPTION_FIELD))) return null;
  const clean = new URLSearchParams();
  for (const [k, v] of url.searchParams) {
    if (k.startsWith(OPTION_FIELD) && k.length > OPTION_FIELD.length && v !== '') clean.set(k.slice(OPTION_FIELD.length), v);
  }
  const query = clean.toString();
  return url.pathname + (query ? `?${query}` : '');
}

/** The product options chosen on a product page's address, `?Size=M&Color=Sand` (every other query key that could be one). */
export function parseSelectedOptions(params: URLSearchParams): Record<string, string> {
  const out: Record<string, string> = {};
  let n = 0;
  for (const pair of params) {
    if (pair[0] === 'page' || n >= MAX_OPTIONS) continue;
    const r = OptionPair.safeParse(pair);
    if (r.success && r.data[1] !== '') {
      out[r.data[0]] = r.data[1];
      n++;
    }
  }
  return out;
}

/**
 * A page route's headers after an action that answered without a redirect: the page's own, plus
 * the action's Retry-After (a 429 tells the visitor when to try again).
 */
export function pageActionHeaders({ loaderHeaders, actionHeaders }: { loaderHeaders: Headers; actionHeaders: Headers }): Headers {
  const out = forwardHeaders(loaderHeaders);
  const retry = actionHeaders.get('Retry-After');
  if (retry) out.set('Retry-After', retry);
  return out;
}
