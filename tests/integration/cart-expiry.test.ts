// Abandoned carts expire on a real database (PGlite, and PostgreSQL when DATABASE_URL is set): what
// the cleanup deletes and keeps, that every cart change keeps a cart fresh, and that a cookie
// pointing to a deleted cart reads as an empty cart until the next add makes a new one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCartStore, type CartStore } from '../../app/commerce/cart.server.js';
import { BLANK_CHECKOUT, type CheckoutValues } from '../../app/commerce/checkout-form.js';
import { expireCarts } from '../../db/cart-expiry.server.js';
import { parseCartTtlDays } from '../../db/env.server.js';
import type { Db } from '../../db/client.server.js';
import { targets } from './support/databases.js';

const MUG = 'itm-tide-pool-mug';
const MUG_SEA = 'SG-TPM-01'; // 14 in stock
const PATTERN = 'itm-wave-quilt-pattern'; // digital, unlimited
/** A digital-only cart needs only the email. */
const DIGITAL: CheckoutValues = {
  ...BLANK_CHECKOUT,
  email: 'ada@example.com',
  gifts: {},
};
const DAY = 86_400_000;

describe.each(targets)('cart expiry on $name', (target) => {
  let db: Db;
  let cart: CartStore;
  beforeAll(async () => {
    db = await target.open();
    cart = createCartStore(db.sql);
  }, 120_000);
  afterAll(async () => {
    await db?.close();
  });

  async function filled(): Promise<string> {
    const r = await cart.addToCart(null, { itemId: PATTERN, quantity: 2 });
    if (!r.ok) throw new Error(r.error);
    return r.cartId;
  }
  async function emptied(): Promise<string> {
    const r = await cart.addToCart(null, { itemId: PATTERN, quantity: 1 });
    if (!r.ok) throw new Error(r.error);
    await cart.removeEntry(r.cartId, r.entry.id);
    return r.cartId;
  }
  async function age(cartId: string, days: number): Promise<void> {
    await db.sql`update cart set updated = now() - make_interval(days => ${days}), created = now() - make_interval(days => ${days}) where id = ${cartId}`;
  }
  async function exists(cartId: string): Promise<boolean> {
    return (await db.sql`select 1 from cart where id = ${cartId}`).length > 0;
  }
  async function updated(cartId: string): Promise<number> {
    const [r] = await db.sql<{ updated: Date }[]>`select updated from cart where id = ${cartId}`;
    return new Date(r.updated).getTime();
  }

  it('deletes carts untouched past the TTL with their lines, and empty carts past a day; keeps the rest and purchased carts', async () => {
    // Earlier tests of this file leave nothing behind that is old enough to count.
    const oldFull = await filled();
    await age(oldFull, 31);
    const recentFull = await filled();
    await age(recentFull, 29);
    const oldEmpty = await emptied();
    await age(oldEmpty, 2);
    const newEmpty = await emptied();
    const bought = await filled();
    const order = await cart.checkout(bought, DIGITAL);
    expect(order.ok).toBe(true);
    await age(bought, 400);
    const boughtEmptyish = await filled();
    await cart.checkout(boughtEmptyish, DIGITAL);
    await db.sql`delete from cart_entry where cart_id = ${boughtEmptyish}`;
    await age(boughtEmptyish, 400);

    const r = await expireCarts(db.sql, { ttlDays: 30 });
    expect(r).toEqual({ abandoned: 1, lines: 1, empty: 1 });
    expect(await exists(oldFull)).toBe(false);
    expect(await db.sql`select 1 from cart_entry where cart_id = ${oldFull}`).toHaveLength(0);
    expect(await exists(oldEmpty)).toBe(false);
    expect(await exists(recentFull)).toBe(true);
    expect(await exists(newEmpty)).toBe(true);
    expect(await exists(bought)).toBe(true);
    expect(await exists(boughtEmptyish)).toBe(true);
    // The orders still find their carts.
    expect(order.ok && (await cart.getOrder(order.order.id))?.purchasedCartId).toBe(bought);

    // A second run finds nothing more; a shorter TTL reaches the 29-day cart.
    expect(await expireCarts(db.sql, { ttlDays: 30 })).toEqual({ abandoned: 0, lines: 0, empty: 0 });
    expect(await expireCarts(db.sql, { ttlDays: 7 })).toMatchObject({ abandoned: 1, lines: 1 });
    expect(await exists(recentFull)).toBe(false);
  });

  it('works through a backlog larger than one batch', async () => {
    await db.sql`
      insert into cart (id, website_id, created, updated)
      select gen_random_uuid()::text, (select id from website order by id limit 1), now() - interval '3 days', now() - interval '3 days'
        from generate_series(1, 1203)`;
    const r = await expireCarts(db.sql);
    expect(r.empty).toBe(1203);
  });

  it('keeps a cart fresh on every change: add, quantity, additional fields and remove', async () => {
    const a = await cart.addToCart(null, { itemId: MUG, sku: MUG_SEA, quantity: 1 });
    if (!a.ok) throw new Error(a.error);
    const id = a.cartId;
    const steps: [string, () => Promise<unknown>][] = [
      ['add', () => cart.addToCart(id, { itemId: PATTERN, quantity: 1 })],
      ['update', () => cart.updateEntryQuantity(id, a.entry.id, 2)],
      ['additionalFields', () => cart.updateAdditionalFields(id, a.entry.id, { additionalFields: { note: 'gift' } })],
      ['remove', () => cart.removeEntry(id, a.entry.id)],
    ];
    for (const [name, step] of steps) {
      await age(id, 40);
      const before = await updated(id);
      const r = (await step()) as { ok: boolean };
      expect(r.ok, name).toBe(true);
      expect(await updated(id), name).toBeGreaterThan(before + 39 * DAY);
    }
    expect(await expireCarts(db.sql, { ttlDays: 30 })).toMatchObject({ abandoned: 0 });
    expect(await exists(id)).toBe(true);
  });

  it('a deleted cart reads as an empty cart, refuses changes, and the next add makes a new cart', async () => {
    const id = await filled();
    const entryId = (await cart.loadCart(id)).entries[0].id;
    await age(id, 31);
    await expireCarts(db.sql, { ttlDays: 30 });
    expect(await exists(id)).toBe(false);
    const view = await cart.loadCart(id);
    expect(view).toMatchObject({ id: null, entries: [], totalQuantity: 0 });
    expect(await cart.updateEntryQuantity(id, entryId, 3)).toMatchObject({ ok: false, status: 404 });
    const again = await cart.addToCart(id, { itemId: PATTERN, quantity: 1 });
    expect(again.ok).toBe(true);
    if (!again.ok) return;
    expect(again.cartId).not.toBe(id);
    expect(again.cart.totalQuantity).toBe(1);
  });
});

describe('parseCartTtlDays', () => {
  it('defaults to 30 days and takes whole days from 1 to 3650', () => {
    expect(parseCartTtlDays(undefined)).toEqual({ ok: true, days: 30 });
    expect(parseCartTtlDays('')).toEqual({ ok: true, days: 30 });
    expect(parseCartTtlDays('7')).toEqual({ ok: true, days: 7 });
    for (const bad of ['0', '-1', '1.5', 'ten', '3651']) {
      expect(parseCartTtlDays(bad)).toMatchObject({ ok: false, error: expect.stringContaining('CART_TTL_DAYS') });
    }
  });
});
