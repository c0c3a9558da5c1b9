// The Site screen's work and creating sites: make a site from a starting theme (its creator becomes
// its administrator; only owners whose role somewhere allows site.create, a few an hour), publish or
// unpublish it, manage its domains, delete it. Audited.
import { forbidden, requireSignedIn, type OwnerAccess } from '../auth/permissions.server.js';
import { membershipsOf, type Owner } from '../auth/owners.server.js';
import type { OwnerSession } from '../auth/owner-session.server.js';
import { can } from '../auth/roles.js';
import type { Sql } from '../../db/client.server.js';
import { createLimiter, type Limit, type Limiter } from '../utils/rate-limit.server.js';
import { createSite, CreateSiteInput, type CreatedSite } from '../sites/create.server.js';
import {
  addCustomDomain,
  listDomains,
  removeDomain,
  setPrimaryDomain,
  verifyCustomDomain,
  VERIFICATION_PATH,
  type DomainRow,
} from '../sites/domains.server.js';
import { deleteSite, setSitePublished } from '../sites/manage.server.js';
import { starterThemes } from '../sites/starter-themes.server.js';
import { actorOf, recordAudit } from '../edits/audit.server.js';

export { CreateSiteInput, VERIFICATION_PATH, type DomainRow };

export function themeChoices(): { id: string; name: string; description: string }[] {
  return starterThemes().map((t) => ({ id: t.id, name: t.name, description: t.description }));
}

export const SITE_CREATE_TEXT = {
  forbidden: 'Only administrators and website managers of a site can create sites. Ask an administrator to invite you.',
  limited: (minutes: number) =>
    `You have created ${SITE_CREATE_LIMIT.points} sites in the last hour. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
};

/** Sites an owner may create per hour: plenty for a person, nothing for a script. */
export const SITE_CREATE_LIMIT: Limit = { points: 5, durationS: 3600 };

const limiters = new WeakMap<Sql, Limiter>();
const createLimiterFor = (sql: Sql) => {
  let l = limiters.get(sql);
  if (!l) limiters.set(sql, (l = createLimiter('site-create', SITE_CREATE_LIMIT, sql)));
  return l;
};

/**
 * The signed-in owner, when some site of theirs gives them site.create (the matrix, ADR 0010);
 * else a 403 (a removed member with no site, or a role that may not). Signed out: sign in first.
 */
export async function requireSiteCreator(request: Request): Promise<{ sql: Sql; owner: Owner; session: OwnerSession }> {
  const r = await requireSignedIn(request);
  const memberships = await membershipsOf(r.sql, r.owner.id);
  if (!memberships.some((m) => can(m.roleId, 'site.create'))) throw forbidden(SITE_CREATE_TEXT.forbidden);
  return r;
}

/** Spends one of the owner's site creations; a 429 answer (with what was typed kept) when none is left. */
export async function spendSiteCreation(
  sql: Sql,
  owner: Owner,
): Promise<{ ok: true } | { ok: false; message: string; retryAfterS: number }> {
  const v = await createLimiterFor(sql).consume(`owner:${owner.id}`);
  if (v.ok) return v;
  return { ok: false, message: SITE_CREATE_TEXT.limited(Math.max(1, Math.ceil(v.retryAfterS / 60))), retryAfterS: v.retryAfterS };
}

export async function createOwnedSite(sql: Sql, owner: { id: string; email: string }, input: CreateSiteInput): Promise<CreatedSite> {
  const site = await createSite(sql, input, { ownerId: owner.id });
  await recordAudit(sql, { websiteId: site.websiteId, ownerId: owner.id, actor: owner.email }, 'site.create', input.name, {
    theme: input.theme,
    host: site.host,
  });
  return site;
}

export async function siteDomains(a: OwnerAccess): Promise<DomainRow[]> {
  return listDomains(a.sql, a.site.id);
}

export async function publishSite(a: OwnerAccess, published: boolean): Promise<void> {
  await setSitePublished(a.sql, a.site.id, published);
  await recordAudit(a.sql, actorOf(a), published ? 'site.publish' : 'site.unpublish', a.site.title);
}

export async function addDomain(a: OwnerAccess, host: string): Promise<{ host: string; token: string }> {
  const r = await addCustomDomain(a.sql, a.site.id, host);
  await recordAudit(a.sql, actorOf(a), 'domain.add', r.host);
  return r;
}

export async function verifyDomain(a: OwnerAccess, host: string): Promise<void> {
  await verifyCustomDomain(a.sql, a.site.id, host);
  await recordAudit(a.sql, actorOf(a), 'domain.verify', host);
}

export async function makePrimary(a: OwnerAccess, host: string): Promise<void> {
  await setPrimaryDomain(a.sql, a.site.id, host);
  await recordAudit(a.sql, actorOf(a), 'domain.primary', host);
}

export async function dropDomain(a: OwnerAccess, host: string): Promise<void> {
  await removeDomain(a.sql, a.site.id, host);
  await recordAudit(a.sql, actorOf(a), 'domain.remove', host);
}

export async function removeSite(a: OwnerAccess, typedName: string): Promise<void> {
  // The audit rows go with the site; the deletion is logged for the operator instead.
  await deleteSite(a.sql, a.site.id, typedName);
}
