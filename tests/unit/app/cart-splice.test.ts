// The cart splice (issue 29, ADR 0031): which cookies may be spliced, the placeholder amount turned
// into the token once per render (or the render refused when a form of it is left), and the
// visitor's subtotal put in, escaped, in the page's locale.
import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../../app/commerce/money.js';
import {
  hasSubtotalToken,
  markSubtotal,
  sentinelText,
  shownCart,
  spliceSubtotal,
  subtotalHtml,
} from '../../../app/storefront/cart-splice.server.js';

describe('shownCart', () => {
  it('takes a cookie with a count and a subtotal in the site currency only', () => {
    expect(shownCart({ count: 2, subtotalCents: 5200, currency: 'USD' }, 'USD')).toEqual({
      count: 2,
      subtotalCents: 5200,
      currency: 'USD',
    });
    expect(shownCart({ count: 2, subtotalCents: 5200, currency: 'EUR' }, 'USD')).toBeUndefined();
    expect(shownCart({ count: 2, subtotalCents: null, currency: null }, 'USD')).toBeUndefined();
    expect(shownCart({ count: 0, subtotalCents: 0, currency: 'USD' }, 'USD')).toBeUndefined();
    expect(shownCart(null, 'USD')).toBeUndefined();
  });
});

describe('markSubtotal and spliceSubtotal', () => {
  const engineText = '$9,876,543,210.98';

  it('turns every known form of the placeholder into the token, then puts the subtotal in each place', () => {
    const app = sentinelText('USD', 'en-US');
    const marked = markSubtotal(`<span data-cart-subtotal>${engineText}</span><p>${app}</p>`, [engineText, app]);
    expect(marked).not.toBeNull();
    expect(hasSubtotalToken(marked!)).toBe(true);
    const html = spliceSubtotal(marked!, subtotalHtml({ count: 1, subtotalCents: 2600, currency: 'USD' }, 'en-US'));
    expect(html).toBe('<span data-cart-subtotal>$26.00</span><p>$26.00</p>');
  });

  it('refuses a render that prints the placeholder some other way, or already holds the token', () => {
    expect(markSubtotal(`<b>${engineText}</b><i>9876543210.98</i>`, [engineText])).toBeNull();
    expect(markSubtotal('<i>987654321098</i>', [engineText])).toBeNull();
    expect(markSubtotal('<i>\uE000cart-subtotal\uE001</i>', [engineText])).toBeNull();
    // A page without the indicator is left as it is.
    expect(markSubtotal('<main>Mugs</main>', [engineText])).toBe('<main>Mugs</main>');
    expect(hasSubtotalToken('<main>Mugs</main>')).toBe(false);
  });

  it("formats the visitor's subtotal with the site's money formatter, in the page's locale, escaped", () => {
    expect(subtotalHtml({ count: 1, subtotalCents: 123456, currency: 'EUR' }, 'fr')).toBe(formatMoney(123456, 'EUR', 'fr'));
    expect(subtotalHtml({ count: 1, subtotalCents: 500, currency: 'JPY' }, 'en-US')).toBe('¥500');
  });
});
