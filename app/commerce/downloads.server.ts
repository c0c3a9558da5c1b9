// Digital downloads (issue 33): a download grant per digital order line, its signed link (an HMAC
// of the grant's id and generation, ADR 0029), the counted download, and a new link by email.
import { getSql, type Sql } from '../../db/client.server.js';
import { loadSite } from '../catalog/catalog.server.js';
import { fileResponse } from '../catalog/files.server.js';
import { baseUrlFor } from '../utils/base-url.server.js';
import { env } from '../utils/env.server.js';
import { enqueueComposed, prepareMail } from '../utils/mail-queue.server.js';
import { isSignedFor, SIGNATURE, signFor } from '../utils/purpose-signature.server.js';
import { createLimiter, type Limiter } from '../utils/rate-limit.server.js';
import {
  DOWNLOAD_DAYS,
  DOWNLOADS_ALLOWED,
  newLinkEmail,
  RENEWALS_PER_ADDRESS_HOUR,
  RENEWALS_PER_GRANT_HOUR,
  type DownloadLink,
} from './downloads.js';

const PURPOSE = 'download';
export const GRANT_ID = /^[0-9a-f]{32}$/;

/** The signature of a grant's current link, made with the newest secret. */
export function downloadToken(grantId: string, generation: number, secrets: string[] = env().sessionSecrets): string {
  return signFor(PURPOSE, `${grantId}:${generation}`, secrets);
}

/** Whether `token` signs this generation of the grant under any current secret. */
function signs(token: string, grantId: string, generation: number, secrets: string[]): boolean {
  return isSignedFor(PURPOSE, `${grantId}:${generation}`, token, secrets);
}

/** The path of a grant's link: /downloads/<grant>?t=<signature>. */
export function downloadPath(grantId: string, generation: number): string {
  return `/downloads/${grantId}?t=${downloadToken(grantId, generation)}`;
}

interface GrantRow {
  id: string;
  order_id: string;
  line: number;
  file_id: string | null;
  generation: number;
  expires_at: Date;
  downloads_used: number;
  downloads_allowed: number;
  product_name: string;
}

/**
 * Makes the missing grants of an order's digital lines (idempotent: one per line), expiring
 * DOWNLOAD_DAYS after the order, with the file the product has now. Made when the order's page or
 * email first needs its links, so checkout itself is left as it is.
 */
async function ensureGrants(sql: Sql, orderId: string): Promise<void> {
  await sql`
    insert into download_grant (id, order_id, line, file_id, expires_at, downloads_allowed)
    select replace(gen_random_uuid()::text, '-', ''), oi.order_id, oi.line, p.digital_file_id,
           o.created + make_interval(days => ${DOWNLOAD_DAYS}), ${DOWNLOADS_ALLOWED}
      from order_item oi
      join "order" o on o.id = oi.order_id
      join product p on p.item_id = oi.item_id
     where oi.order_id = ${orderId} and p.product_type = 2
    on conflict (order_id, line) do nothing`;
}

/** The download links of an order's digital lines, in line order; `base` prefixes each path. */
export async function orderDownloads(orderId: string, base = ''): Promise<DownloadLink[]> {
  const sql = await getSql();
  await ensureGrants(sql, orderId);
  const rows = await sql<GrantRow[]>`
    select g.*, oi.product_name
      from download_grant g join order_item oi on oi.order_id = g.order_id and oi.line = g.line
     where g.order_id = ${orderId}
     order by g.line`;
  return rows.map((g) => ({
    line: g.line,
    productName: g.product_name,
    url: base + downloadPath(g.id, g.generation),
    expiresAt: new Date(g.expires_at).toISOString(),
    remaining: Math.max(0, g.downloads_allowed - g.downloads_used),
  }));
}

async function grantOf(sql: Sql, websiteId: string, grantId: string): Promise<GrantRow | null> {
  if (!GRANT_ID.test(grantId)) return null;
  const [g] = await sql<GrantRow[]>`
    select g.*, oi.product_name
      from download_grant g
      join "order" o on o.id = g.order_id
      join order_item oi on oi.order_id = g.order_id and oi.line = g.line
     where g.id = ${grantId} and o.website_id = ${websiteId}`;
  return g ?? null;
}

export type DownloadRefusal = 'invalid' | 'expired' | 'used-up' | 'missing';

/**
 * Serves a grant's file when its link is current, not expired and not used up, counting the
 * download in the same statement that checks (two downloads at once cannot both take the last
 * one). Otherwise says why, for the page that offers a new link.
 */
export async function download(
  websiteId: string,
  grantId: string,
  token: string | null,
  request: Request,
): Promise<{ ok: true; response: Response } | { ok: false; why: DownloadRefusal }> {
  const sql = await getSql();
  const g = await grantOf(sql, websiteId, grantId);
  if (!g || !token || !SIGNATURE.test(token) || !signs(token, g.id, g.generation, env().sessionSecrets))
    return { ok: false, why: 'invalid' };
  if (new Date(g.expires_at).getTime() <= Date.now()) return { ok: false, why: 'expired' };
  if (!g.file_id) return { ok: false, why: 'missing' };
  // HEAD asks about the file without spending a download.
  if (request.method === 'HEAD') return { ok: true, response: await fileResponse(sql, websiteId, g.file_id, request, 'download') };
  const [taken] = await sql<{ file_id: string | null }[]>`
    update download_grant set downloads_used = downloads_used + 1
     where id = ${g.id} and generation = ${g.generation}
       and downloads_used < downloads_allowed and expires_at > now()
    returning file_id`;
  if (!taken) return { ok: false, why: 'used-up' };
  const response = await fileResponse(sql, websiteId, taken.file_id ?? undefined, request, 'download');
  if (response.status >= 400) {
    // The file went away on disk: the shopper keeps the download they did not get.
    await sql`update download_grant set downloads_used = greatest(downloads_used - 1, 0) where id = ${g.id}`;
    return { ok: false, why: 'missing' };
  }
  return { ok: true, response };
}

const limiters = new WeakMap<Sql, { grant: Limiter; address: Limiter }>();

function renewLimiters(sql: Sql) {
  let l = limiters.get(sql);
  if (!l) {
    l = {
      grant: createLimiter('download-renew', { points: RENEWALS_PER_GRANT_HOUR, durationS: 3600 }, sql),
      address: createLimiter('download-renew-ip', { points: RENEWALS_PER_ADDRESS_HOUR, durationS: 3600 }, sql),
    };
    limiters.set(sql, l);
  }
  return l;
}

function contactEmail(settings: Record<string, unknown>): string | null {
  const ws = settings.websiteSettings as { contact?: { email?: unknown } } | undefined;
  const e = ws?.contact?.email;
  return typeof e === 'string' && /^[^\s@<>]+@[^\s@<>]+$/.test(e) ? e : null;
}

/**
 * A new link for a grant, asked for with any link it ever had (any generation): the grant gets a
 * new generation (older links stop), DOWNLOAD_DAYS more and its downloads back, with the product's
 * current file, and the link is emailed to the order's address. The answer is the same whether
 * or not anything was sent (the caller says so in one sentence); only the rate limit is told.
 */
export async function renewDownload(
  websiteId: string,
  grantId: string,
  token: string | null,
  clientAddress: string,
): Promise<{ ok: true } | { ok: false; retryAfterS: number }> {
  const sql = await getSql();
  const l = renewLimiters(sql);
  try {
    const byAddress = await l.address.consume(`ip:${clientAddress}`);
    if (!byAddress.ok) return byAddress;
    const byGrant = await l.grant.consume(`grant:${GRANT_ID.test(grantId) ? grantId : 'other'}`);
    if (!byGrant.ok) return byGrant;
  } catch {
    // The database is away: nothing can be renewed anyway.
  }
  const g = await grantOf(sql, websiteId, grantId);
  if (!g || !token || !SIGNATURE.test(token)) return { ok: true };
  const secrets = env().sessionSecrets;
  let known = false;
  for (let gen = g.generation; gen >= 1 && !known; gen--) known = signs(token, g.id, gen, secrets);
  if (!known) return { ok: true };
  const site = await loadSite(websiteId);
  const name = site.website.siteTitle || 'Store';
  const from = contactEmail(site.settings) ?? 'no-reply@localhost';
  await prepareMail(sql);
  // The new generation and the mail carrying its link commit together (ADR 0026): a renewal that
  // stops the old links always has its new one on its way, retried while the mail server is down.
  await sql.begin(async (tx) => {
    const [renewed] = await tx<{ generation: number; expires_at: Date; email: string | null; order_number_text: string }[]>`
      update download_grant g
         set generation = g.generation + 1,
             expires_at = now() + make_interval(days => ${DOWNLOAD_DAYS}),
             downloads_used = 0,
             downloads_allowed = ${DOWNLOADS_ALLOWED},
             file_id = coalesce((select p.digital_file_id from order_item oi join product p on p.item_id = oi.item_id
                                  where oi.order_id = g.order_id and oi.line = g.line), g.file_id)
        from "order" o
       where g.id = ${g.id} and o.id = g.order_id
      returning g.generation, g.expires_at, o.email, '#' || o.order_number as order_number_text`;
    if (!renewed?.email) return;
    const url = baseUrlFor(site.website.baseUrl) + downloadPath(g.id, renewed.generation);
    const content = newLinkEmail(
      { productName: g.product_name, url, expiresAt: new Date(renewed.expires_at).toISOString() },
      { name, contactEmail: from },
      renewed.order_number_text,
    );
    await enqueueComposed(
      sql,
      tx,
      { from: { name, address: from }, to: renewed.email, tag: `download-${g.id.slice(0, 8)}`, language: 'en', ...content },
      { websiteId, kind: 'download-link', ref: g.id },
    );
  });
  return { ok: true };
}

/** Whether a file is some product's download: such a file is served only through its grants. */
export async function isProductDownload(sql: Sql, websiteId: string, fileId: string | undefined): Promise<boolean> {
  if (!fileId) return false;
  const [r] = await sql<{ x: number }[]>`
    select 1 as x from product p join item i on i.id = p.item_id join collection c on c.id = i.collection_id
     where p.digital_file_id = ${fileId} and c.website_id = ${websiteId} limit 1`;
  return r !== undefined;
}
