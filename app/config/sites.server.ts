// The Site screen's work and creating sites: make a site from a starting theme (its creator becomes
// its administrator), publish or unpublish it, manage its domains, delete it. Audited.
import type { OwnerAccess } from '../auth/access.server.js';
import type { Sql } from '../../db/client.server.js';
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
import { actorOf, recordAudit } from './audit.server.js';

export { CreateSiteInput, VERIFICATION_PATH, type DomainRow };

export function themeChoices(): { id: string; name: string; description: string }[] {
  return starterThemes().map((t) => ({ id: t.id, name: t.name, description: t.description }));
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
