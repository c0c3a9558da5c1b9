// Called after every owner write that changes what visitors see (products, stock, pages,
// navigation, settings, files): this process and every other drop the site's cached reads and
// pages at once (app/catalog/changes.server.ts), so the storefront shows the change on the next request.
import type { Sql } from '../../db/client.server.js';
import { announceCatalogChange, catalogChanged } from '../catalog/changes.server.js';

export async function storefrontChanged(sql: Sql, websiteId: string): Promise<void> {
  catalogChanged(websiteId);
  await announceCatalogChange(sql, websiteId);
}
