// Every JSON API route of SPEC 7 and every cart form intent, through the running server, with good
// and bad input: the answers, their statuses and texts, and that a refusal changes nothing.
import { describe, expect, it } from 'vitest';
import { Visitor } from './support/client.js';

const MUG = 'itm-tide-pool-mug';
const MUG_SEA = 'SG-TPM-01';
const BOX = 'itm-seasonal-clay-box'; // sold by subscription
const BOX_SKU = 'SG-SCB-01';

async function cart(v: Visitor) {
  const res = await v.get('/api/commerce/shopping-cart');
  expect(res.status).toBe(200);
  return res.json();
}

async function withLine(v: Visitor): Promise<string> {
  const res = await v.json('/api/commerce/shopping-cart/entries', { itemId: MUG, sku: MUG_SEA, quantity: 1 });
  expect(res.status).toBe(200);
  return (await res.json()).newlyAdded.id;
}

describe('GET /api/commerce/inventory/stock', () => {
  it('answers each variant with unlimited and qtyInStock', async () => {
    const res = await new Visitor().get(`/api/commerce/inventory/stock?itemId=${MUG}`);
    expect(res.status).toBe(200);
    const { results } = await res.json();
    expect(results.map((r: { sku: string }) => r.sku)).toEqual(['SG-TPM-01', 'SG-TPM-02', 'SG-TPM-03']);
    expect(results[2]).toMatchObject({ unlimited: false, qtyInStock: 0 });
  });

  it('answers 404 for an unknown item and 400 without one', async () => {
    const missing = await new Visitor().get('/api/commerce/inventory/stock?itemId=nope');
    expect(missing.status).toBe(404);
    expect((await missing.json()).error).toBe('Unable to locate content');
    expect((await new Visitor().get('/api/commerce/inventory/stock')).status).toBe(400);
  });
});

describe('PUT /api/commerce/shopping-cart/entries/{entryId}/additionalFields', () => {
  it('replaces an entry’s fields, as JSON text or as an object', async () => {
    const v = new Visitor();
    const id = await withLine(v);
    const text = await v.json(
      `/api/commerce/shopping-cart/entries/${id}/additionalFields`,
      { additionalFields: '{"note":"gift wrap"}' },
      'PUT',
    );
    expect(text.status).toBe(200);
    expect((await text.json()).updatedEntry.additionalFields).toEqual({ note: 'gift wrap' });
    const obj = await v.json(
      `/api/commerce/shopping-cart/entries/${id}/additionalFields`,
      { additionalFields: { note: 'no wrap' } },
      'PUT',
    );
    expect(obj.status).toBe(200);
    expect((await obj.json()).updatedEntry.additionalFields).toEqual({ note: 'no wrap' });
  });

  it('refuses oversized or deep fields in either form, an unknown entry, and other methods', async () => {
    const v = new Visitor();
    const id = await withLine(v);
    const url = `/api/commerce/shopping-cart/entries/${id}/additionalFields`;
    let deep: unknown = 'x';
    for (let i = 0; i < 6; i++) deep = { a: deep };
    for (const additionalFields of ['x'.repeat(9000), { big: 'x'.repeat(9000) }, deep, JSON.stringify(deep)]) {
      const res = await v.json(url, { additionalFields }, 'PUT');
      expect(res.status).toBe(400);
      expect((await res.json()).error).toBe('Unable to update form');
    }
    const unknown = await v.json('/api/commerce/shopping-cart/entries/nope/additionalFields', { additionalFields: '{}' }, 'PUT');
    expect(unknown.status).toBe(404);
    const post = await v.json(url, { additionalFields: '{}' }, 'POST');
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('PUT');
    expect((await cart(v)).entries[0].additionalFields ?? null).toBeNull();
  });
});

describe('POST /api/3/commerce/cart/subscription', () => {
  it('answers a cartToken for a subscribable product', async () => {
    const res = await new Visitor().json('/api/3/commerce/cart/subscription', { itemId: BOX, sku: BOX_SKU, qty: 1 });
    expect(res.status).toBe(200);
    expect((await res.json()).cartToken).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('a subscription is 1 of it (its page offers no quantity): qty 2 is refused, and a form post of 2 too', async () => {
    const v = new Visitor();
    const res = await v.json('/api/3/commerce/cart/subscription', { itemId: BOX, sku: BOX_SKU, qty: 2 });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe('Only 1 of this item can be in the cart at a time.');
    const form = await v.postForm('/cart', {
      intent: 'subscribe',
      itemId: BOX,
      sku: BOX_SKU,
      quantity: '2',
      returnTo: '/shop/p/seasonal-clay-box',
    });
    expect(form.status).toBe(303);
    expect(form.headers.get('location')).toBe('/shop/p/seasonal-clay-box');
    expect(await (await v.get('/shop/p/seasonal-clay-box')).text()).toContain('Only 1 of this item can be in the cart at a time.');
  });

  it('refuses a product that is not sold by subscription, and a bad body', async () => {
    const v = new Visitor();
    const res = await v.json('/api/3/commerce/cart/subscription', { itemId: MUG, sku: MUG_SEA, qty: 1 });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe('This product cannot be subscribed to.');
    const bad = await v.json('/api/3/commerce/cart/subscription', '[1,2]');
    expect(bad.status).toBe(400);
  });
});

describe('POST /api/commerce/shopping-cart/entries', () => {
  it('answers 404 for an unknown item and 429 with Retry-After to a visitor hammering the cart', async () => {
    const v = new Visitor();
    const unknown = await v.json('/api/commerce/shopping-cart/entries', { itemId: 'nope', quantity: 1 });
    expect(unknown.status).toBe(404);
    await withLine(v);
    // All at once: the allowance is 30 in 6 s from the first, and sent one after another a slow
    // machine could let the window end before the 31st.
    const answers = await Promise.all(
      Array.from({ length: 45 }, () => v.json('/api/commerce/shopping-cart/entries', { itemId: MUG, sku: MUG_SEA, quantity: 1 })),
    );
    const statuses = answers.map((r) => r.status);
    const limited = answers.find((r) => r.status === 429);
    for (const r of answers) if (r !== limited) await r.arrayBuffer();
    expect(statuses).toContain(429);
    // Adds at the same moment are each answered, never with a 500.
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(limited!.headers.get('retry-after')).toBeTruthy();
    expect((await limited!.json()).error).toBe('Please try again in a few seconds.');
  });
});

describe('page actions of a visitor hammering the cart (no JavaScript)', () => {
  it('answer 429 with Retry-After and the spec text on the page, for the cart form and checkout', async () => {
    const v = new Visitor();
    const id = await withLine(v);
    // All at once, so that the 429 and the checkout below both come inside the 6 s window: sent one
    // after another, a slow machine could end it before the 31st post or just after it.
    const answers = await Promise.all(
      Array.from({ length: 45 }, () => v.postForm('/cart', { intent: 'update', entryId: id, quantity: '2', returnTo: '/cart' })),
    );
    const limited = answers.find((r) => r.status === 429);
    for (const r of answers) if (r !== limited) await r.arrayBuffer();
    expect(limited, 'no 429 after 45 posts').toBeDefined();
    expect(answers.map((r) => r.status).filter((s) => s >= 500)).toEqual([]);
    expect(Number(limited!.headers.get('retry-after'))).toBeGreaterThan(0);
    const page = await limited!.text();
    expect(page).toMatch(/<p class="wrap notice notice-error action-notice" role="alert">Please try again in a few seconds\.<\/p>/);
    // Checkout shares the allowance: the same cart must wait there too.
    const checkout = await v.postForm('/checkout', { cart: 'cart' });
    expect(checkout.status).toBe(429);
    expect(checkout.headers.get('retry-after')).toBeTruthy();
    expect(await checkout.text()).toContain('Please try again in a few seconds.');
  });
});

describe('cart form intents (no JavaScript)', () => {
  it('update sets a quantity and remove takes the line away, each with a 303 back to /cart', async () => {
    const v = new Visitor();
    const id = await withLine(v);
    const upd = await v.postForm('/cart', { intent: 'update', entryId: id, quantity: '3', returnTo: '/cart' });
    expect(upd.status).toBe(303);
    expect(upd.headers.get('location')).toBe('/cart');
    expect((await cart(v)).entries[0].quantity).toBe(3);
    const rm = await v.postForm('/cart', { intent: 'remove', entryId: id, returnTo: '/cart' });
    expect(rm.status).toBe(303);
    expect((await cart(v)).entries).toEqual([]);
  });

  it('an unknown entry says so on /cart and changes nothing', async () => {
    const v = new Visitor();
    await withLine(v);
    const res = await v.postForm('/cart', { intent: 'update', entryId: 'nope', quantity: '2', returnTo: '/cart' });
    expect(res.status).toBe(303);
    expect(await (await v.get('/cart')).text()).toContain('Unable to update quantity');
    expect((await cart(v)).entries[0].quantity).toBe(1);
  });

  it("a list page's failed add says it on the product's card under SPEC 8's title (Unable to Add Item, or Unable to purchase Gift Card)", async () => {
    const v = new Visitor();
    // The listing's page that shows a product's card (products other tests add may move it on).
    const listing = async (itemId: string) => {
      for (let page = 1; page <= 10; page++) {
        const path = page === 1 ? '/shop' : `/shop?page=${page}`;
        if ((await (await v.get(path)).text()).includes(`data-item-id="${itemId}"`)) return path;
      }
      throw new Error(`no /shop page lists ${itemId}`);
    };
    const cardError = (html: string, itemId: string) =>
      html.slice(html.indexOf(`data-item-id="${itemId}"`)).match(/<p class="card-message cart-error" role="alert">(.*?)<\/p>/)?.[1];
    for (const [itemId, text] of [
      [MUG, '<strong>Unable to Add Item</strong> Please select the Color option.'],
      ['itm-saltgrass-gift-card', '<strong>Unable to purchase Gift Card</strong> Select a denomination for the Gift Card.'],
    ]) {
      const path = await listing(itemId);
      const res = await v.postForm('/cart', { intent: 'add', itemId, sku: '', quantity: '1', returnTo: path });
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe(path);
      expect(cardError(await (await v.get(path)).text(), itemId)).toBe(text);
    }
    expect((await cart(v)).entries).toEqual([]);
  });

  it('subscribe goes to the subscription checkout; an unknown intent is refused', async () => {
    const v = new Visitor();
    const sub = await v.postForm('/cart', { intent: 'subscribe', itemId: BOX, sku: BOX_SKU, quantity: '1', returnTo: '/shop' });
    expect(sub.status).toBe(303);
    expect(sub.headers.get('location')).toBe('/checkout?subscription=1');
    const page = await v.get('/checkout?subscription=1');
    expect(page.status).toBe(200);
    const odd = await v.postForm('/cart', { intent: 'explode', itemId: MUG, returnTo: '/shop' });
    expect(odd.status).toBe(303);
    expect(await (await v.get('/shop')).text()).toContain('Unable to add item');
  });
});
