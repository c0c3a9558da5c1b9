// Adding a store to a site that has none (SPEC 3 and 4): the product collection, then its root
// category, then, if asked, a link in the main navigation; in one transaction, and not at all when
// the link is asked for and the site has no main navigation.
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { Sql } from '../../db/client.server.js';
import { CollectionType } from '../../engine/ts/enums.js';
import { siteChanged } from './domains.server.js';
import { siteLabel } from './hosts.js';
import { SiteError } from './manage.server.js';

export const AddStoreInput = z.object({
  title: z.string().trim().min(1, 'Enter a title for the store page.').max(80),
  navigationTitle: z.string().trim().max(80).optional(),
  urlId: z
    .string()
    .trim()
    .regex(/^[a-z0-9][a-z0-9-]{0,62}$/, 'Use lower-case letters, digits and hyphens for the address.')
    .optional(),
  description: z.string().max(2000).default(''),
  addToNavigation: z.boolean().default(true),
});
export type AddStoreInput = z.input<typeof AddStoreInput>;

/** SPEC 8's text when the main navigation a link should go in does not exist. */
export const NO_MAIN_NAVIGATION = 'Unable to find site main navigation';

export interface AddedStore {
  collectionId: string;
  categoryId: string;
  urlId: string;
}

export async function addStore(sql: Sql, websiteId: string, input: AddStoreInput): Promise<AddedStore> {
  const v = AddStoreInput.parse(input);
  const urlId = v.urlId ?? siteLabel(v.title);
  const collectionId = `${websiteId}-col-${randomBytes(6).toString('hex')}`;
  const categoryId = `${websiteId}-cat-${randomBytes(6).toString('hex')}`;
  await sql.begin(async (tx) => {
    const [site] = await tx`select 1 from website where id = ${websiteId} for update`;
    if (!site) throw new SiteError(404, 'There is no such site.');
    const [taken] = await tx`select 1 from collection where website_id = ${websiteId} and url_id = ${urlId}`;
    if (taken) throw new SiteError(409, `This site already has a page at /${urlId}.`);
    // SPEC 8: a store is not added half-way when the link it asks for has no menu to go in.
    if (v.addToNavigation) {
      const [nav] = await tx`select 1 from navigation where website_id = ${websiteId} and name = 'mainNavigation' for update`;
      if (!nav) throw new SiteError(409, NO_MAIN_NAVIGATION);
    }
    const [{ n }] = await tx<{ n: number }[]>`select count(*)::int as n from collection where website_id = ${websiteId}`;
    // 1. The product collection (enabled, always).
    await tx`
      insert into collection (id, website_id, url_id, title, description, type, ordering, enabled)
      values (${collectionId}, ${websiteId}, ${urlId}, ${v.title}, ${v.description}, ${CollectionType.PRODUCTS}, ${n}, true)`;
    // 2. Its root category.
    await tx`
      insert into product_category (id, collection_id, display_name, parent_category_id, type, page_rendering, display_index)
      values (${categoryId}, ${collectionId}, ${v.title.slice(0, 25)}, null, 'ROOT', 'LIST_VIEW', 1)`;
    // 3. Optionally, the main navigation.
    if (v.addToNavigation) {
      const link = { title: v.navigationTitle || v.title, url: `/${urlId}`, collectionId, children: [] };
      await tx`
        update navigation set items = items || ${tx.json([link])}::jsonb where website_id = ${websiteId} and name = 'mainNavigation'`;
    }
  });
  await siteChanged(sql, websiteId);
  return { collectionId, categoryId, urlId };
}
