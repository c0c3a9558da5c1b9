// The Orders screens and the audit log through the built server: a shopper places a real order,
// then the owner finds it (list, search, status filter, cursor), reads it, marks it fulfilled (once),
// refunds it after a confirmation (its stock goes back, once), and the audit log shows who did it;
// a viewer may look but not act, a store manager may fulfil; unknown orders are 404.
import { beforeAll, describe, expect, it } from 'vitest';
import { Visitor } from './support/client.js';
import { adminVisitor, OWNER, visitorWithRole } from './support/owner.js';
import { NEW_YORK } from './support/checkout.js';

const TEA_TOWEL = 'itm-linen-tea-towel'; // $22.00, physical
const INDIGO = 'SG-LTT-01';
const NY = { ...NEW_YORK, email: 'orders-test@example.com' };

interface Placed {
  id: string;
  number: number;
  total: string;
  path: string;
}

/** A shopper adds `quantity` indigo tea towels and checks out (as tests/http/checkout.test.ts does). */
async function placeOrder(quantity: number, email = NY.email): Promise<Placed> {
  const v = new Visitor();
  const added = await v.json('/api/commerce/shopping-cart/entries', { itemId: TEA_TOWEL, quantity, sku: INDIGO });
  expect(added.status, await added.clone().text()).toBe(200);
  const res = await v.postForm('/checkout', { cart: 'cart', intent: 'place', ...NY, email });
  expect(res.status).toBe(303);
  const location = res.headers.get('location')!;
  const id = /^\/order-confirmed\/([0-9a-f-]{36})$/.exec(location)?.[1];
  expect(id, location).toBeTruthy();
  const html = await (await v.get(location)).text();
  const number = Number(/<strong data-order-number>#(\d+)<\/strong>/.exec(html)![1]);
  const total = /<td data-order-total>([^<]*)<\/td>/.exec(html)![1];
  return { id: id!, number, total, path: `/config/orders/${id}` };
}

async function stock(sku: string): Promise<number> {
  const res = await new Visitor().get(`/api/commerce/inventory/stock?itemId=${TEA_TOWEL}`);
  expect(res.status).toBe(200);
  const { results } = (await res.json()) as { results: { sku: string; qtyInStock: number }[] };
  return results.find((r) => r.sku === sku)!.qtyInStock;
}

/** The table rows of a page, as HTML. */
const rows = (html: string) => html.split('<tr').slice(1);

let admin: Visitor;
let order: Placed;
beforeAll(async () => {
  admin = await adminVisitor();
  order = await placeOrder(2);
});

describe('the orders list', () => {
  it('lists the order with its number, date, email, items and total, newest first', async () => {
    const res = await admin.get('/config/orders');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const html = await res.text();
    const row = rows(html).find((r) => r.includes(`>Order #${order.number}<`));
    expect(row, 'a row for the order').toBeTruthy();
    expect(row).toContain(`href="/config/orders/${order.id}"`);
    expect(row).toContain(`<span data-total="true">${order.total}</span>`);
    expect(row).toContain('<span data-items="true">2</span>');
    expect(row).toContain(NY.email);
    expect(row).toMatch(/<time dateTime="\d{4}-\d\d-\d\dT[^"]+">[A-Z][a-z]{2} \d{1,2}, \d{4}/);
    expect(row).toContain('>Pending<');
    expect(row).toContain('>Test<');
    // Newest first: the order is above every older one.
    const numbers = [...html.matchAll(/>Order #(\d+)</g)].map((m) => Number(m[1]));
    expect(numbers[0]).toBe(order.number);
    expect(numbers).toEqual([...numbers].sort((a, b) => b - a));
  });

  it('searches by number or email, filters by status, and pages with a cursor', async () => {
    const byNumber = await (await admin.get(`/config/orders?q=%23${order.number}`)).text();
    expect([...byNumber.matchAll(/>Order #(\d+)</g)].map((m) => Number(m[1]))).toEqual([order.number]);
    const byEmail = await (await admin.get('/config/orders?q=ORDERS-TEST%40example')).text();
    expect(byEmail).toContain(`>Order #${order.number}<`);
    const none = await (await admin.get('/config/orders?q=nobody-at-all%25')).text();
    expect(none).toContain('No orders match your search.');
    expect(none).not.toContain('>Order #');
    const pending = await (await admin.get('/config/orders?status=pending')).text();
    expect(pending).toContain(`>Order #${order.number}<`);
    const refunded = await (await admin.get(`/config/orders?status=refunded&q=${order.number}`)).text();
    expect(refunded).not.toContain(`>Order #${order.number}<`);
    // The cursor: orders numbered below it.
    expect(await (await admin.get(`/config/orders?after=${order.number + 1}`)).text()).toContain(`>Order #${order.number}<`);
    expect(await (await admin.get(`/config/orders?after=${order.number}`)).text()).not.toContain(`>Order #${order.number}<`);
    expect((await admin.get('/config/orders?after=abc&status=bogus')).status).toBe(200);
  });
});

describe('one order', () => {
  it('shows its items with SKU, quantity and prices, its totals, email, address and status', async () => {
    const res = await admin.get(order.path);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(`Order #${order.number}`);
    const line = rows(html).find((r) => r.includes(`<td data-sku="true">${INDIGO}</td>`));
    expect(line).toContain('Plant-dyed Linen Tea Towel (Indigo)');
    expect(line).toContain('<td class="num" data-qty="true">2</td>');
    expect(line).toContain('$22.00');
    expect(line).toContain('$44.00');
    expect(html).toMatch(/Shipping \(Standard[^)]*\)/);
    expect(html).toContain(`<td class="num" data-grand-total="true">${order.total}</td>`);
    expect(html).toContain(NY.email);
    expect(html).toContain('Buffalo, NY 14201');
    expect(html).toContain('Mark as fulfilled');
    expect(html).toContain('>Refund</button>');
  });

  it('is 404 for an unknown order id, in the loader and the action', async () => {
    expect((await admin.get('/config/orders/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await admin.get('/config/orders/not%20an%20id')).status).toBe(404);
    const post = await admin.postForm('/config/orders/00000000-0000-4000-8000-000000000000', { intent: 'fulfil' });
    expect(post.status).toBe(404);
  });

  it('refuses an unknown intent with a 400 and the text, not a 500', async () => {
    const res = await admin.postForm(order.path, { intent: 'explode' });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('Update the missing or invalid information above.');
  });
});

describe('fulfil and refund', () => {
  it('marks the order fulfilled once, and the audit log says who did it', async () => {
    const res = await admin.postForm(order.path, { intent: 'fulfil' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`${order.path}?saved=fulfilled`);
    const html = await (await admin.get(`${order.path}?saved=fulfilled`)).text();
    expect(html).toContain('Order marked as fulfilled.');
    expect(html).toMatch(/<dd data-fulfillment="true">Fulfilled <time dateTime="/);
    expect(html).not.toContain('Mark as fulfilled');

    const again = await admin.postForm(order.path, { intent: 'fulfil' });
    expect(again.status).toBe(303);
    expect(again.headers.get('location')).toBe(`${order.path}?saved=already-fulfilled`);

    const list = await (await admin.get('/config/orders?status=fulfilled')).text();
    expect(rows(list).find((r) => r.includes(`>Order #${order.number}<`))).toContain('>Fulfilled<');

    const audit = await (await admin.get('/config/audit?action=order')).text();
    const entries = rows(audit).filter((r) => r.includes('>order.fulfil<') && r.includes(`>#${order.number}<`));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toContain(`<td>${OWNER.email}</td>`);
    expect(entries[0]).toMatch(/<time dateTime="\d{4}-[^"]+Z">/);
    expect(entries[0]).toContain(order.id);
  });

  it('refunds after a confirmation: the stock goes back, once', async () => {
    const before = await stock(INDIGO);
    // Without the confirmation, nothing happens: the confirmation step is shown instead.
    const unconfirmed = await admin.postForm(order.path, { intent: 'refund' });
    expect(unconfirmed.status).toBe(400);
    const step = await unconfirmed.text();
    expect(step).toContain('Confirm the refund below.');
    expect(step).toContain(`Yes, refund ${order.total}`);
    expect(await stock(INDIGO)).toBe(before);
    // The Refund button is a GET to the confirmation step (no JavaScript needed).
    const confirmPage = await (await admin.get(`${order.path}?confirm=refund`)).text();
    expect(confirmPage).toContain(`Refund order #${order.number}?`);
    expect(confirmPage).toMatch(/<input type="hidden" name="confirm" value="yes"\/>/);

    const res = await admin.postForm(order.path, { intent: 'refund', confirm: 'yes' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`${order.path}?saved=refunded`);
    expect(await stock(INDIGO)).toBe(before + 2);
    const html = await (await admin.get(`${order.path}?saved=refunded`)).text();
    expect(html).toContain('Order refunded. Its items are back in stock.');
    expect(html).toContain(`Refunded ${order.total}`);
    expect(html).not.toContain('>Refund</button>');

    const twice = await admin.postForm(order.path, { intent: 'refund', confirm: 'yes' });
    expect(twice.status).toBe(303);
    expect(twice.headers.get('location')).toBe(`${order.path}?saved=already-refunded`);
    expect(await stock(INDIGO)).toBe(before + 2);

    const refunded = await (await admin.get(`/config/orders?status=refunded&q=${order.number}`)).text();
    expect(rows(refunded).find((r) => r.includes(`>Order #${order.number}<`))).toContain('>Refunded<');
    const audit = await (await admin.get('/config/audit?action=order')).text();
    const refunds = rows(audit).filter((r) => r.includes('>order.refund<') && r.includes(`>#${order.number}<`));
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toContain(`&quot;sku&quot;:&quot;${INDIGO}&quot;,&quot;quantity&quot;:2`);
    // The filter keeps to its family.
    expect(audit).not.toContain('>member.invite<');
  });
});

describe('roles', () => {
  it('lets a viewer see the order but not fulfil it', async () => {
    const { visitor } = await visitorWithRole(admin, 10);
    const fresh = await placeOrder(1);
    const page = await visitor.get(fresh.path);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(`Order #${fresh.number}`);
    expect(html).not.toContain('Mark as fulfilled');
    const post = await visitor.postForm(fresh.path, { intent: 'fulfil' });
    expect(post.status).toBe(403);
    expect(await (await admin.get(fresh.path)).text()).toContain('<dd data-fulfillment="true">Pending</dd>');
  });

  it('lets a store manager fulfil an order', async () => {
    const { visitor, email } = await visitorWithRole(admin, 8);
    const fresh = await placeOrder(1);
    expect(await (await visitor.get(fresh.path)).text()).toContain('Mark as fulfilled');
    const post = await visitor.postForm(fresh.path, { intent: 'fulfil' });
    expect(post.status).toBe(303);
    expect(await (await visitor.get(fresh.path)).text()).toMatch(/<dd data-fulfillment="true">Fulfilled /);
    const audit = await (await admin.get('/config/audit?action=order')).text();
    expect(rows(audit).find((r) => r.includes('>order.fulfil<') && r.includes(`>#${fresh.number}<`))).toContain(`<td>${email}</td>`);
  });
});

describe('the audit log', () => {
  it('filters by the families present and pages with a cursor', async () => {
    const html = await (await admin.get('/config/audit')).text();
    expect(html).toMatch(/<option value="order">order<\/option>/);
    expect(html).toMatch(/<option value="member">member<\/option>/);
    const members = await (await admin.get('/config/audit?action=member')).text();
    expect(members).toContain('>member.invite<');
    expect(members).not.toContain('>order.fulfil<');
    // An unknown family is ignored (all changes), never an error.
    expect((await admin.get('/config/audit?action=%25')).status).toBe(200);
    expect(rows(html).length).toBeGreaterThan(3);
    // Nothing is older than the first entry ever written.
    const empty = await (await admin.get('/config/audit?before=1')).text();
    expect(empty).toContain('No older changes.');
  });
});
