// The cart's page side without a browser: the pill's text and spoken label, where a cart form
// sends the shopper back, the cart form's parsing, and Set-Cookie only on private pages (the flash
// itself: flash.test.ts).
import { describe, expect, it } from 'vitest';
import { readCartForm, safeReturnPath } from '../../../app/storefront/cart-ui.server.js';
import { pillText } from '../../../app/components/cart-island.js';
import { pluralText } from '../../../app/utils/ui-texts.js';
import type { Site } from '../../../app/catalog/catalog.server.js';
import { pageContext } from '../../../app/storefront/context.server.js';
import { forwardHeaders } from '../../../app/storefront/http.server.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the template context's JSON, walked freely by the assertions
type PageContext = Record<string, any>;

describe('pillText', () => {
  it('is hidden at 0, shows the count above 0 and 100+ above 100 with the spoken label', () => {
    expect(pillText(0)).toEqual({ hidden: true, text: '0', label: '0 items in cart' });
    expect(pillText(1)).toEqual({ hidden: false, text: '1', label: '1 item in cart' });
    expect(pillText(100)).toEqual({ hidden: false, text: '100', label: '100 items in cart' });
    expect(pillText(101)).toEqual({ hidden: false, text: '100+', label: 'More than 100 items in cart' });
  });
});

describe('pluralText', () => {
  const FR = '{count, plural, one {# article dans le panier} other {# articles dans le panier}}';
  it("picks the branch of the page's language's plural rules, an exact one first", () => {
    // French counts 0 and 1 as one, English 1 only.
    expect(pluralText('fr', FR, 1)).toBe('1 article dans le panier');
    expect(pluralText('fr', FR, 0)).toBe('0 article dans le panier');
    expect(pluralText('fr', FR, 3)).toBe('3 articles dans le panier');
    expect(pluralText('en', '{count, plural, one {# item} other {# items}}', 0)).toBe('0 items');
    expect(pluralText('en', '{n, plural, =1 {just one} other {# of them}}', 1)).toBe('just one');
    // A plain text has its count filled; an unknown language tag takes "other".
    expect(pluralText('fr', '{count} articles', 4)).toBe('4 articles');
    expect(pluralText('not a tag!', FR, 1)).toBe('1 articles dans le panier');
  });
});

describe('safeReturnPath', () => {
  const req = (referer?: string) => new Request('http://shop.test/cart', { method: 'POST', headers: referer ? { Referer: referer } : {} });
  it('keeps a same-site path with its query', () => {
    expect(safeReturnPath('/shop/p/mug?Color=Sand', req())).toBe('/shop/p/mug?Color=Sand');
  });
  it('never leaves the site: another origin or a protocol-relative URL falls back', () => {
    expect(safeReturnPath('https://evil.test/x', req())).toBe('/cart');
    expect(safeReturnPath('//evil.test/x', req())).toBe('/cart');
  });
  it('uses the Referer when the form has no returnTo, else the fallback', () => {
    expect(safeReturnPath(undefined, req('http://shop.test/shop'))).toBe('/shop');
    expect(safeReturnPath('', req(), '/')).toBe('/');
  });
});

describe('readCartForm', () => {
  const post = (fields: [string, string][] | FormData) =>
    new Request('http://shop.test/cart', { method: 'POST', body: fields instanceof FormData ? fields : new URLSearchParams(fields) });

  it('reads the option.<Name> fields of a cart form: the chosen ones, undefined without any', async () => {
    const r = await readCartForm(
      post([
        ['intent', 'add'],
        ['itemId', 'itm-x'],
        ['option.Size', 'M'],
        ['option.Color', ''],
      ]),
    );
    expect(r).toEqual({ ok: true, body: expect.any(URLSearchParams), form: { intent: 'add', itemId: 'itm-x', options: { Size: 'M' } } });
    expect(
      await readCartForm(
        post([
          ['intent', 'add'],
          ['sku', 'X'],
        ]),
      ),
    ).toEqual({ ok: true, body: expect.any(URLSearchParams), form: { intent: 'add', sku: 'X' } });
    // No intent is an add; an empty quantity stays empty (the cart says why it is not one).
    expect(await readCartForm(post([['quantity', '']]))).toEqual({
      ok: true,
      body: expect.any(URLSearchParams),
      form: { intent: 'add', quantity: '' },
    });
  });
  it('never lets a name reach an object prototype', async () => {
    const r = await readCartForm(
      post([
        ['option.__proto__', 'x'],
        ['option.constructor', 'y'],
        ['option.Size', 'M'],
      ]),
    );
    expect(r).toEqual({ ok: true, body: expect.any(URLSearchParams), form: { intent: 'add', options: { Size: 'M' } } });
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });
  it('keeps the last value of a repeated name, and ignores Conform control names', async () => {
    const r = await readCartForm(
      post([
        ['quantity', '1'],
        ['quantity', '3'],
        ['__intent__', '{bad json'],
        ['__state__', '{'],
      ]),
    );
    expect(r).toEqual({ ok: true, body: expect.any(URLSearchParams), form: { intent: 'add', quantity: '3' } });
  });
  it('refuses what cannot be an option or a cart form, keeping what was typed and where to go back', async () => {
    const back = { ok: false, returnTo: '/shop', typed: { itemId: 'itm-x', quantity: '2' } };
    const base: [string, string][] = [
      ['itemId', 'itm-x'],
      ['quantity', '2'],
      ['returnTo', '/shop'],
    ];
    expect(await readCartForm(post([...base, [`option.${'k'.repeat(65)}`, 'v']]))).toEqual(back);
    expect(await readCartForm(post([...base, ['option.Size', 'x'.repeat(129)]]))).toEqual(back);
    expect(await readCartForm(post([...base, ...Array.from({ length: 21 }, (_, i): [string, string] => [`option.o${i}`, 'v'])]))).toEqual(
      back,
    );
    expect(await readCartForm(post([...base, ['intent', 'explode']]))).toEqual(back);
    expect(await readCartForm(post([['itemId', 'a\u0000b']]))).toEqual({ ok: false, typed: {} });
    const withFile = new FormData();
    withFile.set('itemId', new File(['x'], 'x.txt'));
    expect(await readCartForm(post(withFile))).toEqual({ ok: false, typed: {} });
  });
});

describe('forwardHeaders and cookies', () => {
  it('forwards Set-Cookie from a private page only', () => {
    const priv = forwardHeaders(new Headers({ 'Cache-Control': 'private, no-cache', 'Set-Cookie': 'session=x; Max-Age=60' }));
    expect(priv.get('Set-Cookie')).toBe('session=x; Max-Age=60');
    const pub = forwardHeaders(new Headers({ 'Cache-Control': 'public, max-age=60', 'Set-Cookie': 'a=b' }));
    expect(pub.get('Set-Cookie')).toBeNull();
  });
});

describe('the cart part of the page context', () => {
  const site: Site = {
    website: { id: 'w', siteTitle: 'Shop', siteDescription: '', baseUrl: '', timeZone: 'UTC', currency: 'USD', locale: 'en-US' },
    settings: {},
    navigation: { mainNavigation: [], footerNavigation: [] },
    templates: { layout: '', pages: {}, partials: {}, stylesheet: null },
  };
  const entry = {
    id: 'e1',
    itemId: 'itm-mug',
    title: 'Mug',
    fullUrl: '/shop/p/mug',
    assetUrl: null,
    sku: 'SG-M-01',
    attributes: { Color: 'Sand' },
    quantity: 2,
    unitPriceCents: 3400,
    lineTotalCents: 6800,
    productType: 1,
  };

  it('shapes entries with money, options, the minimum and instalments; gives the page its type and title', () => {
    const ctx = pageContext(
      site,
      { kind: 'commerce', page: 'cart' },
      {
        url: new URL('http://shop.test/cart?x=1'),
        cart: { totalQuantity: 2, subtotalCents: 6800, entries: [entry] },
        flash: { error: 'Quantity must be a whole number', entryId: 'e1', quantity: '1.5' },
        commercePage: { title: 'Cart', data: { alsoBought: [] } },
      },
    ) as PageContext;
    expect(ctx.pageType).toBe(200);
    expect(ctx.pageTitle).toBe('Cart — Shop');
    expect(ctx.canonicalUrl).toBe('http://localhost:3000/cart');
    expect(ctx.alsoBought).toEqual([]);
    expect(ctx.cart.returnTo).toBe('/cart?x=1');
    expect(ctx.cart.flash.error).toBe('Quantity must be a whole number');
    expect(ctx.cart.subtotal).toEqual({ currency: 'USD', value: '68.00' });
    expect(ctx.cart.entries[0]).toMatchObject({
      unitPrice: { currency: 'USD', value: '34.00' },
      lineTotal: { currency: 'USD', value: '68.00' },
      optionValues: [{ optionName: 'Color', value: 'Sand' }],
    });
    expect(ctx.cart.checkoutMinimum).toEqual({ met: true, message: null });
    expect(ctx.cart.instalmentEligible).toBe(true);
    expect(ctx.cart.instalmentNotice.text).toBe('or 4 interest-free payments of $17.00 with');
  });

  it('is not eligible for instalments with a gift card inside, and says the checkout minimum', () => {
    const ctx = pageContext(
      site,
      { kind: 'search' },
      {
        url: new URL('http://shop.test/cart'),
        cart: {
          totalQuantity: 1,
          subtotalCents: 50,
          entries: [{ ...entry, productType: 4, quantity: 1, unitPriceCents: 50, lineTotalCents: 50 }],
        },
      },
    ) as PageContext;
    expect(ctx.cart.instalmentEligible).toBe(false);
    expect(ctx.cart.checkoutMinimum).toEqual({ met: false, message: 'To check out, your order subtotal must be $1.00 or more.' });
  });
});
