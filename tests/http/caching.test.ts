// Public caching of catalog pages through the built server (issue 8, point 5; issues 29 and 30): a
// visitor without a cart gets one public document for everyone; a visitor holding a cart gets every
// page with the indicator's count and subtotal (SPEC 2), private (never a shared cache's copy, never
// the document cache's), made from the render shared by everyone holding as many items with their
// subtotal put in from the readable cart_qty cookie that every cart change sets (no cart read); a
// forged cookie shows nothing it should not; a page that shows a flash message is private.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Visitor } from './support/client.js';
import { adminVisitor } from './support/owner.js';
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
    expect(v.cookies.get('cart_qty')).toBe('1-2600-USD');
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
    expect(qty).toMatch(/^cart_qty=2-5200-USD; Max-Age=\d+; Path=\/; SameSite=Lax$/);
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
    expect(v.cookies.get('cart_qty')).toBe('3-7800-USD');

    const api = await v.json('/api/commerce/shopping-cart/entries', { itemId, quantity: 1 });
    expect(api.status).toBe(200);
    expect(v.cookies.get('cart_qty')).toBe('4-10400-USD');

    const remove = await v.postForm('/cart', { intent: 'remove', entryId });
    expect(remove.status).toBe(303);
    expect(v.cookies.has('cart_qty')).toBe(false);

    await v.postForm('/cart', { intent: 'add', itemId, quantity: '1', returnTo: '/cart' });
    expect(v.cookies.get('cart_qty')).toBe('1-2600-USD');
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
    v.cookies.set('cart_qty', '42-1-USD');
    const cart = await v.get('/cart');
    expect(cart.headers.get('cache-control')).toMatch(/private|no-store/);
    expect(v.cookies.get('cart_qty')).toBe('1-2600-USD');
  });

  it('an older count-only cart_qty beside a cart is put right by the first catalog page', async () => {
    const { v } = await visitorWithCart();
    v.cookies.set('cart_qty', '1');
    const page = await v.get('/shop');
    expect(await page.text()).toContain('<span class="cart-subtotal" data-cart-subtotal>$26.00</span>');
    expect(v.cookies.get('cart_qty')).toBe('1-2600-USD');
    const next = await v.get('/shop');
    expect(next.headers.get('set-cookie')).toBeNull();
    expect(await next.text()).toContain('<span class="cart-subtotal" data-cart-subtotal>$26.00</span>');
  });
});

// Issue 29: the catalog page of a cart holder is the render everyone holding as many items shares,
// with the subtotal put in from their cookie at serve time: nothing of the cart is read.
describe("a cart holder's catalog pages are a shared render with their numbers put in", () => {
  const indicator = (html: string) => ({
    count: /<span class="cart-count" data-cart-count><span class="sqs-cart-quantity">(\d+)<\/span>/.exec(html)?.[1],
    subtotal: /<span class="cart-subtotal" data-cart-subtotal>([^<]*)<\/span>/.exec(html)?.[1],
    pill: /data-cart-pill( hidden)? aria-label="([^"]*)"/.exec(html)?.[2],
  });

  it('two visitors with different carts each see their own numbers on home, listing, product and search pages', async () => {
    const { v: one } = await visitorWithCart();
    const { v: two, itemId } = await visitorWithCart();
    expect((await two.postForm('/cart', { intent: 'add', itemId, quantity: '2', returnTo: '/shop' })).status).toBe(303);
    await two.get('/shop'); // the flash
    expect(two.cookies.get('cart_qty')).toBe('3-7800-USD');
    for (const path of ['/', '/shop', PRODUCT, '/search?q=mug']) {
      for (const [v, count, subtotal, pill] of [
        [one, '1', '$26.00', '1 item in cart'],
        [two, '3', '$78.00', '3 items in cart'],
      ] as const) {
        const res = await v.get(path);
        expect(res.status, path).toBe(200);
        expect(indicator(await res.text()), path).toEqual({ count, subtotal, pill });
        expect(res.headers.get('cache-control'), path).toBe('private, no-cache');
        expect(res.headers.get('vary'), path).toMatch(/cookie/i);
        expect(res.headers.get('set-cookie'), path).toBeNull();
      }
    }
  });

  it('the numbers come from the cookie, not the cart: the same count with another subtotal shares the render', async () => {
    const { v } = await visitorWithCart();
    // A cookie only ever shows its holder their own numbers: what it says is what the page says.
    v.cookies.set('cart_qty', '1-12345-USD');
    const first = await v.get('/shop');
    expect(indicator(await first.text())).toMatchObject({ count: '1', subtotal: '$123.45' });
    v.cookies.set('cart_qty', '1-2600-USD');
    const second = await v.get('/shop');
    expect(indicator(await second.text())).toMatchObject({ count: '1', subtotal: '$26.00' });
    // The tag covers the numbers put in: another subtotal is another document.
    expect(first.headers.get('etag')).toBeTruthy();
    expect(second.headers.get('etag')).toBeTruthy();
    expect(first.headers.get('etag')).not.toBe(second.headers.get('etag'));
    expect((await v.get('/shop', { 'If-None-Match': second.headers.get('etag')! })).status).toBe(304);
    v.cookies.set('cart_qty', '1-12345-USD');
    expect((await v.get('/shop', { 'If-None-Match': second.headers.get('etag')! })).status).toBe(200);
  });

  it('a forged cookie (markup, huge numbers, another currency) is refused: the page shows no numbers of it', async () => {
    for (const forged of [
      '1-<script>alert(1)</script>-USD',
      '1-99999999999999999999-USD',
      '99999999999-100-USD',
      '2-100-EUR',
      '1-100-usd',
    ]) {
      const v = new Visitor();
      v.cookies.set('cart_qty', forged);
      const res = await v.get('/shop');
      expect(res.status, forged).toBe(200);
      const html = await res.text();
      expect(html, forged).not.toContain('<script>alert(1)');
      expect(html, forged).not.toContain('999999999');
      expect(html, forged).not.toContain('EUR');
      // The public document: no numbers in it; the browser shows a count it can read, if any.
      expect(html, forged).toMatch(/<span class="cart-subtotal" data-cart-subtotal><\/span>/);
      expect(html, forged).not.toContain('data-cart-known');
    }
  });

  it('a large but bounded cart shows 100+ on the pill and its exact count and subtotal in the indicator', async () => {
    const v = new Visitor();
    v.cookies.set('cart_qty', '250-999999999999-USD');
    const html = await (await v.get('/shop')).text();
    expect(indicator(html)).toEqual({ count: '250', subtotal: '$9,999,999,999.99', pill: 'More than 100 items in cart' });
    expect(html).toContain('<span class="cart-pill-count" data-cart-pill-count>100+</span>');
  });

  it('the placeholder amount of the shared render never reaches a visitor, whatever their count', async () => {
    for (const cookie of ['1-0-USD', '2-1-USD', '7-70000-USD']) {
      const v = new Visitor();
      v.cookies.set('cart_qty', cookie);
      for (const path of ['/', '/shop', PRODUCT]) {
        const html = await (await v.get(path)).text();
        expect(html.replace(/\D+/g, ''), `${cookie} ${path}`).not.toContain('987654321098');
        expect(html, `${cookie} ${path}`).not.toContain('\uE000');
      }
    }
  });
});

// Theme templates are the owner's to edit: the splice finds only what the app put in the render (its
// placeholder amount, formatted by the engine or the app), never the owner's markup. A layout that
// moves the indicator still gets the visitor's numbers; one that prints the amount in a form the
// splice does not know gets the visitor's own page (their cart read); one without it just works.
describe("a cart holder's pages on owner-edited layouts", () => {
  let admin: Visitor;
  let liveVersion: number;
  let layout: string;

  const publishLayout = async (source: string) => {
    const saved = await admin.postForm('/config/theme/edit/layout', { intent: 'save', source, note: 'cart splice test' });
    expect(saved.status).toBe(303);
    const version = /\?saved=(\d+)$/.exec(saved.headers.get('location') ?? '')![1];
    expect((await admin.postForm('/config/theme', { intent: 'publish', version })).status).toBe(303);
  };

  beforeAll(async () => {
    admin = await adminVisitor();
    liveVersion = Number(/Visitors see version (\d+)/.exec(await (await admin.get('/config/theme')).text())![1]);
    const preview = (await (await admin.get('/config/theme/preview?page=product')).json()) as { sources: { layout: string } };
    layout = preview.sources.layout;
    expect(layout).toContain('{mainContent}');
  });
  afterAll(async () => {
    await admin.postForm('/config/theme/versions', { intent: 'revert', version: String(liveVersion), publish: 'on' });
  });

  it('an indicator of the owner’s own markup, elsewhere in the layout, shows the visitor’s numbers', async () => {
    await publishLayout(
      layout.replace(
        '{mainContent}',
        '<p class="my-bag">Bag: {cart.totalQuantity} for {cart.subtotal|money} ({cart.subtotalText})</p>{mainContent}',
      ),
    );
    const { v } = await visitorWithCart();
    v.cookies.set('cart_qty', '1-12345-USD');
    for (const path of ['/', '/shop', PRODUCT]) {
      const html = await (await v.get(path)).text();
      expect(html, path).toContain('<p class="my-bag">Bag: 1 for $123.45 ($123.45)</p>');
    }
  });

  it('an amount printed in a form the splice does not know: the visitor’s own page, with their cart', async () => {
    await publishLayout(layout.replace('{mainContent}', '<p class="my-bag">{cart.subtotal.value} / {cart.subtotalCents}</p>{mainContent}'));
    const { v } = await visitorWithCart();
    // The cookie says another amount: the page shows the cart's, read for this visitor.
    v.cookies.set('cart_qty', '1-12345-USD');
    const res = await v.get('/shop');
    const html = await res.text();
    expect(html).toContain('<p class="my-bag">26.00 / 2600</p>');
    expect(html.replace(/\D+/g, '')).not.toContain('987654321098');
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
  });

  it('a layout without the cart indicator serves cart holders as before, with nothing left of the splice', async () => {
    await publishLayout(
      layout
        .replace(/\{\.section cart\}[\s\S]*?\{\.end\}\s*<\/div>/, '</div>')
        .replace(/\{\.section cart\}\s*<aside[\s\S]*?<\/aside>\s*\{\.end\}/, ''),
    );
    const { v } = await visitorWithCart();
    const res = await v.get('/shop');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).not.toContain('data-cart-indicator');
    expect(html).not.toContain('\uE000');
    expect(html).toContain('<main id="main" class="site-main">');
    expect(html).toContain('data-add-to-cart');
  });
});
