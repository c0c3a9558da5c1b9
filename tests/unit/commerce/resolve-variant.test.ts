// Which variant an add-to-cart means: by sku, by chosen options (with the spec's texts for
// missing ones, including three or more), the single variant, and gift card denominations.
import { describe, expect, it } from 'vitest';
import { normalizeAdditionalFields, resolveVariant } from '../../../app/commerce/cart.server.js';

const v = (sku: string, attributes: Record<string, string>) => ({
  id: `v-${sku}`,
  sku,
  attributes,
  price_cents: '1000',
  sale_price_cents: '0',
  on_sale: false,
  unlimited: true,
  qty_in_stock: 0,
  image_url: null,
});
const product = (type: number, ordering: string[]) => ({ product_type: type, variant_option_ordering: ordering }) as never;

const three = [v('A', { Size: 'S', Color: 'Red', Glaze: 'Matte' }), v('B', { Size: 'M', Color: 'Red', Glaze: 'Gloss' })];

describe('resolveVariant', () => {
  it('names the missing options, one, two or more', () => {
    const p = product(1, ['Size', 'Color', 'Glaze']);
    expect(resolveVariant(p, three, {})).toEqual({ ok: false, status: 400, error: 'Please select the Size, Color and Glaze options.' });
    expect(resolveVariant(p, three, { options: { Size: 'S' } })).toMatchObject({ error: 'Please select the Color and Glaze options.' });
    expect(resolveVariant(p, three, { options: { Size: 'S', Color: 'Red' } })).toMatchObject({ error: 'Please select the Glaze option.' });
    expect(resolveVariant(p, three, { options: { Size: 'S', Color: 'Red', Glaze: 'Gloss' } })).toMatchObject({
      error: 'Sorry, that item variant is unavailable. Please select another variant.',
    });
    expect(resolveVariant(p, three, { options: { Size: 'M', Color: 'Red', Glaze: 'Gloss' } })).toMatchObject({ sku: 'B' });
  });
  it('takes a sku first, and the only variant without any choice', () => {
    expect(resolveVariant(product(1, ['Size']), three, { sku: 'A', options: { Size: 'M' } })).toMatchObject({ sku: 'A' });
    expect(resolveVariant(product(1, []), [three[0]], {})).toMatchObject({ sku: 'A' });
    expect(resolveVariant(product(1, []), [], {})).toMatchObject({ ok: false });
  });
  it('asks for a gift card denomination', () => {
    const cards = [v('G25', { Amount: '$25' }), v('G50', { Amount: '$50' })];
    expect(resolveVariant(product(4, ['Amount']), cards, {})).toMatchObject({ error: 'Select a denomination for the Gift Card.' });
    expect(resolveVariant(product(4, ['Amount']), cards, { giftCardDenominationSku: 'G50' })).toMatchObject({ sku: 'G50' });
  });
  it('resolves a gift card from its chosen denomination option (the product page form)', () => {
    const cards = [v('G25', { Amount: '$25' }), v('G50', { Amount: '$50' })];
    expect(resolveVariant(product(4, ['Amount']), cards, { options: { Amount: '$50' } })).toMatchObject({ sku: 'G50' });
    expect(resolveVariant(product(4, ['Amount']), cards, { options: { Amount: '' } })).toMatchObject({
      error: 'Select a denomination for the Gift Card.',
    });
    expect(resolveVariant(product(4, ['Amount']), cards, { options: { Amount: '$999' } })).toMatchObject({
      error: 'Sorry, that item variant is unavailable. Please select another variant.',
    });
  });
});

describe('normalizeAdditionalFields', () => {
  it('parses JSON text and treats empty as none', () => {
    expect(normalizeAdditionalFields('{"a":1}')).toEqual({ a: 1 });
    expect(normalizeAdditionalFields('')).toBeNull();
    expect(normalizeAdditionalFields(undefined)).toBeNull();
    expect(normalizeAdditionalFields({ b: 2 })).toEqual({ b: 2 });
    expect(normalizeAdditionalFields('plain text')).toBe('plain text');
  });
});
