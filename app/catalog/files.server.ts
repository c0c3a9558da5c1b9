// A site's uploaded files as they are stored and served: the file_asset row, the bytes on disk in
// DATA_DIR/files/<website>/<id>, and the response that sends one to a browser, for whoever serves
// them (/files/ and the owner's previews, app/config/files.server.ts; bought downloads, app/commerce).
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { createReadableStreamFromReadable } from '@remix-run/node';
import type postgres from 'postgres';
import type { Sql } from '../../db/client.server.js';
import { seedFileId, seedFileSource } from '../../db/seed.server.js';
import { env } from '../utils/env.server.js';
import { byteRange, KINDS, kindOf } from '../utils/file-types.js';

type Db = Sql | postgres.TransactionSql;

export interface FileInfo {
  id: string;
  name: string;
  contentType: string;
  sizeBytes: number;
  /** "WxH" for images whose header could be read. */
  originalSize: string | null;
  createdAt: string;
  updatedAt: string;
}

const ID = /^[a-f0-9]{24}$/;
export const isFileId = (id: string | undefined): id is string => typeof id === 'string' && ID.test(id);

/** The folder of a site's files. Site ids are made by us, but a path never trusts a value it did not check. */
export function filesDir(websiteId: string, dataDir = env().dataDir): string {
  const safe = /^[A-Za-z0-9_-]{1,100}$/.test(websiteId) ? websiteId : crypto.createHash('sha256').update(websiteId).digest('hex');
  return path.resolve(dataDir, 'files', safe);
}

export interface FileRow {
  id: string;
  name: string;
  content_type: string;
  size_bytes: number;
  original_size: string | null;
  created_at: Date;
  updated_at: Date;
  ts: string;
}

export const fileInfo = (r: FileRow): FileInfo => ({
  id: r.id,
  name: r.name,
  contentType: r.content_type,
  sizeBytes: r.size_bytes,
  originalSize: r.original_size,
  createdAt: r.created_at.toISOString(),
  updatedAt: r.updated_at.toISOString(),
});

/** The columns a FileRow is read from. */
export const FILE_COLUMNS = (sql: Db) =>
  sql`id, name, content_type, size_bytes::int as size_bytes, original_size, created_at, updated_at, created_at::text as ts`;

/** One of the site's files; null for an id of no file of this site. */
export async function fileById(sql: Sql, websiteId: string, id: string | undefined): Promise<FileInfo | null> {
  if (!isFileId(id)) return null;
  const [row] = await sql<FileRow[]>`select ${FILE_COLUMNS(sql)} from file_asset where id = ${id} and website_id = ${websiteId}`;
  return row ? fileInfo(row) : null;
}

/** Where visitors get a file: /files/<id>/<name>. */
export const filePath = (f: { id: string; name: string }) => `/files/${f.id}/${encodeURIComponent(f.name)}`;

/**
 * Opens a file's bytes. A starting product's file (db/seed/files/, issue 33) is put back from the
 * copy shipped with the code when the data folder does not have it yet (a new DATA_DIR, a
 * database seeded elsewhere).
 */
async function openFile(websiteId: string, f: { id: string; name: string }): Promise<fs.promises.FileHandle> {
  const at = path.join(filesDir(websiteId), f.id);
  try {
    return await fs.promises.open(at, 'r');
  } catch (e) {
    const source = f.id === seedFileId(websiteId, f.name) ? seedFileSource(f.name) : null;
    if (!source) throw e;
    await fs.promises.mkdir(path.dirname(at), { recursive: true });
    await fs.promises.copyFile(source, at);
    return fs.promises.open(at, 'r');
  }
}

/** A Content-Disposition that survives any name: an ASCII fallback and the UTF-8 name (RFC 6266). */
function disposition(inline: boolean, name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase());
  return `${inline ? 'inline' : 'attachment'}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** The CSP an uploaded SVG is served with, on /files/ and on the owner's preview path alike. */
const FILE_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox";

const notFound = () =>
  new Response('There is no file at this address.', {
    status: 404,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' },
  });

/**
 * One of the site's files as a response: streamed from disk with its type, length, and headers that
 * keep it from running as a page (nosniff; FILE_CSP for an SVG), whatever the path. `audience`: 'public'
 * for /files/ (cached for a year: a file id never changes content), 'owner' for previews in /config.
 */
export async function fileResponse(
  sql: Sql,
  websiteId: string,
  id: string | undefined,
  request: Request,
  audience: 'public' | 'owner' | 'download',
) {
  const f = await fileById(sql, websiteId, id);
  if (!f) return notFound();
  let handle: fs.promises.FileHandle;
  try {
    handle = await openFile(websiteId, f);
  } catch {
    return notFound();
  }
  const size = (await handle.stat()).size;
  const k = kindOf(f.contentType);
  // A bought download (issue 33) is always saved, never cached by anyone but the buyer's browser.
  const cache = { public: 'public, max-age=31536000, immutable', owner: 'private, max-age=3600', download: 'private, no-store' }[audience];
  const headers = new Headers({
    'Content-Type': /^text\/|^image\/svg\+xml$/.test(f.contentType) ? `${f.contentType}; charset=utf-8` : f.contentType,
    'Cache-Control': cache,
    'Content-Disposition': disposition(audience === 'download' ? false : (k?.inline ?? false), f.name),
    ETag: `"${f.id}"`,
    'Accept-Ranges': 'bytes',
  });
  // The same safe headers on every path that serves a file (app/server/main.ts drops the page's own
  // on both): never sniffed into another type, and an SVG opened on its own is a sandboxed document
  // that loads nothing but its embedded images, so no script of it could run even had one passed.
  headers.set('X-Content-Type-Options', 'nosniff');
  if (f.contentType === KINDS.svg.contentType) headers.set('Content-Security-Policy', FILE_CSP);

  if (request.headers.get('If-None-Match')?.includes(`"${f.id}"`)) {
    await handle.close();
    return new Response(null, { status: 304, headers });
  }
  const range = byteRange(request.headers.get('Range'), size);
  if (range === 'unsatisfiable') {
    await handle.close();
    headers.set('Content-Range', `bytes */${size}`);
    headers.set('Content-Length', '0');
    return new Response(null, { status: 416, headers });
  }
  const start = range === 'none' ? 0 : range.start;
  const end = range === 'none' ? size - 1 : range.end;
  headers.set('Content-Length', String(size === 0 ? 0 : end - start + 1));
  if (range !== 'none') headers.set('Content-Range', `bytes ${start}-${end}/${size}`);
  const status = range === 'none' ? 200 : 206;
  if (request.method === 'HEAD' || size === 0) {
    await handle.close();
    return new Response(null, { status, headers });
  }
  const body = createReadableStreamFromReadable(handle.createReadStream({ start, end, autoClose: true }));
  return new Response(body, { status, headers });
}
