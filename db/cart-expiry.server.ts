// Abandoned carts expire: open carts untouched for CART_TTL_DAYS and empty ones untouched for a day
// are deleted with their lines. Run by the server every hour and by `npm run db:cleanup`.
import type { Sql } from './client.server.js';
import { CART_TTL_DEFAULT_DAYS } from './env.server.js';

/** An empty cart is kept this long after its last change (a shopper who just removed a line). */
export const EMPTY_CART_TTL_DAYS = 1;
/** Carts deleted per statement: a large backlog is cleared in steps that each hold few locks. */
const BATCH = 1000;

export interface CartExpiry {
  /** Carts with lines, deleted after the TTL. */
  abandoned: number;
  /** Their lines. */
  lines: number;
  /** Carts without lines, deleted after a day. */
  empty: number;
}

/**
 * Deletes open carts not changed for `ttlDays` (with their lines) and empty open carts not changed
 * for a day. Purchased carts, and any cart an order points to, are kept. A cart locked by a
 * shopper's change at this moment is skipped (that change makes it fresh anyway). A cart cookie
 * pointing to a deleted cart then reads as an empty cart; the next add makes a new one.
 */
export async function expireCarts(sql: Sql, opts: { ttlDays?: number; now?: Date } = {}): Promise<CartExpiry> {
  const ttlDays = opts.ttlDays ?? CART_TTL_DEFAULT_DAYS;
  const now = opts.now ?? new Date();
  const stale = new Date(now.getTime() - ttlDays * 86_400_000);
  const staleEmpty = new Date(now.getTime() - EMPTY_CART_TTL_DAYS * 86_400_000);
  const total: CartExpiry = { abandoned: 0, lines: 0, empty: 0 };
  for (;;) {
    const [r] = await sql<{ abandoned: number; empty: number; lines: number; carts: number }[]>`
      with doomed as (
        select c.id, not exists (select 1 from cart_entry e where e.cart_id = c.id) as is_empty
          from cart c
         where not c.is_purchased
           and c.updated < ${staleEmpty}
           and (c.updated < ${stale} or not exists (select 1 from cart_entry e where e.cart_id = c.id))
           and not exists (select 1 from "order" o where o.purchased_cart_id = c.id)
         order by c.updated
         limit ${BATCH}
           for update of c skip locked
      ), gone_lines as (
        delete from cart_entry e using doomed d where e.cart_id = d.id returning e.id
      ), gone as (
        delete from cart c using doomed d where c.id = d.id returning d.is_empty
      )
      select (select count(*) from gone where not is_empty)::int as abandoned,
             (select count(*) from gone where is_empty)::int as empty,
             (select count(*) from gone_lines)::int as lines,
             (select count(*) from doomed)::int as carts`;
    total.abandoned += r.abandoned;
    total.empty += r.empty;
    total.lines += r.lines;
    if (r.carts < BATCH) return total;
  }
}

/** The log line of a cleanup: what was deleted. */
export function describeExpiry(r: CartExpiry, ttlDays: number): string {
  const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;
  return `deleted ${plural(r.abandoned, 'abandoned cart')} (${plural(r.lines, 'line')}, untouched for ${ttlDays}+ days) and ${plural(r.empty, 'empty cart')}`;
}
