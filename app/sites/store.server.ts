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

export const NO_SUCH_SITE = 'There is no such site.';

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
    if (!site) throw new SiteError(404, NO_SUCH_SITE);
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

// ---------------------------------------------------------------------------------------------
// A category of a store (SPEC 3's category payload): the root one a store gets at creation, or one
// under a category of the same store.

export const CATEGORY_TEXT = {
  noStore: 'There is no such store on this site.',
  hasRoot: 'This store already has a root category.',
  rootParent: 'A root category has no parentCategoryId.',
  noParent: 'parentCategoryId must be a category of this store.',
  displayName: 'displayName must be 1 to 25 characters.',
  type: 'type must be ROOT or CATEGORY.',
  pageRendering: 'pageRendering must be LIST_VIEW.',
  displayIndex: 'displayIndex must be a whole number from 1.',
};

export const CategoryInput = z.object({
  displayName: z
    .string({ required_error: CATEGORY_TEXT.displayName })
    .trim()
    .min(1, CATEGORY_TEXT.displayName)
    .max(25, CATEGORY_TEXT.displayName),
  parentCategoryId: z.string().trim().max(200).nullish(),
  type: z.enum(['ROOT', 'CATEGORY'], { errorMap: () => ({ message: CATEGORY_TEXT.type }) }).default('CATEGORY'),
  pageRendering: z.literal('LIST_VIEW', { errorMap: () => ({ message: CATEGORY_TEXT.pageRendering }) }).default('LIST_VIEW'),
  displayIndex: z
    .number({ invalid_type_error: CATEGORY_TEXT.displayIndex })
    .int(CATEGORY_TEXT.displayIndex)
    .min(1, CATEGORY_TEXT.displayIndex)
    .max(10000, CATEGORY_TEXT.displayIndex)
    .default(1),
});
export type CategoryInput = z.infer<typeof CategoryInput>;

export interface AddedCategory extends CategoryInput {
  id: string;
  collectionId: string;
  parentCategoryId: string | null;
}

/** Adds a category to the site's store `collectionId`; SiteError 404 / 409 / 400 with CATEGORY_TEXT. */
export async function addCategory(sql: Sql, websiteId: string, collectionId: string, v: CategoryInput): Promise<AddedCategory> {
  const id = `${websiteId}-cat-${randomBytes(6).toString('hex')}`;
  const parent = v.parentCategoryId ? v.parentCategoryId : null;
  await sql.begin(async (tx) => {
    const [store] = await tx`
      select 1 from collection where id = ${collectionId} and website_id = ${websiteId} and type = ${CollectionType.PRODUCTS} for update`;
    if (!store) throw new SiteError(404, CATEGORY_TEXT.noStore);
    if (v.type === 'ROOT') {
      if (parent !== null) throw new SiteError(400, CATEGORY_TEXT.rootParent);
      const [root] = await tx`select 1 from product_category where collection_id = ${collectionId} and type = 'ROOT'`;
      if (root) throw new SiteError(409, CATEGORY_TEXT.hasRoot);
    } else {
      const [p] = parent === null ? [] : await tx`select 1 from product_category where id = ${parent} and collection_id = ${collectionId}`;
      if (!p) throw new SiteError(400, CATEGORY_TEXT.noParent);
    }
    await tx`
      insert into product_category (id, collection_id, display_name, parent_category_id, type, page_rendering, display_index)
      values (${id}, ${collectionId}, ${v.displayName}, ${parent}, ${v.type}, ${v.pageRendering}, ${v.displayIndex})`;
  });
  await siteChanged(sql, websiteId);
  return { ...v, id, collectionId, parentCategoryId: parent };
}
