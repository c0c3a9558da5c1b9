// The dashboard's figures for one site: today's orders and revenue (in the site's time zone), the
// variants running low or sold out, and the latest changes from the audit log.
import type { Sql } from '../../db/client.server.js';
import { auditEntries, type AuditEntry } from '../edits/audit.server.js';

/** A variant with this many or fewer in stock (and not unlimited) counts as low. */
export const LOW_STOCK = 3;

export interface Dashboard {
  ordersToday: number;
  revenueTodayCents: number;
  currency: string;
  lowStock: { itemId: string; title: string; sku: string; qty: number }[];
  recent: AuditEntry[];
}

export async function dashboard(sql: Sql, websiteId: string): Promise<Dashboard> {
  const [[today], low, recent] = await Promise.all([
    sql<{ n: number; cents: string | null; currency: string }[]>`
      select count(o.id)::int as n, sum(o.grand_total_cents)::text as cents, w.currency
        from website w left join "order" o on o.website_id = w.id
         and (o.created at time zone w.time_zone)::date = (now() at time zone w.time_zone)::date
       where w.id = ${websiteId} group by w.currency`,
    sql<{ item_id: string; title: string; sku: string; qty: number }[]>`
      select i.id as item_id, i.title, v.sku, v.qty_in_stock as qty
        from variant v join item i on i.id = v.item_id join collection c on c.id = i.collection_id
       where c.website_id = ${websiteId} and not v.unlimited and v.qty_in_stock <= ${LOW_STOCK}
       order by v.qty_in_stock, i.title limit 20`,
    auditEntries(sql, websiteId, { limit: 10 }),
  ]);
  return {
    ordersToday: today?.n ?? 0,
    revenueTodayCents: Number(today?.cents ?? 0),
    currency: today?.currency ?? 'USD',
    lowStock: low.map((r) => ({ itemId: r.item_id, title: r.title, sku: r.sku, qty: r.qty })),
    recent,
  };
}
