// Shapes blog posts, events and gallery pictures into the template context (ADR 0002): dates as
// epoch milliseconds (the date formatters and same-day? read them), SPEC 3's author, location and
// comment fields, and the links a listing filters by. Pure: the catalog hands in plain objects.
import type { Entry, EntryFilter } from '../catalog/catalog.server.js';
import type { Json } from './template-context.js';

const FOCAL_POINT = { x: 0.5, y: 0.5 };
const SYSTEM_DATA_VARIANTS = [100, 300, 500, 750, 1000, 1500, 2500].map((w) => `${w}w`).join(',');

/** SPEC 4: comment state 1 is open. */
export const COMMENTS_OPEN = 1;

/** A listing link filtered by a tag or a category. */
export function filterUrl(collectionUrl: string, key: 'tag' | 'category', value: string): string {
  return `${collectionUrl}?${new URLSearchParams({ [key]: value })}`;
}

/** The address of an event's calendar file (app/routes/$collection.$item.calendar[.]ics.ts). */
export function icsUrl(fullUrl: string): string {
  return `${fullUrl}/calendar.ics`;
}

/** A post, event or gallery picture as templates read it. */
export function shapeEntry(e: Entry, collectionUrl: string): Json {
  const ms = (iso: string | null) => (iso === null ? null : Date.parse(iso));
  const out: Json = {
    id: e.id,
    collectionId: e.collectionId,
    urlId: e.urlId,
    title: e.title,
    fullUrl: e.fullUrl,
    excerpt: e.excerpt,
    body: e.body,
    recordType: e.recordType,
    assetUrl: e.assetUrl,
    originalSize: e.originalSize,
    systemDataVariants: e.assetUrl ? SYSTEM_DATA_VARIANTS : undefined,
    systemDataId: e.assetUrl ? e.id : undefined,
    mediaFocalPoint: FOCAL_POINT,
    tags: e.tags,
    categories: e.categories,
    tagLinks: e.tags.map((name) => ({ name, url: filterUrl(collectionUrl, 'tag', name) })),
    categoryLinks: e.categories.map((name) => ({ name, url: filterUrl(collectionUrl, 'category', name) })),
    author: e.authorName ? { displayName: e.authorName } : null,
    publishOn: ms(e.publishedAt),
    addedOn: ms(e.publishedAt),
    updatedOn: ms(e.updatedAt),
    commentState: e.commentState,
    commentsOpen: e.commentState === COMMENTS_OPEN,
    publicCommentCount: e.publicCommentCount,
  };
  if (e.startDate !== null && e.endDate !== null) {
    const loc: Json = { ...e.location };
    out.startDate = ms(e.startDate);
    out.endDate = ms(e.endDate);
    out.location = loc;
    out.hasLocation = Object.keys(loc).length > 0;
    out.icsUrl = icsUrl(e.fullUrl);
    // The maps link of SPEC 9's event links: the address as typed, for any maps service.
    const where = [loc.addressTitle, loc.addressLine1, loc.addressLine2, loc.addressCountry].filter(Boolean).join(', ');
    out.mapUrl = where ? `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(where)}` : null;
  }
  return out;
}

/** The tag and category lists of a blog listing, each with its filter link and whether it is the one chosen. */
export function termLinks(
  collectionUrl: string,
  key: 'tag' | 'category',
  terms: { name: string; count: number }[],
  chosen: string | undefined,
): Json[] {
  return terms.map((t) => ({ name: t.name, count: t.count, url: filterUrl(collectionUrl, key, t.name), current: t.name === chosen }));
}

/**
 * `?tag=` and `?category=` of a blog listing; a value longer than SPEC 9's limits (tag 50,
 * category 25) or empty cannot match a post and is a filter with no posts, not an error.
 */
export function parseFilter(params: URLSearchParams): EntryFilter {
  const f: EntryFilter = {};
  const tag = params.get('tag');
  const category = params.get('category');
  if (tag !== null) f.tag = tag.slice(0, 51);
  if (category !== null) f.category = category.slice(0, 26);
  return f;
}

/** What a listing is filtered by, as the template reads it (null when nothing). */
export function filterJson(filter: EntryFilter): Json | null {
  if (filter.tag) return { key: 'tag', label: 'Tag', value: filter.tag };
  if (filter.category) return { key: 'category', label: 'Category', value: filter.category };
  return null;
}
