// The checkout's pure rules: addresses by country (US, Canada, UK, elsewhere), shipping rates and
// free shipping from the store settings, tax per region in integer cents with half-up rounding,
// the form checked against a cart, and the totals.
import { describe, expect, it } from 'vitest';
import { addressLines, checkAddress } from '../../../app/commerce/address.js';
import {
  BLANK_CHECKOUT,
  checkCheckout,
  parseCheckoutForm,
  quote,
  type CheckoutValues,
  type PricedLine,
} from '../../../app/commerce/checkout-form.js';
import { DEFAULT_SHIPPING, methodRefusal, shippingCost, shippingSettings, shipsTo } from '../../../app/commerce/shipping.js';
import { DEFAULT_TAX, rateText, taxOn, taxRate, taxSettings } from '../../../app/commerce/tax.js';

const base = { name: 'Ada Lovelace', line1: '1 Main St', city: 'Somewhere' };

describe('addresses by country', () => {
  it('US: a state (code or name) and a ZIP of 5 digits or ZIP+4', () => {
    expect(checkAddress({ ...base, country: 'US', region: 'new york', postalCode: '14201-1234' })).toMatchObject({
      ok: true,
      address: { region: 'NY', postalCode: '14201-1234', country: 'US' },
    });
    expect(checkAddress({ ...base, country: 'us', region: 'ny', postalCode: '14201' })).toMatchObject({
      ok: true,
      address: { country: 'US', region: 'NY' },
    });
    for (const zip of ['1420', '142011', '14201-12', 'ABCDE', '14201 1234']) {
      expect(checkAddress({ ...base, country: 'US', region: 'NY', postalCode: zip }), zip).toEqual({
        ok: false,
        errors: { postalCode: 'Enter a ZIP code of 5 digits, or ZIP+4 (12345-6789).' },
      });
    }
    expect(checkAddress({ ...base, country: 'US', region: '', postalCode: '' })).toEqual({
      ok: false,
      errors: { region: 'Required', postalCode: 'Required' },
    });
    expect(checkAddress({ ...base, country: 'US', region: 'Ontario', postalCode: '14201' })).toMatchObject({
      ok: false,
      errors: { region: 'Enter a US state, such as NY or New York.' },
    });
  });

  it('Canada: a province and a postal code A1A 1A1 (the space may be left out)', () => {
    expect(checkAddress({ ...base, country: 'CA', region: 'Nova Scotia', postalCode: 'b3h1a1' })).toMatchObject({
      ok: true,
      address: { region: 'NS', postalCode: 'B3H 1A1' },
    });
    for (const pc of ['B3H 1A', '12345', 'D3H 1A1', 'B3H-1A1', 'W1A 1A1']) {
      expect(checkAddress({ ...base, country: 'CA', region: 'NS', postalCode: pc }), pc).toEqual({
        ok: false,
        errors: { postalCode: 'Enter a postal code like A1A 1A1.' },
      });
    }
    expect(checkAddress({ ...base, country: 'CA', region: 'NY', postalCode: 'B3H 1A1' })).toMatchObject({
      ok: false,
      errors: { region: expect.stringMatching(/Canadian province/) },
    });
  });

  it('UK: a postcode, county optional', () => {
    expect(checkAddress({ ...base, country: 'GB', postalCode: 'sw1a1aa' })).toMatchObject({
      ok: true,
      address: { postalCode: 'SW1A 1AA', region: '' },
    });
    expect(checkAddress({ ...base, country: 'GB', postalCode: 'M1 1AE' })).toMatchObject({ ok: true });
    expect(checkAddress({ ...base, country: 'GB', postalCode: '' })).toEqual({ ok: false, errors: { postalCode: 'Required' } });
    expect(checkAddress({ ...base, country: 'GB', postalCode: '12345' })).toEqual({
      ok: false,
      errors: { postalCode: 'Enter a UK postcode like SW1A 1AA.' },
    });
  });

  it('elsewhere: region and postal code optional; a postal code of 2 to 10 letters or digits', () => {
    expect(checkAddress({ ...base, country: 'DE', postalCode: '10115' })).toMatchObject({ ok: true });
    expect(checkAddress({ ...base, country: 'IE', postalCode: '' })).toMatchObject({ ok: true });
    expect(checkAddress({ ...base, country: 'NL', postalCode: '1012 ab' })).toMatchObject({ ok: true, address: { postalCode: '1012 AB' } });
    expect(checkAddress({ ...base, country: 'DE', postalCode: '<script>' })).toMatchObject({
      ok: false,
      errors: { postalCode: expect.any(String) },
    });
  });

  it('always: name, first line, city and a country from the list; bounded lengths', () => {
    expect(checkAddress({ country: 'DE' })).toEqual({ ok: false, errors: { name: 'Required', line1: 'Required', city: 'Required' } });
    expect(checkAddress({ ...base })).toEqual({ ok: false, errors: { country: 'Required' } });
    expect(checkAddress({ ...base, country: 'XX' })).toEqual({ ok: false, errors: { country: 'Choose a country from the list.' } });
    expect(checkAddress({ ...base, name: 'a'.repeat(101), country: 'DE' })).toEqual({
      ok: false,
      errors: { name: 'Use at most 100 characters.' },
    });
  });

  it('prints as lines', () => {
    const r = checkAddress({ ...base, city: 'Halifax', country: 'CA', region: 'NS', postalCode: 'B3H 1A1' });
    expect(r.ok && addressLines(r.address)).toEqual(['Ada Lovelace', '1 Main St', 'Halifax, NS B3H 1A1', 'Canada']);
  });
});

describe('shipping', () => {
  const [standard, international, pickup] = DEFAULT_SHIPPING.methods;
  it('Standard is $12 to the US and Canada, free from $120; International $28 elsewhere; pickup $0', () => {
    expect(shippingCost(standard, 11999, DEFAULT_SHIPPING)).toBe(1200);
    expect(shippingCost(standard, 12000, DEFAULT_SHIPPING)).toBe(0);
    expect(shippingCost(international, 50000, DEFAULT_SHIPPING)).toBe(2800);
    expect(shippingCost(pickup, 100, DEFAULT_SHIPPING)).toBe(0);
    expect([shipsTo(standard, 'US'), shipsTo(standard, 'CA'), shipsTo(standard, 'GB')]).toEqual([true, true, false]);
    expect([shipsTo(international, 'US'), shipsTo(international, 'GB'), shipsTo(pickup, 'JP')]).toEqual([false, true, true]);
    expect(methodRefusal(standard, 'GB', DEFAULT_SHIPPING)).toBe(
      'Standard shipping does not go to this country: choose International shipping.',
    );
  });
  it('reads the store settings; bad methods are skipped', () => {
    expect(shippingSettings({})).toBe(DEFAULT_SHIPPING);
    const s = shippingSettings({
      websiteSettings: {
        storeSettings: {
          shipping: {
            freeFromCents: 5000,
            methods: [
              { id: 'std', label: 'Std', rateCents: 500, countries: ['US', 'xx'], freeEligible: true },
              { id: 'BAD ID', label: 'x', rateCents: 1 },
              { id: 'neg', label: 'x', rateCents: -1 },
            ],
          },
        },
      },
    });
    expect(s).toEqual({
      freeFromCents: 5000,
      methods: [
        {
          id: 'std',
          label: 'Std',
          description: '',
          rateCents: 500,
          countries: ['US'],
          exceptCountries: [],
          freeEligible: true,
          pickup: false,
        },
      ],
    });
  });
});

describe('tax', () => {
  it('rounds half up once, in integer cents, without losing precision', () => {
    expect(taxOn(3800, 1400)).toBe(532);
    expect(taxOn(1, 5000)).toBe(1); // 0.5 -> 1
    expect(taxOn(1, 4999)).toBe(0); // 0.4999 -> 0
    expect(taxOn(2500, 1300)).toBe(325);
    expect(taxOn(1799, 1400)).toBe(252); // 251.86
    expect(taxOn(1075, 1000)).toBe(108); // 107.5 -> 108
    expect(taxOn(900719925474099, 1400)).toBe(126100789566374); // 126100789566373.86
    expect(taxOn(0, 1400)).toBe(0);
    expect(taxOn(1000, 0)).toBe(0);
  });
  it('takes the region rate, else the country rate, else the default', () => {
    expect(taxRate(DEFAULT_TAX, 'CA', 'NS')).toBe(1400);
    expect(taxRate(DEFAULT_TAX, 'CA', 'AB')).toBe(500);
    expect(taxRate(DEFAULT_TAX, 'US', 'NY')).toBe(0);
    expect(rateText(1400)).toBe('14%');
    expect(rateText(750)).toBe('7.5%');
    expect(
      taxSettings({
        websiteSettings: { storeSettings: { tax: { ratesBasisPoints: { GB: 2000, bad: 5, FR: 20000 }, originRegion: 'GB' } } },
      }),
    ).toEqual({ ratesBasisPoints: { GB: 2000 }, defaultBasisPoints: 0, originRegion: 'GB', taxShipping: true });
  });
});

const values = (v: Partial<CheckoutValues>): CheckoutValues => ({
  ...BLANK_CHECKOUT,
  email: 'ada@example.com',
  gifts: {},
  ...v,
});
const mug: PricedLine = { id: 'm', productType: 1, quantity: 2, unitPriceCents: 3400 };
const pdf: PricedLine = { id: 'p', productType: 2, quantity: 1, unitPriceCents: 1400 };
const gift: PricedLine = { id: 'g', productType: 4, quantity: 1, unitPriceCents: 5000 };

describe('the checkout form for a cart', () => {
  it('a digital cart needs only the email', () => {
    expect(checkCheckout(values({}), [pdf], DEFAULT_SHIPPING)).toEqual({
      ok: true,
      details: { email: 'ada@example.com', address: null, shippingMethod: null, gifts: {} },
    });
    expect(checkCheckout(values({ email: '' }), [pdf], DEFAULT_SHIPPING)).toEqual({ ok: false, errors: { email: 'Required' } });
    expect(checkCheckout(values({ email: 'a@b' }), [pdf], DEFAULT_SHIPPING)).toEqual({
      ok: false,
      errors: { email: 'Email is not valid. Email addresses should follow the format name@example.com.' },
    });
  });
  it('a physical cart needs a method and, unless picked up, an address that the method ships to', () => {
    expect(checkCheckout(values({}), [mug], DEFAULT_SHIPPING)).toMatchObject({
      ok: false,
      errors: { shippingMethod: 'Choose a shipping method.', name: 'Required', country: 'Required' },
    });
    expect(checkCheckout(values({ shippingMethod: 'pickup' }), [mug], DEFAULT_SHIPPING)).toMatchObject({
      ok: true,
      details: { address: null, shippingMethod: 'pickup' },
    });
    const uk = { ...base, country: 'GB', postalCode: 'SW1A 1AA' };
    expect(checkCheckout(values({ ...uk, shippingMethod: 'standard' }), [mug], DEFAULT_SHIPPING)).toEqual({
      ok: false,
      errors: { shippingMethod: 'Standard shipping does not go to this country: choose International shipping.' },
    });
    expect(checkCheckout(values({ ...uk, shippingMethod: 'international' }), [mug], DEFAULT_SHIPPING)).toMatchObject({
      ok: true,
      details: { shippingMethod: 'international', address: { country: 'GB' } },
    });
  });
  it('a gift card line needs a recipient email; its message is at most 500 characters', () => {
    expect(checkCheckout(values({}), [gift], DEFAULT_SHIPPING)).toEqual({ ok: false, errors: { 'giftRecipient.g': 'Required' } });
    expect(
      checkCheckout(values({ gifts: { g: { recipientEmail: 'x@example.com', message: 'a'.repeat(501) } } }), [gift], DEFAULT_SHIPPING),
    ).toEqual({ ok: false, errors: { 'giftMessage.g': 'You have exceeded the character limit.' } });
    expect(
      checkCheckout(values({ gifts: { g: { recipientEmail: ' x@example.com ', message: 'a'.repeat(500) } } }), [gift], DEFAULT_SHIPPING),
    ).toMatchObject({ ok: true, details: { gifts: { g: { recipientEmail: 'x@example.com' } } } });
  });
});

describe('parseCheckoutForm: the posted form, parsed with Conform', () => {
  const card: PricedLine = { id: '7d9e0c1a-5b2f-4c3d-8e9f-0a1b2c3d4e5f', productType: 4, quantity: 1, unitPriceCents: 5000 };
  const form = (fields: Record<string, string>) => new URLSearchParams(fields);
  const ny = {
    email: 'ada@example.com',
    name: 'Ada',
    line1: '1 Main St',
    city: 'Buffalo',
    region: 'ny',
    postalCode: '14201',
    country: 'US',
  };

  it('gives the details to place the order with, and what was typed', () => {
    const r = parseCheckoutForm(form({ ...ny, shippingMethod: 'standard', intent: 'place', cart: 'cart' }), [mug], DEFAULT_SHIPPING);
    expect(r).toMatchObject({
      ok: true,
      values: { ...ny, line2: '', shippingMethod: 'standard', gifts: {} },
      details: { email: 'ada@example.com', shippingMethod: 'standard', address: { region: 'NY', country: 'US' } },
    });
  });

  it('answers an error per field name, with the texts of the spec, keeping what was typed', () => {
    const r = parseCheckoutForm(
      form({ email: 'nope', [`giftMessage.${card.id}`]: 'a'.repeat(501), [`giftRecipient.${card.id}`]: '' }),
      [mug, card],
      DEFAULT_SHIPPING,
    );
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors).toMatchObject({
      email: 'Email is not valid. Email addresses should follow the format name@example.com.',
      shippingMethod: 'Choose a shipping method.',
      name: 'Required',
      [`giftRecipient.${card.id}`]: 'Required',
      [`giftMessage.${card.id}`]: 'You have exceeded the character limit.',
    });
    expect(r.values.email).toBe('nope');
    expect(r.values.gifts[card.id]).toEqual({ recipientEmail: '', message: 'a'.repeat(501) });
  });

  it('reads gift fields of the cart lines only, and refuses what no field can hold', () => {
    const r = parseCheckoutForm(form({ email: 'ada@example.com', 'giftRecipient.other': 'x' }), [pdf], DEFAULT_SHIPPING);
    expect(r).toMatchObject({ ok: true, values: { gifts: {} } });
    expect(parseCheckoutForm(form({ email: 'a'.repeat(2001) }), [pdf], DEFAULT_SHIPPING)).toMatchObject({
      ok: false,
      errors: { email: 'You have exceeded the character limit.' },
    });
    // `email.x` makes `email` an object, not a text.
    expect(parseCheckoutForm(form({ 'email.x': 'ada@example.com' }), [pdf], DEFAULT_SHIPPING)).toMatchObject({
      ok: false,
      errors: { email: 'One or more fields is invalid, please check your entries.' },
      values: { email: '' },
    });
  });
});

describe('totals', () => {
  const ns = { country: 'CA', region: 'NS' };
  it('shipping, then tax on goods and shipping, gift cards untaxed', () => {
    expect(quote([mug, gift], { shippingMethod: 'standard', address: ns }, DEFAULT_SHIPPING, DEFAULT_TAX)).toMatchObject({
      subtotalCents: 11800,
      shippingCents: 1200,
      taxBasisPoints: 1400,
      taxCents: 1120,
      totalCents: 11800 + 1200 + 1120,
    });
  });
  it('free Standard from $120; no shipping line for a digital cart, taxed where the store is', () => {
    expect(
      quote(
        [{ ...mug, quantity: 4 }],
        { shippingMethod: 'standard', address: { country: 'US', region: 'NY' } },
        DEFAULT_SHIPPING,
        DEFAULT_TAX,
      ),
    ).toMatchObject({ subtotalCents: 13600, shippingCents: 0, taxCents: 0, totalCents: 13600 });
    expect(
      quote([pdf], { shippingMethod: 'standard', address: { country: 'US', region: 'NY' } }, DEFAULT_SHIPPING, DEFAULT_TAX),
    ).toMatchObject({ shippingCents: 0, method: null, taxBasisPoints: 1400, taxCents: 196 });
    expect(
      quote([mug], { shippingMethod: 'pickup', address: { country: 'US', region: 'NY' } }, DEFAULT_SHIPPING, DEFAULT_TAX),
    ).toMatchObject({ shippingCents: 0, taxBasisPoints: 1400, taxCents: 952 });
  });
});
