// The file manager's work (SPEC 2: Existing Files, Upload File, File Detail): files an owner uploads,
// kept on disk in DATA_DIR/files/<website>/<id> with a file_asset row each (app/catalog/files.server.ts,
// which also sends one to a browser); listing, renaming and deleting them. An upload is streamed to disk
// (never held in memory, but for an SVG, which is sanitised whole), its type is read from its bytes
// (app/utils/file-types.ts), and it
// is written to a temporary file that is renamed into place inside the transaction that adds its row,
// so a row never names a half-written file. A site keeps at most FILE_STORAGE_MB of files (env).
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { unstable_parseMultipartFormData, type UploadHandler } from '@remix-run/node';
import type { Sql } from '../../db/client.server.js';
import type { Db } from '../edits/versions.server.js';
import type { OwnerAccess } from '../auth/permissions.server.js';
import { env } from '../utils/env.server.js';
import { log } from '../utils/log.server.js';
import { actorOf, recordAudit } from '../edits/audit.server.js';
import {
  cleanUploadName,
  extensionOf,
  FILE_TEXT,
  fileName,
  imageSize,
  KINDS,
  kindOf,
  MAX_UPLOAD_BYTES,
  SNIFF_BYTES,
  sniff,
  tooLargeFileText,
  storageFullText,
  unsupportedFileText,
  type FileKind,
} from '../utils/file-types.js';
import { sanitizeSvg } from './svg-sanitize.server.js';
import { storefrontChanged } from '../edits/storefront-changed.server.js';
import { fileById, fileInfo, filesDir, FILE_COLUMNS, isFileId, type FileInfo, type FileRow } from '../catalog/files.server.js';

/** Files per page of the list ("Load More" shows the next ones). */
export const FILES_PAGE = 24;

// The cursor names the last file shown: its exact creation time (microseconds, as stored) and id.
const encodeCursor = (r: FileRow) => Buffer.from(`${r.ts}|${r.id}`).toString('base64url');
function decodeCursor(raw: string | null | undefined): { ts: string; id: string } | null {
  if (!raw || raw.length > 200) return null;
  const [ts, id] = Buffer.from(raw, 'base64url').toString('utf8').split('|');
  if (!isFileId(id) || !/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d+)?[+-]\d\d(:\d\d)?$/.test(ts ?? '')) return null;
  return { ts, id };
}

/** A page of the site's files, newest first, whose names contain `q`; `next` is the cursor of the following page. */
export async function listFiles(
  sql: Sql,
  websiteId: string,
  opts: { q?: string | null; cursor?: string | null } = {},
): Promise<{ files: FileInfo[]; next: string | null }> {
  const q = (opts.q ?? '').trim().slice(0, 200);
  const after = decodeCursor(opts.cursor);
  const rows = await sql<FileRow[]>`
    select ${FILE_COLUMNS(sql)} from file_asset
     where website_id = ${websiteId}
       ${q ? sql`and name ilike ${'%' + q.replace(/[\\%_]/g, (c) => '\\' + c) + '%'}` : sql``}
       ${after ? sql`and (created_at, id) < (${after.ts}::timestamptz, ${after.id})` : sql``}
     order by created_at desc, id desc
     limit ${FILES_PAGE + 1}`;
  const page = rows.slice(0, FILES_PAGE);
  return { files: page.map(fileInfo), next: rows.length > FILES_PAGE ? encodeCursor(page[page.length - 1]) : null };
}

export type UploadResult = { ok: true; file: FileInfo } | { ok: false; status: 400 | 413; reason: string };
/** The answer of a refused upload posted by a screen's fetcher (the product image): the reason, shown by the field. */
export type UploadRefusal = { reason: string };

interface Received {
  tmp: string;
  size: number;
  head: Uint8Array;
  name: string;
}

async function drain(data: AsyncIterable<Uint8Array>): Promise<void> {
  for await (const chunk of data) void chunk;
}

/**
 * Reads the multipart body, writing the part named `file` to a temporary file in `dir` as it
 * arrives. The rest of a part over the limit is read and dropped (the body guard bounds it) so the
 * browser gets the answer instead of a reset connection.
 */
async function receive(request: Request, dir: string): Promise<{ file: Received | null; tooLarge: string | null }> {
  let file: Received | null = null;
  // The name of the file that went over the limit (the refusal names it).
  let tooLarge: string | null = null;
  const temps: string[] = [];
  const handler: UploadHandler = async ({ name, filename, data }) => {
    if (name !== 'file' || !filename || file || tooLarge) {
      await drain(data);
      return undefined;
    }
    const tmp = path.join(dir, `.upload-${crypto.randomBytes(8).toString('hex')}`);
    temps.push(tmp);
    const out = await fs.promises.open(tmp, 'wx', 0o600);
    const head = new Uint8Array(SNIFF_BYTES);
    let size = 0;
    try {
      for await (const chunk of data) {
        if (tooLarge) continue;
        if (size < SNIFF_BYTES) head.set(chunk.subarray(0, SNIFF_BYTES - size), size);
        size += chunk.length;
        if (size > MAX_UPLOAD_BYTES) tooLarge = filename;
        else await out.write(chunk);
      }
    } finally {
      await out.close();
    }
    if (!tooLarge) file = { tmp, size, head: head.subarray(0, Math.min(size, SNIFF_BYTES)), name: filename };
    return undefined;
  };
  try {
    await unstable_parseMultipartFormData(request, handler);
  } catch (e) {
    await Promise.all(temps.map((t) => fs.promises.rm(t, { force: true })));
    throw e;
  }
  const keep = (file as Received | null)?.tmp;
  await Promise.all(temps.filter((t) => t !== keep).map((t) => fs.promises.rm(t, { force: true })));
  return { file, tooLarge };
}

/**
 * Replaces the SVG at `file` with its sanitised text (svg-sanitize.server.ts) and gives its new
 * size; 'scripts' when the file tried to run something (refused, so the owner learns why), 'broken'
 * when it is no SVG document once cleaned (a DOCTYPE with its own entities, text around the root).
 */
async function sanitizeSvgFile(file: string): Promise<number | 'scripts' | 'broken'> {
  const { svg, scripts } = sanitizeSvg(await fs.promises.readFile(file, 'utf8'));
  if (scripts) return 'scripts';
  if (!/^<svg[\s>]/.test(svg) || !svg.endsWith('</svg>')) return 'broken';
  const bytes = Buffer.from(svg, 'utf8');
  await fs.promises.writeFile(file, bytes);
  return bytes.length;
}

const refuse = (status: 400 | 413, reason: string): UploadResult => ({ ok: false, status, reason });

/**
 * Takes the file posted as `file` in a multipart form (call after the permission check);
 * `imagesOnly` refuses any other kind (told by its bytes, as every upload is).
 */
export async function uploadFile(a: OwnerAccess, request: Request, opts: { imagesOnly?: boolean } = {}): Promise<UploadResult> {
  const type = (request.headers.get('Content-Type') ?? '').toLowerCase();
  if (!type.startsWith('multipart/form-data')) return refuse(400, FILE_TEXT.noFile);
  const dir = filesDir(a.site.id);
  await fs.promises.mkdir(dir, { recursive: true });

  let got: Awaited<ReturnType<typeof receive>>;
  try {
    got = await receive(request, dir);
  } catch (e) {
    log.warn(`storefront: an upload could not be read: ${(e as Error).message}`);
    return refuse(400, 'The upload could not be read. Please try again.');
  }
  if (got.tooLarge !== null) return refuse(413, tooLargeFileText(cleanUploadName(got.tooLarge) || 'file'));
  const f = got.file;
  if (!f) return refuse(400, FILE_TEXT.noFile);

  let kept = false;
  try {
    if (f.size === 0) return refuse(400, FILE_TEXT.empty);
    const clientName = cleanUploadName(f.name);
    // SPEC 5's text for every refusal of the file's type, naming the file as it was sent.
    const unsupported = unsupportedFileText(clientName || 'file', opts.imagesOnly);
    const k = sniff(f.head, extensionOf(clientName), f.size <= f.head.length);
    if (!k || (opts.imagesOnly && !k.image)) return refuse(400, unsupported);
    if (k === KINDS.svg) {
      // What is stored is the sanitiser's output, never the bytes as sent.
      const size = await sanitizeSvgFile(f.tmp);
      if (typeof size !== 'number') return refuse(400, size === 'scripts' ? `${unsupported} ${FILE_TEXT.unsafeSvg}` : unsupported);
      f.size = size;
    }
    // A name whose extension belongs to another type (a text file called .png) is refused as that type would be.
    const named = fileName(clientName || 'file', k);
    if (!named.ok) return refuse(400, named.wrongType ? unsupported : named.error);

    const id = crypto.randomBytes(12).toString('hex');
    const final = path.join(filesDir(a.site.id), id);
    const quota = storageQuotaBytes();
    let row: FileRow | null;
    try {
      row = await a.sql.begin(async (tx) => {
        // The site's row locked: two uploads at once cannot both fit in the room left for one.
        await tx`select 1 from website where id = ${a.site.id} for update`;
        if ((await storageUsed(tx, a.site.id)) + f.size > quota) return null;
        const [r] = await tx<FileRow[]>`
          insert into file_asset (id, website_id, name, content_type, size_bytes, original_size, created_by)
          values (${id}, ${a.site.id}, ${named.name}, ${k.contentType}, ${f.size}, ${k.image ? imageSize(f.head, k) : null}, ${a.owner.id})
          returning ${FILE_COLUMNS(tx)}`;
        // Moved in place before the row commits: a failed move leaves no row, and nothing over the quota is kept.
        await fs.promises.rename(f.tmp, final);
        kept = true;
        return r;
      });
    } catch (e) {
      if (kept) await fs.promises.rm(final, { force: true });
      throw e;
    }
    if (!row) return refuse(413, storageFullText(named.name, quota));
    await recordAudit(a.sql, actorOf(a), 'file.upload', named.name, { id, type: k.contentType, size: f.size });
    return { ok: true, file: fileInfo(row) };
  } finally {
    if (!kept) await fs.promises.rm(f.tmp, { force: true });
  }
}

/** Bytes of files each site may keep (FILE_STORAGE_MB). */
export const storageQuotaBytes = (): number => env().fileStorageBytes;

/** Bytes of the site's files (what the storage quota counts). */
export async function storageUsed(sql: Db, websiteId: string): Promise<number> {
  const [{ used }] = await sql<{ used: string }[]>`
    select coalesce(sum(size_bytes), 0)::text as used from file_asset where website_id = ${websiteId}`;
  return Number(used);
}

/** Renames one of the site's files; null when there is no such file, else the new name or why not. */
export async function renameFile(
  a: OwnerAccess,
  id: string,
  typed: string,
): Promise<null | { ok: true; file: FileInfo } | { ok: false; error: string }> {
  const f = await fileById(a.sql, a.site.id, id);
  if (!f) return null;
  const k: FileKind | null = kindOf(f.contentType);
  const named = k ? fileName(typed, k) : { ok: false as const, error: unsupportedFileText(f.name) };
  if (!named.ok) return named;
  const [row] = await a.sql<FileRow[]>`
    update file_asset set name = ${named.name}, updated_at = now()
     where id = ${id} and website_id = ${a.site.id}
    returning ${FILE_COLUMNS(a.sql)}`;
  if (!row) return null;
  await recordAudit(a.sql, actorOf(a), 'file.rename', named.name, { id, from: f.name });
  await storefrontChanged(a.sql, a.site.id);
  return { ok: true, file: fileInfo(row) };
}

/** Deletes one of the site's files: the row, then the bytes. False when there was no such file. */
export async function deleteFile(a: OwnerAccess, id: string): Promise<boolean> {
  if (!isFileId(id)) return false;
  const [row] = await a.sql<{ name: string }[]>`delete from file_asset where id = ${id} and website_id = ${a.site.id} returning name`;
  if (!row) return false;
  await fs.promises.rm(path.join(filesDir(a.site.id), id), { force: true });
  await recordAudit(a.sql, actorOf(a), 'file.delete', row.name, { id });
  await storefrontChanged(a.sql, a.site.id);
  return true;
}
