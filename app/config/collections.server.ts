// The Blog and Events screens' work (issue 13): a site's posts and events listed, created, edited
// (sanitised HTML, tags and categories within SPEC 9's lengths, dates on the site's clock) and
// deleted. They live in the site's first blog or events collection, made on the first save when
// the site has none. Publishing needs `pages.publish`, as for pages: a draft editor saves drafts.
// Every write is audited and reaches the storefront's caches at once.
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Sql } from '../../db/client.server.js';
import type { OwnerAccess } from '../auth/permissions.server.js';
import { actorOf, recordAudit } from '../edits/audit.server.js';
import type { Db } from './navigation.server.js';
import { slugify, utcToZonedLocal, zonedLocalToUtc } from './pages.server.js';
import { siteTimeZone } from './site-time.server.js';
import { sanitizeOwnerHtml } from '../edits/sanitize.server.js';
import { storefrontChanged } from '../edits/storefront-changed.server.js';
import { TAG_MAX_LENGTH } from './tag-rules.js';

export type EntryKind = 'blog' | 'events';
const GENERIC_TYPE = 1;
const RECORD_TYPES: Record<EntryKind, number> = { blog: 1, events: 12 };
export const LIST_SIZE = 50;
const SLUG = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** What each kind is called on its screens, and where its collection goes when made. */
export const KIND_TEXT: Record<EntryKind, { one: string; collectionTitle: string; collectionUrl: string; screen: string }> = {
  blog: { one: 'post', collectionTitle: 'Blog', collectionUrl: 'blog', screen: '/config/blog' },
  events: { one: 'event', collectionTitle: 'Events', collectionUrl: 'events', screen: '/config/events' },
};

export const ENTRY_TEXT = {
  title: 'Enter a title.',
  slug: 'Use lower-case letters, digits and hyphens for the address.',
  taken: (s: string) => `There is already an entry at ${s}.`,
  tag: `A tag is at most ${TAG_MAX_LENGTH.tag} characters.`,
  category: `A category is at most ${TAG_MAX_LENGTH.category} characters.`,
  date: 'Enter a date and time.',
  start: 'Enter when the event starts.',
  end: 'Enter when the event ends.',
  endBeforeStart: 'The event must end after it starts.',
  status: 'Choose a status.',
  publishRefused: 'Your role can save drafts; an editor publishes them.',
  liveRefused: 'This entry is published: your role cannot change it; an editor can.',
  deleteRefused: 'Your role can delete only drafts that have never been published.',
  notFound: 'There is no such entry on this site.',
};

export class EntryError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

/** "a, b ,, c" as ['a', 'b', 'c'], each once, in the order typed. */
export function parseTerms(s: string): string[] {
  const out: string[] = [];
  for (const t of s.split(',')) {
    const v = t.trim().replace(/\s+/g, ' ');
    if (v !== '' && !out.includes(v)) out.push(v);
  }
  return out;
}

const text = (max: number, what: string) => z.string().trim().max(max, `${what} is at most ${max} characters.`).default('');
const html = z.string().max(200_000, 'This is too long (at most 200,000 characters of HTML).').default('');
const urlId = z.string().trim().toLowerCase().max(63, 'An address is at most 63 characters.').default('');
const status = z.enum(['published', 'draft'], { errorMap: () => ({ message: ENTRY_TEXT.status }) });
const title = z.string({ required_error: ENTRY_TEXT.title }).trim().min(1, ENTRY_TEXT.title).max(200, 'A title is at most 200 characters.');

function checkSlug(v: { urlId: string }, ctx: z.RefinementCtx) {
  if (v.urlId !== '' && !SLUG.test(v.urlId)) ctx.addIssue({ code: 'custom', path: ['urlId'], message: ENTRY_TEXT.slug });
}

export const PostForm = z
  .object({
    title,
    urlId,
    excerpt: html,
    body: html,
    author: text(100, 'An author name'),
    publishedAt: z.string().trim().default(''),
    tags: z.string().default(''),
    categories: z.string().default(''),
    comments: z.enum(['open', 'closed']).default('closed'),
    status,
  })
  .superRefine((v, ctx) => {
    checkSlug(v, ctx);
    if (parseTerms(v.tags).some((t) => t.length > TAG_MAX_LENGTH.tag))
      ctx.addIssue({ code: 'custom', path: ['tags'], message: ENTRY_TEXT.tag });
    if (parseTerms(v.categories).some((t) => t.length > TAG_MAX_LENGTH.category))
      ctx.addIssue({ code: 'custom', path: ['categories'], message: ENTRY_TEXT.category });
    if (v.publishedAt !== '' && zonedLocalToUtc(v.publishedAt, 'UTC') === null)
      ctx.addIssue({ code: 'custom', path: ['publishedAt'], message: ENTRY_TEXT.date });
  });
export type PostInput = z.infer<typeof PostForm>;

export const EventForm = z
  .object({
    title,
    urlId,
    excerpt: html,
    body: html,
    start: z.string({ required_error: ENTRY_TEXT.start }).trim().min(1, ENTRY_TEXT.start),
    end: z.string({ required_error: ENTRY_TEXT.end }).trim().min(1, ENTRY_TEXT.end),
    addressTitle: text(200, 'A place name'),
    addressLine1: text(200, 'An address line'),
    addressLine2: text(200, 'An address line'),
    addressCountry: text(100, 'A country'),
    status,
  })
  .superRefine((v, ctx) => {
    checkSlug(v, ctx);
    const start = zonedLocalToUtc(v.start, 'UTC');
    const end = zonedLocalToUtc(v.end, 'UTC');
    if (start === null) ctx.addIssue({ code: 'custom', path: ['start'], message: ENTRY_TEXT.start });
    if (end === null) ctx.addIssue({ code: 'custom', path: ['end'], message: ENTRY_TEXT.end });
    else if (start !== null && end.getTime() < start.getTime())
      ctx.addIssue({ code: 'custom', path: ['end'], message: ENTRY_TEXT.endBeforeStart });
  });
export type EventInput = z.infer<typeof EventForm>;

// ---------------------------------------------------------------------------------------------
// Reads.

export interface EntryRow {
  id: string;
  title: string;
  urlId: string;
  /** The storefront address, `/{collection}/{item}`. */
  path: string;
  published: boolean;
  /** On the site's clock, `YYYY-MM-DD HH:MM`: a post's date, an event's start. */
  when: string;
  tags: string[];
}

export interface EntryDetail extends EntryRow {
  excerpt: string;
  body: string;
  author: string;
  /** `datetime-local` values on the site's clock. */
  publishedAt: string;
  start: string;
  end: string;
  categories: string[];
  commentsOpen: boolean;
  location: Record<string, string>;
  timeZone: string;
  /** Published now or ever: a draft editor may not delete it (ADR 0010). */
  wasLive: boolean;
}

interface Row {
  id: string;
  title: string;
  url_id: string;
  collection_url_id: string;
  published: boolean;
  at: Date | null;
  tags: string[];
}

function toRow(r: Row, timeZone: string): EntryRow {
  return {
    id: r.id,
    title: r.title,
    urlId: r.url_id,
    path: `/${r.collection_url_id}/${r.url_id}`,
    published: r.published,
    when: r.at ? utcToZonedLocal(new Date(r.at), timeZone).replace('T', ' ') : '',
    tags: r.tags,
  };
}

const whenColumn = (sql: Db, kind: EntryKind) => (kind === 'blog' ? sql`coalesce(i.published_at, i.created_at)` : sql`i.start_date`);

/** The site's posts (newest first) or events (latest start first). */
export async function listEntries(
  sql: Sql,
  websiteId: string,
  kind: EntryKind,
  page = 1,
): Promise<{ rows: EntryRow[]; total: number; page: number; pageCount: number; timeZone: string }> {
  const timeZone = await siteTimeZone(sql, websiteId);
  const where = sql`c.website_id = ${websiteId} and c.type = ${GENERIC_TYPE} and c.type_name = ${kind}`;
  const [{ total }] = await sql<{ total: number }[]>`
    select count(*)::int as total from item i join collection c on c.id = i.collection_id where ${where}`;
  const pageCount = Math.max(1, Math.ceil(total / LIST_SIZE));
  const p = Math.min(Math.max(1, Math.floor(page) || 1), pageCount);
  const rows = await sql<Row[]>`
    select i.id, i.title, i.url_id, c.url_id as collection_url_id, i.published, ${whenColumn(sql, kind)} as at, i.tags
      from item i join collection c on c.id = i.collection_id
     where ${where}
     order by at desc nulls last, i.title, i.id
     limit ${LIST_SIZE} offset ${(p - 1) * LIST_SIZE}`;
  return { rows: rows.map((r) => toRow(r, timeZone)), total, page: p, pageCount, timeZone };
}

export async function entryDetail(sql: Db, websiteId: string, kind: EntryKind, id: string): Promise<EntryDetail | null> {
  const [r] = await sql<
    (Row & {
      excerpt: string;
      body: string;
      author_name: string;
      published_at: Date | null;
      start_date: Date | null;
      end_date: Date | null;
      categories: string[];
      comment_state: number;
      location: Record<string, unknown> | null;
      was_live: boolean;
    })[]
  >`
    select i.id, i.title, i.url_id, c.url_id as collection_url_id, i.published, ${whenColumn(sql, kind)} as at, i.tags,
           i.excerpt, i.body, i.author_name, i.published_at, i.start_date, i.end_date, i.categories, i.comment_state, i.location,
           i.was_live
      from item i join collection c on c.id = i.collection_id
     where i.id = ${id} and c.website_id = ${websiteId} and c.type = ${GENERIC_TYPE} and c.type_name = ${kind}`;
  if (!r) return null;
  const timeZone = await siteTimeZone(sql, websiteId);
  const local = (d: Date | null) => (d ? utcToZonedLocal(new Date(d), timeZone) : '');
  const location: Record<string, string> = {};
  for (const [k, v] of Object.entries(r.location ?? {})) if (typeof v === 'string') location[k] = v;
  return {
    ...toRow(r, timeZone),
    excerpt: r.excerpt,
    body: r.body,
    author: r.author_name,
    publishedAt: local(r.published_at),
    start: local(r.start_date),
    end: local(r.end_date),
    categories: r.categories,
    commentsOpen: r.comment_state === 1,
    location,
    timeZone,
    wasLive: r.was_live || r.published,
  };
}

// ---------------------------------------------------------------------------------------------
// Writes.

/** The site's first collection of this kind, made (not linked from any menu) when there is none. */
async function collectionFor(tx: Db, websiteId: string, kind: EntryKind): Promise<{ id: string; urlId: string }> {
  const [c] = await tx<{ id: string; url_id: string }[]>`
    select id, url_id from collection where website_id = ${websiteId} and type = ${GENERIC_TYPE} and type_name = ${kind}
     order by ordering, id limit 1`;
  if (c) return { id: c.id, urlId: c.url_id };
  const t = KIND_TEXT[kind];
  const taken = new Set(
    (
      await tx<{ url_id: string }[]>`select url_id from collection where website_id = ${websiteId} and url_id like ${`${t.collectionUrl}%`}`
    ).map((r) => r.url_id),
  );
  let url = t.collectionUrl;
  for (let n = 2; taken.has(url); n++) url = `${t.collectionUrl}-${n}`;
  const id = `${websiteId}-${kind}-${randomUUID().slice(0, 12)}`;
  const [{ next }] = await tx<{ next: number }[]>`
    select coalesce(max(ordering) + 1, 0)::int as next from collection where website_id = ${websiteId}`;
  await tx`insert into collection ${tx({
    id,
    website_id: websiteId,
    url_id: url,
    title: t.collectionTitle,
    type: GENERIC_TYPE,
    type_name: kind,
    ordering: next,
    enabled: true,
  })}`;
  return { id, urlId: url };
}

/** `base`, or `base-2`...: the first address no other item of the collection uses. */
async function freeItemSlug(tx: Db, collectionId: string, base: string, selfId: string | null): Promise<string> {
  const rows = await tx<{ url_id: string }[]>`
    select url_id from item where collection_id = ${collectionId} and (url_id = ${base} or url_id like ${`${base}-%`}) and id <> ${selfId ?? ''}`;
  const taken = new Set(rows.map((r) => r.url_id));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

function isUniqueViolation(e: unknown): boolean {
  return typeof e === 'object' && e !== null && (e as { code?: string }).code === '23505';
}

/** Creates (`id` null) or updates a post or an event; returns its id and storefront path. */
export async function saveEntry(
  a: OwnerAccess,
  kind: EntryKind,
  id: string | null,
  input: PostInput | EventInput,
  /** Runs once the entry is locked: throws VersionConflict when it changed since the form was drawn (issue 28). */
  guard: (tx: Db) => Promise<void> = async () => {},
): Promise<{ id: string; path: string; created: boolean }> {
  const websiteId = a.site.id;
  const timeZone = await siteTimeZone(a.sql, websiteId);
  const published = input.status === 'published';
  const common = {
    title: input.title,
    excerpt: sanitizeOwnerHtml(input.excerpt),
    body: sanitizeOwnerHtml(input.body),
    published,
    record_type: RECORD_TYPES[kind],
  };
  // Once published, always "was live" (ADR 0010); an update never clears it (see below).
  const wasLive = published;
  let fields: Record<string, unknown>;
  if (kind === 'blog') {
    const p = input as PostInput;
    fields = {
      ...common,
      author_name: p.author,
      published_at: p.publishedAt ? zonedLocalToUtc(p.publishedAt, timeZone) : null,
      tags: parseTerms(p.tags),
      categories: parseTerms(p.categories),
      comment_state: p.comments === 'open' ? 1 : 2,
    };
  } else {
    const e = input as EventInput;
    const start = zonedLocalToUtc(e.start, timeZone);
    const end = zonedLocalToUtc(e.end, timeZone);
    if (!start) throw new EntryError(400, ENTRY_TEXT.start, 'start');
    if (!end) throw new EntryError(400, ENTRY_TEXT.end, 'end');
    if (end < start) throw new EntryError(400, ENTRY_TEXT.endBeforeStart, 'end');
    const location: Record<string, string> = {};
    for (const k of ['addressTitle', 'addressLine1', 'addressLine2', 'addressCountry'] as const) if (e[k]) location[k] = e[k];
    fields = { ...common, start_date: start, end_date: end, location };
  }
  let saved: { id: string; path: string; created: boolean };
  try {
    saved = await a.sql.begin(async (tx) => {
      const [existing] = id
        ? await tx<{ id: string; collection_id: string; collection_url_id: string; published: boolean; published_at: Date | null }[]>`
            select i.id, i.collection_id, c.url_id as collection_url_id, i.published, i.published_at
              from item i join collection c on c.id = i.collection_id
             where i.id = ${id} and c.website_id = ${websiteId} and c.type = ${GENERIC_TYPE} and c.type_name = ${kind} for update of i`
        : [];
      if (id && !existing) throw new EntryError(404, ENTRY_TEXT.notFound);
      if (!a.can('pages.publish')) {
        // A published entry changes only with the publish right, whatever status the form asks for.
        if (existing?.published) throw new EntryError(403, ENTRY_TEXT.liveRefused);
        if (published) throw new EntryError(403, ENTRY_TEXT.publishRefused, 'status');
      }
      // The rights first (a refusal is a refusal), then whether the entry is still the one the form showed.
      await guard(tx);
      const collection = existing
        ? { id: existing.collection_id, urlId: existing.collection_url_id }
        : await collectionFor(tx, websiteId, kind);
      let slug = input.urlId;
      if (slug !== '') {
        const [taken] =
          await tx`select 1 from item where collection_id = ${collection.id} and url_id = ${slug} and id <> ${existing?.id ?? ''}`;
        if (taken) throw new EntryError(400, ENTRY_TEXT.taken(`/${collection.urlId}/${slug}`), 'urlId');
      } else {
        slug = await freeItemSlug(tx, collection.id, slugify(input.title).replace(/^page$/, KIND_TEXT[kind].one), existing?.id ?? null);
      }
      // A post published with no date of its own is dated when it is first published.
      if (kind === 'blog' && fields.published_at === null && published) fields.published_at = existing?.published_at ?? new Date();
      if (existing) {
        await tx`update item set ${tx({ ...fields, url_id: slug })}, was_live = was_live or ${wasLive}, updated_at = now()
                  where id = ${existing.id}`;
        return { id: existing.id, path: `/${collection.urlId}/${slug}`, created: false };
      }
      const itemId = `${websiteId}-${KIND_TEXT[kind].one}-${randomUUID().slice(0, 12)}`;
      await tx`insert into item ${tx({ ...fields, id: itemId, collection_id: collection.id, url_id: slug, was_live: wasLive })}`;
      return { id: itemId, path: `/${collection.urlId}/${slug}`, created: true };
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw new EntryError(400, ENTRY_TEXT.taken(input.urlId || slugify(input.title)), 'urlId');
    throw e;
  }
  const one = KIND_TEXT[kind].one;
  await recordAudit(a.sql, actorOf(a), `${one}.${saved.created ? 'create' : 'update'}`, saved.path, {
    title: input.title,
    status: input.status,
  });
  await storefrontChanged(a.sql, websiteId);
  return saved;
}

export async function deleteEntry(a: OwnerAccess, kind: EntryKind, id: string): Promise<{ title: string; path: string }> {
  const websiteId = a.site.id;
  const [row] = await a.sql<{ title: string; url_id: string; collection_url_id: string; published: boolean; was_live: boolean }[]>`
    select i.title, i.url_id, c.url_id as collection_url_id, i.published, i.was_live
      from item i join collection c on c.id = i.collection_id
     where i.id = ${id} and c.website_id = ${websiteId} and c.type = ${GENERIC_TYPE} and c.type_name = ${kind}`;
  if (!row) throw new EntryError(404, ENTRY_TEXT.notFound);
  if ((row.published || row.was_live) && !a.can('pages.publish')) throw new EntryError(403, ENTRY_TEXT.deleteRefused);
  await a.sql`delete from item where id = ${id}`;
  const path = `/${row.collection_url_id}/${row.url_id}`;
  await recordAudit(a.sql, actorOf(a), `${KIND_TEXT[kind].one}.delete`, path, { title: row.title });
  await storefrontChanged(a.sql, websiteId);
  return { title: row.title, path };
}
