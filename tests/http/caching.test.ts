// Public caching of catalog pages through the built server (issue 8, point 5; issue 30): a visitor
// without a cart gets one public document for everyone; a visitor holding a cart gets every page
// with the indicator's count and subtotal (SPEC 2), private (never a shared cache's copy, never the
// document cache's); the count also travels in the readable cart_qty cookie that every cart change
// sets; a page that shows a flash message is private.
import { describe, expect, it } from 'vitest';
import { Visitor } from './support/client.js';
import { NEW_YORK } from './support/checkout.js';

const PRODUCT = '/shop/p/linen-bread-bag';
const CATALOG = ['/', '/shop', PRODUCT, '/about', '/blog', '/search?q=mug', '/no-such-page'];

async function itemIdOf(v: Visitor, path: string): Promise<string> {
  const html = await (await v.get(path)).text();
  const m = /<form class="add-to-cart"[\s\S]*?name="itemId" value="([^"]+)"/.exec(html);
  expect(m, `${path} has an add-to-cart form`).not.toBeNull();
  return m![1];
}

function setCookieNames(res: Response): string[] {
  return res.headers.getSetCookie().map((c) => c.slice(0, c.indexOf('=')));
}

/** A visitor who added one Linen Bread Bag without JavaScript, the flash already shown. */
async function visitorWithCart(): Promise<{ v: Visitor; itemId: string; post: Response }> {
  const v = new Visitor();
  const itemId = await itemIdOf(v, PRODUCT);
  const post = await v.postForm('/cart', { intent: 'add', itemId, quantity: '1', returnTo: PRODUCT });
  expect(post.status).toBe(303);
  const flashPage = await v.get(PRODUCT);
  expect(flashPage.status).toBe(200);
  return { v, itemId, post };
}

describe("catalog pages: public without a cart, the visitor's own with one", () => {
  it('a visitor without a cart gets public caching headers and no count', async () => {
    for (const path of CATALOG) {
      const anon = await new Visitor().get(path);
      const html = await anon.text();
      if (anon.status === 200) expect(anon.headers.get('cache-control'), path).toMatch(/^public, max-age=\d+/);
      expect(anon.headers.get('vary') ?? '', path).not.toMatch(/cookie/i);
      expect(anon.headers.get('set-cookie'), path).toBeNull();
      // No count in the document: the indicator's count and the pill wait for the browser.
      expect(html, path).toMatch(/<span class="cart-count" data-cart-count hidden>/);
      expect(html, path).toMatch(/<span class="cart-subtotal" data-cart-subtotal><\/span>/);
      expect(html, path).toMatch(/data-cart-pill hidden/);
    }
  });

  it('a visitor holding a cart sees its count and subtotal on every page, in a private answer', async () => {
    const { v } = await visitorWithCart();
    expect(v.cookies.has('session')).toBe(true);
    expect(v.cookies.get('cart_qty')).toBe('1');
    for (const path of CATALOG) {
      const mine = await v.get(path);
      const html = await mine.text();
      expect(html, path).toContain('data-cart-known');
      expect(html, path).toMatch(/<span class="cart-count" data-cart-count><span class="sqs-cart-quantity">1<\/span>/);
      expect(html, path).toContain('<span class="cart-subtotal" data-cart-subtotal>$26.00</span>');
      expect(html, path).toMatch(/<a class="cart-pill" href="\/cart" data-cart-pill aria-label="1 item in cart">/);
      if (mine.status === 200) expect(mine.headers.get('cache-control'), path).toBe('private, no-cache');
      expect(mine.headers.get('vary'), path).toMatch(/cookie/i);
      // The document cache answers nobody with a cookie but the analytics ones.
      expect(mine.headers.get('x-document-cache'), path).not.toBe('hit');
      // Nothing to set: the cart_qty the browser holds is already right.
      expect(mine.headers.get('set-cookie'), path).toBeNull();
    }
    // Another one changes both at once.
    const itemId = await itemIdOf(v, PRODUCT);
    expect((await v.postForm('/cart', { intent: 'add', itemId, quantity: '1', returnTo: '/shop' })).status).toBe(303);
    await v.get('/shop'); // the flash
    const after = await (await v.get('/blog')).text();
    expect(after).toMatch(/<span class="cart-count" data-cart-count><span class="sqs-cart-quantity">2<\/span>/);
    expect(after).toContain('<span class="cart-subtotal" data-cart-subtotal>$52.00</span>');
  });

  it('a cart holder revalidating their page gets a 304, a changed cart a new page', async () => {
    const { v, itemId } = await visitorWithCart();
    const first = await v.get('/shop');
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    const again = await v.get('/shop', { 'If-None-Match': etag! });
    expect(again.status).toBe(304);
    // The browser keeps the document it has, with that document's CSP: a new nonce in the 304
    // would replace it and block the kept document's scripts.
    expect(first.headers.get('content-security-policy')).toMatch(/'nonce-/);
    expect(again.headers.get('content-security-policy')).toBeNull();
    await v.json('/api/commerce/shopping-cart/entries', { itemId, quantity: 1 });
    const changed = await v.get('/shop', { 'If-None-Match': etag! });
    expect(changed.status).toBe(200);
    expect(await changed.text()).toContain('data-cart-subtotal>$52.00</span>');
  });

  it('the page right after a no-JavaScript add carries the flash: private, with the count', async () => {
    const v = new Visitor();
    const itemId = await itemIdOf(v, PRODUCT);
    const post = await v.postForm('/cart', { intent: 'add', itemId, quantity: '2', returnTo: PRODUCT });
    expect(post.status).toBe(303);
    expect(post.headers.get('location')).toBe(PRODUCT);
    const qty = post.headers.getSetCookie().find((c) => c.startsWith('cart_qty='));
    expect(qty).toMatch(/^cart_qty=2; Max-Age=\d+; Path=\/; SameSite=Lax$/);
    expect(qty).not.toMatch(/HttpOnly/i);

    const page = await v.get(PRODUCT);
    expect(page.headers.get('cache-control')).toBe('private, no-cache');
    expect(page.headers.get('vary')).toMatch(/cookie/i);
    // The one-shot message is cleared by this answer.
    expect(setCookieNames(page)).toContain('session');
    const html = await page.text();
    expect(html).toContain('2 &times; Linen Bread Bag added to your cart.');
    expect(html).toMatch(/<a class="cart-pill" href="\/cart" data-cart-pill aria-label="2 items in cart">/);
    expect(html).toContain('data-cart-known');

    // The next page still shows the cart, and the message is gone.
    const next = await v.get(PRODUCT);
    expect(next.headers.get('cache-control')).toBe('private, no-cache');
    expect(await next.text()).not.toContain('added to your cart.');
  });

  it('a page after a failed no-JavaScript add is private and shows the error', async () => {
    const v = new Visitor();
    const itemId = await itemIdOf(v, PRODUCT);
    const post = await v.postForm('/cart', { intent: 'add', itemId, quantity: '0', returnTo: PRODUCT });
    expect(post.status).toBe(303);
    const page = await v.get(PRODUCT);
    expect(page.headers.get('cache-control')).toBe('private, no-cache');
    expect(await page.text()).toContain('Unable to Add Item');
  });

  it('every change of the cart sets cart_qty: update, remove, the JSON API, checkout', async () => {
    const { v, itemId } = await visitorWithCart();
    const cart = await (await v.get('/cart')).text();
    const entryId = /name="entryId" value="([^"]+)"/.exec(cart)![1];

    const update = await v.postForm('/cart', { intent: 'update', entryId, quantity: '3' });
    expect(update.status).toBe(303);
    expect(v.cookies.get('cart_qty')).toBe('3');

    const api = await v.json('/api/commerce/shopping-cart/entries', { itemId, quantity: 1 });
    expect(api.status).toBe(200);
    expect(v.cookies.get('cart_qty')).toBe('4');

    const remove = await v.postForm('/cart', { intent: 'remove', entryId });
    expect(remove.status).toBe(303);
    expect(v.cookies.has('cart_qty')).toBe(false);

    await v.postForm('/cart', { intent: 'add', itemId, quantity: '1', returnTo: '/cart' });
    expect(v.cookies.get('cart_qty')).toBe('1');
    const placed = await v.postForm('/checkout', {
      cart: 'cart',
      ...NEW_YORK,
    });
    expect(placed.status).toBe(303);
    expect(placed.headers.get('location')).toMatch(/^\/order-confirmed\//);
    expect(v.cookies.has('cart_qty')).toBe(false);
  });

  it('a private page puts a stale cart_qty right', async () => {
    const { v } = await visitorWithCart();
    v.cookies.set('cart_qty', '42');
    const cart = await v.get('/cart');
    expect(cart.headers.get('cache-control')).toMatch(/private|no-store/);
    expect(v.cookies.get('cart_qty')).toBe('1');
  });
});
