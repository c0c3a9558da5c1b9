// The cart's JSON API (SPEC 7) through the built server: the routes answer JSON with the spec's
// texts, and never 500 (remix-serve's fetch once lacked Response.json and every route failed).
import { describe, expect, it } from 'vitest';
import { Visitor } from './support/client.js';

async function someProduct(v: Visitor): Promise<{ itemId: string; sku: string }> {
  const res = await v.get('/api/commerce/shopping-cart');
  expect(res.status).toBe(200);
  // The stock route needs an item id: take one from the demo store's shop listing.
  const page = await (await v.get('/shop')).text();
  const m = /name="itemId" value="([^"]+)"/.exec(page);
  expect(m, 'the shop listing has an add-to-cart form').not.toBeNull();
  const stock = await (await v.get(`/api/commerce/inventory/stock?itemId=${m![1]}`)).json();
  return { itemId: m![1], sku: stock.results[0].sku };
}

describe('cart API over HTTP', () => {
  it('GET /api/commerce/shopping-cart answers an empty cart as JSON', async () => {
    const res = await new Visitor().get('/api/commerce/shopping-cart');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    const body = await res.json();
    expect(body.entries ?? body.shoppingCart?.entries ?? []).toEqual([]);
  });

  it('POST /api/commerce/shopping-cart/entries adds a line and sets the session cookie', async () => {
    const v = new Visitor();
    const { itemId, sku } = await someProduct(v);
    const res = await v.json('/api/commerce/shopping-cart/entries', { itemId, sku, quantity: 1 });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.newlyAdded.itemId).toBe(itemId);
    expect(v.cookies.size).toBeGreaterThan(0);
    const cart = await (await v.get('/api/commerce/shopping-cart')).json();
    expect(JSON.stringify(cart)).toContain(itemId);
  });

  it('answers 400 with a JSON error for an unreadable body, and 405 for a wrong method', async () => {
    const v = new Visitor();
    const bad = await v.json('/api/commerce/shopping-cart/entries', '{not json');
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toEqual(expect.any(String));
    const wrong = await v.get('/api/commerce/shopping-cart/entries');
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('POST');
  });
});
