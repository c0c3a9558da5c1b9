// The Settings screen's parsing of what owners type: amounts in the store currency, percentages,
// country lists, tax rate lines, new shipping method ids, and the per-section form schema.
import { describe, expect, it } from 'vitest';
import {
  methodId,
  settingsAmount,
  parseCountries,
  parsePercent,
  parseTaxRates,
  settingsSchema,
} from '../../../../app/config/settings.server.js';
import { collectionSlug } from '../../../../app/config/site-layout.server.js';
import { parseObjectBody, PREFERENCES_MAX_BYTES } from '../../../../app/config/preferences.server.js';
import { parseForm } from '../../../../app/utils/form.server.js';

describe('settingsAmount', () => {
  it('reads major units into minor units, exactly', () => {
    expect(settingsAmount('12', 'USD')).toBe(1200);
    expect(settingsAmount('12.5', 'USD')).toBe(1250);
    expect(settingsAmount(' 0.07 ', 'USD')).toBe(7);
    expect(settingsAmount('1,250.00', 'USD')).toBe(125000);
    expect(settingsAmount('19.99', 'EUR')).toBe(1999);
    expect(settingsAmount('1000', 'JPY')).toBe(1000);
    // the product form's reader: trailing zeros and a bare fraction read as on the product screens
    expect(settingsAmount('12.500', 'USD')).toBe(1250);
    expect(settingsAmount('.99', 'USD')).toBe(99);
    expect(settingsAmount('999,999,999.99', 'USD')).toBe(99999999999);
  });
  it('refuses what is not an amount in the currency', () => {
    for (const bad of ['', '-1', '1.234', '1e3', 'ten', '12,34', '0x10', '1234567890']) expect(settingsAmount(bad, 'USD'), bad).toBeNull();
    expect(settingsAmount('10.5', 'JPY')).toBeNull();
  });
});

describe('parsePercent', () => {
  it('reads 0 to 100 with up to two decimals as basis points', () => {
    expect(parsePercent('14')).toBe(1400);
    expect(parsePercent('7.25')).toBe(725);
    expect(parsePercent('0')).toBe(0);
    expect(parsePercent('100')).toBe(10000);
    expect(parsePercent('5%')).toBe(500);
  });
  it('refuses more than 100, negatives and three decimals', () => {
    for (const bad of ['100.01', '-1', '1.234', 'x', '']) expect(parsePercent(bad), bad).toBeNull();
  });
});

describe('parseCountries', () => {
  it('reads codes separated by commas or spaces, upper-cased, once each', () => {
    expect(parseCountries('us, ca  US')).toEqual(['US', 'CA']);
    expect(parseCountries('')).toEqual([]);
  });
  it('refuses anything but two letters', () => {
    expect(parseCountries('USA')).toBeNull();
    expect(parseCountries('U1')).toBeNull();
  });
});

describe('parseTaxRates', () => {
  it('reads one place and rate per line', () => {
    expect(parseTaxRates('CA 5\nca-ns 14\n\nGB: 20%\n')).toEqual({ ok: true, rates: { CA: 500, 'CA-NS': 1400, GB: 2000 } });
  });
  it('names the first bad line, and a place given twice', () => {
    expect(parseTaxRates('CA 5\nNova Scotia 14')).toEqual({ ok: false, error: expect.stringMatching(/^Line 2 \("Nova Scotia 14"\)/) });
    expect(parseTaxRates('CA 5\nCA 6')).toEqual({ ok: false, error: 'Line 2: CA has a rate already.' });
    expect(parseTaxRates('CA 101')).toMatchObject({ ok: false });
  });
});

describe('methodId', () => {
  it('makes an id from the label, unlike the ids taken', () => {
    expect(methodId('Next-day Courier!', new Set())).toBe('next-day-courier');
    expect(methodId('Standard', new Set(['standard', 'standard-2']))).toBe('standard-3');
    expect(methodId('¡¡', new Set())).toBe('method');
  });
});

describe('settingsSchema', () => {
  const parse = (fields: Record<string, string>) => parseForm(new URLSearchParams(fields), settingsSchema('USD'));
  const errors = (fields: Record<string, string>) => {
    const r = parse(fields);
    return r.status === 'success' ? {} : (r.error ?? {});
  };

  it('gives an error per field of the store section', () => {
    const r = errors({
      intent: 'store',
      name: '',
      baseUrl: 'https://shop.example/path',
      currency: 'XYZ',
      timeZone: 'Mars/Base',
      locale: 'en-US',
    });
    expect(Object.keys(r).sort()).toEqual(['baseUrl', 'currency', 'name', 'timeZone']);
  });

  it('keeps an origin, and an empty base URL means the request origin', () => {
    const ok = parse({
      intent: 'store',
      name: 'Shop',
      baseUrl: 'https://shop.example/',
      currency: 'EUR',
      timeZone: 'UTC',
      locale: 'fr-CA',
    });
    expect(ok.status === 'success' && ok.value).toMatchObject({ baseUrl: 'https://shop.example', currency: 'EUR' });
    const empty = parse({ intent: 'store', name: 'Shop', baseUrl: '', currency: 'EUR', timeZone: 'Europe/Paris', locale: 'fr-FR' });
    expect(empty.status === 'success' && empty.value).toMatchObject({ baseUrl: '' });
  });

  it('skips the blank new shipping row and a removed one; errors name the row', () => {
    const r = parse({
      intent: 'shipping',
      freeFrom: '',
      'methods[0].id': 'standard',
      'methods[0].label': 'Standard',
      'methods[0].rate': '12',
      'methods[0].countries': 'US, CA',
      'methods[1].id': 'old',
      'methods[1].label': '',
      'methods[1].rate': 'x',
      'methods[1].remove': 'on',
      'methods[2].label': '',
      'methods[2].rate': '',
    });
    expect(r.status).toBe('success');
    if (r.status === 'success' && r.value.intent === 'shipping') {
      expect(r.value.freeFrom).toBeNull();
      expect(r.value.methods).toEqual([
        {
          id: 'standard',
          label: 'Standard',
          description: '',
          rateCents: 1200,
          countries: ['US', 'CA'],
          exceptCountries: [],
          freeEligible: false,
          pickup: false,
        },
        null,
        null,
      ]);
    }
    const bad = errors({ intent: 'shipping', 'methods[0].label': 'Courier', 'methods[0].rate': 'free', 'methods[0].countries': 'Canada' });
    expect(Object.keys(bad).sort()).toEqual(['methods[0].countries', 'methods[0].rate']);
  });

  it('wants the instalment maximum above the minimum', () => {
    const e = errors({ intent: 'instalments', instalmentsMin: '100', instalmentsMax: '50', stripeAccountCountry: 'us' });
    expect(e.instalmentsMax).toEqual(['The largest amount must be more than the smallest.']);
  });
});

describe('collectionSlug', () => {
  it('finds the collection a menu link points at', () => {
    expect(collectionSlug('/shop', '')).toBe('shop');
    expect(collectionSlug('/shop/', '')).toBe('shop');
    expect(collectionSlug('https://shop.example/about', 'https://shop.example')).toBe('about');
    expect(collectionSlug('/shop/p/mug', '')).toBeNull();
    expect(collectionSlug('https://elsewhere.example/about', 'https://shop.example')).toBeNull();
  });
});

describe('parseObjectBody', () => {
  it('takes a JSON object up to 16 KB and nothing else', () => {
    expect(parseObjectBody('{"a":1}')).toEqual({ ok: true, value: { a: 1 } });
    expect(parseObjectBody('[1]')).toMatchObject({ ok: false, error: 'Send a JSON object.' });
    expect(parseObjectBody('{')).toMatchObject({ ok: false });
    expect(parseObjectBody('{"a":"\\u0000"}')).toMatchObject({ ok: false });
    expect(parseObjectBody(JSON.stringify({ a: 'x'.repeat(PREFERENCES_MAX_BYTES) }))).toMatchObject({
      ok: false,
      error: 'The object is larger than 16 KB.',
    });
  });
});
