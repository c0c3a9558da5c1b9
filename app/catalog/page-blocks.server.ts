// The content blocks of a page as the storefront reads them (table page_block, db/migrations/0015):
// in order, with the site's files they name (a deleted file is simply absent). The storefront
// shapes them for the theme (app/storefront/page-blocks.ts).
import type { Sql } from '../../db/client.server.js';

export interface BlockFile {
  url: string;
  name: string;
  contentType: string;
  originalSize: string | null;
}

export interface StoredBlock {
  id: string;
  type: string;
  settings: unknown;
}

export interface PageBlocks {
  blocks: StoredBlock[];
  /** The files the blocks name, by id. */
  files: Record<string, BlockFile>;
}

const fileUrl = (id: string, name: string) => `/files/${encodeURIComponent(id)}/${encodeURIComponent(name)}`;

export async function readPageBlocks(sql: Sql, websiteId: string, collectionId: string): Promise<PageBlocks> {
  const blocks = await sql<StoredBlock[]>`
    select id, type, settings from page_block where collection_id = ${collectionId} order by position, id`;
  if (blocks.length === 0) return { blocks: [], files: {} };
  const ids = new Set<string>();
  // Every string a block's settings hold under "fileId" (or a video's "thumbnailFileId") names a file (see app/config/blocks).
  const collect = (v: unknown): void => {
    if (Array.isArray(v)) v.forEach(collect);
    else if (v && typeof v === 'object')
      for (const [k, x] of Object.entries(v)) {
        if ((k === 'fileId' || k === 'thumbnailFileId') && typeof x === 'string' && x !== '') ids.add(x);
        else collect(x);
      }
  };
  blocks.forEach((b) => collect(b.settings));
  const files: Record<string, BlockFile> = {};
  if (ids.size > 0) {
    const rows = await sql<{ id: string; name: string; content_type: string; original_size: string | null }[]>`
      select id, name, content_type, original_size from file_asset where website_id = ${websiteId} and id in ${sql([...ids])}`;
    for (const r of rows)
      files[r.id] = { url: fileUrl(r.id, r.name), name: r.name, contentType: r.content_type, originalSize: r.original_size };
  }
  return { blocks, files };
}
