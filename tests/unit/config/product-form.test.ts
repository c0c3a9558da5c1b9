// The product form's pure side: prices typed in the site's currency read into minor units (no
// floating point, JPY without decimals), and the form's schema (errors per field, blank rows left out).
import { describe, expect, it } from 'vitest';
import { parseWithZod } from '@conform-to/zod';
import {
  merchandisingOf,
  isBlankRow,
  minorDigits,
  moneyInput,
  parseMoney,
  rowsInBounds,
  slugify,
  splitList,
  typedProductValues,
  valuesFromForm,
  valuesFromProduct,
} from '../../../app/config/product-form.js';
import { productSchema } from '../../../app/config/product-schema.js';

describe('parseMoney', () => {
  it('reads decimals into integer minor units without rounding errors', () => {
    expect(parseMoney('12.50', 'USD')).toEqual({ ok: true, cents: 1250 });
    expect(parseMoney('12.5', 'USD')).toEqual({ ok: true, cents: 1250 });
    expect(parseMoney('12', 'EUR')).toEqual({ ok: true, cents: 1200 });
    expect(parseMoney('0.07', 'USD')).toEqual({ ok: true, cents: 7 });
    expect(parseMoney('.99', 'USD')).toEqual({ ok: true, cents: 99 });
    expect(parseMoney('19.99', 'GBP')).toEqual({ ok: true, cents: 1999 });
    // 1.15 * 100 is 114.99999999999999 in floating point.
    expect(parseMoney('1.15', 'USD')).toEqual({ ok: true, cents: 115 });
    expect(parseMoney(' 1,234.50 ', 'USD')).toEqual({ ok: true, cents: 123450 });
    expect(parseMoney('0', 'USD')).toEqual({ ok: true, cents: 0 });
    expect(parseMoney('12.500', 'USD')).toEqual({ ok: true, cents: 1250 });
  });

  it('reads JPY as whole yen', () => {
    expect(minorDigits('JPY')).toBe(0);
    expect(parseMoney('1200', 'JPY')).toEqual({ ok: true, cents: 1200 });
    expect(parseMoney('1,200', 'JPY')).toEqual({ ok: true, cents: 1200 });
    expect(parseMoney('1200.0', 'JPY')).toEqual({ ok: true, cents: 1200 });
    const r = parseMoney('12.5', 'JPY');
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error).toMatch(/JPY amounts have no decimals/);
  });

  it('refuses negative, malformed, over-precise and too large amounts', () => {
    expect(parseMoney('-1', 'USD')).toEqual({ ok: false, error: 'Enter an amount of 0 or more.' });
    expect(parseMoney('', 'USD')).toEqual({ ok: false, error: 'Enter an amount.' });
    expect(parseMoney('abc', 'USD')).toEqual({ ok: false, error: 'Enter an amount such as 12.50.' });
    expect(parseMoney('1.2.3', 'USD').ok).toBe(false);
    expect(parseMoney('12,34', 'USD').ok).toBe(false);
    expect(parseMoney('1e3', 'USD').ok).toBe(false);
    expect(parseMoney('.', 'USD').ok).toBe(false);
    expect(parseMoney('12.345', 'USD')).toEqual({ ok: false, error: 'Use at most 2 decimal places.' });
    expect(parseMoney('999999999999999', 'USD')).toEqual({ ok: false, error: 'This amount is too large.' });
    expect(parseMoney('999999999999999', 'JPY')).toEqual({ ok: true, cents: 999999999999999 });
  });

  it('round-trips with what the form shows', () => {
    for (const cents of [0, 5, 99, 100, 1250, 123456789]) {
      expect(parseMoney(moneyInput(cents, 'USD'), 'USD')).toEqual({ ok: true, cents });
      expect(parseMoney(moneyInput(cents, 'JPY'), 'JPY')).toEqual({ ok: true, cents });
    }
  });
});

describe('small readers', () => {
  it('makes slugs and lists', () => {
    expect(slugify('  Tide Pool Mug! ')).toBe('tide-pool-mug');
    expect(slugify('Crème brûlée bowl')).toBe('creme-brulee-bowl');
    expect(slugify('!!!')).toBe('');
    expect(splitList(' a, b ,, a,  c  d ')).toEqual(['a', 'b', 'c d']);
  });
});

function form(fields: Record<string, string>): URLSearchParams {
  return new URLSearchParams(fields);
}

const BASE = {
  title: 'Rope Basket',
  urlId: '',
  productType: '1',
  collectionId: 'col-shop',
  published: 'on',
  options: 'Size',
  'variants[0].sku': 'RB-S',
  'variants[0].attrs[0]': 'Small',
  'variants[0].price': '24.00',
  'variants[0].qty': '5',
  'variants[1].sku': 'RB-L',
  'variants[1].attrs[0]': 'Large',
  'variants[1].price': '30',
  'variants[1].salePrice': '25.5',
  'variants[1].onSale': 'on',
  'variants[1].qty': '',
  'variants[1].unlimited': 'on',
  // a blank row, ignored
  'variants[2].sku': '',
  'variants[2].price': '',
  'variants[2].qty': '',
};

const parse = (fields: Record<string, string>, currency = 'USD') =>
  parseWithZod(form(fields), { schema: productSchema(currency), disableAutoCoercion: true });

/** The errors by field name ({} when the form parsed). */
const errorsOf = (fields: Record<string, string>, currency = 'USD'): Record<string, string[] | null> => {
  const r = parse(fields, currency);
  return r.status === 'error' ? (r.error ?? {}) : {};
};

describe('productSchema', () => {
  it('parses a product with two variants, blank rows left out', () => {
    const r = parse(BASE);
    expect(r.status).toBe('success');
    if (r.status !== 'success') return;
    expect(r.value.title).toBe('Rope Basket');
    expect(r.value.urlId).toBeNull();
    expect(r.value.options).toEqual(['Size']);
    expect(r.value.variants).toEqual([
      {
        id: null,
        sku: 'RB-S',
        attributes: { Size: 'Small' },
        priceCents: 2400,
        salePriceCents: 0,
        onSale: false,
        unlimited: false,
        qty: 5,
        // No stock as loaded was posted (a form from before issue 28): nothing to compare with.
        was: null,
      },
      {
        id: null,
        sku: 'RB-L',
        attributes: { Size: 'Large' },
        priceCents: 3000,
        salePriceCents: 2550,
        onSale: true,
        unlimited: true,
        qty: 0,
        was: null,
      },
    ]);
  });

  it('puts each error on its field', () => {
    const e = errorsOf({
      ...BASE,
      title: ' ',
      urlId: 'Not A Slug',
      'variants[0].price': '-3',
      'variants[0].qty': '2.5',
      'variants[1].sku': 'RB-S',
      'variants[1].salePrice': '31',
      tags: 'x'.repeat(51),
      categories: 'y'.repeat(26),
    });
    expect(e.title).toEqual(['Enter a title.']);
    expect(e.urlId?.[0]).toMatch(/lower-case letters/);
    expect(e['variants[0].price']).toEqual(['Enter an amount of 0 or more.']);
    expect(e['variants[0].qty']?.[0]).toMatch(/whole number/);
    expect(e['variants[1].sku']).toEqual(['Each variant needs its own SKU.']);
    expect(e['variants[1].salePrice']).toEqual(['The sale price must be lower than the price.']);
    expect(e.tags?.[0]).toMatch(/50 characters/);
    expect(e.categories?.[0]).toMatch(/25 characters/);
  });

  it('needs a variant, a value per option, and an option for more than one variant', () => {
    expect(errorsOf({ title: 'X', productType: '1', collectionId: 'c' }).variants).toEqual(['Add at least one variant.']);
    const noOptions = errorsOf({ ...BASE, options: '' });
    expect(noOptions.options?.[0]).toMatch(/Add an option/);
    const missing = errorsOf({ ...BASE, 'variants[0].attrs[0]': '' });
    expect(missing['variants[0].attrs[0]']).toEqual(['Enter a value for Size.']);
    const twice = errorsOf({ ...BASE, 'variants[1].attrs[0]': 'small' });
    expect(twice['variants[1].attrs[0]']).toEqual(['Another variant has the same options.']);
  });

  it('allows subscriptions for physical products and services only', () => {
    const sub = { isSubscribable: 'on', billingValue: '2', billingUnit: 'WEEK', numBillingCycles: '0' };
    const ok = parse({ ...BASE, ...sub, productType: '3' });
    expect(ok.status).toBe('success');
    if (ok.status === 'success')
      expect(ok.value.subscriptionPlan).toEqual({ billingPeriod: { value: 2, unit: 'WEEK' }, numBillingCycles: 0 });
    expect(errorsOf({ ...BASE, ...sub, productType: '2' }).isSubscribable?.[0]).toMatch(/physical products and services/);
    expect(errorsOf({ ...BASE, ...sub, productType: '4' }).isSubscribable).toBeDefined();
    expect(errorsOf({ ...BASE, ...sub, billingUnit: 'DAY' }).billingUnit).toBeDefined();
  });

  it('reads prices in the site currency (JPY: no decimals)', () => {
    const jpy = parse({ ...BASE, 'variants[0].price': '2400', 'variants[1].price': '3000', 'variants[1].salePrice': '2500' }, 'JPY');
    expect(jpy.status).toBe('success');
    if (jpy.status === 'success') expect(jpy.value.variants.map((v) => v.priceCents)).toEqual([2400, 3000]);
    expect(errorsOf(BASE, 'JPY')['variants[1].salePrice']?.[0]).toMatch(/no decimals/);
  });

  it('drops an existing variant whose row was emptied or marked to remove', () => {
    const r = parse({ ...BASE, 'variants[0].id': 'var-1', 'variants[0].remove': 'on' });
    expect(r.status).toBe('success');
    if (r.status === 'success') expect(r.value.variants.map((v) => v.sku)).toEqual(['RB-L']);
  });
});

describe('form values', () => {
  it('keeps what was typed, row by row', () => {
    const v = valuesFromForm(form(BASE));
    expect(v.title).toBe('Rope Basket');
    expect(v.variants).toHaveLength(3);
    expect(v.variants[1]).toMatchObject({ sku: 'RB-L', attrs: ['Large'], salePrice: '25.5', onSale: true, unlimited: true });
    expect(isBlankRow(v.variants[2])).toBe(true);
  });

  it('draws a post again as typed, with three more rows for "Add more rows"', () => {
    const saved = typedProductValues(form({ ...BASE, intent: 'save' }));
    expect(saved.variants).toHaveLength(3);
    expect(saved.variants[1].salePrice).toBe('25.5');
    const more = typedProductValues(form({ ...BASE, intent: 'add-rows' }));
    expect(more.title).toBe('Rope Basket');
    expect(more.variants).toHaveLength(6);
    expect(more.variants.slice(3).every(isBlankRow)).toBe(true);
  });

  it('refuses row numbers no form of ours has', () => {
    expect(rowsInBounds(form(BASE))).toBe(true);
    expect(rowsInBounds(form({ 'variants[99999].sku': 'x' }))).toBe(false);
    expect(rowsInBounds(form({ 'variants[0].attrs[50]': 'x' }))).toBe(false);
    expect(rowsInBounds(form({ 'variants.x': 'x' }))).toBe(false);
  });

  it('shows a saved product with its prices in the currency', () => {
    const v = valuesFromProduct(
      {
        title: 'T',
        urlId: 't',
        productType: 1,
        body: '',
        excerpt: '',
        published: true,
        tags: ['a', 'b'],
        categories: [],
        collectionId: 'c',
        isSubscribable: false,
        subscriptionPlan: null,
        assetUrl: null,
        originalSize: null,
        options: ['Size'],
        customFormId: null,
        merchandising: merchandisingOf({}),
        variants: [
          { id: 'v1', sku: 'S', attributes: { Size: 'M' }, priceCents: 1250, salePriceCents: 0, onSale: false, unlimited: false, qty: 3 },
        ],
      },
      'USD',
    );
    expect(v.tags).toBe('a, b');
    expect(v.variants[0]).toMatchObject({ id: 'v1', attrs: ['M'], price: '12.50', salePrice: '', qty: '3' });
  });
});
