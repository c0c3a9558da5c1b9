// Catalog reads of the collections besides products and pages (issue 13): a blog's posts (tag and
// category filters, pages), an events collection's upcoming and past events, a gallery's pictures,
// and one post or event. Visitors see published items only; a post dated in the future waits.
import type { Sql } from '../../db/client.server.js';

/** Collection type of the spec for blogs, events and galleries (their kind is in type_name). */
export const COLLECTION_GENERIC = 1;
export const COLLECTION_KINDS = ['blog', 'events', 'gallery'] as const;
export type CollectionKind = (typeof COLLECTION_KINDS)[number];

export const POSTS_PER_PAGE = 10;
/** Events shown in each of the upcoming and past lists. */
const EVENTS_LIMIT = 50;
/** Pictures in a gallery (SPEC 9: items in a user-orderable collection): the Gallery screen adds no more, the page shows no more. */
export const GALLERY_MAX = 250;
/** SPEC 9: a tag is at most 50 characters, a category 25. */

/** Where an event is (SPEC 3); map coordinates only when both are known. */
export interface EventLocation {
  addressTitle?: string;
  addressLine1?: string;
  addressLine2?: string;
  addressCountry?: string;
  mapLat?: number;
  mapLng?: number;
}

/** A post, an event or a gallery picture as the storefront reads it. */
export interface Entry {
  id: string;
  collectionId: string;
  urlId: string;
  title: string;
  /** `/{collection}/{item}`; a gallery picture has no page of its own (its collection's URL). */
  fullUrl: string;
  excerpt: string;
  body: string;
  recordType: number;
  assetUrl: string | null;
  originalSize: string | null;
  tags: string[];
  categories: string[];
  authorName: string;
  /** ISO instants. */
  publishedAt: string;
  updatedAt: string;
  /** SPEC 4: 1 open, 2 closed. */
  commentState: number;
  publicCommentCount: number;
  startDate: string | null;
  endDate: string | null;
  location: EventLocation;
}

/** What a blog listing is filtered by (`?tag=`, `?category=`): at most one of each. */
export interface EntryFilter {
  tag?: string;
  category?: string;
}

interface EntryRow {
  id: string;
  collection_id: string;
  collection_url_id: string;
  type_name: string | null;
  url_id: string;
  title: string;
  excerpt: string;
  body: string;
  record_type: number;
  asset_url: string | null;
  original_size: string | null;
  tags: string[];
  categories: string[];
  author_name: string;
  published_at: Date;
  updated_at: Date;
  comment_state: number;
  start_date: Date | null;
  end_date: Date | null;
  location: Record<string, unknown> | null;
}

/** Items visitors see: published, and a post's date has come. `i` is the item alias. */
export const PUBLIC_ENTRY = `i.published and (i.published_at is null or i.published_at <= now())`;

function toLocation(v: Record<string, unknown> | null): EventLocation {
  const out: EventLocation = {};
  if (!v) return out;
  for (const k of ['addressTitle', 'addressLine1', 'addressLine2', 'addressCountry'] as const) {
    if (typeof v[k] === 'string' && v[k] !== '') out[k] = v[k] as string;
  }
  const lat = Number(v.mapLat);
  const lng = Number(v.mapLng);
  if (v.mapLat != null && v.mapLng != null && Number.isFinite(lat) && Number.isFinite(lng)) {
    out.mapLat = lat;
    out.mapLng = lng;
  }
  return out;
}

function toEntry(r: EntryRow): Entry {
  const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);
  return {
    id: r.id,
    collectionId: r.collection_id,
    urlId: r.url_id,
    title: r.title,
    fullUrl: r.type_name === 'gallery' ? `/${r.collection_url_id}` : `/${r.collection_url_id}/${r.url_id}`,
    excerpt: r.excerpt,
    body: r.body,
    recordType: r.record_type,
    assetUrl: r.asset_url,
    originalSize: r.original_size,
    tags: r.tags,
    categories: r.categories,
    authorName: r.author_name,
    publishedAt: new Date(r.published_at).toISOString(),
    updatedAt: new Date(r.updated_at).toISOString(),
    commentState: r.comment_state,
    // Comments are not stored yet: no post has public comments.
    publicCommentCount: 0,
    startDate: iso(r.start_date),
    endDate: iso(r.end_date),
    location: toLocation(r.location),
  };
}

/** Reads of one site's blogs, events and galleries. */
export function createCollectionReads(sql: Sql) {
  async function entries(where: ReturnType<Sql>, order: ReturnType<Sql>, limit: number, offset = 0): Promise<Entry[]> {
    const rows = await sql<EntryRow[]>`
      select i.id, i.collection_id, c.url_id as collection_url_id, c.type_name, i.url_id, i.title, i.excerpt, i.body,
             i.record_type, i.asset_url, i.original_size, i.tags, i.categories, i.author_name,
             coalesce(i.published_at, i.created_at) as published_at, i.updated_at, i.comment_state,
             i.start_date, i.end_date, i.location
        from item i join collection c on c.id = i.collection_id
       where ${sql.unsafe(PUBLIC_ENTRY)} and ${where}
       order by ${order}
       limit ${limit} offset ${offset}`;
    return rows.map(toEntry);
  }

  const filterSql = (f: EntryFilter) =>
    sql`${f.tag ? sql`and ${f.tag} = any(i.tags)` : sql``} ${f.category ? sql`and ${f.category} = any(i.categories)` : sql``}`;

  /** One page of a blog's posts, newest first; null when the page is past the last. */
  async function posts(collectionId: string, page: number, filter: EntryFilter) {
    const [{ total }] = await sql<{ total: number }[]>`
      select count(*)::int as total from item i
       where i.collection_id = ${collectionId} and ${sql.unsafe(PUBLIC_ENTRY)} ${filterSql(filter)}`;
    const pageCount = Math.max(1, Math.ceil(total / POSTS_PER_PAGE));
    if (page > pageCount) return null;
    const items = await entries(
      sql`i.collection_id = ${collectionId} ${filterSql(filter)}`,
      sql`coalesce(i.published_at, i.created_at) desc, i.id`,
      POSTS_PER_PAGE,
      (page - 1) * POSTS_PER_PAGE,
    );
    return { items, total, pageCount };
  }

  /** The tags and categories of a blog's visible posts, each with how many posts carry it. */
  async function postTerms(collectionId: string) {
    const rows = await sql<{ kind: 'tag' | 'category'; name: string; n: number }[]>`
      select 'tag' as kind, t as name, count(*)::int as n from item i, unnest(i.tags) t
       where i.collection_id = ${collectionId} and ${sql.unsafe(PUBLIC_ENTRY)} group by t
      union all
      select 'category', t, count(*)::int from item i, unnest(i.categories) t
       where i.collection_id = ${collectionId} and ${sql.unsafe(PUBLIC_ENTRY)} group by t
      order by 1, 2`;
    const pick = (kind: string) => rows.filter((r) => r.kind === kind).map((r) => ({ name: r.name, count: r.n }));
    return { tags: pick('tag'), categories: pick('category') };
  }

  /** Events not yet over, soonest first, and those over, latest first. */
  async function events(collectionId: string) {
    const [upcoming, past] = await Promise.all([
      entries(sql`i.collection_id = ${collectionId} and i.end_date >= now()`, sql`i.start_date, i.id`, EVENTS_LIMIT),
      entries(sql`i.collection_id = ${collectionId} and i.end_date < now()`, sql`i.start_date desc, i.id`, EVENTS_LIMIT),
    ]);
    return { upcoming, past };
  }

  async function gallery(collectionId: string): Promise<Entry[]> {
    return entries(sql`i.collection_id = ${collectionId}`, sql`i.ordering, i.title, i.id`, GALLERY_MAX);
  }

  /** A post or an event by its address in the collection (gallery pictures have no page). */
  async function entry(collectionId: string, urlId: string): Promise<Entry | null> {
    const [e] = await entries(sql`i.collection_id = ${collectionId} and i.url_id = ${urlId} and c.type_name <> 'gallery'`, sql`i.id`, 1);
    return e ?? null;
  }

  return { posts, postTerms, events, gallery, entry };
}
