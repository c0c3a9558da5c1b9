// A page's content blocks in the database (table page_block, db/migrations/0015): listed in
// order, added, saved, moved up or down and removed, each write checked against the page (one of
// this site's pages) and the site's files, audited, and sent to the storefront's caches at once.
import { randomBytes } from 'node:crypto';
import { parse } from '@conform-to/react';
import type { Sql } from '../../../db/client.server.js';
import type { OwnerAccess } from '../../auth/permissions.server.js';
import { actorOf, recordAudit } from '../../edits/audit.server.js';
import { fileUrl } from '../products.server.js';
import { storefrontChanged } from '../../edits/storefront-changed.server.js';
import { isLiveStatus, PAGE_RIGHTS_TEXT } from '../page-rights.js';
import {
  BLOCK_LABELS,
  blockSummary,
  fileIdsOf,
  MAX_BLOCKS,
  parseBlockForm,
  readSettings,
  type BlockSettings,
  type BlockType,
} from './block-types.js';
import { FORM_BLOCK_TEXT, type FormBlockSettings } from './form.js';
import { MEDIA_TEXT, videoEmbed, type VideoSettings } from './media.js';
import { oembedRefusal, videoOembed } from './oembed.server.js';
import { savedBlockValues } from './block-values.js';
import { versionOf, type Db, type Versioned } from '../../edits/versions.server.js';

const PAGE_TYPE = 10;

export const BLOCK_TEXT = {
  pageNotFound: 'There is no such page on this site.',
  notFound: 'There is no such block on this page.',
  tooMany: `A page holds at most ${MAX_BLOCKS} blocks.`,
};

export class BlockError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

/**
 * A block's post checked by its type's rules (parseBlockForm: a gallery's images, a chart's grid)
 * as a Conform submission, so a refused post answers with replyTo as every owner form does.
 */
export function blockSubmission<T extends BlockType>(type: T, form: URLSearchParams) {
  const parsed = parseBlockForm(type, form);
  const error = parsed.ok ? null : Object.fromEntries(Object.entries(parsed.fields).map(([name, message]) => [name, [message]]));
  const submission = parse(form, { resolve: () => (error ? { error } : { value: parsed }) });
  return { parsed, submission };
}

export interface MediaFile {
  id: string;
  name: string;
  url: string;
  contentType: string;
  originalSize: string | null;
}

/** The site's files a block can use, newest first, by kind (the pickers' lists). */
export async function mediaFiles(sql: Sql, websiteId: string): Promise<{ images: MediaFile[]; videos: MediaFile[]; audio: MediaFile[] }> {
  const rows = await sql<{ id: string; name: string; content_type: string; original_size: string | null }[]>`
    select id, name, content_type, original_size from file_asset
     where website_id = ${websiteId} and (content_type like 'image/%' or content_type like 'video/%' or content_type like 'audio/%')
     order by created_at desc, id desc limit 500`;
  const files = rows.map((r) => ({
    id: r.id,
    name: r.name,
    url: fileUrl(r.id, r.name),
    contentType: r.content_type,
    originalSize: r.original_size,
  }));
  return {
    images: files.filter((f) => f.contentType.startsWith('image/')),
    videos: files.filter((f) => f.contentType.startsWith('video/')),
    audio: files.filter((f) => f.contentType.startsWith('audio/')),
  };
}

/** The site's forms a form block can show, by name. */
export async function siteForms(sql: Sql, websiteId: string): Promise<{ id: string; name: string }[]> {
  return sql<{ id: string; name: string }[]>`select id, name from form where website_id = ${websiteId} order by name, id`;
}

export interface BlockRow {
  id: string;
  type: BlockType;
  label: string;
  summary: string;
  position: number;
}

interface Row {
  id: string;
  type: BlockType;
  position: number;
  settings: unknown;
}

async function pageExists(sql: Sql, websiteId: string, pageId: string): Promise<boolean> {
  const [r] = await sql`select 1 from collection where id = ${pageId} and website_id = ${websiteId} and type = ${PAGE_TYPE}`;
  return Boolean(r);
}

/** A page's blocks in order, each with a one-line summary; null when the page is not this site's. */
export async function listBlocks(sql: Sql, websiteId: string, pageId: string): Promise<BlockRow[] | null> {
  if (!(await pageExists(sql, websiteId, pageId))) return null;
  const rows = await sql<Row[]>`select id, type, position, settings from page_block where collection_id = ${pageId} order by position, id`;
  const names = new Map(
    (await sql<{ id: string; name: string }[]>`select id, name from file_asset where website_id = ${websiteId}`).map((f) => [f.id, f.name]),
  );
  const forms = new Map((await siteForms(sql, websiteId)).map((f) => [f.id, f.name]));
  return rows.map((r) => ({
    id: r.id,
    type: r.type,
    label: BLOCK_LABELS[r.type] ?? r.type,
    position: r.position,
    summary: blockSummary(
      r.type,
      readSettings(r.type, r.settings),
      (id) => names.get(id) ?? null,
      (id) => forms.get(id) ?? null,
    ),
  }));
}

/** One block of a page, its settings parsed (null settings: stored ones that no longer parse). */
export async function blockById(
  sql: Db,
  websiteId: string,
  pageId: string,
  blockId: string,
): Promise<{ id: string; type: BlockType; settings: BlockSettings[BlockType] | null; pageTitle: string } | null> {
  const [r] = await sql<(Row & { title: string })[]>`
    select b.id, b.type, b.position, b.settings, c.title from page_block b join collection c on c.id = b.collection_id
     where b.id = ${blockId} and b.collection_id = ${pageId} and c.website_id = ${websiteId} and c.type = ${PAGE_TYPE}`;
  return r ? { id: r.id, type: r.type, settings: readSettings(r.type, r.settings), pageTitle: r.title } : null;
}

export async function pageTitle(sql: Sql, websiteId: string, pageId: string): Promise<{ title: string; urlId: string } | null> {
  const [r] = await sql<{ title: string; url_id: string }[]>`
    select title, url_id from collection where id = ${pageId} and website_id = ${websiteId} and type = ${PAGE_TYPE}`;
  return r ? { title: r.title, urlId: r.url_id } : null;
}

/** Every file the block names must be one of this site's files of the block's kind (a form block: one of its forms). */
async function checkFiles(sql: Sql, websiteId: string, type: BlockType, settings: BlockSettings[BlockType]): Promise<void> {
  if (type === 'form') {
    const [f] = await sql`select 1 from form where id = ${(settings as FormBlockSettings).formId} and website_id = ${websiteId}`;
    if (!f) throw new BlockError(400, FORM_BLOCK_TEXT.choose, 'formId');
    return;
  }
  const thumbnail = type === 'video' ? (settings as VideoSettings).thumbnailFileId : '';
  if (thumbnail) {
    const [f] = await sql`select 1 from file_asset where website_id = ${websiteId} and id = ${thumbnail} and content_type like 'image/%'`;
    if (!f) throw new BlockError(400, MEDIA_TEXT.notYours, 'thumbnailFileId');
  }
  const ids = [...new Set(fileIdsOf(type, settings))];
  if (ids.length === 0) return;
  const prefix = type === 'video' ? 'video/' : type === 'audio' ? 'audio/' : 'image/';
  const found = await sql<{ id: string }[]>`
    select id from file_asset where website_id = ${websiteId} and id in ${sql(ids)} and content_type like ${`${prefix}%`}`;
  if (found.length !== ids.length) throw new BlockError(400, MEDIA_TEXT.notYours, type === 'gallery' ? 'image' : 'fileId');
}

/**
 * A YouTube or Vimeo block gets what the provider's oEmbed says (title, provider name), when it
 * answers; a Vimeo Basic account's video is refused with SPEC 5's text. Files and other links as they are.
 */
async function withVideoMetadata<T extends BlockType>(type: T, settings: BlockSettings[T]): Promise<BlockSettings[T]> {
  if (type !== 'video') return settings;
  const v = settings as VideoSettings;
  const embed = v.fileId ? null : videoEmbed(v.url);
  if (!embed) return { ...v, oembed: undefined } as BlockSettings[T];
  const o = await videoOembed(embed);
  const refused = oembedRefusal(embed, o);
  if (refused) throw new BlockError(400, refused, 'url');
  return { ...v, oembed: o ? { title: o.title, providerName: o.providerName } : undefined } as BlockSettings[T];
}

const newId = () => randomBytes(12).toString('hex');

async function changed(a: OwnerAccess, action: string, pageId: string, detail: Record<string, unknown>): Promise<void> {
  const page = await pageTitle(a.sql, a.site.id, pageId);
  await recordAudit(a.sql, actorOf(a), action, page ? `/${page.urlId}` : pageId, detail);
  await storefrontChanged(a.sql, a.site.id);
}

/**
 * A block of a live page is part of the live site: adding, saving, moving or removing one needs
 * `pages.publish` (ADR 0010), so a draft editor changes blocks of drafts only.
 */
async function requireChangeable(a: OwnerAccess, pageId: string): Promise<void> {
  if (a.can('pages.publish')) return;
  const [page] = await a.sql<{ status: string }[]>`
    select status from collection where id = ${pageId} and website_id = ${a.site.id} and type = ${PAGE_TYPE}`;
  if (!page) throw new BlockError(404, BLOCK_TEXT.pageNotFound);
  if (isLiveStatus(page.status)) throw new BlockError(403, PAGE_RIGHTS_TEXT.live);
}

/** Whether this owner may change the page's blocks: what the block screens offer (the server checks again). */
export async function canChangeBlocks(a: OwnerAccess, pageId: string): Promise<boolean> {
  if (!a.can('pages.write')) return false;
  return requireChangeable(a, pageId).then(
    () => true,
    () => false,
  );
}

/** Adds a block at the end of the page. */
export async function addBlock<T extends BlockType>(a: OwnerAccess, pageId: string, type: T, settings: BlockSettings[T]): Promise<string> {
  await requireChangeable(a, pageId);
  await checkFiles(a.sql, a.site.id, type, settings);
  settings = await withVideoMetadata(type, settings);
  const id = newId();
  await a.sql.begin(async (tx) => {
    const [page] = await tx`
      select 1 from collection where id = ${pageId} and website_id = ${a.site.id} and type = ${PAGE_TYPE} for update`;
    if (!page) throw new BlockError(404, BLOCK_TEXT.pageNotFound);
    const [{ n, next }] = await tx<{ n: number; next: number }[]>`
      select count(*)::int as n, coalesce(max(position) + 1, 0)::int as next from page_block where collection_id = ${pageId}`;
    if (n >= MAX_BLOCKS) throw new BlockError(409, BLOCK_TEXT.tooMany);
    await tx`insert into page_block (id, collection_id, position, type, settings)
             values (${id}, ${pageId}, ${next}, ${type}, ${tx.json(settings as never)})`;
  });
  await changed(a, 'block.add', pageId, { type, block: id });
  return id;
}

/** Saves a block's settings (its type stays). */
export async function saveBlock<T extends BlockType>(
  a: OwnerAccess,
  pageId: string,
  blockId: string,
  type: T,
  settings: BlockSettings[T],
  /** Runs once the block is locked: throws VersionConflict when it changed since the form was drawn (issue 28). */
  guard: (tx: Db) => Promise<void> = async () => {},
): Promise<void> {
  await requireChangeable(a, pageId);
  await checkFiles(a.sql, a.site.id, type, settings);
  settings = await withVideoMetadata(type, settings);
  const count = await a.sql.begin(async (tx) => {
    await tx`select 1 from page_block where id = ${blockId} for update`;
    await guard(tx);
    const done = await tx`
      update page_block b set settings = ${tx.json(settings as never)}, updated_at = now()
        from collection c
       where b.id = ${blockId} and b.collection_id = ${pageId} and b.type = ${type}
         and c.id = b.collection_id and c.website_id = ${a.site.id} and c.type = ${PAGE_TYPE}`;
    return done.count;
  });
  if (count === 0) throw new BlockError(404, BLOCK_TEXT.notFound);
  await changed(a, 'block.update', pageId, { type, block: blockId });
}

/** Removes a block. */
export async function removeBlock(a: OwnerAccess, pageId: string, blockId: string): Promise<void> {
  await requireChangeable(a, pageId);
  const gone = await a.sql<{ type: string }[]>`
    delete from page_block b using collection c
     where b.id = ${blockId} and b.collection_id = ${pageId}
       and c.id = b.collection_id and c.website_id = ${a.site.id} and c.type = ${PAGE_TYPE}
    returning b.type`;
  if (gone.length === 0) throw new BlockError(404, BLOCK_TEXT.notFound);
  await changed(a, 'block.remove', pageId, { type: gone[0].type, block: blockId });
}

/** Moves a block one place up or down; false when it is already at that end. */
export async function moveBlock(a: OwnerAccess, pageId: string, blockId: string, direction: 'up' | 'down'): Promise<boolean> {
  await requireChangeable(a, pageId);
  const moved = await a.sql.begin(async (tx) => {
    const [page] = await tx`
      select 1 from collection where id = ${pageId} and website_id = ${a.site.id} and type = ${PAGE_TYPE} for update`;
    if (!page) throw new BlockError(404, BLOCK_TEXT.pageNotFound);
    const rows = await tx<{ id: string }[]>`select id from page_block where collection_id = ${pageId} order by position, id`;
    const i = rows.findIndex((r) => r.id === blockId);
    if (i < 0) throw new BlockError(404, BLOCK_TEXT.notFound);
    const j = direction === 'up' ? i - 1 : i + 1;
    if (j < 0 || j >= rows.length) return false;
    const order = rows.map((r) => r.id);
    [order[i], order[j]] = [order[j], order[i]];
    // Positions become 0..n-1 in the new order (also mending any ties left by concurrent adds).
    for (let k = 0; k < order.length; k++) await tx`update page_block set position = ${k} where id = ${order[k]}`;
    return true;
  });
  if (moved) await changed(a, 'block.reorder', pageId, { block: blockId, direction });
  return moved;
}

// ---------------------------------------------------------------------------------------------
// Versions (issue 28): a block's form carries the version it was drawn at.

type LoadedBlock = NonNullable<Awaited<ReturnType<typeof blockById>>>;

/** The block form's fields for a saved block (a chart's grid is not named field by field). */
function blockFields(b: LoadedBlock): URLSearchParams {
  const v = savedBlockValues(b.type, b.settings);
  const f = new URLSearchParams({ intent: 'save', ...v.fields });
  for (const id of v.images) f.append('image', id);
  return f;
}

/** Block `blockId` of page `pageId` as a versioned record: its version is a hash of its settings. */
export function blockVersioned(websiteId: string, pageId: string, blockId: string): Versioned<LoadedBlock> {
  return {
    thing: 'block',
    websiteId,
    load: (db) => blockById(db, websiteId, pageId, blockId),
    fields: blockFields,
    version: (b) => versionOf(b.settings),
    label: (f) => (f === 'image' ? 'images' : /^(cell|label|column)\./.test(f) ? 'chart data' : f),
    audit: (b) => ({ ids: [b.id] }),
  };
}
