// The cart review: each line's status and text (sold out, not enough stock counted over every line
// of a variant, gone, price changed) and the cart's messages, which stay short enough for a flash.
import { describe, expect, it } from 'vitest';
import { reviewCart as review, type ReviewLine } from '../../../app/commerce/cart-review.js';
import { formatMoney } from '../../../app/commerce/money.js';

const reviewCart = (lines: ReviewLine[], currency: string) => review(lines, (cents) => formatMoney(cents, currency));

type Current = NonNullable<ReviewLine['current']>;
function line(over: Omit<Partial<ReviewLine>, 'current'> & { current?: Partial<Current> | null } = {}): ReviewLine {
  const { current, ...rest } = over;
  return {
    id: 'e1',
    title: 'Tide Pool Mug',
    attributes: { Color: 'Sand' },
    quantity: 1,
    purchasePriceCents: 3400,
    ...rest,
    current:
      current === null ? null : { variantId: 'v1', priceCents: 3400, unlimited: false, qtyInStock: 10, oneAtATime: false, ...current },
  };
}

describe('reviewCart', () => {
  it('leaves a line that can be bought as it is alone', () => {
    const r = reviewCart([line()], 'USD');
    expect(r.lines[0]).toEqual({ id: 'e1', status: 'ok', blocking: false, message: null, currentPriceCents: null, left: null });
    expect(r).toMatchObject({ blocking: false, message: null, priceNotice: null });
  });

  it('marks a sold-out line, with the rules wording, and blocks checkout', () => {
    const r = reviewCart([line({ current: { qtyInStock: 0 } })], 'USD');
    expect(r.lines[0]).toMatchObject({ status: 'sold_out', blocking: true, left: 0 });
    expect(r.lines[0].message).toBe(
      'Sorry, we do not have enough of that item available. None of Tide Pool Mug (Sand) is left. Remove it to check out.',
    );
    expect(r.blocking).toBe(true);
    expect(r.message).toBe('To check out, first fix the marked line: Tide Pool Mug (Sand) is sold out.');
  });

  it('marks a line asking for more than is left, saying how many are left and what to do', () => {
    const r = reviewCart([line({ quantity: 5, current: { qtyInStock: 2 } })], 'USD');
    expect(r.lines[0]).toMatchObject({ status: 'insufficient_stock', blocking: true, left: 2 });
    expect(r.lines[0].message).toBe(
      'Sorry, we do not have enough of that item available. Only 2 of Tide Pool Mug (Sand) are left. This line has 5: lower the quantity to 2 to check out.',
    );
    expect(r.message).toBe('To check out, first fix the marked line: only 2 of Tide Pool Mug (Sand) are left and your cart has 5.');
  });

  it('counts stock over every line of the same variant', () => {
    const r = reviewCart(
      [line({ id: 'a', quantity: 2, current: { qtyInStock: 3 } }), line({ id: 'b', quantity: 2, current: { qtyInStock: 3 } })],
      'USD',
    );
    expect(r.lines.map((l) => l.status)).toEqual(['insufficient_stock', 'insufficient_stock']);
    expect(r.lines[0].message).toContain('Your cart has 4 of it in 2 lines: lower them to 3 in all to check out.');
    // One reason for the variant, not one per line.
    expect(r.message).toBe('To check out, first fix the marked line: only 3 of Tide Pool Mug (Sand) are left and your cart has 4.');
  });

  it('marks more than 1 of a one-at-a-time product (a service once the store allows only 1), over every line of it', () => {
    const one = reviewCart([line({ quantity: 2, current: { unlimited: true, oneAtATime: true } })], 'USD');
    expect(one.lines[0]).toMatchObject({ status: 'over_limit', blocking: true, left: null });
    expect(one.lines[0].message).toBe(
      'Only 1 of this item can be in the cart at a time. This line has 2: lower the quantity to 1 to check out.',
    );
    expect(one.message).toBe(
      'To check out, first fix the marked line: only 1 of Tide Pool Mug (Sand) can be in the cart at a time and your cart has 2.',
    );
    const two = reviewCart([line({ id: 'a', current: { oneAtATime: true } }), line({ id: 'b', current: { oneAtATime: true } })], 'USD');
    expect(two.lines.map((l) => l.status)).toEqual(['over_limit', 'over_limit']);
    expect(two.lines[0].message).toContain('Your cart has 2 of it in 2 lines: lower them to 1 in all to check out.');
    expect(reviewCart([line({ current: { oneAtATime: true } })], 'USD').blocking).toBe(false);
  });

  it('never limits an unlimited variant', () => {
    const r = reviewCart([line({ quantity: 500, current: { unlimited: true, qtyInStock: 0 } })], 'USD');
    expect(r.lines[0].status).toBe('ok');
    expect(r.blocking).toBe(false);
  });

  it('marks a gone product or variant as no longer available', () => {
    const r = reviewCart([line({ title: 'Old Bowl', attributes: {}, current: null })], 'USD');
    expect(r.lines[0]).toMatchObject({
      status: 'unavailable',
      blocking: true,
      message: 'Sorry, Old Bowl is no longer available. Remove it to check out.',
    });
    expect(r.message).toBe('To check out, first fix the marked line: Old Bowl is no longer available.');
  });

  it('marks a price change with the old and new price, without blocking checkout', () => {
    const r = reviewCart([line({ purchasePriceCents: 6800, current: { priceCents: 7200 } })], 'USD');
    expect(r.lines[0]).toEqual({
      id: 'e1',
      status: 'price_changed',
      blocking: false,
      message: 'Price changed from $68.00 to $72.00.',
      currentPriceCents: 7200,
      left: null,
    });
    expect(r.blocking).toBe(false);
    expect(r.message).toBeNull();
    expect(r.priceNotice).toBe(
      'The price of Tide Pool Mug (Sand) changed since it was added to your cart: the order will use the new price.',
    );
  });

  it('names several price changes in one notice, and a lower price too', () => {
    const r = reviewCart(
      [
        line({ id: 'a', current: { variantId: 'v1', priceCents: 3000 } }),
        line({ id: 'b', title: 'Linen Apron', attributes: { Size: 'M' }, current: { variantId: 'v2', priceCents: 5000 } }),
      ],
      'USD',
    );
    expect(r.lines[0].message).toBe('Price changed from $34.00 to $30.00.');
    expect(r.priceNotice).toBe(
      'The prices of Tide Pool Mug (Sand) and Linen Apron (M) changed since they were added to your cart: the order will use the new prices.',
    );
  });

  it('tells both the stock problem and the new price on one line', () => {
    const r = reviewCart([line({ quantity: 4, current: { qtyInStock: 1, priceCents: 3600 } })], 'USD');
    expect(r.lines[0].message).toBe(
      'Sorry, we do not have enough of that item available. Only 1 of Tide Pool Mug (Sand) is left. This line has 4: lower the quantity to 1 to check out. Price changed from $34.00 to $36.00.',
    );
    expect(r.lines[0].currentPriceCents).toBe(3600);
  });

  it('lists at most three problems by name and keeps the message short', () => {
    const lines = Array.from({ length: 6 }, (_, i) =>
      line({ id: `e${i}`, title: `Item ${i}`, attributes: {}, current: { variantId: `v${i}`, qtyInStock: 0 } }),
    );
    const r = reviewCart(lines, 'USD');
    expect(r.message).toBe('To check out, first fix the marked lines: Item 0 is sold out; Item 1 is sold out; Item 2 is sold out; 3 more.');
    const long = Array.from({ length: 3 }, (_, i) =>
      line({ id: `e${i}`, title: 'X'.repeat(200), attributes: {}, current: { variantId: `v${i}`, qtyInStock: 0 } }),
    );
    const r2 = reviewCart(long, 'USD');
    expect(r2.message).toBe('To check out, first fix the 3 marked lines.');
    expect(r2.message!.length).toBeLessThanOrEqual(500);
  });

  it('an empty cart has nothing to say', () => {
    expect(reviewCart([], 'USD')).toEqual({ lines: [], blocking: false, message: null, priceNotice: null });
  });
});
