// GET /fonts/<id>/<file>.woff2: the woff2 files of the font catalog (app/design/fonts.ts), read from
// the installed @fontsource packages. Only a file the catalog names is ever read, so no path a
// request makes up reaches the file system.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { projectPath } from '../../db/paths.server.js';
import { isCatalogFile } from '../design/fonts.js';
import { etagMatches } from '../utils/etag.js';
import { IMMUTABLE } from './theme-css.server.js';
import { log } from '../utils/log.server.js';

interface FontFile {
  body: Buffer;
  etag: string;
}

// A few hundred files of 10-60 kB at most (the catalog's): kept once read.
const files = new Map<string, Promise<FontFile | null>>();

async function read(id: string, file: string): Promise<FontFile | null> {
  try {
    const body = await readFile(path.join(projectPath('node_modules/@fontsource'), id, 'files', file));
    return { body, etag: `"${createHash('sha256').update(body).digest('hex').slice(0, 16)}"` };
  } catch (e) {
    log.error(`fonts: cannot read ${id}/${file}: ${e instanceof Error ? e.message : String(e)}`);
    return null;
  }
}

export async function fontFileResponse(request: Request, id: string, file: string): Promise<Response> {
  if (!isCatalogFile(id, file)) return notFound();
  const key = `${id}/${file}`;
  let pending = files.get(key);
  if (!pending) {
    pending = read(id, file);
    files.set(key, pending);
  }
  const found = await pending;
  if (!found) {
    // A missing package is a broken install, not a client's mistake; the next request tries again.
    files.delete(key);
    return new Response('The font cannot be read right now.\n', {
      status: 503,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
    });
  }
  // A file of a package version never changes: cached for a year, like the hashed stylesheet.
  const headers = new Headers({ 'Content-Type': 'font/woff2', 'Cache-Control': IMMUTABLE, ETag: found.etag });
  if (etagMatches(request.headers.get('If-None-Match'), found.etag)) return new Response(null, { status: 304, headers });
  headers.set('Content-Length', String(found.body.length));
  return new Response(new Uint8Array(found.body), { status: 200, headers });
}

function notFound(): Response {
  return new Response('Not found\n', {
    status: 404,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=60' },
  });
}
