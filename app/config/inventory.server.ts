// The Inventory screen's data: every variant of the site with its stock (filtered to low or sold
// out, searched by product title or SKU), and quick stock edits saved together: only the rows the
// owner changed are written, in one transaction, audited, and the storefront's caches dropped.
import { z } from 'zod';
import type { Sql } from '../../db/client.server.js';
import type { OwnerAccess } from '../auth/permissions.server.js';
import type { SubmissionResult } from '@conform-to/react';
import { parseForm, refusedReply, replyTo } from '../utils/form.server.js';
import { actorOf, recordAudit } from '../edits/audit.server.js';
import { LOW_STOCK } from './dashboard.server.js';
import { MAX_QTY, parseStockSeen, stockSeenText, TEXT, type StockSeen } from './product-form.js';
import { containsPattern, STOCK_FILTERS, type StockFilter } from './products.server.js';
import { storefrontChanged } from '../edits/storefront-changed.server.js';
import { changesSince } from '../edits/versions.server.js';

export const INVENTORY_PAGE_SIZE = 50;
export { STOCK_FILTERS, type StockFilter };

export interface InventoryRow {
  id: string;
  itemId: string;
  title: string;
  sku: string;
  /** "Size: M, Color: Sand" (in the product's option order). */
  attributes: string;
  unlimited: boolean;
  qty: number;
}

export interface InventoryList {
  rows: InventoryRow[];
  total: number;
  page: number;
  pageCount: number;
}

export async function listInventory(
  sql: Sql,
  websiteId: string,
  opts: { q?: string; stock?: StockFilter; page?: number },
): Promise<InventoryList> {
  const q = (opts.q ?? '').trim().slice(0, 200);
  const page = Math.max(1, Math.floor(opts.page ?? 1));
  const where = sql`
    c.website_id = ${websiteId}
    ${q ? sql`and (i.title ilike ${containsPattern(q)} or v.sku ilike ${containsPattern(q)})` : sql``}
    ${opts.stock === 'low' ? sql`and not v.unlimited and v.qty_in_stock <= ${LOW_STOCK}` : sql``}
    ${opts.stock === 'soldout' ? sql`and not v.unlimited and v.qty_in_stock = 0` : sql``}`;
  const [[{ total }], rows] = await Promise.all([
    sql<{ total: number }[]>`
      select count(*)::int as total
        from variant v join item i on i.id = v.item_id join collection c on c.id = i.collection_id
       where ${where}`,
    sql<
      {
        id: string;
        item_id: string;
        title: string;
        sku: string;
        attributes: Record<string, unknown> | null;
        options: string[];
        unlimited: boolean;
        qty_in_stock: number;
      }[]
    >`
      select v.id, v.item_id, i.title, v.sku, v.attributes, p.variant_option_ordering as options, v.unlimited, v.qty_in_stock
        from variant v join product p on p.item_id = v.item_id join item i on i.id = v.item_id
        join collection c on c.id = i.collection_id
       where ${where}
       order by lower(i.title), i.id, v.ordering, v.id
       limit ${INVENTORY_PAGE_SIZE} offset ${(page - 1) * INVENTORY_PAGE_SIZE}`,
  ]);
  return {
    rows: rows.map((r) => {
      const attrs = r.attributes ?? {};
      const names = [...r.options.filter((o) => o in attrs), ...Object.keys(attrs).filter((k) => !r.options.includes(k))];
      return {
        id: r.id,
        itemId: r.item_id,
        title: r.title,
        sku: r.sku,
        attributes: names.map((n) => `${n}: ${String(attrs[n])}`).join(', '),
        unlimited: r.unlimited,
        qty: r.qty_in_stock,
      };
    }),
    total,
    page,
    pageCount: Math.max(1, Math.ceil(total / INVENTORY_PAGE_SIZE)),
  };
}

// ---------------------------------------------------------------------------------------------
// The quick edit

/** A page of the inventory never has more rows than this; a post naming more is not ours. */
const MAX_POSTED_ROWS = 500;
const ROW_KEY = /^rows\[(\d{1,4})\]\.[A-Za-z]+$/;

export const STOCK_TEXT = {
  qty: TEXT.qty,
  none: 'Nothing was changed.',
  conflict:
    'Some stock changed after you opened this page (an order or another owner). Nothing was saved: your numbers are kept below. Save stock again to set them, or reload the page to see the new numbers.',
  rowChanged: (seen: string, now: string, by: string) => `Changed from ${seen} to ${now} since you opened this page (${by}).`,
};

const Text = z.string().nullish();
const StockForm = z
  .object({
    rows: z
      .array(z.object({ id: Text, qty: Text, unlimited: Text, was: Text }).nullish())
      .nullish()
      .transform((v) => v ?? []),
  })
  .transform((form, ctx) => {
    const changes: StockChange[] = [];
    form.rows.forEach((r, i) => {
      if (!r?.id) return;
      const unlimited = (r.unlimited ?? '') !== '';
      const typed = (r.qty ?? '').trim();
      const [wasQty, wasUnlimited] = (r.was ?? '').split(':');
      let qty: number | null = null;
      if (typed === '' && unlimited) qty = null;
      else if (/^\d{1,10}$/.test(typed) && Number(typed) <= MAX_QTY) qty = Number(typed);
      else {
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['rows', i, 'qty'], message: STOCK_TEXT.qty });
        return;
      }
      const changed = unlimited !== (wasUnlimited === '1') || (qty !== null && String(qty) !== wasQty);
      if (changed) changes.push({ id: r.id, qty, unlimited, was: parseStockSeen(r.was ?? '') });
    });
    return changes;
  });

export interface StockChange {
  id: string;
  /** null: the count stays as it is (an unlimited variant whose count was left empty). */
  qty: number | null;
  unlimited: boolean;
  /** The stock the page showed: the write is compare-and-set against it (issue 28); null: unchecked. */
  was: StockSeen | null;
}

/** Rows whose stock changed since the page was drawn: nothing of the post is written. */
export class StockConflict extends Error {
  constructor(readonly rows: { id: string; sku: string; seen: StockSeen; now: StockSeen }[]) {
    super(STOCK_TEXT.conflict);
  }
}

export type StockPost =
  | { ok: true; skus: string[] }
  | {
      ok: false;
      /** 409: stock changed since the page was drawn. */
      status: 400 | 409;
      /** Conform's reply: the message, the errors by field (rows[i].qty) and the form as typed. */
      reply: SubmissionResult<string[]>;
      /** On a conflict: the stock each changed row has now, by variant id (its `was` when drawn again). */
      was?: Record<string, string>;
    };

/** Reads the inventory form (rows[i].id, .qty, .unlimited, .was) and saves the rows that changed. */
export async function submitStockForm(a: OwnerAccess, form: URLSearchParams): Promise<StockPost> {
  const idAt: string[] = [];
  for (const [k, v] of form) {
    const m = ROW_KEY.exec(k);
    if (k.startsWith('rows') && (!m || Number(m[1]) >= MAX_POSTED_ROWS)) return { ok: false, status: 400, reply: refusedReply() };
    if (m && k.endsWith('.id')) idAt[Number(m[1])] = v;
  }
  const parsed = parseForm(form, StockForm);
  if (parsed.status !== 'success') return { ok: false, status: 400, reply: replyTo(parsed, form, { formError: TEXT.invalid }) };
  try {
    return { ok: true, skus: await updateStock(a, parsed.value) };
  } catch (e) {
    if (!(e instanceof StockConflict)) throw e;
    const by = await changesSince(a.sql, a.site.id, drawnAt(form), { skus: e.rows.map((r) => r.sku) });
    const who = by.length > 0 ? `by ${by[0].actor}` : 'by an order or a change not in the audit log';
    const shown = (s: StockSeen) => (s.unlimited ? 'unlimited' : String(s.qty));
    const fieldErrors: Record<string, string> = {};
    const was: Record<string, string> = {};
    for (const r of e.rows) {
      fieldErrors[`rows[${idAt.indexOf(r.id)}].qty`] = STOCK_TEXT.rowChanged(shown(r.seen), shown(r.now), who);
      was[r.id] = stockSeenText(r.now.qty, r.now.unlimited);
    }
    return { ok: false, status: 409, reply: replyTo(parsed, form, { formError: STOCK_TEXT.conflict, fieldErrors }), was };
  }
}

/** When the page was drawn (its `_at` field), for the audit entries since. */
function drawnAt(form: URLSearchParams): Date | null {
  const at = new Date(form.get('_at') ?? '');
  return Number.isNaN(at.getTime()) ? null : at;
}

/**
 * Writes the changed rows of the site's variants in one transaction; the SKUs written. A row with
 * `was` is compare-and-set against it: when any such row changed since, nothing is written
 * (StockConflict), so an order between the owner's load and save is never undone.
 */
export async function updateStock(a: OwnerAccess, changes: StockChange[]): Promise<string[]> {
  if (changes.length === 0) return [];
  const skus = await a.sql.begin(async (tx) => {
    const out: string[] = [];
    const conflicts: StockConflict['rows'] = [];
    for (const c of changes) {
      const [row] = await tx<{ sku: string }[]>`
        update variant v set unlimited = ${c.unlimited}, qty_in_stock = coalesce(${c.qty}::int, v.qty_in_stock)
          from item i, collection c
         where v.id = ${c.id} and i.id = v.item_id and c.id = i.collection_id and c.website_id = ${a.site.id}
           ${c.was ? tx`and v.qty_in_stock = ${c.was.qty} and v.unlimited = ${c.was.unlimited}` : tx``}
        returning v.sku`;
      if (row) out.push(row.sku);
      else if (c.was) {
        const [now] = await tx<{ sku: string; qty_in_stock: number; unlimited: boolean }[]>`
          select v.sku, v.qty_in_stock, v.unlimited from variant v join item i on i.id = v.item_id
            join collection c on c.id = i.collection_id
           where v.id = ${c.id} and c.website_id = ${a.site.id}`;
        if (now) conflicts.push({ id: c.id, sku: now.sku, seen: c.was, now: { qty: now.qty_in_stock, unlimited: now.unlimited } });
      }
    }
    if (conflicts.length > 0) throw new StockConflict(conflicts);
    return out;
  });
  if (skus.length > 0) {
    await recordAudit(a.sql, actorOf(a), 'inventory.update', skus.length === 1 ? skus[0] : `${skus.length} variants`, { skus });
    await storefrontChanged(a.sql, a.site.id);
  }
  return skus;
}
