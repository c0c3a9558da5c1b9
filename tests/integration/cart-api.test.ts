// The cart's JSON resource routes (SPEC 7) through their loaders and actions with real Requests,
// on a fresh embedded database: answers, cookies, the spec's errors, and the 429 of rate limiting.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

// This file runs in its own process: point the process-wide client at a database of its own (a copy
// of the seeded template on the PostgreSQL of DATABASE_URL, else a fresh embedded one in DATA_DIR).
const dataDir = mkdtempSync(join(tmpdir(), 'storefront-cart-api-'));
process.env.DATA_DIR = dataDir;
const { processDatabase } = await import('./support/databases.js');
const own = await processDatabase();

const entries = await import('../../app/routes/api.commerce.shopping-cart.entries.js');
const fields = await import('../../app/routes/api.commerce.shopping-cart.entries.$entryId.additionalFields.js');
const cartRoute = await import('../../app/routes/api.commerce.shopping-cart.js');
const subscription = await import('../../app/routes/api.3.commerce.cart.subscription.js');
const stock = await import('../../app/routes/api.commerce.inventory.stock.js');
const { resetRateLimits, loadCart } = await import('../../app/commerce/cart.server.js');
const { getCartId, shopperSession, SESSION_COOKIE } = await import('../../app/utils/session.server.js');
const { closeDb, getSql } = await import('../../db/client.server.js');

// The demo site's local name: route modules called directly resolve the site from the host.
const BASE = 'http://localhost';
type Args = Parameters<typeof entries.action>[0];
const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {} }) as unknown as Args;

function post(path: string, body: unknown, cookie?: string, method = 'POST'): Request {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', 'X-Forwarded-For': '203.0.113.7' };
  if (cookie) headers.Cookie = cookie;
  return new Request(BASE + path, { method, headers, body: typeof body === 'string' ? body : JSON.stringify(body) });
}

/** The `name=value` part of a Set-Cookie header, to send back. */
function cookieOf(res: Response): string {
  const set = res.headers.get('Set-Cookie');
  if (!set) throw new Error('no Set-Cookie');
  return set.split(';')[0];
}

beforeAll(async () => {
  vi.spyOn(console, 'log').mockImplementation(() => {});
  await getSql();
}, 120_000);
beforeEach(() => resetRateLimits());
afterAll(async () => {
  vi.restoreAllMocks();
  await closeDb();
  await own.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('POST /api/commerce/shopping-cart/entries', () => {
  it('adds an entry, sets the signed session cookie and answers {shoppingCart, newlyAdded}', async () => {
    const res = await entries.action(
      args(
        post('/api/commerce/shopping-cart/entries', {
          itemId: 'itm-tide-pool-mug',
          sku: 'SG-TPM-01',
          quantity: 2,
          additionalFields: '{"gift":"yes"}',
        }),
      ),
    );
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.newlyAdded).toMatchObject({
      itemId: 'itm-tide-pool-mug',
      quantity: 2,
      chosenVariant: { sku: 'SG-TPM-01', attributes: { Color: 'Sea Glass' } },
      purchasePriceCents: 3400,
      additionalFields: { gift: 'yes' },
    });
    expect(body.shoppingCart).toMatchObject({
      websiteId: 'saltgrass',
      totalQuantity: 2,
      subtotalCents: 6800,
      subtotal: { currency: 'USD', value: '68.00' },
      requiresShipping: true,
      isPurchased: false,
    });
    const cookie = cookieOf(res);
    expect(cookie.startsWith(`${SESSION_COOKIE}=`)).toBe(true);
    expect(res.headers.get('Set-Cookie')).toMatch(/HttpOnly/i);
    const cartId = await getCartId(new Request(BASE, { headers: { Cookie: cookie } }));
    expect(cartId).toBe(body.shoppingCart.id);

    // The same cookie keeps adding to the same cart.
    const again = await entries.action(
      args(post('/api/commerce/shopping-cart/entries', { itemId: 'itm-wave-quilt-pattern', quantity: '1' }, cookie)),
    );
    expect((await again.json()).shoppingCart).toMatchObject({ id: cartId, totalQuantity: 3, hasDigital: true, purelyDigital: false });

    const got = await cartRoute.loader(
      args(new Request(BASE + '/api/commerce/shopping-cart?calculateSubtotal=true', { headers: { Cookie: cookie } })),
    );
    expect(got.headers.get('Cache-Control')).toBe('no-store');
    expect(await got.json()).toMatchObject({ id: cartId, totalQuantity: 3, entries: [{ quantity: 2 }, { quantity: 1 }] });
  });

  it('answers the spec texts as {error} with a 4xx status', async () => {
    const cases: [unknown, number, string][] = [
      [{ itemId: 'itm-saltmarsh-apron', quantity: 1 }, 400, 'Please select the Size and Color options.'],
      [
        { itemId: 'itm-tide-pool-mug', sku: 'SG-TPM-03', quantity: 1 },
        409,
        'Sorry, we do not have enough of that item available. None of Tide Pool Mug (Ink) is left.',
      ],
      [
        { itemId: 'itm-tide-pool-mug', sku: 'nope', quantity: 1 },
        400,
        'Sorry, that item variant is unavailable. Please select another variant.',
      ],
      [{ itemId: 'itm-tide-pool-mug', sku: 'SG-TPM-01', quantity: 'lots' }, 400, 'Quantity must be a number'],
      [{ itemId: 'itm-tide-pool-mug', sku: 'SG-TPM-01', quantity: 1.5 }, 400, 'Quantity must be a whole number'],
      [{ itemId: 'itm-saltgrass-gift-card', quantity: 1 }, 400, 'Select a denomination for the Gift Card.'],
      [{ sku: 'x' }, 400, 'Unable to add item'],
      ['{not json', 400, 'Could not parse the request body.'],
    ];
    for (const [body, status, error] of cases) {
      const res = await entries.action(args(post('/api/commerce/shopping-cart/entries', body)));
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(await res.json()).toEqual({ error });
      expect(res.headers.get('Set-Cookie')).toBeNull();
    }
    const get = await entries.action(args(new Request(BASE + '/api/commerce/shopping-cart/entries')));
    expect(get.status).toBe(405);
  });

  it('limits a visitor hammering the cart with 429 and the spec text', async () => {
    const statuses: number[] = [];
    let last: Response | null = null;
    for (let i = 0; i < 40; i++) {
      last = await entries.action(args(post('/api/commerce/shopping-cart/entries', { itemId: 'nothing', quantity: 1 })));
      statuses.push(last.status);
    }
    expect(statuses).toContain(429);
    expect(statuses.indexOf(429)).toBeGreaterThanOrEqual(20);
    expect(await last!.json()).toEqual({ error: 'Please try again in a few seconds.' });
  });

  it('ignores a tampered cookie (a new cart is started)', async () => {
    const session = await shopperSession(new Request(BASE));
    session.setCartId('00000000-0000-4000-8000-000000000000');
    const good = (await session.commit())!;
    const [name, value] = good.split(';')[0].split('=');
    expect(await getCartId(new Request(BASE, { headers: { Cookie: `${name}=${value}` } }))).toBe('00000000-0000-4000-8000-000000000000');
    const forged = `${name}=${value.slice(0, -3)}abc`;
    expect(await getCartId(new Request(BASE, { headers: { Cookie: forged } }))).toBeNull();
    const res = await entries.action(
      args(post('/api/commerce/shopping-cart/entries', { itemId: 'itm-wave-quilt-pattern', quantity: 1 }, forged)),
    );
    expect((await res.json()).shoppingCart.id).not.toBe('00000000-0000-4000-8000-000000000000');
  });
});

describe('PUT .../entries/{entryId}/additionalFields', () => {
  it('replaces the fields and answers {shoppingCart, updatedEntry}; a foreign entry is refused', async () => {
    const add = await entries.action(
      args(post('/api/commerce/shopping-cart/entries', { itemId: 'itm-wave-quilt-pattern', quantity: 1, additionalFields: '{"a":1}' })),
    );
    const cookie = cookieOf(add);
    const entryId = (await add.json()).newlyAdded.id as string;
    const path = `/api/commerce/shopping-cart/entries/${entryId}/additionalFields`;
    const res = await fields.action(
      args(post(path, { itemId: 'itm-wave-quilt-pattern', sku: 'SG-WQP-01', additionalFields: '{"a":2}' }, cookie, 'PUT'), { entryId }),
    );
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.updatedEntry).toMatchObject({ id: entryId, additionalFields: { a: 2 } });
    expect(body.shoppingCart.entries).toHaveLength(1);
    // Without the cart's cookie the entry is not the visitor's.
    const other = await fields.action(args(post(path, { additionalFields: '{}' }, undefined, 'PUT'), { entryId }));
    expect(other.status).toBe(404);
    expect(await other.json()).toEqual({ error: 'Unable to update form' });
  });
});

describe('POST /api/3/commerce/cart/subscription', () => {
  it('answers a cartToken for a subscription cart, and refuses other products', async () => {
    const res = await subscription.action(
      args(post('/api/3/commerce/cart/subscription', { itemId: 'itm-seasonal-clay-box', sku: 'SG-SCB-01', qty: 1 })),
    );
    expect(res.status).toBe(200);
    const { cartToken } = await res.json();
    expect(await loadCart('saltgrass', cartToken)).toMatchObject({ kind: 'subscription', totalQuantity: 1 });
    const bad = await subscription.action(
      args(post('/api/3/commerce/cart/subscription', { itemId: 'itm-tide-pool-mug', sku: 'SG-TPM-01', qty: 1 })),
    );
    expect(bad.status).toBe(400);
    expect(await bad.json()).toHaveProperty('error');
  });
});

describe('GET /api/commerce/inventory/stock', () => {
  it('lists the stock of each variant', async () => {
    const res = await stock.loader(args(new Request(BASE + '/api/commerce/inventory/stock?itemId=itm-saltgrass-gift-card')));
    const body = await res.json();
    expect(body.results).toHaveLength(4);
    expect(body.results[0]).toMatchObject({ sku: 'SG-SGC-01', unlimited: true });
    expect((await stock.loader(args(new Request(BASE + '/api/commerce/inventory/stock')))).status).toBe(400);
    const missing = await stock.loader(args(new Request(BASE + '/api/commerce/inventory/stock?itemId=nope')));
    expect(missing.status).toBe(404);
  });
});
