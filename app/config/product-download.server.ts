// The file a digital product delivers (issue 33): the files an owner may pick on the product screen,
// and attaching one (or none). Buyers get it through their download links (app/commerce/downloads).
import { z } from 'zod';
import type { Sql } from '../../db/client.server.js';
import type { OwnerAccess } from '../auth/permissions.server.js';
import { actorOf, recordAudit } from '../edits/audit.server.js';
import { formatSize, uploadDay } from '../utils/file-types.js';
import { isFileId } from '../catalog/files.server.js';

export const DOWNLOAD_FILE_TEXT = {
  saved: 'Download file saved.',
  notAFile: 'Choose one of the files in the list.',
  notDigital: 'Only a digital product delivers a file.',
} as const;

/** The files offered in the picker, by name (most sites have few; the picker shows at most 500). */
export async function downloadFileChoices(sql: Sql, websiteId: string): Promise<{ id: string; name: string; label: string }[]> {
  const rows = await sql<{ id: string; name: string; size_bytes: number; created_at: Date }[]>`
    select id, name, size_bytes::int as size_bytes, created_at from file_asset
     where website_id = ${websiteId} order by lower(name), created_at desc, id limit 500`;
  // Size and upload day in the choice, so two files of one name are told apart (issue 33).
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    label: `${r.name} (${formatSize(r.size_bytes)}, uploaded ${uploadDay(r.created_at)})`,
  }));
}

/** The product's file id, or null (also for a product of another site). */
export async function productDownloadFile(sql: Sql, websiteId: string, productId: string): Promise<string | null> {
  const [r] = await sql<{ digital_file_id: string | null }[]>`
    select p.digital_file_id from product p join item i on i.id = p.item_id join collection c on c.id = i.collection_id
     where p.item_id = ${productId} and c.website_id = ${websiteId}`;
  return r?.digital_file_id ?? null;
}

export const DownloadFileForm = z.object({ digitalFileId: z.string().max(100).optional().default('') });

/**
 * Attaches `fileId` (one of the site's files; '' for none) to the digital product `productId`.
 * Links sent before keep the file they were made with until a new link is asked for.
 */
export async function setProductDownloadFile(
  a: OwnerAccess,
  productId: string,
  fileId: string,
): Promise<{ ok: true } | { ok: false; error: string }> {
  if (fileId !== '' && !isFileId(fileId)) return { ok: false, error: DOWNLOAD_FILE_TEXT.notAFile };
  const rows = await a.sql<{ product_type: number; file_ok: boolean }[]>`
    select p.product_type,
           (${fileId} = '' or exists (select 1 from file_asset f where f.id = ${fileId} and f.website_id = ${a.site.id})) as file_ok
      from product p join item i on i.id = p.item_id join collection c on c.id = i.collection_id
     where p.item_id = ${productId} and c.website_id = ${a.site.id}`;
  const p = rows[0];
  if (!p) return { ok: false, error: DOWNLOAD_FILE_TEXT.notAFile };
  if (p.product_type !== 2) return { ok: false, error: DOWNLOAD_FILE_TEXT.notDigital };
  if (!p.file_ok) return { ok: false, error: DOWNLOAD_FILE_TEXT.notAFile };
  await a.sql`update product set digital_file_id = ${fileId === '' ? null : fileId} where item_id = ${productId}`;
  await recordAudit(a.sql, actorOf(a), 'product.download-file', productId, { file: fileId || null });
  return { ok: true };
}
