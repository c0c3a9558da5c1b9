// The shopper's session cookie through the built server (issue 9): one signed cookie carries the
// cart, the subscription checkout and the flash; the flash shows once; a tampered or foreign
// cookie is ignored; a catalog page answered to a session without a cart or flash stays public, one
// answered to a session holding a cart is private (it shows the cart's count and subtotal).
import { createCookieSessionStorage } from '@remix-run/node';
import { describe, expect, it } from 'vitest';
import { Visitor } from './support/client.js';

const PRODUCT = '/shop/p/linen-bread-bag';
const BREAD_BAG = 'itm-linen-bread-bag';
const CATALOG = ['/', '/shop', PRODUCT, '/search?q=mug', '/no-such-page'];
const EMPTY = 'You have nothing in your shopping cart.';

const setCookieNames = (res: Response) => res.headers.getSetCookie().map((c) => c.slice(0, c.indexOf('=')));

/** Adds `quantity` bread bags with a form post, as a browser without JavaScript does. */
async function addWithForm(v: Visitor, quantity: string, returnTo = PRODUCT): Promise<Response> {
  const res = await v.postForm('/cart', { intent: 'add', itemId: BREAD_BAG, quantity, returnTo });
  expect(res.status).toBe(303);
  return res;
}

async function cartOf(v: Visitor): Promise<{ id: string | null; entries: { quantity: number }[] }> {
  const res = await v.get('/api/commerce/shopping-cart');
  expect(res.status).toBe(200);
  return res.json();
}

describe('the session cookie', () => {
  it('is the only cookie the server signs: HttpOnly, Lax, as long-lived as a cart (CART_TTL_DAYS, 30 by default)', async () => {
    const v = new Visitor();
    const post = await addWithForm(v, '1');
    expect(setCookieNames(post).sort()).toEqual(['cart_qty', 'session']);
    const session = post.headers.getSetCookie().find((c) => c.startsWith('session='))!;
    expect(session).toMatch(/; Max-Age=2592000; /);
    expect(session).toMatch(/; Path=\//);
    expect(session).toMatch(/; HttpOnly/);
    expect(session).toMatch(/; SameSite=Lax/);
  });

  it('keeps the cart between requests: form posts, the cart page and the JSON API all see the same cart', async () => {
    const v = new Visitor();
    await addWithForm(v, '1');
    const first = await cartOf(v);
    expect(first.id).toMatch(/^[0-9a-f-]{36}$/);
    await addWithForm(v, '2', '/cart');
    const api = await v.json('/api/commerce/shopping-cart/entries', { itemId: 'itm-wave-quilt-pattern', quantity: 1 });
    expect(api.status).toBe(200);
    expect((await api.json()).shoppingCart.id).toBe(first.id);
    const now = await cartOf(v);
    expect(now.id).toBe(first.id);
    expect(now.entries.map((e) => e.quantity)).toEqual([3, 1]);
    const page = await (await v.get('/cart')).text();
    expect(page).toContain('Linen Bread Bag');
    expect(page).not.toContain(EMPTY);
  });

  it('a flash shows on the next page only, which is private and forgets it; the page after is public again', async () => {
    const v = new Visitor();
    await addWithForm(v, '0');
    const shown = await v.get(PRODUCT);
    expect(shown.status).toBe(200);
    expect(shown.headers.get('cache-control')).toBe('private, no-cache');
    expect(await shown.text()).toContain('Unable to Add Item');
    // The answer sets the session again, without the flash.
    expect(setCookieNames(shown)).toContain('session');

    const again = await v.get(PRODUCT);
    expect(again.headers.get('cache-control')).toMatch(/^public/);
    expect(again.headers.get('set-cookie')).toBeNull();
    expect(await again.text()).not.toContain('Unable to Add Item');
  });

  it('the page a post went back to (a listing too) is private, with the count; so is the next one, without the flash', async () => {
    const v = new Visitor();
    await addWithForm(v, '1', '/shop');
    const shown = await v.get('/shop');
    expect(shown.headers.get('cache-control')).toBe('private, no-cache');
    expect(await shown.text()).toContain('data-cart-pill aria-label="1 item in cart"');
    const next = await v.get('/shop');
    expect(next.headers.get('cache-control')).toBe('private, no-cache');
    expect(await next.text()).toContain('data-cart-pill aria-label="1 item in cart"');
  });

  it('a catalog page answered to a session holding a cart is private with Vary: Cookie and no Set-Cookie', async () => {
    const v = new Visitor();
    await addWithForm(v, '1');
    await v.get(PRODUCT); // shows and forgets the flash
    expect(v.cookies.has('session')).toBe(true);
    for (const path of CATALOG) {
      const res = await v.get(path);
      if (res.status === 200) expect(res.headers.get('cache-control'), path).toBe('private, no-cache');
      expect(res.headers.get('set-cookie'), path).toBeNull();
      expect(res.headers.get('vary') ?? '', path).toMatch(/cookie/i);
    }
  });

  it('a tampered session cookie is ignored: no 500, an empty cart, public catalog pages, and the next add starts a new cart', async () => {
    const v = new Visitor();
    await addWithForm(v, '1');
    await v.get(PRODUCT);
    const before = await cartOf(v);
    const value = v.cookies.get('session')!;
    // Change one character of the signed value (not the last: base64 padding may be ignored).
    const i = value.indexOf('.') - 2;
    v.cookies.set('session', value.slice(0, i) + (value[i] === 'A' ? 'B' : 'A') + value.slice(i + 1));

    const cart = await v.get('/cart');
    expect(cart.status).toBe(200);
    expect(await cart.text()).toContain(EMPTY);
    expect(await cartOf(v)).toMatchObject({ id: null, entries: [] });
    for (const path of CATALOG) {
      const res = await v.get(path);
      expect(res.status, path).toBeLessThan(500);
      expect(res.headers.get('cache-control'), path).toMatch(/^public/);
      expect(res.headers.get('set-cookie'), path).toBeNull();
    }
    await addWithForm(v, '1');
    const after = await cartOf(v);
    expect(after.id).not.toBeNull();
    expect(after.id).not.toBe(before.id);
  });

  it('a session signed with another secret, or garbage, is ignored too; so is the old `cart` cookie', async () => {
    const other = createCookieSessionStorage({ cookie: { name: 'session', secrets: ['another-secret-of-at-least-32-characters'] } });
    const s = await other.getSession();
    s.set(
      'cartId',
      (
        await (async () => {
          const v = new Visitor();
          await addWithForm(v, '1');
          return cartOf(v);
        })()
      ).id!,
    );
    const foreign = (await other.commitSession(s)).split(';')[0];
    for (const cookie of [foreign, 'session=garbage', 'session=%E0%A4%A', 'cart=00000000-0000-4000-8000-000000000000.sig']) {
      const v = new Visitor();
      const res = await v.get('/cart', { Cookie: cookie });
      expect(res.status, cookie).toBe(200);
      expect(await res.text(), cookie).toContain(EMPTY);
      const api = await v.get('/api/commerce/shopping-cart', { Cookie: cookie });
      expect((await api.json()).entries, cookie).toEqual([]);
    }
  });

  it('carries the subscription checkout beside the shopping cart', async () => {
    const v = new Visitor();
    await addWithForm(v, '1');
    const sub = await v.postForm('/cart', { intent: 'subscribe', itemId: 'itm-seasonal-clay-box' });
    expect(sub.status).toBe(303);
    expect(sub.headers.get('location')).toBe('/checkout?subscription=1');
    expect(setCookieNames(sub)).toEqual(['session']);
    const checkout = await (await v.get('/checkout?subscription=1')).text();
    expect(checkout).toContain('Seasonal Clay Box');
    expect(checkout).not.toContain('Linen Bread Bag');
    // The shopping cart is still there.
    expect((await cartOf(v)).entries.map((e) => e.quantity)).toEqual([1]);
  });
});
