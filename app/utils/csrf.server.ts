// The CSRF rule for every request that can change something (anything but GET, HEAD, OPTIONS):
// it must come from our own origin, told by Sec-Fetch-Site (browsers send it) or else by Origin.
// Remix checks plain document form posts only; this one covers `?_data=` posts and /api too.

export interface RequestFacts {
  method: string;
  /** The origin this server answers on (scheme://host[:port]), as the client addressed it. */
  ownOrigin: string;
  /** Further origins of this site (the configured BASE_URL, aliases). */
  alsoOwn?: readonly string[];
  secFetchSite?: string | null;
  origin?: string | null;
  referer?: string | null;
}

export type CsrfVerdict = { ok: true } | { ok: false; reason: string };

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function originOf(url: string): string | null {
  try {
    const u = new URL(url);
    return u.origin === 'null' ? null : u.origin;
  } catch {
    return null;
  }
}

/**
 * Whether a request may go on. A browser says where a request comes from with Sec-Fetch-Site;
 * without it (older browsers, scripts), Origin decides, then Referer. A request that names no
 * source at all is a script's, not a page's in a victim's browser: it may go on, since
 * cookies are SameSite=Lax and such a client holds no shopper's cookies but its own.
 */
export function checkCsrf(r: RequestFacts): CsrfVerdict {
  if (SAFE_METHODS.has(r.method.toUpperCase())) return { ok: true };
  const own = new Set([r.ownOrigin, ...(r.alsoOwn ?? [])]);
  const site = r.secFetchSite?.trim().toLowerCase();
  if (site) {
    // 'none' is the person's own action (the address bar, a bookmark): not a forged request.
    if (site === 'same-origin' || site === 'none') return { ok: true };
    return { ok: false, reason: `a ${site} request` };
  }
  if (r.origin) {
    const o = originOf(r.origin);
    return o !== null && own.has(o) ? { ok: true } : { ok: false, reason: `Origin ${r.origin}` };
  }
  if (r.referer) {
    const o = originOf(r.referer);
    return o !== null && own.has(o) ? { ok: true } : { ok: false, reason: `Referer from another origin` };
  }
  return { ok: true };
}

/** The text a refused request gets. */
export const CSRF_REFUSED = 'This request came from another site and was refused.';
