// Back-in-stock sign-ups (issue 14): a shopper leaves an address for a sold-out variant; the owner
// lists who waits (groups per variant, keyset pages) and sends the notices once stock is back,
// through a job that emails each waiting address once (ADR 0012) and marks it notified.
import crypto from 'node:crypto';
import type { Sql } from '../../db/client.server.js';
import type { ItemRow, Variant, VariantRow as StoredVariant } from '../catalog/catalog.server.js';
import { recordAudit } from '../edits/audit.server.js';
import { baseUrlFor } from '../utils/base-url.server.js';
import { defineJob, enqueue } from '../utils/jobs.server.js';
import { enqueueComposed, prepareMail } from '../utils/mail-queue.server.js';
import { createLimiter, type Limiter } from '../utils/rate-limit.server.js';
import { accountLanguage, mailLanguage } from '../languages/email-language.server.js';
import type { MailLanguage } from '../utils/mail-language.js';
import { siteLanguages } from '../languages/settings.server.js';
import { offeredLanguage } from '../languages/site-user-language.server.js';
import { readItemTranslation } from '../languages/translations.server.js';
import { defaultMailingList, subscribe } from './mailing-list.server.js';
import { restockAsksCaptcha, restockMessages } from './restock-context.js';
import { captchaSolved } from './captcha.server.js';
import { FORM_TEXT } from './form-validation.js';
import { emailError, payloadEmail, RESTOCK_TEXT, SignUpPayload } from './restock-texts.js';
import { escapeHtml } from '../utils/html.js';

export const PAGE_SIZE = 50;

export type Failure = { ok: false; status: number; error: string };

// ---------------------------------------------------------------------------------------------
// Sign-up

// A shopper signs up a few times at most; a script trying addresses meets this quickly.
const LIMIT = { points: 20, durationS: 60 };
const limiters = new WeakMap<Sql, Limiter>();

/** Spends one sign-up of this visitor (keyed by the client address the server saw); false when spent. */
export async function allowSignUp(sql: Sql, request: Request): Promise<{ ok: true } | { ok: false; retryAfterS: number }> {
  let l = limiters.get(sql);
  if (!l) limiters.set(sql, (l = createLimiter('restock', LIMIT, sql)));
  try {
    return await l.consume(`ip:${request.headers.get('x-storefront-client-address') || 'unknown'}`);
  } catch {
    return { ok: true };
  }
}

/** A variant with its product's title and address: the catalog's stored rows' columns, its options as the Variant has them. */
type VariantRow = Pick<StoredVariant, 'item_id' | 'sku' | 'unlimited' | 'qty_in_stock'> &
  Pick<ItemRow, 'title' | 'collection_url_id' | 'url_id'> &
  Pick<Variant, 'attributes'> & { variant_id: string };

async function findVariant(sql: Sql, websiteId: string, productId: string, variantId: string): Promise<VariantRow | null> {
  const [row] = await sql<VariantRow[]>`
    select v.item_id, v.id as variant_id, i.title, v.sku, v.attributes, v.unlimited, v.qty_in_stock,
           c.url_id as collection_url_id, i.url_id
    from variant v join item i on i.id = v.item_id join collection c on c.id = i.collection_id
    where v.id = ${variantId} and v.item_id = ${productId} and c.website_id = ${websiteId}`;
  return row ?? null;
}

const inStock = (v: { unlimited: boolean; qty_in_stock: number }) => v.unlimited || v.qty_in_stock > 0;

/** "Size L / Ink": the variant's option values, or '' for a product without options. */
export function variantName(attributes: Record<string, string>): string {
  return Object.values(attributes ?? {}).join(' / ');
}

/**
 * Signs an address up for a sold-out variant. A repeat while still waiting is accepted (the same
 * row stays); "join the mailing list" subscribes the address to the site's default list now. The
 * notice's language is kept with it: the payload's `language` when the site offers it, else
 * `pageLanguage` (the language of the page the sign-up came from).
 */
export async function signUp(
  sql: Sql,
  websiteId: string,
  body: unknown,
  pageLanguage: string | null = null,
): Promise<{ ok: true; created: boolean } | Failure> {
  const parsed = SignUpPayload.safeParse(body);
  if (!parsed.success) {
    const raw = body as { productId?: unknown; variantId?: unknown } | null;
    // The email's own text first: a shopper who typed nothing should read that.
    if (raw && typeof raw === 'object' && typeof raw.productId === 'string' && typeof raw.variantId === 'string') {
      return { ok: false, status: 400, error: RESTOCK_TEXT.emailInvalid };
    }
    return { ok: false, status: 400, error: RESTOCK_TEXT.failed };
  }
  const p = parsed.data;
  const typed = payloadEmail(p);
  const bad = emailError(typed);
  if (bad) return { ok: false, status: 400, error: bad };
  // The site's CAPTCHA (its token in the payload's recaptchaEnterpriseV3Token): missing or not
  // solved is refused with the forms' text, after the address's own (a shopper reads that first).
  if ((await asksCaptcha(sql, websiteId)) && !(await captchaSolved(sql, p.recaptchaEnterpriseV3Token))) {
    return { ok: false, status: 400, error: FORM_TEXT.captcha };
  }
  const email = typed.trim().toLowerCase();
  const v = await findVariant(sql, websiteId, p.productId, p.variantId);
  if (!v) return { ok: false, status: 404, error: RESTOCK_TEXT.notFound };
  if (inStock(v)) return { ok: false, status: 409, error: RESTOCK_TEXT.inStock };
  const id = `rs-${crypto.randomBytes(8).toString('hex')}`;
  const language = offeredLanguage(p.language, await siteLanguages(sql, websiteId)) ?? pageLanguage;
  const rows = await sql`
    insert into restock_signup (id, website_id, item_id, variant_id, email, join_mailing_list, language)
    values (${id}, ${websiteId}, ${v.item_id}, ${v.variant_id}, ${email}, ${p.isJoinMailingList}, ${language})
    on conflict (variant_id, email) where notified_at is null do nothing
    returning id`;
  if (p.isJoinMailingList) {
    const list = await defaultMailingList(sql, websiteId);
    if (list) await subscribe(sql, websiteId, list.id, email, { source: 'restock' });
  }
  return { ok: true, created: rows.length > 0 };
}

async function asksCaptcha(sql: Sql, websiteId: string): Promise<boolean> {
  const [w] = await sql<{ settings: Record<string, unknown> | null }[]>`select settings from website where id = ${websiteId}`;
  return restockAsksCaptcha(w?.settings ?? {});
}

/** The merchant's success text (settings.restockNotificationMessages.successText), or ''. */
export async function successText(sql: Sql, websiteId: string): Promise<string> {
  const [w] = await sql<{ settings: Record<string, unknown> | null }[]>`select settings from website where id = ${websiteId}`;
  return restockMessages(w?.settings ?? {}).successText;
}

/** Whether the site has a mailing list (the form's join checkbox shows only then). */
export async function hasMailingList(sql: Sql, websiteId: string): Promise<boolean> {
  return (await defaultMailingList(sql, websiteId)) !== null;
}

// ---------------------------------------------------------------------------------------------
// Owner lists: opaque keyset cursors (base64url JSON of the last row's sort key).

function encodeCursor(key: unknown[]): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

function decodeCursor(cursor: string | null | undefined, arity: number): string[] | null {
  if (!cursor || cursor.length > 1000) return null;
  try {
    const v = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    return Array.isArray(v) && v.length === arity && v.every((x) => typeof x === 'string') ? (v as string[]) : null;
  } catch {
    return null;
  }
}

export interface SignUpGroup {
  productId: string;
  variantId: string;
  productName: string;
  variantName: string;
  sku: string;
  waiting: number;
  inStock: boolean;
  productUrl: string;
}

/** Variants with addresses waiting, by product name then SKU, PAGE_SIZE at a time. */
export async function listGroups(
  sql: Sql,
  websiteId: string,
  cursor?: string | null,
  opts: { inStockOnly?: boolean; limit?: number } = {},
): Promise<{ signUpGroups: SignUpGroup[]; hasNextPage: boolean; nextPageCursor: string | null }> {
  const after = decodeCursor(cursor, 2);
  const limit = opts.limit ?? PAGE_SIZE;
  const rows = await sql<(VariantRow & { waiting: string })[]>`
    select r.item_id, r.variant_id, i.title, v.sku, v.attributes, v.unlimited, v.qty_in_stock,
           c.url_id as collection_url_id, i.url_id, count(*) as waiting
    from restock_signup r
      join item i on i.id = r.item_id join variant v on v.id = r.variant_id join collection c on c.id = i.collection_id
    where r.website_id = ${websiteId} and r.notified_at is null
      ${after ? sql`and (i.title, v.sku) > (${after[0]}, ${after[1]})` : sql``}
      ${opts.inStockOnly ? sql`and (v.unlimited or v.qty_in_stock > 0)` : sql``}
    group by r.item_id, r.variant_id, i.title, v.sku, v.attributes, v.unlimited, v.qty_in_stock, c.url_id, i.url_id
    order by i.title, v.sku
    limit ${limit + 1}`;
  const more = rows.length > limit;
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    signUpGroups: page.map((r) => ({
      productId: r.item_id,
      variantId: r.variant_id,
      productName: r.title,
      variantName: variantName(r.attributes),
      sku: r.sku,
      waiting: Number(r.waiting),
      inStock: inStock(r),
      productUrl: `/${r.collection_url_id}/p/${r.url_id}`,
    })),
    hasNextPage: more,
    nextPageCursor: more && last ? encodeCursor([last.title, last.sku]) : null,
  };
}

export interface SignUp {
  id: string;
  email: string;
  joinMailingList: boolean;
  createdAt: string;
  notifiedAt: string | null;
}

/** The sign-ups of one variant, newest first (waiting and notified), PAGE_SIZE at a time. */
export async function listSignUps(
  sql: Sql,
  websiteId: string,
  productId: string,
  variantId: string,
  cursor?: string | null,
): Promise<{ signUps: SignUp[]; hasNextPage: boolean; nextPageCursor: string | null }> {
  const before = decodeCursor(cursor, 2);
  const rows = await sql<
    { id: string; email: string; join_mailing_list: boolean; created_at: Date; notified_at: Date | null; micros: string }[]
  >`
    select id, email, join_mailing_list, created_at, notified_at,
           (extract(epoch from created_at) * 1000000)::bigint::text as micros
    from restock_signup
    where website_id = ${websiteId} and item_id = ${productId} and variant_id = ${variantId}
      ${before ? sql`and ((extract(epoch from created_at) * 1000000)::bigint, id) < (${before[0]}::bigint, ${before[1]})` : sql``}
    order by (extract(epoch from created_at) * 1000000)::bigint desc, id desc
    limit ${PAGE_SIZE + 1}`;
  const more = rows.length > PAGE_SIZE;
  const page = rows.slice(0, PAGE_SIZE);
  const last = page[page.length - 1];
  return {
    signUps: page.map((r) => ({
      id: r.id,
      email: r.email,
      joinMailingList: r.join_mailing_list,
      createdAt: new Date(r.created_at).toISOString(),
      notifiedAt: r.notified_at ? new Date(r.notified_at).toISOString() : null,
    })),
    hasNextPage: more,
    nextPageCursor: more && last ? encodeCursor([last.micros, last.id]) : null,
  };
}

// ---------------------------------------------------------------------------------------------
// Sending

export interface SendJob {
  websiteId: string;
  productId: string;
  variantId: string;
  /** Who asked (the audit log's name for them). */
  actor: string;
  ownerId: string | null;
}

async function siteOf(sql: Sql, websiteId: string): Promise<{ name: string; from: string; baseUrl: string }> {
  const [w] = await sql<{ title: string; base_url: string | null; settings: Record<string, unknown> | null }[]>`
    select title, base_url, settings from website where id = ${websiteId}`;
  const contact = (w?.settings?.websiteSettings as { contact?: { email?: unknown } } | undefined)?.contact?.email;
  const from = typeof contact === 'string' && /^[^\s@<>]+@[^\s@<>]+$/.test(contact) ? contact : 'no-reply@localhost';
  return { name: w?.title || 'Store', from, baseUrl: baseUrlFor(w?.base_url) };
}

/** The notice's subject and bodies in `lang`: the product, the variant and a link to the product page. */
export function restockEmail(site: { name: string }, product: string, variant: string, url: string, lang: MailLanguage) {
  const what = variant ? `${product} (${variant})` : product;
  const body = lang.text('emailRestockBody', 'Good news: {product} is back in stock at {store}.', { product: what, store: site.name });
  const see = lang.text('emailRestockSee', 'See {product}', { product });
  const once = lang.text('emailRestockOnce', 'You asked us to tell you; this is the only email about it.');
  return {
    subject: lang.text('emailRestockSubject', 'Back in stock: {product}', { product: what }),
    text: `${body}\n\n${see}:\n${url}\n\n${once}\n`,
    html: `<p>${escapeHtml(body)}</p><p><a href="${escapeHtml(url)}">${escapeHtml(see)}</a></p><p>${escapeHtml(once)}</p>`,
    language: lang.code,
  };
}

type Notice = ReturnType<typeof restockEmail>;

/**
 * The notice of variant `v` for one waiting address, in its account's language, else its
 * sign-up's; made once per language choice (`made`) however many addresses wait.
 */
async function noticeFor(
  sql: Sql,
  websiteId: string,
  site: { name: string; baseUrl: string },
  v: VariantRow,
  row: { email: string; language: string | null },
  made: Map<string, Promise<Notice>>,
): Promise<Notice> {
  const choices = [await accountLanguage(sql, websiteId, row.email), row.language];
  const key = choices.join('|');
  let notice = made.get(key);
  if (!notice) {
    notice = (async () => {
      const lang = await mailLanguage(sql, websiteId, choices);
      const title = (await readItemTranslation(sql, v.item_id, lang.code)).title || v.title;
      const url = site.baseUrl + lang.path(`/${v.collection_url_id}/p/${v.url_id}`);
      return restockEmail(site, title, variantName(v.attributes), url, lang);
    })();
    made.set(key, notice);
  }
  return notice;
}

/**
 * Emails every address waiting for the variant, each in its own language. Each row is claimed
 * (notified_at set) in the transaction that queues its email, one at a time: a retried job skips
 * what an earlier attempt claimed, so an address is never emailed twice, and a claimed one always
 * has its email queued. A variant sold out again meanwhile sends nothing.
 */
export const restockSendJob = defineJob<SendJob>(
  'restock-send',
  async (data, { sql }) => {
    const v = await findVariant(sql, data.websiteId, data.productId, data.variantId);
    if (!v || !inStock(v)) return;
    const site = await siteOf(sql, data.websiteId);
    const made = new Map<string, Promise<Notice>>();
    let sent = 0;
    await prepareMail(sql);
    for (;;) {
      const [row] = await sql<{ id: string; email: string; language: string | null }[]>`
        select id, email, language from restock_signup
         where website_id = ${data.websiteId} and variant_id = ${data.variantId} and notified_at is null
         order by created_at, id limit 1`;
      if (!row) break;
      const mail = await noticeFor(sql, data.websiteId, site, v, row, made);
      // The claim and the queued notice commit together: a retried job skips what is claimed, and
      // the mail queue sends each notice once, with its own retries.
      await sql.begin(async (tx) => {
        const claimed = await tx`update restock_signup set notified_at = now() where id = ${row.id} and notified_at is null returning 1`;
        if (claimed.length === 0) return;
        await enqueueComposed(
          sql,
          tx,
          { from: { name: site.name, address: site.from }, to: row.email, tag: 'restock', ...mail },
          {
            websiteId: data.websiteId,
            kind: 'restock',
          },
        );
        sent++;
      });
    }
    if (sent > 0) {
      await recordAudit(sql, { websiteId: data.websiteId, ownerId: data.ownerId, actor: data.actor }, 'restock.send', v.sku, {
        productId: data.productId,
        variantId: data.variantId,
        sent,
      });
    }
  },
  { retryLimit: 3, retryDelay: 30 },
);

/** Who asks for a send, from an owner's session or an API key. */
export function senderOf(a: { actor: string; site?: { id: string }; websiteId?: string; owner?: { id: string } }) {
  return { websiteId: a.websiteId ?? a.site?.id ?? '', actor: a.actor, ownerId: a.owner?.id ?? null };
}

/** Queues the notices of one variant: refused (with why) when it is sold out or nobody waits. */
export async function requestSend(
  sql: Sql,
  who: { websiteId: string; actor: string; ownerId: string | null },
  productId: string,
  variantId: string,
): Promise<{ ok: true; waiting: number } | Failure> {
  const v = await findVariant(sql, who.websiteId, productId, variantId);
  if (!v) return { ok: false, status: 404, error: RESTOCK_TEXT.notFound };
  if (!inStock(v)) return { ok: false, status: 409, error: RESTOCK_TEXT.sendSoldOut };
  const [c] = await sql<{ n: string }[]>`
    select count(*) as n from restock_signup where website_id = ${who.websiteId} and variant_id = ${variantId} and notified_at is null`;
  const waiting = Number(c?.n ?? 0);
  if (waiting === 0) return { ok: false, status: 409, error: RESTOCK_TEXT.sendNone };
  await enqueue(sql, restockSendJob, { websiteId: who.websiteId, productId, variantId, actor: who.actor, ownerId: who.ownerId });
  return { ok: true, waiting };
}

/** Queues several variants; each answers on its own (a sold-out one does not stop the others). */
export async function requestSendAll(
  sql: Sql,
  who: { websiteId: string; actor: string; ownerId: string | null },
  requests: { productId: string; variantId: string }[],
): Promise<{ productId: string; variantId: string; ok: boolean; waiting?: number; error?: string }[]> {
  const out = [];
  for (const r of requests) {
    const res = await requestSend(sql, who, r.productId, r.variantId);
    out.push(res.ok ? { ...r, ok: true, waiting: res.waiting } : { ...r, ok: false, error: res.error });
  }
  return out;
}
