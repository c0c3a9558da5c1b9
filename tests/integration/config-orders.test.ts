// The Orders screens' domain module (app/config/orders.server.ts) on PGlite and PostgreSQL, with two
// stores that sell the same SKUs: lists and cursors stay within a site, another site's order is
// not found, a refund puts stock back on the right site's variant (by product and SKU, or by SKU
// alone for lines written before 0012), once; unlimited and deleted variants are left alone.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OwnerAccess } from '../../app/auth/permissions.server.js';
import { auditEntries } from '../../app/edits/audit.server.js';
import { fulfilOrder, listOrders, orderDetail, OrderError, refundOrder } from '../../app/config/orders.server.js';
import { createSite } from '../../app/sites/create.server.js';
import type { Db, Sql } from '../../db/client.server.js';
import { targets } from './support/databases.js';

const MUG = 'itm-tide-pool-mug';
const MUG_SKU = 'SG-TPM-01';
const PATTERN = 'itm-wave-quilt-pattern'; // digital, unlimited

interface Line {
  itemId: string | null;
  sku: string;
  quantity: number;
}

let next = 5000;
/** An order as checkout writes it (stock is not taken here: the tests compare before and after). */
async function insertOrder(sql: Sql, websiteId: string, lines: Line[], opts: { testMode?: boolean; email?: string } = {}) {
  const cartId = randomUUID();
  const id = randomUUID();
  const number = ++next;
  await sql`insert into cart (id, website_id, is_purchased) values (${cartId}, ${websiteId}, true)`;
  await sql`
    insert into "order" (id, website_id, purchased_cart_id, test_mode, order_number, email, subtotal_cents, grand_total_cents)
    values (${id}, ${websiteId}, ${cartId}, ${opts.testMode ?? true}, ${number}, ${opts.email ?? 'shopper@example.com'}, 3400, 3400)`;
  for (const [i, l] of lines.entries()) {
    await sql`
      insert into order_item (order_id, line, item_id, sku, product_name, quantity, unit_price_cents)
      values (${id}, ${i + 1}, ${l.itemId}, ${l.sku}, 'Thing', ${l.quantity}, 1700)`;
  }
  return { id, number };
}

describe.each(targets)('orders of a site on $name', (target) => {
  let db: Db;
  let a: OwnerAccess;
  let b: OwnerAccess;
  let other = '';

  const stockOf = async (itemId: string, sku: string) =>
    (await db.sql<{ q: number }[]>`select qty_in_stock as q from variant where item_id = ${itemId} and sku = ${sku}`)[0].q;

  beforeAll(async () => {
    db = await target.open();
    other = (await createSite(db.sql, { name: 'Harbour Goods', theme: 'store' })).websiteId;
    await db.sql`insert into owner (id, email, password_hash) values ('own-orders', 'boss@example.com', 'not-a-hash')`;
    const access = (id: string) =>
      ({
        sql: db.sql,
        site: { id, title: '', baseUrl: '', currency: 'USD', published: true },
        owner: { id: 'own-orders', email: 'boss@example.com' },
        actor: 'boss@example.com',
      }) as unknown as OwnerAccess;
    a = access('saltgrass');
    b = access(other);
  });
  afterAll(async () => {
    await db?.close();
  });

  it('lists newest first in pages with a cursor, searches by number and email, and keeps to the site', async () => {
    const first = await insertOrder(db.sql, 'saltgrass', [{ itemId: MUG, sku: MUG_SKU, quantity: 1 }], { email: 'first@example.com' });
    const second = await insertOrder(db.sql, 'saltgrass', [{ itemId: MUG, sku: MUG_SKU, quantity: 3 }]);
    const theirs = await insertOrder(db.sql, other, [{ itemId: `${other}-${MUG}`, sku: MUG_SKU, quantity: 1 }]);
    const third = await insertOrder(db.sql, 'saltgrass', [{ itemId: MUG, sku: MUG_SKU, quantity: 1 }]);

    const page1 = await listOrders(db.sql, a.site, 'UTC', { limit: 2 });
    expect(page1.rows.map((r) => r.id)).toEqual([third.id, second.id]);
    expect(page1.rows[1]).toMatchObject({ numberText: `#${second.number}`, itemCount: 3, totalText: '$34.00', fulfillment: 'pending' });
    expect(page1.next).toBe(second.number);
    const page2 = await listOrders(db.sql, a.site, 'UTC', { limit: 2, after: page1.next });
    expect(page2.rows.map((r) => r.id)).toEqual([first.id]);
    expect(page2.next).toBeNull();

    expect((await listOrders(db.sql, a.site, 'UTC', { q: `#${first.number}` })).rows.map((r) => r.id)).toEqual([first.id]);
    expect((await listOrders(db.sql, a.site, 'UTC', { q: 'FIRST@' })).rows.map((r) => r.id)).toEqual([first.id]);
    expect((await listOrders(db.sql, a.site, 'UTC', { q: '%' })).rows).toEqual([]);
    expect((await listOrders(db.sql, a.site, 'UTC', { q: `${theirs.number}` })).rows).toEqual([]);
    expect((await listOrders(db.sql, b.site, 'UTC')).rows.map((r) => r.id)).toEqual([theirs.id]);
  });

  it('the audit log is newest first by number past entry 99 (not by the text of the id), and pages by it', async () => {
    // Enough entries that ids reach three digits (the log also holds the other tests' entries).
    await db.sql`
      insert into audit_log (website_id, actor, action, target)
      select ${other}, 'boss@example.com', 'page.test', 'entry ' || g from generate_series(1, 120) g`;
    const page1 = await auditEntries(db.sql, other, { limit: 5 });
    expect(page1.map((e) => e.target)).toEqual(['entry 120', 'entry 119', 'entry 118', 'entry 117', 'entry 116']);
    const page2 = await auditEntries(db.sql, other, { limit: 2, before: page1[4].id });
    expect(page2.map((e) => e.target)).toEqual(['entry 115', 'entry 114']);
  });

  it('finds an order only on its own site', async () => {
    const theirs = await insertOrder(db.sql, other, [{ itemId: `${other}-${MUG}`, sku: MUG_SKU, quantity: 1 }]);
    expect(await orderDetail(db.sql, a.site, 'UTC', theirs.id)).toBeNull();
    expect(await orderDetail(db.sql, a.site, 'UTC', "x' or 1=1 --")).toBeNull();
    expect((await orderDetail(db.sql, b.site, 'UTC', theirs.id))?.numberText).toBe(`#${theirs.number}`);
    await expect(fulfilOrder(a, theirs.id)).rejects.toMatchObject({ status: 404 });
    await expect(refundOrder(a, theirs.id)).rejects.toBeInstanceOf(OrderError);
  });

  it("puts the stock back on the site's own variant, once, and records it", async () => {
    const ours = await insertOrder(db.sql, 'saltgrass', [
      { itemId: MUG, sku: MUG_SKU, quantity: 2 },
      { itemId: null, sku: MUG_SKU, quantity: 1 },
      { itemId: PATTERN, sku: (await db.sql<{ sku: string }[]>`select sku from variant where item_id = ${PATTERN}`)[0].sku, quantity: 1 },
      { itemId: MUG, sku: 'SG-GONE-99', quantity: 4 },
    ]);
    const mine = await stockOf(MUG, MUG_SKU);
    const theirs = await stockOf(`${other}-${MUG}`, MUG_SKU);
    const unlimited = await db.sql`select qty_in_stock from variant where item_id = ${PATTERN}`;

    const done = await refundOrder(a, ours.id);
    expect(done).toEqual({ refunded: true, restocked: [{ sku: MUG_SKU, quantity: 3 }] });
    expect(await stockOf(MUG, MUG_SKU)).toBe(mine + 3);
    expect(await stockOf(`${other}-${MUG}`, MUG_SKU)).toBe(theirs);
    expect(await db.sql`select qty_in_stock from variant where item_id = ${PATTERN}`).toEqual(unlimited);
    const [row] = await db.sql<{ refunded_cents: string; refunded: boolean }[]>`
      select refunded_cents, refunded_at is not null as refunded from "order" where id = ${ours.id}`;
    expect(row).toEqual({ refunded_cents: '3400', refunded: true });

    expect(await refundOrder(a, ours.id)).toEqual({ refunded: false, restocked: [] });
    expect(await stockOf(MUG, MUG_SKU)).toBe(mine + 3);
    const log = await auditEntries(db.sql, 'saltgrass', { action: 'order.refund' });
    expect(log.filter((e) => e.target === `#${ours.number}`)).toHaveLength(1);
    expect(log[0]).toMatchObject({ actor: 'boss@example.com', detail: { orderId: ours.id, refundedCents: 3400 } });

    // Refunded orders are not fulfilled any more; the detail says what can still be done.
    await expect(fulfilOrder(a, ours.id)).rejects.toMatchObject({ status: 409 });
    expect(await orderDetail(db.sql, a.site, 'UTC', ours.id)).toMatchObject({
      canFulfil: false,
      canRefund: false,
      refundedAmountText: '$34.00',
    });
  });

  it('refunds only test-mode orders, and fulfils once', async () => {
    const live = await insertOrder(db.sql, 'saltgrass', [{ itemId: MUG, sku: MUG_SKU, quantity: 1 }], { testMode: false });
    const before = await stockOf(MUG, MUG_SKU);
    await expect(refundOrder(a, live.id)).rejects.toMatchObject({ status: 409 });
    expect(await stockOf(MUG, MUG_SKU)).toBe(before);

    expect(await fulfilOrder(a, live.id)).toBe(true);
    expect(await fulfilOrder(a, live.id)).toBe(false);
    const d = await orderDetail(db.sql, a.site, 'America/New_York', live.id);
    expect(d).toMatchObject({ fulfillment: 'fulfilled', canFulfil: false, canRefund: false });
    expect(d?.fulfilledText).toMatch(/E[SD]T$/);
    const log = await auditEntries(db.sql, 'saltgrass', { action: 'order.fulfil' });
    expect(log.filter((e) => e.target === `#${live.number}`)).toHaveLength(1);
    expect((await listOrders(db.sql, a.site, 'UTC', { status: 'fulfilled' })).rows.map((r) => r.id)).toEqual([live.id]);
    expect((await listOrders(db.sql, a.site, 'UTC', { status: 'refunded' })).rows.every((r) => r.refunded)).toBe(true);
  });
});
