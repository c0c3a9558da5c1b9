// The configured base URL (BASE_URL, the website's base_url, the demo default) and the readable
// cart_qty cookie that public pages fill the pill from.
import { describe, expect, it, vi } from 'vitest';
import { baseUrlFor, DEFAULT_BASE_URL, parseOrigin } from '../../../app/utils/base-url.server.js';
import { cartQtyCookie, readCartCookie, readCartQty } from '../../../app/storefront/cart-count.js';
import { log } from '../../../app/utils/log.server.js';

describe('parseOrigin', () => {
  it('takes an http(s) origin, with or without a trailing slash', () => {
    expect(parseOrigin('https://shop.example')).toEqual({ ok: true, origin: 'https://shop.example' });
    expect(parseOrigin(' https://Shop.Example:8443/ ')).toEqual({ ok: true, origin: 'https://shop.example:8443' });
    expect(parseOrigin('http://localhost:3000')).toEqual({ ok: true, origin: 'http://localhost:3000' });
  });

  it('refuses anything else, saying why', () => {
    expect(parseOrigin('shop.example')).toEqual({ ok: false, error: 'is not a URL' });
    expect(parseOrigin('ftp://shop.example')).toEqual({ ok: false, error: 'must start with http:// or https://' });
    expect(parseOrigin('https://shop.example/store')).toEqual({
      ok: false,
      error: 'must be an origin only, with no path, query or fragment',
    });
    expect(parseOrigin('https://shop.example/?a=1')).toMatchObject({ ok: false });
    expect(parseOrigin('https://me:pw@shop.example')).toEqual({ ok: false, error: 'must not carry a user name or password' });
  });
});

describe('baseUrlFor (no BASE_URL in this process)', () => {
  it('uses the stored base URL, else the demo default', () => {
    expect(baseUrlFor('https://saltgrass.example/')).toBe('https://saltgrass.example');
    expect(baseUrlFor('')).toBe(DEFAULT_BASE_URL);
    expect(DEFAULT_BASE_URL).toBe('http://localhost:3000');
  });

  it('falls back to the default, with one warning, when the stored value is not an origin', () => {
    const warn = vi.spyOn(log, 'warn').mockImplementation(() => {});
    expect(baseUrlFor('javascript:alert(1)')).toBe(DEFAULT_BASE_URL);
    expect(baseUrlFor('javascript:alert(1)')).toBe(DEFAULT_BASE_URL);
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });
});

describe('the cart_qty cookie', () => {
  const cart = (totalQuantity: number, subtotalCents = 2600, currency = 'USD') => ({ totalQuantity, subtotalCents, currency });

  it('is the readable count, subtotal in minor units and currency, removed at 0', () => {
    expect(cartQtyCookie(cart(3, 7800))).toBe('cart_qty=3-7800-USD; Max-Age=1209600; Path=/; SameSite=Lax');
    expect(cartQtyCookie(cart(3, 7800), true)).toBe('cart_qty=3-7800-USD; Max-Age=1209600; Path=/; SameSite=Lax; Secure');
    expect(cartQtyCookie(cart(0))).toBe('cart_qty=0; Max-Age=0; Path=/; SameSite=Lax');
    expect(cartQtyCookie(null)).toBe('cart_qty=0; Max-Age=0; Path=/; SameSite=Lax');
    expect(cartQtyCookie(cart(-2))).toMatch(/^cart_qty=0; Max-Age=0;/);
    expect(cartQtyCookie(cart(Number.NaN))).toMatch(/^cart_qty=0; Max-Age=0;/);
    // A subtotal it cannot carry leaves the count alone.
    expect(cartQtyCookie(cart(2, 1e15))).toMatch(/^cart_qty=2; /);
    expect(cartQtyCookie(cart(2, 100, 'usd'))).toMatch(/^cart_qty=2; /);
  });

  it('is read from a Cookie header or document.cookie; anything but digits and a currency code is no cart', () => {
    expect(readCartQty('cart=abc; cart_qty=12; x=1')).toBe(12);
    expect(readCartQty('cart_qty=101')).toBe(101);
    expect(readCartQty('cart_qty=3-7800-USD')).toBe(3);
    expect(readCartCookie('a=1; cart_qty=3-7800-USD; b=2')).toEqual({ count: 3, subtotalCents: 7800, currency: 'USD' });
    expect(readCartCookie('cart_qty=12')).toEqual({ count: 12, subtotalCents: null, currency: null });
    expect(readCartQty('my_cart_qty=5')).toBeNull();
    expect(readCartQty('cart_qty=1e3')).toBeNull();
    expect(readCartQty('cart_qty=-1')).toBeNull();
    expect(readCartQty('')).toBeNull();
    expect(readCartQty(null)).toBeNull();
    expect(readCartCookie('cart_qty=3-<script>-USD')).toBeNull();
    expect(readCartCookie('cart_qty=3-100-US')).toBeNull();
    expect(readCartCookie('cart_qty=3-1000000000000000-USD')).toBeNull();
    expect(readCartCookie('cart_qty=99999999999-1-USD')).toBeNull();
  });
});
