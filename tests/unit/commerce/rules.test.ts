// The cart's pure rules: quantity texts, option messages, money text, store settings, the
// instalment notice (range, locale, brand) and cart eligibility of SPEC sections 5 and 9.
import { describe, expect, it } from 'vitest';
import {
  cartInstalmentEligible,
  checkoutMinimumMessage,
  commerceSettings,
  DEFAULT_COMMERCE_SETTINGS,
  instalmentLocale,
  instalmentNotice,
  parseQuantity,
  pleaseSelect,
  QUANTITY_MAX,
  quantityLimit,
} from '../../../app/commerce/rules.js';
import { formatMoney } from '../../../app/commerce/money.js';

describe('parseQuantity', () => {
  it.each([
    ['1', 1],
    ['12', 12],
    ['0012', 12],
    [9999, 9999],
    ['9999', 9999],
    [1, 1],
  ])('accepts %j', (raw, q) => {
    expect(parseQuantity(raw)).toEqual({ ok: true, quantity: q });
  });
  it.each([
    ['abc', 'Quantity must be a number'],
    ['', 'Quantity must be a number'],
    [null, 'Quantity must be a number'],
    [Number.NaN, 'Quantity must be a number'],
    ['1.5', 'Quantity must be a whole number'],
    [2.5, 'Quantity must be a whole number'],
    ['0x10', 'Quantity must be a number'],
    ['1e1', 'Quantity must be a number'],
    [' 2 ', 'Quantity must be a number'],
    ['+2', 'Quantity must be a number'],
    [Number.POSITIVE_INFINITY, 'Quantity must be a number'],
    [true, 'Quantity must be a number'],
    ['0', 'Quantity must be at least 1.'],
    [0, 'Quantity must be at least 1.'],
    ['0000', 'Quantity must be at least 1.'],
    ['-1', 'Quantity cannot be negative.'],
    [-3, 'Quantity cannot be negative.'],
    ['10000', 'Quantity can be at most 9999.'],
    [10000, 'Quantity can be at most 9999.'],
    ['123456789012345678901', 'Quantity can be at most 9999.'],
  ])('refuses %j with its own text', (raw, error) => {
    expect(parseQuantity(raw)).toEqual({ ok: false, error });
  });
});

describe('pleaseSelect', () => {
  it('joins one, two and more option names as the spec says', () => {
    expect(pleaseSelect(['Size'])).toBe('Please select the Size option.');
    expect(pleaseSelect(['Size', 'Color'])).toBe('Please select the Size and Color options.');
    expect(pleaseSelect(['Size', 'Color', 'Glaze'])).toBe('Please select the Size, Color and Glaze options.');
  });
});

describe('money and settings', () => {
  it('formats minor units exactly', () => {
    expect(formatMoney(123456, 'USD')).toBe('$1,234.56');
    expect(formatMoney(5, 'USD')).toBe('$0.05');
    expect(formatMoney(1250, 'JPY')).toBe('¥1,250');
    expect(formatMoney(900719925474099, 'USD')).toBe('$9,007,199,254,740.99');
  });
  it('says the checkout minimum', () => {
    expect(checkoutMinimumMessage(100, 'USD')).toBe('To check out, your order subtotal must be $1.00 or more.');
  });
  it('reads store settings with defaults, ignoring bad values', () => {
    expect(commerceSettings({})).toEqual(DEFAULT_COMMERCE_SETTINGS);
    expect(
      commerceSettings({
        websiteSettings: { storeSettings: { checkoutMinimumCents: 2500, instalmentsMaxCents: -1, stripeAccountCountry: 'gb' } },
      }),
    ).toEqual({ ...DEFAULT_COMMERCE_SETTINGS, checkoutMinimumCents: 2500 });
  });
  it('allows 1 of a subscription, and of a service when the store says so (SPEC 3 and 5); else 9999', () => {
    const one = commerceSettings({ websiteSettings: { storeSettings: { multipleQuantityAllowedForServices: false } } });
    expect(DEFAULT_COMMERCE_SETTINGS.multipleQuantityAllowedForServices).toBe(true);
    expect(quantityLimit({ productType: 3, isSubscribable: false }, DEFAULT_COMMERCE_SETTINGS)).toBe(QUANTITY_MAX);
    expect(quantityLimit({ productType: 3, isSubscribable: false }, one)).toBe(1);
    expect(quantityLimit({ productType: 1, isSubscribable: false }, one)).toBe(QUANTITY_MAX);
    expect(quantityLimit({ productType: 1, isSubscribable: true }, DEFAULT_COMMERCE_SETTINGS)).toBe(1);
  });
});

describe('instalments', () => {
  const ctx = { currency: 'USD' };
  it('offers 4 payments in range (above the minimum, up to the maximum)', () => {
    expect(instalmentNotice(5000, 1, ctx)).toEqual({
      inRange: true,
      numInstallments: 4,
      amountCents: 1250,
      locale: 'en_US',
      brand: 'Afterpay',
      text: 'or 4 interest-free payments of $12.50 with',
      shortText: '4 interest-free payments of $12.50',
    });
    expect(instalmentNotice(200000, 1, ctx)?.inRange).toBe(true);
    expect(instalmentNotice(3401, 1, ctx)?.amountCents).toBe(850);
  });
  it('says the range outside it', () => {
    expect(instalmentNotice(100, 1, ctx)).toMatchObject({ inRange: false, text: 'available for orders over $1.00' });
    expect(instalmentNotice(200001, 1, ctx)).toMatchObject({ inRange: false, text: 'available for orders up to $2,000.00' });
    expect(instalmentNotice(5000, 1, { ...ctx, afterPayMin: 6000 })).toMatchObject({
      inRange: false,
      text: 'available for orders over $60.00',
    });
  });
  it('is only for physical products whose context allows it', () => {
    for (const t of [2, 3, 4]) expect(instalmentNotice(5000, t, ctx)).toBeNull();
    expect(instalmentNotice(5000, 1, { ...ctx, afterPayAvailable: false })).toBeNull();
    expect(instalmentNotice(5000, 1, { ...ctx, stripeAccountCountry: 'DE' })).toBeNull();
  });
  it('chooses the locale from the country and the shopper language, and the brand from the locale', () => {
    expect(instalmentLocale('US', 'fr')).toBe('en_US');
    expect(instalmentLocale('PR', null)).toBe('en_US');
    expect(instalmentLocale('GU', 'en')).toBe('en_US');
    expect(instalmentLocale('CA', 'fr-CA')).toBe('fr_CA');
    expect(instalmentLocale('CA', 'de')).toBe('en_CA');
    expect(instalmentLocale('NZ', 'en')).toBe('en_NZ');
    expect(instalmentLocale('FR', 'fr')).toBeNull();
    expect(instalmentNotice(5000, 1, { currency: 'GBP', stripeAccountCountry: 'GB' })).toMatchObject({
      locale: 'en_GB',
      brand: 'Clearpay',
      text: 'or 4 interest-free payments of £12.50 with',
    });
    expect(instalmentNotice(5000, 1, { ...ctx, stripeAccountCountry: 'AU' })?.brand).toBe('Afterpay');
  });
  it('carts are eligible only when non-empty and all physical', () => {
    expect(cartInstalmentEligible({ entries: [] })).toBe(false);
    expect(cartInstalmentEligible({ entries: [{ productType: 1 }, { productType: 1 }] })).toBe(true);
    expect(cartInstalmentEligible({ entries: [{ productType: 1 }, { productType: 2 }] })).toBe(false);
  });
});
