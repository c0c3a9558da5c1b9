// Which site a request is for (issue 11): its Host header, looked up in the table of domains, with
// an in-process cache that a change to a site's domains or state drops in every server process.
// Also the owner's side of domains: custom domains that route only once verified (issue 28: claims
// that never block another site, and a primary domain whose removal gives the site its own name back).
import { randomBytes } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { Sql } from '../../db/client.server.js';
import { announceCatalogChange, catalogChanged, onCatalogChange } from '../catalog/changes.server.js';
import { originForHost } from '../utils/base-url.server.js';
import { env } from '../utils/env.server.js';
import { log } from '../utils/log.server.js';
import { SafeFetchError, safeFetch } from '../utils/safe-fetch.server.js';
import { isCustomDomain, normalizeHost } from './hosts.js';

/** The site a host reaches: what every request carries from here on. */
export interface SiteRef {
  id: string;
  /** False: visitors see the "not published" screen instead of the site. */
  published: boolean;
}

/** The well-known path where an owner serves a custom domain's token before it routes. */
export const VERIFICATION_PATH = '/.well-known/storefront-verification.txt';

export class DomainError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export interface SiteResolver {
  /** The site the host reaches, or null: unknown hosts and unverified custom domains reach none. */
  siteForHost(host: string | null | undefined): Promise<SiteRef | null>;
  clear(): void;
}

/** A cached answer; `null` (no site) is cached too, briefly, so a flood of unknown hosts is cheap. */
interface Cached {
  site: SiteRef | null;
}

export function createSiteResolver(sql: Sql, opts: { max?: number; ttlMs?: number; missTtlMs?: number } = {}): SiteResolver {
  const cache = new LRUCache<string, Cached>({ max: opts.max ?? 10_000, ttl: opts.ttlMs ?? 60_000 });
  const missTtl = opts.missTtlMs ?? 5_000;
  const pending = new Map<string, Promise<SiteRef | null>>();

  // A site's domains or state changed (here or, through NOTIFY, in another process): forget what
  // its hosts resolved to, and every miss, since the host may now be a new domain of that site.
  onCatalogChange((websiteId) => {
    for (const [host, c] of cache.entries()) if (c.site === null || c.site.id === websiteId) cache.delete(host);
    pending.clear();
  });

  async function lookup(host: string): Promise<SiteRef | null> {
    const rows = await sql<{ id: string; published: boolean }[]>`
      select w.id, w.published
        from website_domain d join website w on w.id = d.website_id
       where d.host = ${host} and (d.kind <> 'custom' or d.verified_at is not null)`;
    return rows[0] ? { id: rows[0].id, published: rows[0].published } : null;
  }

  async function siteForHost(raw: string | null | undefined): Promise<SiteRef | null> {
    const host = normalizeHost(raw);
    if (!host) return null;
    const hit = cache.get(host);
    if (hit) return hit.site;
    let p = pending.get(host);
    if (!p) {
      p = lookup(host).finally(() => pending.delete(host));
      pending.set(host, p);
      const site = await p;
      cache.set(host, { site }, site ? undefined : { ttl: missTtl });
      return site;
    }
    return p;
  }

  return { siteForHost, clear: () => cache.clear() };
}

/** Tells this process and the others that the site's domains or state changed. */
export async function siteChanged(sql: Sql, websiteId: string): Promise<void> {
  catalogChanged(websiteId);
  await announceCatalogChange(sql, websiteId);
}

export interface DomainRow {
  host: string;
  kind: 'local' | 'temporary' | 'custom';
  isPrimary: boolean;
  verified: boolean;
  verificationToken: string | null;
  /** An unverified claim's last day (ISO date); null for a domain that routes. */
  claimExpires: string | null;
}

/** How long a claim may wait for its token to be served before it lapses (the SQL below says '7 days'). */
export const CLAIM_DAYS = 7;

export const DOMAIN_TEXT = {
  invalid: (typed: string) => `${typed.trim() || 'That'} is not a domain name this site can use.`,
  ours: (host: string) => `${host} is one of this service's own names: add a domain you own.`,
  taken: (host: string) => `${host} is already in use by a site.`,
  mine: (host: string) => `${host} is already one of this site's domains.`,
  none: 'This site has no such domain.',
  expired: (host: string) =>
    `The claim on ${host} lapsed after ${CLAIM_DAYS} days without verification: add the domain again for a new token.`,
  notServed: (host: string) =>
    `${host} does not serve the verification token yet: put it in ${VERIFICATION_PATH} on that domain, then try again.`,
  verifyFirst: 'Verify the domain before making it the primary one.',
};

/** The domain new sites get a temporary name under: SITES_BASE_DOMAIN, else `localhost`. */
export function sitesBaseDomain(): string {
  return env().sitesBaseDomain;
}

/** Names that belong to the deployment itself (temporary names, BASE_URL's host): never an owner's. */
function isOwnName(host: string): boolean {
  const base = sitesBaseDomain();
  if (host === base || host.endsWith(`.${base}`)) return true;
  const baseUrl = env().baseUrl;
  return baseUrl ? normalizeHost(new URL(baseUrl).host) === host : false;
}

/** The site's domains, primary first, then its pending (unexpired) claims. */
export async function listDomains(sql: Sql, websiteId: string): Promise<DomainRow[]> {
  const rows = await sql<{ host: string; kind: DomainRow['kind']; is_primary: boolean }[]>`
    select host, kind, is_primary from website_domain
     where website_id = ${websiteId} order by is_primary desc, kind, host`;
  const claims = await sql<{ host: string; verification_token: string; expires: Date }[]>`
    select host, verification_token, created_at + interval '7 days' as expires from domain_claim
     where website_id = ${websiteId} and created_at > now() - interval '7 days' order by host`;
  return [
    ...rows.map((r) => ({
      host: r.host,
      kind: r.kind,
      isPrimary: r.is_primary,
      verified: true,
      verificationToken: null,
      claimExpires: null,
    })),
    ...claims.map((c) => ({
      host: c.host,
      kind: 'custom' as const,
      isPrimary: false,
      verified: false,
      verificationToken: c.verification_token,
      claimExpires: new Date(c.expires).toISOString().slice(0, 10),
    })),
  ];
}

/**
 * Claims a custom domain for the site. It does not route until verified: the owner serves the
 * returned token at VERIFICATION_PATH on that domain, then asks for verification. Another site's
 * claim does not stand in the way (each has its own token; the first to prove the domain gets it),
 * only a domain that already routes to a site does.
 */
export async function addCustomDomain(sql: Sql, websiteId: string, typed: string): Promise<{ host: string; token: string }> {
  const host = normalizeHost(typed);
  if (!host || !isCustomDomain(host)) throw new DomainError(400, DOMAIN_TEXT.invalid(typed));
  if (isOwnName(host)) throw new DomainError(400, DOMAIN_TEXT.ours(host));
  return sql.begin(async (tx) => {
    const [routed] = await tx<{ website_id: string }[]>`select website_id from website_domain where host = ${host}`;
    if (routed) throw new DomainError(409, routed.website_id === websiteId ? DOMAIN_TEXT.mine(host) : DOMAIN_TEXT.taken(host));
    // Lapsed claims of this host, anyone's, go now: they hold nothing.
    await tx`delete from domain_claim where host = ${host} and created_at <= now() - interval '7 days'`;
    const [mine] = await tx<{ verification_token: string }[]>`
      select verification_token from domain_claim where host = ${host} and website_id = ${websiteId}`;
    if (mine) return { host, token: mine.verification_token };
    const token = randomBytes(18).toString('base64url');
    await tx`insert into domain_claim (host, website_id, verification_token) values (${host}, ${websiteId}, ${token})`;
    return { host, token };
  });
}

/** Reads what a domain serves at the verification path (a few bytes, a few seconds at most). */
export type TokenFetcher = (host: string) => Promise<string | null>;

/**
 * Fetches http://<host>/.well-known/storefront-verification.txt through the guarded fetch: a name
 * or a redirect that leads to an internal address is refused like any other failure. Tests point
 * it at a local stand-in with DOMAIN_VERIFICATION_URL (<url>/<host>/.well-known/...), which the
 * server refuses in production.
 */
export const fetchVerificationToken: TokenFetcher = async (host) => {
  const standIn = env().domainVerificationUrl;
  const url = standIn ? `${standIn}/${host}${VERIFICATION_PATH}` : `http://${host}${VERIFICATION_PATH}`;
  try {
    const res = await safeFetch(url, { timeoutMs: 5000, maxBytes: 1024, maxRedirects: 3 });
    if (!res.ok) return null;
    return (await res.text()).trim();
  } catch (e) {
    if (e instanceof SafeFetchError) log.info(`domains: verifying ${host}: ${e.message}`);
    return null;
  }
};

/**
 * Checks the token the domain serves for this site's claim; a match makes the domain route to the
 * site at once, and every other site's claim on it goes.
 */
export async function verifyCustomDomain(sql: Sql, websiteId: string, typed: string, fetchToken: TokenFetcher = fetchVerificationToken) {
  const host = normalizeHost(typed);
  if (!host) throw new DomainError(404, DOMAIN_TEXT.none);
  const [routed] = await sql<{ website_id: string }[]>`select website_id from website_domain where host = ${host}`;
  if (routed?.website_id === websiteId) return { host, verified: true };
  const [claim] = await sql<{ verification_token: string; live: boolean }[]>`
    select verification_token, created_at > now() - interval '7 days' as live from domain_claim where host = ${host} and website_id = ${websiteId}`;
  if (!claim) throw new DomainError(404, DOMAIN_TEXT.none);
  if (!claim.live) throw new DomainError(400, DOMAIN_TEXT.expired(host));
  if (routed) throw new DomainError(409, DOMAIN_TEXT.taken(host));
  const served = await fetchToken(host);
  if (!served || served !== claim.verification_token) throw new DomainError(400, DOMAIN_TEXT.notServed(host));
  await sql.begin(async (tx) => {
    const rows = await tx`
      insert into website_domain (host, website_id, kind, verification_token, verified_at)
      values (${host}, ${websiteId}, 'custom', ${claim.verification_token}, now())
      on conflict (host) do nothing returning host`;
    // Another site proved it a moment earlier.
    if (rows.length === 0) throw new DomainError(409, DOMAIN_TEXT.taken(host));
    await tx`delete from domain_claim where host = ${host}`;
  });
  await siteChanged(sql, websiteId);
  return { host, verified: true };
}

/** The canonical origin a site has when `host` (of `kind`) is its primary domain. */
function originOf(host: string, kind: string): string {
  // An owner's own domain is served over https; a local name leaves the site on BASE_URL.
  return kind === 'custom' ? `https://${host}` : kind === 'temporary' ? originForHost(host) : '';
}

/** Makes a routed domain the site's primary one (its canonical origin). */
export async function setPrimaryDomain(sql: Sql, websiteId: string, typed: string): Promise<void> {
  const host = normalizeHost(typed);
  await sql.begin(async (tx) => {
    const [row] = await tx<{ kind: string }[]>`
      select kind from website_domain where host = ${host ?? ''} and website_id = ${websiteId} for update`;
    if (!row) {
      const [claim] = await tx`select 1 from domain_claim where host = ${host ?? ''} and website_id = ${websiteId}`;
      throw claim ? new DomainError(400, DOMAIN_TEXT.verifyFirst) : new DomainError(404, DOMAIN_TEXT.none);
    }
    await tx`update website_domain set is_primary = false where website_id = ${websiteId} and is_primary`;
    await tx`update website_domain set is_primary = true where host = ${host} and website_id = ${websiteId}`;
    await tx`update website set base_url = ${originOf(host!, row.kind)} where id = ${websiteId}`;
  });
  await siteChanged(sql, websiteId);
}

/**
 * Removes a custom domain or a pending claim (a site keeps its temporary and local names). When the
 * domain was the primary one, the site's temporary domain becomes primary and its origin again, so
 * canonical links, the sitemap and emails stop naming a domain that another site may now claim.
 */
export async function removeDomain(sql: Sql, websiteId: string, typed: string): Promise<void> {
  const host = normalizeHost(typed) ?? '';
  const found = await sql.begin(async (tx) => {
    const rows = await tx<{ is_primary: boolean }[]>`
      delete from website_domain where host = ${host} and website_id = ${websiteId} and kind = 'custom'
      returning is_primary`;
    const claims = await tx`delete from domain_claim where host = ${host} and website_id = ${websiteId} returning host`;
    if (rows.length === 0) return claims.length > 0;
    if (rows[0].is_primary) {
      const [next] = await tx<{ host: string; kind: string }[]>`
        select host, kind from website_domain where website_id = ${websiteId}
         order by (kind = 'temporary') desc, (kind = 'custom') desc, host limit 1`;
      if (next) await tx`update website_domain set is_primary = true where host = ${next.host}`;
      await tx`update website set base_url = ${next ? originOf(next.host, next.kind) : ''} where id = ${websiteId}`;
    }
    return true;
  });
  if (!found) throw new DomainError(404, 'This site has no such custom domain.');
  await siteChanged(sql, websiteId);
}
