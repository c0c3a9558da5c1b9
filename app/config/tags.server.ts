// The tag and category manager's work (SPEC 2): tags and categories are not rows of their own but
// names in the `tags` / `categories` arrays of the site's items, so listing counts items per name and
// every change (add, rename, merge, remove) rewrites those arrays, always only for items whose
// collection belongs to the site being edited, in one transaction, with an audit entry.
import { CollectionType } from '../../engine/ts/enums.js';
import type { Sql } from '../../db/client.server.js';
import type { OwnerAccess } from '../auth/permissions.server.js';
import { actorOf, recordAudit } from '../edits/audit.server.js';
import { storefrontChanged } from '../edits/storefront-changed.server.js';
import { distinctNames, normalizeTagName, sameTagName, TAG_TEXT, tagNameProblem, type TagType } from './tag-rules.js';

/** A refusal the screen shows: the message, and the field it belongs to (null: the whole form). */
export class TagError extends Error {
  constructor(
    message: string,
    readonly field: string | null = null,
  ) {
    super(message);
  }
}

export interface TagRow {
  name: string;
  /** How many of the site's items carry it. */
  count: number;
}

export interface TagPage {
  rows: TagRow[];
  /** Names matching the filter, over all pages. */
  total: number;
  page: number;
  pages: number;
}

export interface SiteItem {
  id: string;
  title: string;
  collection: string;
}

export const TAGS_PER_PAGE = 100;
/**
 * The products' tags and categories: this screen belongs to the store (products.read opens it). A
 * blog's posts carry tags and categories of their own, which its listing filters by; they are not
 * merged or renamed from here.
 */
const STORE_TYPE = CollectionType.PRODUCTS;
/** The add form lists the site's items to choose from; a site with more is rare (SPEC 9: 200 products a collection). */
export const ITEMS_LISTED = 1000;

// The column is chosen from this map only, never from input, so it can be an identifier.
const COLUMN: Record<TagType, string> = { tag: 'tags', category: 'categories' };

/** The names of one page of the site's tags (or categories), with item counts, filtered by `q` (contains, any case). */
export async function listTags(sql: Sql, websiteId: string, t: TagType, opts: { q?: string; page?: number } = {}): Promise<TagPage> {
  const q = normalizeTagName(opts.q ?? '');
  const page = Math.max(1, Math.floor(opts.page ?? 1));
  const rows = await sql<{ name: string; count: number; total: number }[]>`
    select u.name, count(distinct i.id)::int as count, (count(*) over ())::int as total
      from item i
      join collection c on c.id = i.collection_id
      cross join lateral unnest(i.${sql(COLUMN[t])}) as u(name)
     where c.website_id = ${websiteId} and c.type = ${STORE_TYPE}
       ${q ? sql`and strpos(lower(u.name), lower(${q})) > 0` : sql``}
     group by u.name
     order by lower(u.name), u.name
     limit ${TAGS_PER_PAGE} offset ${(page - 1) * TAGS_PER_PAGE}`;
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && page > 1) {
    // Past the last page: still tell how many there are, so the screen can link back.
    const [r] = await sql<{ n: number }[]>`
      select count(distinct u.name)::int as n
        from item i join collection c on c.id = i.collection_id
        cross join lateral unnest(i.${sql(COLUMN[t])}) as u(name)
       where c.website_id = ${websiteId} and c.type = ${STORE_TYPE} ${q ? sql`and strpos(lower(u.name), lower(${q})) > 0` : sql``}`;
    total = r.n;
  }
  return {
    rows: rows.map((r) => ({ name: r.name, count: r.count })),
    total,
    page,
    pages: Math.max(1, Math.ceil(total / TAGS_PER_PAGE)),
  };
}

/** The site's items, to choose which get a new tag. */
export async function siteItems(sql: Sql, websiteId: string): Promise<SiteItem[]> {
  return sql<SiteItem[]>`
    select i.id, i.title, c.title as collection
      from item i join collection c on c.id = i.collection_id
     where c.website_id = ${websiteId} and c.type = ${STORE_TYPE}
     order by c.ordering, c.title, i.ordering, i.title
     limit ${ITEMS_LISTED}`;
}

/** Every distinct name in use on the site's items. */
async function namesInUse(sql: Sql, websiteId: string, t: TagType): Promise<string[]> {
  const rows = await sql<{ name: string }[]>`
    select distinct u.name
      from item i join collection c on c.id = i.collection_id
      cross join lateral unnest(i.${sql(COLUMN[t])}) as u(name)
     where c.website_id = ${websiteId} and c.type = ${STORE_TYPE}`;
  return rows.map((r) => r.name);
}

/** How many of the site's items carry any of `names` (what a merge or removal will update). */
export async function itemsWith(sql: Sql, websiteId: string, t: TagType, names: readonly string[]): Promise<number> {
  if (names.length === 0) return 0;
  const [r] = await sql<{ n: number }[]>`
    select count(*)::int as n
      from item i join collection c on c.id = i.collection_id
     where c.website_id = ${websiteId} and c.type = ${STORE_TYPE} and i.${sql(COLUMN[t])} && ${[...names]}::text[]`;
  return r.n;
}

/** The typed name, cleaned up, or a TagError on `field` saying what is wrong with it. */
function validName(t: TagType, raw: string, field: string): string {
  const name = normalizeTagName(raw);
  const problem = tagNameProblem(t, name);
  if (problem) throw new TagError(problem, field);
  return name;
}

/** The selected names that are still in use; a TagError when none of them is. */
async function selectedInUse(sql: Sql, websiteId: string, t: TagType, selected: readonly string[]): Promise<string[]> {
  const inUse = new Set(await namesInUse(sql, websiteId, t));
  const found = distinctNames(selected).filter((n) => inUse.has(n));
  if (found.length === 0) throw new TagError(TAG_TEXT.gone(t));
  return found;
}

type Tx = Sql;

/** Runs `work` in one transaction, then drops the storefront's caches (product listings filter by these). */
async function write<T>(a: OwnerAccess, work: (tx: Tx) => Promise<T>): Promise<T> {
  const out = (await a.sql.begin((tx) => work(tx as unknown as Tx))) as T;
  await storefrontChanged(a.sql, a.site.id);
  return out;
}

/**
 * Rewrites the arrays of the site's items carrying any of `from`: each of them becomes `to` (kept
 * once, where the first of them stood), or is dropped when `to` is null. Returns the items updated.
 */
async function rewrite(tx: Tx, websiteId: string, t: TagType, from: readonly string[], to: string | null): Promise<number> {
  const col = tx(COLUMN[t]);
  const names = [...from];
  const rows = await tx`
    update item i set
      ${col} = coalesce((
        select array_agg(x.name order by x.ord)
          from (
            select distinct on (y.name) y.name, y.ord
              from (
                select case when u.name = any(${names}::text[]) then ${to}::text else u.name end as name, u.ord
                  from unnest(i.${col}) with ordinality as u(name, ord)
              ) y
             where y.name is not null
             order by y.name, y.ord
          ) x
      ), '{}'),
      updated_at = now()
     from collection c
    where c.id = i.collection_id and c.website_id = ${websiteId} and c.type = ${STORE_TYPE} and i.${col} && ${names}::text[]
    returning i.id`;
  return rows.length;
}

/** Adds a new tag (or category) to the chosen items of the site. */
export async function addTag(
  a: OwnerAccess,
  t: TagType,
  rawName: string,
  itemIds: readonly string[],
): Promise<{ name: string; items: number }> {
  const name = validName(t, rawName, 'name');
  const ids = distinctNames(itemIds.filter((id) => id !== ''));
  if (ids.length === 0) throw new TagError(TAG_TEXT.chooseItems(t), 'itemIds');
  return write(a, async (tx) => {
    if ((await namesInUse(tx, a.site.id, t)).some((n) => sameTagName(n, name))) throw new TagError(TAG_TEXT.exists(t), 'name');
    const col = tx(COLUMN[t]);
    const owned = await tx<{ id: string }[]>`
      select i.id from item i join collection c on c.id = i.collection_id
       where c.website_id = ${a.site.id} and c.type = ${STORE_TYPE} and i.id = any(${ids}::text[])`;
    // An id of another site's item (or a deleted one) is refused whole rather than half-applied.
    if (owned.length !== ids.length) throw new TagError(TAG_TEXT.foreignItems, 'itemIds');
    await tx`
      update item i set ${col} = array_append(i.${col}, ${name}::text), updated_at = now()
        from collection c
       where c.id = i.collection_id and c.website_id = ${a.site.id} and c.type = ${STORE_TYPE} and i.id = any(${ids}::text[])
         and not (${name}::text = any(i.${col}))`;
    await recordAudit(tx, actorOf(a), `${t}.add`, name, { items: ids.length });
    return { name, items: ids.length };
  });
}

/** Renames one tag; a name already used by another tag is refused (merging is how two become one). */
export async function renameTag(
  a: OwnerAccess,
  t: TagType,
  selected: readonly string[],
  rawName: string,
): Promise<{ from: string; to: string; items: number }> {
  const chosen = distinctNames(selected);
  if (chosen.length > 1) throw new TagError(TAG_TEXT.oneAtATime(t));
  if (chosen.length === 0) throw new TagError(TAG_TEXT.chooseOne(t));
  const to = validName(t, rawName, 'newName');
  const from = chosen[0];
  return write(a, async (tx) => {
    const inUse = await namesInUse(tx, a.site.id, t);
    if (!inUse.includes(from)) throw new TagError(TAG_TEXT.gone(t));
    // Changing only the letter case of a name is a rename of the same tag, not a clash.
    if (inUse.some((n) => n !== from && sameTagName(n, to))) throw new TagError(TAG_TEXT.exists(t), 'newName');
    const items = from === to ? 0 : await rewrite(tx, a.site.id, t, [from], to);
    await recordAudit(tx, actorOf(a), `${t}.rename`, to, { from, items });
    return { from, to, items };
  });
}

/** Merges two or more tags into one survivor: one of them, or a new name nobody uses yet. */
export async function mergeTags(
  a: OwnerAccess,
  t: TagType,
  selected: readonly string[],
  survivor: string,
  rawNewName: string,
): Promise<{ names: string[]; into: string; items: number }> {
  const chosen = distinctNames(selected);
  if (chosen.length < 2) throw new TagError(TAG_TEXT.chooseTwo(t));
  const typed = normalizeTagName(rawNewName);
  const into = typed !== '' ? validName(t, typed, 'newName') : survivor;
  if (typed === '' && !chosen.includes(into)) throw new TagError(`Choose the ${t} to keep.`, 'survivor');
  return write(a, async (tx) => {
    const inUse = await namesInUse(tx, a.site.id, t);
    const names = chosen.filter((n) => inUse.includes(n));
    if (names.length < 2) throw new TagError(TAG_TEXT.gone(t));
    if (!names.includes(into) && inUse.some((n) => !names.includes(n) && sameTagName(n, into))) {
      throw new TagError(TAG_TEXT.exists(t), 'newName');
    }
    const items = await rewrite(tx, a.site.id, t, names, into);
    await recordAudit(tx, actorOf(a), `${t}.merge`, into, { merged: names, items });
    return { names, into, items };
  });
}

/** Takes the tags off every item of the site that has them. */
export async function removeTags(a: OwnerAccess, t: TagType, selected: readonly string[]): Promise<{ names: string[]; items: number }> {
  if (distinctNames(selected).length === 0) throw new TagError(TAG_TEXT.chooseSome(t));
  return write(a, async (tx) => {
    const names = await selectedInUse(tx, a.site.id, t, selected);
    const items = await rewrite(tx, a.site.id, t, names, null);
    for (const name of names) await recordAudit(tx, actorOf(a), `${t}.remove`, name, { items });
    return { names, items };
  });
}

/** What the merge or removal step shows before anything changes: the names still in use and how many items they touch. */
export async function pendingChange(a: OwnerAccess, t: TagType, selected: readonly string[]): Promise<{ names: string[]; items: number }> {
  const names = await selectedInUse(a.sql, a.site.id, t, selected);
  return { names, items: await itemsWith(a.sql, a.site.id, t, names) };
}
