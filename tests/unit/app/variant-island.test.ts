// The variant island's decisions without a browser: which variant a choice means and what the page
// then says (the same texts as the server), which option values are still for sale, what the
// live region announces, and the srcset it gives a variant's picture.
import { describe, expect, it } from 'vitest';
import {
  announcement,
  choose,
  ENGLISH_TEXTS,
  pleaseSelectText,
  srcsetFor,
  valueAvailable,
} from '../../../app/components/variant-island.js';
import type { VariantChoice, VariantPickerData } from '../../../app/storefront/variant-picker.js';
import { IMAGE_WIDTHS } from '../../../app/storefront/context.server.js';
import { pleaseSelect } from '../../../app/commerce/rules.js';

const variant = (sku: string, attributes: Record<string, string>, extra: Partial<VariantChoice> = {}): VariantChoice => ({
  sku,
  attributes,
  name: Object.values(attributes).join(' / '),
  price: '$68.00',
  salePrice: null,
  soldOut: false,
  stock: { text: 'In stock', tone: 'ok' },
  image: null,
  instalment: null,
  ...extra,
});

const apron: VariantPickerData = {
  options: ['Size', 'Color'],
  giftCard: false,
  soldOut: false,
  addLabel: 'Add To Cart',
  texts: {
    unavailable: 'Sorry, that item variant is unavailable. Please select another variant.',
    giftCard: 'Select a denomination for the Gift Card.',
    soldOut: 'Sold Out',
    ...ENGLISH_TEXTS,
  },
  image: '/a.svg',
  imageWidths: IMAGE_WIDTHS,
  instalment: 'or 4 interest-free payments of $17.00 with Afterpay',
  variants: [
    variant('SM-I', { Size: 'S/M', Color: 'Indigo' }),
    variant('SM-O', { Size: 'S/M', Color: 'Oat' }, { soldOut: true, stock: { text: 'Sold out', tone: 'out' } }),
    variant('L-I', { Size: 'L/XL', Color: 'Indigo' }, { price: '$72.00', stock: { text: 'Only 3 left', tone: 'low' } }),
  ],
};

describe('choose', () => {
  it('asks for what is missing with the spec texts, as the server does', () => {
    expect(choose(apron, {})).toEqual({ state: 'select', variant: null, message: 'Please select the Size and Color options.' });
    expect(choose(apron, { Size: 'S/M' })).toMatchObject({ state: 'select', message: 'Please select the Color option.' });
    for (const names of [['Size'], ['Size', 'Color'], ['A', 'B', 'C']]) expect(pleaseSelectText(names)).toBe(pleaseSelect(names));
    expect(choose({ ...apron, giftCard: true, options: ['Amount'] }, {})).toMatchObject({
      message: 'Select a denomination for the Gift Card.',
    });
  });
  it('finds the variant, sold out or not, and says when a combination does not exist', () => {
    expect(choose(apron, { Size: 'L/XL', Color: 'Indigo' })).toMatchObject({ state: 'available', variant: { sku: 'L-I' }, message: null });
    expect(choose(apron, { Size: 'S/M', Color: 'Oat' })).toMatchObject({ state: 'sold-out', variant: { sku: 'SM-O' } });
    expect(choose(apron, { Size: 'L/XL', Color: 'Oat' })).toMatchObject({
      state: 'unavailable',
      variant: null,
      message: apron.texts.unavailable,
    });
  });
  it('keeps a product with nothing left Sold Out whatever is chosen', () => {
    expect(choose({ ...apron, soldOut: true }, {})).toMatchObject({ state: 'sold-out', message: null });
  });
});

describe('valueAvailable', () => {
  it('marks a value sold out only with the rest of the choice', () => {
    expect(valueAvailable(apron, {}, 'Color', 'Oat')).toBe(false);
    expect(valueAvailable(apron, { Size: 'L/XL' }, 'Color', 'Indigo')).toBe(true);
    expect(valueAvailable(apron, { Size: 'S/M' }, 'Color', 'Indigo')).toBe(true);
    expect(valueAvailable(apron, { Color: 'Indigo' }, 'Size', 'L/XL')).toBe(true);
  });
});

describe('announcement', () => {
  it('says the variant, its price (with the original when on sale) and its stock, or what is missing', () => {
    expect(announcement(choose(apron, { Size: 'L/XL', Color: 'Indigo' }))).toBe('L/XL / Indigo: $72.00. Only 3 left.');
    const sale = { ...apron, variants: [variant('X', { Size: 'S/M', Color: 'Indigo' }, { salePrice: '$50.00' })] };
    expect(announcement(choose(sale, { Size: 'S/M', Color: 'Indigo' }))).toBe('S/M / Indigo: $50.00, was $68.00. In stock.');
    expect(announcement(choose(apron, { Size: 'S/M' }))).toBe('Please select the Color option.');
  });
});

describe('srcsetFor', () => {
  it('writes the srcset of the theme image-srcset formatter', () => {
    expect(srcsetFor('/x.svg', [100, 300])).toBe('/x.svg?format=100w 100w,/x.svg?format=300w 300w');
  });
});
