// Checkout through the running server (issue 8): the form's fields and per-field errors with what
// was typed kept (no JavaScript: POST, 303, GET), digital and physical carts, shipping and free
// shipping, tax, gift card recipients, today's prices, order numbers, the confirmation email in
// the outbox, a retried checkout, and the privacy of the cart, checkout and order pages.
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { describe, expect, inject, it, vi } from 'vitest';
import { Visitor } from './support/client.js';
import { OwnStore } from './support/own-store.js';
import { NEW_YORK } from './support/checkout.js';
import { scaled } from '../support/time-scale.js';

const BREAD_BAG = 'itm-linen-bread-bag'; // $26.00, physical
const TEA_TOWEL = 'itm-linen-tea-towel'; // $22.00, physical
const TEA_TOWEL_INDIGO = 'SG-LTT-01';
const PATTERN = 'itm-wave-quilt-pattern'; // $14.00, digital
const GIFT = 'itm-saltgrass-gift-card';
const GIFT_25 = 'SG-SGC-01';
const BOX = 'itm-seasonal-clay-box'; // subscription box, physical

const INVALID = 'One or more fields is invalid, please check your entries.';
const EMAIL_TEXT = 'Email is not valid. Email addresses should follow the format name@example.com.';

const HALIFAX = { ...NEW_YORK, city: 'Halifax', region: 'Nova Scotia', postalCode: 'b3h 1a1', country: 'CA' };

async function add(v: Visitor, itemId: string, quantity = 1, sku?: string): Promise<string> {
  const res = await v.json('/api/commerce/shopping-cart/entries', { itemId, quantity, ...(sku ? { sku } : {}) });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()).newlyAdded.id;
}

async function place(v: Visitor, fields: Record<string, string>, path = '/checkout'): Promise<Response> {
  return v.postForm(path, { cart: 'cart', intent: 'place', ...fields });
}

/** Places an order and returns its page's path and HTML. */
async function placed(v: Visitor, fields: Record<string, string>): Promise<{ location: string; html: string }> {
  const res = await place(v, fields);
  expect(res.status).toBe(303);
  const location = res.headers.get('location')!;
  expect(location).toMatch(/^\/order-confirmed\/[0-9a-f-]{36}$/);
  const page = await v.get(location);
  expect(page.status).toBe(200);
  return { location, html: await page.text() };
}

const orderNumber = (html: string) => Number(/<strong data-order-number>#(\d+)<\/strong>/.exec(html)![1]);
const cell = (html: string, name: string) => new RegExp(`<td ${name}>([^<]*)</td>`).exec(html)?.[1];
/** The input element of a field by its id, as one string. */
const input = (html: string, id: string) => new RegExp(`<(?:input|textarea|select)[^>]*\\bid="${id}"[^>]*>`).exec(html)?.[0] ?? '';

async function apiCart(v: Visitor) {
  return (await v.get('/api/commerce/shopping-cart')).json();
}

/**
 * The cart itself: its lines and subtotal, without the fields that follow what the checkout form
 * last held (where it ships, what is taxed there and the totals that follow, SPEC 3), which a failed
 * submit keeps as typed.
 */
async function cartItself(v: Visitor) {
  const {
    shippingOptions: _o,
    selectedShippingOption: _s,
    shippingLocation: _l,
    applicableTaxRules: _t,
    taxCents: _tax,
    shippingCostCents: _ship,
    grandTotalCents: _total,
    ...cart
  } = await apiCart(v);
  return cart;
}

describe('the checkout form without JavaScript', () => {
  it('a failed submit comes back (303) with every error beside its field and everything typed; the cart is unchanged', async () => {
    const v = new Visitor();
    await add(v, BREAD_BAG, 2);
    const before = await cartItself(v);
    const form = await (await v.get('/checkout')).text();
    for (const id of [
      'checkout-email',
      'checkout-name',
      'checkout-line1',
      'checkout-city',
      'checkout-region',
      'checkout-postal-code',
      'checkout-country',
      'checkout-shipping-standard',
    ]) {
      expect(input(form, id), id).not.toBe('');
    }
    expect(form).toContain('Test mode.');

    const res = await place(v, { ...NEW_YORK, email: 'ada@', name: 'Ada <Lovelace>', line1: '', postalCode: '1420', region: 'Narnia' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/checkout');
    const page = await v.get('/checkout');
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(INVALID);
    const errorOf = (id: string) => new RegExp(`<p class="field-error" id="${id}-error">([^<]*)</p>`).exec(html)?.[1];
    expect(errorOf('checkout-email')).toBe(EMAIL_TEXT);
    expect(errorOf('checkout-line1')).toBe('Required');
    expect(errorOf('checkout-postal-code')).toBe('Enter a ZIP code of 5 digits, or ZIP+4 (12345-6789).');
    expect(errorOf('checkout-region')).toBe('Enter a US state, such as NY or New York.');
    expect(errorOf('checkout-city')).toBeUndefined();
    expect(input(html, 'checkout-email')).toMatch(/value="ada@"/);
    expect(input(html, 'checkout-email')).toMatch(/aria-invalid="true"/);
    expect(input(html, 'checkout-email')).toMatch(/aria-describedby="checkout-email-error/);
    expect(input(html, 'checkout-name')).toContain('value="Ada &lt;Lovelace&gt;"');
    expect(input(html, 'checkout-name')).not.toMatch(/aria-invalid/);
    expect(input(html, 'checkout-city')).toContain('value="Buffalo"');
    expect(input(html, 'checkout-postal-code')).toContain('value="1420"');
    expect(html).toMatch(/<option value="US" selected>United States<\/option>/);
    expect(html).toMatch(/id="checkout-shipping-standard" value="standard" checked/);
    expect(await cartItself(v)).toEqual(before);

    // The errors show once; what was typed stays.
    const again = await (await v.get('/checkout')).text();
    expect(again).not.toContain(INVALID);
    expect(input(again, 'checkout-city')).toContain('value="Buffalo"');
  });

  it('a shipping method that does not go to the country is refused on its field', async () => {
    const v = new Visitor();
    await add(v, BREAD_BAG);
    const res = await place(v, { ...NEW_YORK, country: 'GB', region: '', postalCode: 'SW1A 1AA', shippingMethod: 'standard' });
    expect(res.status).toBe(303);
    const html = await (await v.get('/checkout')).text();
    expect(html).toContain(
      '<p class="field-error" id="checkout-shipping-error">Standard shipping does not go to this country: choose International shipping.</p>',
    );
    const ok = await placed(v, { ...NEW_YORK, country: 'GB', region: '', postalCode: 'sw1a1aa', shippingMethod: 'international' });
    expect(cell(ok.html, 'data-order-shipping')).toBe('$28.00');
    expect(ok.html).toContain('SW1A 1AA<br>United Kingdom');
  });

  it('an unreadable post and an empty cart get a message, not a 500', async () => {
    const v = new Visitor();
    const empty = await place(v, NEW_YORK);
    expect(empty.status).toBe(303);
    expect(await (await v.get('/checkout')).text()).toContain('You have nothing in your shopping cart.');
    const bad = await v.postForm('/checkout', { cart: 'nope' });
    expect(bad.status).toBe(303);
    expect(await (await v.get('/checkout')).text()).toContain('Could not parse the form fields, please check your entries.');
  });
});

describe('placing orders', () => {
  it('a digital cart needs only the email: no address, no shipping, taxed where the studio is', async () => {
    const v = new Visitor();
    await add(v, PATTERN);
    const form = await (await v.get('/checkout')).text();
    expect(form).not.toContain('checkout-country');
    expect(form).not.toContain('name="shippingMethod"');
    expect(cell(form, 'data-checkout-tax')).toBe('$1.96');
    const { html } = await placed(v, { email: 'ada@example.com' });
    expect(html).toContain('Test mode.');
    expect(cell(html, 'data-order-subtotal')).toBe('$14.00');
    expect(cell(html, 'data-order-shipping')).toBe('$0.00');
    expect(html).toContain('Tax (14%)');
    expect(cell(html, 'data-order-tax')).toBe('$1.96');
    expect(cell(html, 'data-order-total')).toBe('$15.96');
    expect(html).not.toContain('Shipping to');
  });

  it('a physical cart to New York: $12 Standard shipping, no tax (an export)', async () => {
    const v = new Visitor();
    await add(v, BREAD_BAG);
    const { html } = await placed(v, NEW_YORK);
    expect(cell(html, 'data-order-shipping')).toBe('$12.00');
    expect(cell(html, 'data-order-tax')).toBe('$0.00');
    expect(cell(html, 'data-order-total')).toBe('$38.00');
    expect(html).toContain('Ada Lovelace<br>1 Main St<br>Buffalo, NY 14201<br>United States');
    expect(html).toContain('data-order-email>ada@example.com<');
  });

  it('free Standard shipping from $120, on the checkout page and the order', async () => {
    const v = new Visitor();
    await add(v, TEA_TOWEL, 6, TEA_TOWEL_INDIGO); // $132.00
    const form = await (await v.get('/checkout')).text();
    expect(cell(form, 'data-checkout-subtotal')).toBe('$132.00');
    expect(cell(form, 'data-checkout-shipping')).toBe('Free');
    const { html } = await placed(v, NEW_YORK);
    expect(cell(html, 'data-order-shipping')).toBe('$0.00');
    expect(cell(html, 'data-order-total')).toBe('$132.00');
  });

  it('the tax line: 14% in Nova Scotia on goods and shipping, shown after Update totals and charged', async () => {
    const v = new Visitor();
    await add(v, BREAD_BAG);
    const upd = await v.postForm('/checkout', { cart: 'cart', intent: 'update', ...HALIFAX });
    expect(upd.status).toBe(303);
    const form = await (await v.get('/checkout')).text();
    expect(form).not.toContain(INVALID);
    expect(form).toContain('<th scope="row">Tax (14%)</th>');
    expect(cell(form, 'data-checkout-tax')).toBe('$5.32'); // (26.00 + 12.00) * 14%
    expect(cell(form, 'data-checkout-total')).toBe('$43.32');
    const { html } = await placed(v, HALIFAX);
    expect(cell(html, 'data-order-tax')).toBe('$5.32');
    expect(cell(html, 'data-order-total')).toBe('$43.32');
    expect(html).toContain('Halifax, NS B3H 1A1');
  });

  it('gift cards: a recipient email per line (required), a message of at most 500 characters', async () => {
    const v = new Visitor();
    const line = await add(v, GIFT, 1, GIFT_25);
    const form = await (await v.get('/checkout')).text();
    expect(input(form, `gift-recipient-${line}`)).toMatch(/name="giftRecipient\.[^"]+"/);
    expect(input(form, `gift-message-${line}`)).toMatch(/^<textarea/);

    await place(v, { email: 'ada@example.com', [`giftRecipient.${line}`]: '', [`giftMessage.${line}`]: 'x'.repeat(501) });
    const html = await (await v.get('/checkout')).text();
    expect(html).toContain(`<p class="field-error" id="gift-recipient-${line}-error">Required</p>`);
    expect(html).toContain(`<p class="field-error" id="gift-message-${line}-error">You have exceeded the character limit.</p>`);
    expect(html).toContain(`>${'x'.repeat(501)}</textarea>`);

    const ok = await placed(v, {
      email: 'ada@example.com',
      [`giftRecipient.${line}`]: 'grace@example.com',
      [`giftMessage.${line}`]: 'Happy <birthday>!',
    });
    expect(ok.html).toContain('Gift card for grace@example.com: &ldquo;Happy &lt;birthday&gt;!&rdquo;');
    // Gift cards are not taxed, and nothing ships.
    expect(cell(ok.html, 'data-order-tax')).toBe('$0.00');
    expect(cell(ok.html, 'data-order-total')).toBe('$25.00');
  });

  it('numbers orders #1001, #1002... one after another', async () => {
    const a = new Visitor();
    await add(a, PATTERN);
    const b = new Visitor();
    await add(b, PATTERN);
    const first = orderNumber((await placed(a, { email: 'a@example.com' })).html);
    const second = orderNumber((await placed(b, { email: 'b@example.com' })).html);
    expect(first).toBeGreaterThanOrEqual(1001);
    expect(second).toBe(first + 1);
  });

  it('a retried checkout (double submit, back button) goes to the same order', async () => {
    const v = new Visitor();
    await add(v, PATTERN);
    const { location } = await placed(v, { email: 'ada@example.com' });
    const again = await place(v, { email: 'ada@example.com' });
    expect(again.status).toBe(303);
    expect(again.headers.get('location')).toBe(location);
    // Even a retry whose form is wrong: the cart is bought.
    const wrong = await place(v, { email: '' });
    expect(wrong.headers.get('location')).toBe(location);
    const back = await v.get('/checkout');
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe(location);
  });

  it('the subscription checkout asks for the same email and address (the box ships)', async () => {
    const v = new Visitor();
    const sub = await v.postForm('/cart', { intent: 'subscribe', itemId: BOX });
    expect(sub.headers.get('location')).toBe('/checkout?subscription=1');
    const form = await (await v.get('/checkout?subscription=1')).text();
    expect(input(form, 'checkout-country')).not.toBe('');
    const bad = await place(v, { cart: 'subscription', email: 'ada@example.com' }, '/checkout');
    expect(bad.headers.get('location')).toBe('/checkout?subscription=1');
    expect(await (await v.get('/checkout?subscription=1')).text()).toContain(
      '<p class="field-error" id="checkout-shipping-error">Choose a shipping method.</p>',
    );
    const ok = await place(v, { ...NEW_YORK, cart: 'subscription' });
    expect(ok.status).toBe(303);
    const page = await v.get(ok.headers.get('location')!);
    expect(page.status).toBe(200);
    expect(cell(await page.text(), 'data-order-total')).toBe('$107.00');
  });
});

// Issue 33: /checkout showed Standard shipping, tax 5%, $39.90; Local pickup chosen and Place
// order pressed without "Update totals" placed the order at $29.64 (tax 14%), a total never shown.
describe('the order is placed only at the total the page showed', () => {
  const shownTotal = (html: string) => /<input type="hidden" name="shownTotalCents" value="(\d+)">/.exec(html)?.[1];
  const PICKUP = { email: 'ada@example.com', shippingMethod: 'pickup' };

  it('a total that changed since the page is refused (303 back): the page shows the new totals, then Place order confirms', async () => {
    const v = new Visitor();
    await add(v, BREAD_BAG);
    const first = await (await v.get('/checkout')).text();
    expect(cell(first, 'data-checkout-total')).toBe('$39.90'); // 26.00 + 12.00 Standard, 5%
    expect(shownTotal(first)).toBe('3990');

    const refused = await place(v, { ...PICKUP, shownTotalCents: '3990' });
    expect(refused.status).toBe(303);
    expect(refused.headers.get('location')).toBe('/checkout');
    expect((await apiCart(v)).entries).toHaveLength(1); // no order: the cart is still open
    const again = await (await v.get('/checkout')).text();
    expect(again).toContain('The total is now $29.64, not what this page showed');
    expect(cell(again, 'data-checkout-total')).toBe('$29.64'); // 26.00 at the studio, 14%
    expect(again).toContain('<th scope="row">Tax (14%)</th>');
    expect(shownTotal(again)).toBe('2964');
    // What was chosen and typed is kept.
    expect(input(again, 'checkout-shipping-pickup')).toContain('checked');
    expect(input(again, 'checkout-email')).toContain('value="ada@example.com"');

    const { html } = await placed(v, { ...PICKUP, shownTotalCents: '2964' });
    expect(cell(html, 'data-order-total')).toBe('$29.64');
  });

  it('a malformed shown total is a total that differs (never a 500); the total shown places the order at once', async () => {
    const v = new Visitor();
    await add(v, BREAD_BAG);
    for (const bad of ['abc', '-1', '3990.5', '9'.repeat(40)]) {
      const res = await place(v, { ...NEW_YORK, shownTotalCents: bad });
      expect(res.status, bad).toBe(303);
      expect(res.headers.get('location'), bad).toBe('/checkout');
    }
    // New York: Standard $12, no tax (an export).
    const { html } = await placed(v, { ...NEW_YORK, shownTotalCents: '3800' });
    expect(cell(html, 'data-order-total')).toBe('$38.00');
  });
});

describe('the confirmation email', () => {
  it('is written to DATA_DIR/outbox as an .eml with the number, and its signed link opens the order for anyone holding it', async () => {
    const v = new Visitor();
    await add(v, BREAD_BAG);
    const email = `outbox-${randomBytes(4).toString('hex')}@example.com`;
    const { location, html } = await placed(v, { ...NEW_YORK, email });
    const n = orderNumber(html);
    const dir = path.join(inject('dataDir'), 'outbox');
    // The mail queue's worker sends it within a poll or two (a second each).
    const eml = await vi.waitFor(
      () => {
        const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.eml') && f.includes(`-order-${n}-`)) : [];
        const mine = files.map((f) => fs.readFileSync(path.join(dir, f), 'utf8')).find((t) => t.includes(`To: ${email}`));
        expect(mine, 'an .eml for the order').toBeDefined();
        return mine!;
      },
      { timeout: scaled(20_000), interval: 100 },
    );
    expect(eml).toMatch(/^From: Saltgrass Studio <hello@saltgrass\.example>\r$/m);
    expect(eml).toMatch(new RegExp(`^Subject: \\[TEST\\] Your Saltgrass Studio order #${n} is confirmed\\r$`, 'm'));
    expect(eml).toMatch(/^Content-Type: multipart\/alternative;/m);
    expect(eml).toContain('TEST MODE');
    // The link, unfolded from quoted-printable.
    const text = eml.replace(/=\r\n/g, '').replace(/=3D/g, '=');
    const link = new RegExp(`https?://[^/\\s]+(${location.replace(/[/-]/g, '\\$&')}\\?t=[A-Za-z0-9_-]+)`).exec(text)?.[1];
    expect(link, 'a signed link to the order').toBeTruthy();
    const stranger = await new Visitor().get(link!);
    expect(stranger.status).toBe(200);
    expect(await stranger.text()).toContain(`#${n}`);
    expect(stranger.headers.get('cache-control')).toBe('private, no-store');
  });
});

describe('privacy and caching of cart, checkout and order pages', () => {
  it('answer private, no-store with noindex; catalog pages are private to a cart holder, public to others', async () => {
    const v = new Visitor();
    await add(v, PATTERN);
    const { location } = await placed(v, { email: 'ada@example.com' });
    await add(v, PATTERN);
    for (const p of ['/cart', '/checkout', location]) {
      const res = await v.get(p);
      expect(res.status, p).toBe(p === location ? 404 : 200); // a new cart: the old order is no longer this cookie's
      expect(res.headers.get('cache-control'), p).toBe('private, no-store');
      expect(res.headers.get('x-robots-tag'), p).toBe('noindex');
      expect(res.headers.get('etag'), p).toBeNull();
      expect(await res.text(), p).toContain('<meta name="robots" content="noindex"/>');
    }
    const shop = await v.get('/shop');
    expect(shop.headers.get('cache-control')).toBe('private, no-cache');
    const anyone = await new Visitor().get('/shop');
    expect(anyone.headers.get('cache-control')).toMatch(/^public, max-age=\d+/);
  });

  it('an order page opens for the session whose cart bought it or a signed link, else it is the 404 page', async () => {
    const v = new Visitor();
    await add(v, PATTERN);
    const { location } = await placed(v, { email: 'ada@example.com' });
    const mine = await v.get(location);
    expect(mine.status).toBe(200);
    expect(mine.headers.get('cache-control')).toBe('private, no-store');

    const stranger = await new Visitor().get(location);
    expect(stranger.status).toBe(404);
    expect(stranger.headers.get('cache-control')).toBe('private, no-store');
    const strangerHtml = await stranger.text();
    expect(strangerHtml).not.toContain('data-order-number');
    expect(strangerHtml).toContain('<meta name="robots" content="noindex"/>');
    // The same answer as for an order that does not exist.
    expect((await new Visitor().get('/order-confirmed/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await new Visitor().get(`${location}?t=${'A'.repeat(43)}`)).status).toBe(404);
    expect((await new Visitor().get(`${location}?t=nope`)).status).toBe(404);
  });
});

describe('prices are those of the moment the order is placed', () => {
  it(
    'a price changed in the database after the add is the price charged',
    async () => {
      // A server of the test's own: the price changes in its database between the add and the checkout
      // (on STOREFRONT_TEST_POSTGRES a start takes a second; the embedded database took most of a minute).
      const store = new OwnStore({ SMTP_URL: undefined });
      try {
        await store.start();
        const v = new Visitor(() => store.url());
        const added = await v.json('/api/commerce/shopping-cart/entries', { itemId: BREAD_BAG, quantity: 2 });
        expect(added.status).toBe(200);
        expect((await added.json()).shoppingCart.subtotalCents).toBe(5200);

        // Stopped (SIGTERM, exit code 0), changed, started again on the same data and secret.
        await store.change((sql) => sql`update variant set price_cents = 3100 where sku = 'SG-LBB-01'`);

        const form = await (await v.get('/checkout')).text();
        expect(form).toContain('<td>$62.00</td>');
        expect(form).toContain('Some prices have changed since you added these items');
        const res = await v.postForm('/checkout', { cart: 'cart', intent: 'place', ...NEW_YORK });
        expect(res.status).toBe(303);
        const html = await (await v.get(res.headers.get('location')!)).text();
        expect(html).toContain('<td>SG-LBB-01</td><td>2</td><td>$31.00</td>');
        expect(cell(html, 'data-order-subtotal')).toBe('$62.00');
        expect(cell(html, 'data-order-total')).toBe('$74.00');
      } finally {
        await store.dispose();
      }
    },
    scaled(180_000),
  );
});
