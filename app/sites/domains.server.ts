// Which site a request is for (issue 11): its Host header, looked up in the table of domains, with
// an in-process cache that a change to a site's domains or state drops in every server process.
// Also the owner's side of domains: custom domains that route only once verified.
import { randomBytes } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { Sql } from '../../db/client.server.js';
import { announceCatalogChange, catalogChanged, onCatalogChange } from '../catalog/changes.server.js';
import { originForHost } from '../utils/base-url.server.js';
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
}

/** The site's domains, primary first. */
export async function listDomains(sql: Sql, websiteId: string): Promise<DomainRow[]> {
  const rows = await sql<
    { host: string; kind: DomainRow['kind']; is_primary: boolean; verified_at: Date | null; verification_token: string | null }[]
  >`select host, kind, is_primary, verified_at, verification_token from website_domain
     where website_id = ${websiteId} order by is_primary desc, kind, host`;
  return rows.map((r) => ({
    host: r.host,
    kind: r.kind,
    isPrimary: r.is_primary,
    verified: r.kind !== 'custom' || r.verified_at !== null,
    verificationToken: r.kind === 'custom' && r.verified_at === null ? r.verification_token : null,
  }));
}

/**
 * Claims a custom domain for the site. It does not route until verified: the owner serves the
 * returned token at VERIFICATION_PATH on that domain, then asks for verification.
 */
export async function addCustomDomain(sql: Sql, websiteId: string, typed: string): Promise<{ host: string; token: string }> {
  const host = normalizeHost(typed);
  if (!host || !isCustomDomain(host)) throw new DomainError(400, `${typed.trim() || 'That'} is not a domain name this site can use.`);
  const token = randomBytes(18).toString('base64url');
  const rows = await sql`
    insert into website_domain (host, website_id, kind, verification_token)
    values (${host}, ${websiteId}, 'custom', ${token})
    on conflict (host) do nothing returning host`;
  if (rows.length === 0) throw new DomainError(409, `${host} is already in use by a site.`);
  return { host, token };
}

/** Reads what a domain serves at the verification path (a few bytes, a few seconds at most). */
export type TokenFetcher = (host: string) => Promise<string | null>;

export const fetchVerificationToken: TokenFetcher = async (host) => {
  try {
    const res = await fetch(`http://${host}${VERIFICATION_PATH}`, { redirect: 'follow', signal: AbortSignal.timeout(5000) });
    if (!res.ok) return null;
    return (await res.text()).slice(0, 1024).trim();
  } catch {
    return null;
  }
};

/** Checks the token the domain serves; a match makes it route to the site at once. */
export async function verifyCustomDomain(sql: Sql, websiteId: string, typed: string, fetchToken: TokenFetcher = fetchVerificationToken) {
  const host = normalizeHost(typed);
  const [row] = host
    ? await sql<{ verification_token: string | null; verified_at: Date | null }[]>`
        select verification_token, verified_at from website_domain
         where host = ${host} and website_id = ${websiteId} and kind = 'custom'`
    : [];
  if (!host || !row) throw new DomainError(404, 'This site has no such domain.');
  if (row.verified_at) return { host, verified: true };
  const served = await fetchToken(host);
  if (!served || served !== row.verification_token) {
    throw new DomainError(
      400,
      `${host} does not serve the verification token yet: put it in ${VERIFICATION_PATH} on that domain, then try again.`,
    );
  }
  await sql`update website_domain set verified_at = now() where host = ${host} and website_id = ${websiteId}`;
  await siteChanged(sql, websiteId);
  return { host, verified: true };
}

/** Makes a routed domain the site's primary one (its canonical origin). */
export async function setPrimaryDomain(sql: Sql, websiteId: string, typed: string): Promise<void> {
  const host = normalizeHost(typed);
  await sql.begin(async (tx) => {
    const [row] = await tx<{ ok: boolean; kind: string }[]>`
      select (kind <> 'custom' or verified_at is not null) as ok, kind from website_domain
       where host = ${host ?? ''} and website_id = ${websiteId} for update`;
    if (!row) throw new DomainError(404, 'This site has no such domain.');
    if (!row.ok) throw new DomainError(400, 'Verify the domain before making it the primary one.');
    await tx`update website_domain set is_primary = false where website_id = ${websiteId} and is_primary`;
    await tx`update website_domain set is_primary = true where host = ${host} and website_id = ${websiteId}`;
    // The primary domain is the site's canonical origin; an owner's own domain is served over https.
    const origin = row.kind === 'custom' ? `https://${host}` : row.kind === 'temporary' ? originForHost(host!) : '';
    await tx`update website set base_url = ${origin} where id = ${websiteId}`;
  });
  await siteChanged(sql, websiteId);
}

/** Removes a custom domain (a site keeps its temporary and local names). */
export async function removeDomain(sql: Sql, websiteId: string, typed: string): Promise<void> {
  const host = normalizeHost(typed);
  const rows = await sql<{ is_primary: boolean }[]>`
    delete from website_domain where host = ${host ?? ''} and website_id = ${websiteId} and kind = 'custom'
    returning is_primary`;
  if (rows.length === 0) throw new DomainError(404, 'This site has no such custom domain.');
  if (rows[0].is_primary) {
    await sql`
      update website_domain set is_primary = true
       where host = (select host from website_domain where website_id = ${websiteId}
                      order by (kind = 'temporary') desc, host limit 1)`;
  }
  await siteChanged(sql, websiteId);
}
