// Called after every owner write that changes what visitors see (products, stock, pages,
// navigation, settings, files, languages and translations, access rules, running experiments,
// tweaks, forms, mailing lists): this process and every other drop the site's cached reads and
// pages at once (app/catalog/changes.server.ts), so the storefront shows the change on the next
// request; with standbys it is also what keeps those reads off a standby that has not replayed
// the write yet (ADR 0033). A write of something the storefront reads that skips this may show late.
import type { Sql } from '../../db/client.server.js';
import { announceCatalogChange, catalogChanged } from '../catalog/changes.server.js';

export async function storefrontChanged(sql: Sql, websiteId: string): Promise<void> {
  catalogChanged(websiteId);
  await announceCatalogChange(sql, websiteId);
}
