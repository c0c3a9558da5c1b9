// New sites (issue 11): made from a starting theme in one transaction (templates, pages, menus,
// sample content the owner can delete, a temporary domain), so a failure leaves nothing behind.
import { randomBytes } from 'node:crypto';
import type postgres from 'postgres';
import { z } from 'zod';
import type { Sql } from '../../db/client.server.js';
import { put, siteRows } from '../../db/seed.server.js';
import { siteChanged, sitesBaseDomain } from './domains.server.js';

export { sitesBaseDomain };
import { originForHost } from '../utils/base-url.server.js';
import { siteLabel } from './hosts.js';
import { starterTheme, STARTER_THEME_IDS } from './starter-themes.server.js';

export const CreateSiteInput = z.object({
  name: z.string().trim().min(1, 'Enter a name for the site.').max(80, 'A site name is at most 80 characters.'),
  theme: z.enum(STARTER_THEME_IDS, { errorMap: () => ({ message: 'Choose a starting theme.' }) }),
});
export type CreateSiteInput = z.infer<typeof CreateSiteInput>;

export interface CreatedSite {
  websiteId: string;
  /** The temporary domain the site answers on at once (`name.localhost`, or on SITES_BASE_DOMAIN). */
  host: string;
}

/**
 * Creates a site from a starting theme. With `ownerId`, that owner is made its administrator in
 * the same transaction (the owner area's "Create a site"); without, it has no members yet (tests).
 */
export async function createSite(
  sql: Sql,
  input: CreateSiteInput,
  opts: { baseDomain?: string; ownerId?: string } = {},
): Promise<CreatedSite> {
  const { name, theme: themeId } = CreateSiteInput.parse(input);
  const theme = starterTheme(themeId);
  const base = opts.baseDomain ?? sitesBaseDomain();
  const websiteId = `ws_${randomBytes(8).toString('hex')}`;
  const label = siteLabel(name);

  const host = await sql.begin(async (tx) => {
    const host = await freeHost(tx, label, base);
    const rows = siteRows(theme.content, theme.templates(), {
      websiteId,
      title: name,
      baseUrl: originForHost(host),
      idPrefix: `${websiteId}-`,
      domains: [{ host, kind: 'temporary' }],
    });
    for (const [table, key, list] of rows) await put(tx, table, key, list, false);
    // Role 1: administrator (SPEC 6), the creator's role on the new site.
    if (opts.ownerId) await tx`insert into site_member (website_id, owner_id, role_id) values (${websiteId}, ${opts.ownerId}, 1)`;
    return host;
  });
  await siteChanged(sql, websiteId);
  return { websiteId, host };
}

/** The first of `label.base`, `label-2.base`... that no site uses (checked again by the insert). */
async function freeHost(tx: postgres.TransactionSql, label: string, base: string): Promise<string> {
  const candidates = [label, ...Array.from({ length: 19 }, (_, i) => `${label}-${i + 2}`)].map((l) => `${l}.${base}`);
  const taken = new Set((await tx<{ host: string }[]>`select host from website_domain where host in ${tx(candidates)}`).map((r) => r.host));
  const free = candidates.find((h) => !taken.has(h));
  return free ?? `${label}-${randomBytes(3).toString('hex')}.${base}`;
}
