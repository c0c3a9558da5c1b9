// The Gallery screen's work (issue 13): the pictures of the site's first gallery collection, each
// an image from the file manager with a title and a description; added, moved and removed. The
// gallery is made (not linked from any menu) with its first picture. Audited; the storefront's
// caches hear of every change.
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Sql } from '../../db/client.server.js';
import type { OwnerAccess } from '../auth/permissions.server.js';
import { actorOf, recordAudit } from '../edits/audit.server.js';
import { listFiles } from './files.server.js';
import { fileById, filePath } from '../catalog/files.server.js';
import { GALLERY_MAX } from '../catalog/collections.server.js';
import { slugify } from './pages.server.js';
import { storefrontChanged } from '../edits/storefront-changed.server.js';

const GENERIC_TYPE = 1;
const RECORD_IMAGE = 2;

export const GALLERY_TEXT = {
  file: 'Choose an image from the file manager.',
  notImage: 'This file is not an image.',
  title: 'Enter a title.',
  full: `A gallery holds at most ${GALLERY_MAX} pictures.`,
  notFound: 'There is no such picture in this gallery.',
  refused: 'The gallery is published: your role cannot change it; an editor can.',
};

/**
 * The gallery is made published and its pictures have no draft state: every change is a change to
 * the live site, so it needs `pages.publish` (ADR 0010), not only `pages.write`.
 */
export function canChangeGallery(a: Pick<OwnerAccess, 'can'>): boolean {
  return a.can('pages.write') && a.can('pages.publish');
}

function requireChangeable(a: OwnerAccess): void {
  if (!canChangeGallery(a)) throw new GalleryError(403, GALLERY_TEXT.refused);
}

export class GalleryError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

export const PictureForm = z.object({
  fileId: z.string({ required_error: GALLERY_TEXT.file }).trim().min(1, GALLERY_TEXT.file),
  title: z.string({ required_error: GALLERY_TEXT.title }).trim().min(1, GALLERY_TEXT.title).max(200, 'A title is at most 200 characters.'),
  description: z.string().trim().max(1000, 'A description is at most 1000 characters.').default(''),
});
export type PictureInput = z.infer<typeof PictureForm>;

export interface Picture {
  id: string;
  title: string;
  description: string;
  assetUrl: string | null;
}

async function galleryOf(sql: Sql, websiteId: string): Promise<{ id: string; urlId: string } | null> {
  const [c] = await sql<{ id: string; url_id: string }[]>`
    select id, url_id from collection where website_id = ${websiteId} and type = ${GENERIC_TYPE} and type_name = 'gallery'
     order by ordering, id limit 1`;
  return c ? { id: c.id, urlId: c.url_id } : null;
}

/** The gallery's pictures in order, and the site's newest images to choose from. */
export async function galleryScreen(sql: Sql, websiteId: string) {
  const gallery = await galleryOf(sql, websiteId);
  const pictures = gallery
    ? await sql<{ id: string; title: string; body: string; asset_url: string | null }[]>`
        select id, title, body, asset_url from item where collection_id = ${gallery.id} order by ordering, title, id`
    : [];
  const { files } = await listFiles(sql, websiteId);
  return {
    path: gallery ? `/${gallery.urlId}` : null,
    pictures: pictures.map((p): Picture => ({ id: p.id, title: p.title, description: p.body, assetUrl: p.asset_url })),
    images: files.filter((f) => f.contentType.startsWith('image/')).map((f) => ({ value: f.id, label: f.name })),
  };
}

/** Adds a picture at the end of the gallery (made first if the site has none). */
export async function addPicture(a: OwnerAccess, input: PictureInput): Promise<{ id: string }> {
  requireChangeable(a);
  const websiteId = a.site.id;
  const file = await fileById(a.sql, websiteId, input.fileId);
  if (!file) throw new GalleryError(400, GALLERY_TEXT.file, 'fileId');
  if (!file.contentType.startsWith('image/')) throw new GalleryError(400, GALLERY_TEXT.notImage, 'fileId');
  const id = `${websiteId}-picture-${randomUUID().slice(0, 12)}`;
  const path = await a.sql.begin(async (tx) => {
    let [c] = await tx<{ id: string; url_id: string }[]>`
      select id, url_id from collection where website_id = ${websiteId} and type = ${GENERIC_TYPE} and type_name = 'gallery'
       order by ordering, id limit 1 for update`;
    if (!c) {
      const taken = new Set(
        (await tx<{ url_id: string }[]>`select url_id from collection where website_id = ${websiteId} and url_id like 'gallery%'`).map(
          (r) => r.url_id,
        ),
      );
      let url = 'gallery';
      for (let n = 2; taken.has(url); n++) url = `gallery-${n}`;
      const [{ next }] = await tx<{ next: number }[]>`
        select coalesce(max(ordering) + 1, 0)::int as next from collection where website_id = ${websiteId}`;
      c = { id: `${websiteId}-gallery-${randomUUID().slice(0, 12)}`, url_id: url };
      await tx`insert into collection ${tx({ id: c.id, website_id: websiteId, url_id: url, title: 'Gallery', type: GENERIC_TYPE, type_name: 'gallery', ordering: next })}`;
    }
    const [{ n, next }] = await tx<{ n: number; next: number }[]>`
      select count(*)::int as n, coalesce(max(ordering) + 1, 0)::int as next from item where collection_id = ${c.id}`;
    if (n >= GALLERY_MAX) throw new GalleryError(409, GALLERY_TEXT.full);
    await tx`insert into item ${tx({
      id,
      collection_id: c.id,
      // Pictures have no page of their own; the address only has to be unique in the gallery.
      url_id: `${slugify(input.title)}-${id.slice(-6)}`,
      title: input.title,
      body: input.description,
      record_type: RECORD_IMAGE,
      asset_url: filePath(file),
      original_size: file.originalSize ?? '1000x1000',
      ordering: next,
    })}`;
    return `/${c.url_id}`;
  });
  await recordAudit(a.sql, actorOf(a), 'gallery.add', path, { title: input.title, file: file.name });
  await storefrontChanged(a.sql, websiteId);
  return { id };
}

async function pictureOf(sql: Sql, websiteId: string, id: string) {
  const [p] = await sql<{ id: string; title: string; collection_id: string; url_id: string }[]>`
    select i.id, i.title, i.collection_id, c.url_id from item i join collection c on c.id = i.collection_id
     where i.id = ${id} and c.website_id = ${websiteId} and c.type = ${GENERIC_TYPE} and c.type_name = 'gallery'`;
  if (!p) throw new GalleryError(404, GALLERY_TEXT.notFound);
  return p;
}

export async function removePicture(a: OwnerAccess, id: string): Promise<void> {
  requireChangeable(a);
  const p = await pictureOf(a.sql, a.site.id, id);
  await a.sql`delete from item where id = ${p.id}`;
  await recordAudit(a.sql, actorOf(a), 'gallery.remove', `/${p.url_id}`, { title: p.title });
  await storefrontChanged(a.sql, a.site.id);
}

/** Moves a picture one place up or down; false when it is already at that end. */
export async function movePicture(a: OwnerAccess, id: string, direction: 'up' | 'down'): Promise<boolean> {
  requireChangeable(a);
  const p = await pictureOf(a.sql, a.site.id, id);
  const moved = await a.sql.begin(async (tx) => {
    const rows = await tx<{ id: string }[]>`
      select id from item where collection_id = ${p.collection_id} order by ordering, title, id for update`;
    const i = rows.findIndex((r) => r.id === id);
    const j = direction === 'up' ? i - 1 : i + 1;
    if (i < 0 || j < 0 || j >= rows.length) return false;
    [rows[i], rows[j]] = [rows[j], rows[i]];
    for (let k = 0; k < rows.length; k++) await tx`update item set ordering = ${k} where id = ${rows[k].id}`;
    return true;
  });
  if (!moved) return false;
  await recordAudit(a.sql, actorOf(a), 'gallery.reorder', `/${p.url_id}`, { title: p.title, direction });
  await storefrontChanged(a.sql, a.site.id);
  return true;
}
