// Quantities and stock through the running server: only 1-4 digits are a quantity, each refusal
// has its text, a refused request leaves the cart as it was, and stock errors name the item.
import { describe, expect, it } from 'vitest';
import { Visitor } from './support/client.js';

const MUG = 'itm-tide-pool-mug';
const MUG_SEA = 'SG-TPM-01';
const MUG_INK = 'SG-TPM-03'; // sold out

const cases: [string, string][] = [
  ['0x10', 'Quantity must be a number'],
  ['1e1', 'Quantity must be a number'],
  [' 2 ', 'Quantity must be a number'],
  ['abc', 'Quantity must be a number'],
  ['', 'Quantity must be a number'],
  ['1.5', 'Quantity must be a whole number'],
  ['0', 'Quantity must be at least 1.'],
  ['-1', 'Quantity cannot be negative.'],
  ['10000', 'Quantity can be at most 9999.'],
  // Longer than the API's old 20 and the form's old 40 characters: the quantity texts, not "Unable to add item".
  ['9'.repeat(45), 'Quantity can be at most 9999.'],
  ['x'.repeat(45), 'Quantity must be a number'],
];

async function lines(v: Visitor): Promise<{ quantity: number }[]> {
  const cart = await (await v.get('/api/commerce/shopping-cart')).json();
  return cart.entries ?? [];
}

describe('quantities over HTTP', () => {
  it.each(cases)('the JSON API refuses %j with 400 "%s" and adds nothing', async (quantity, text) => {
    const v = new Visitor();
    const res = await v.json('/api/commerce/shopping-cart/entries', { itemId: MUG, sku: MUG_SEA, quantity });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe(text);
    expect(await lines(v)).toEqual([]);
  });

  it.each(cases)('the add form refuses %j, says "%s" on the page it returns to, and keeps what was typed', async (quantity, text) => {
    const v = new Visitor();
    const res = await v.postForm('/cart', { intent: 'add', itemId: MUG, sku: MUG_SEA, quantity, returnTo: '/shop/p/tide-pool-mug' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/shop/p/tide-pool-mug');
    const page = await (await v.get('/shop/p/tide-pool-mug')).text();
    expect(page).toContain(text.replace(/'/g, '&#39;'));
    expect(await lines(v)).toEqual([]);
  });

  it('accepts 9999 as a number where stock is unlimited, and 1-4 digits with leading zeros', async () => {
    const v = new Visitor();
    const ok = await v.json('/api/commerce/shopping-cart/entries', { itemId: MUG, sku: MUG_SEA, quantity: '02' });
    expect(ok.status).toBe(200);
    expect((await lines(v))[0].quantity).toBe(2);
  });

  it('an update with a bad quantity leaves the line as it was', async () => {
    const v = new Visitor();
    const add = await v.json('/api/commerce/shopping-cart/entries', { itemId: MUG, sku: MUG_SEA, quantity: 1 });
    const entryId = (await add.json()).newlyAdded.id;
    for (const [quantity] of cases) {
      const res = await v.postForm('/cart', { intent: 'update', entryId, quantity, returnTo: '/cart' });
      expect(res.status).toBe(303);
      expect((await lines(v))[0].quantity).toBe(1);
    }
  });

  it('names the item when it is sold out', async () => {
    const v = new Visitor();
    const res = await v.json('/api/commerce/shopping-cart/entries', { itemId: MUG, sku: MUG_INK, quantity: 1 });
    expect(res.status).toBe(409);
    expect((await res.json()).error).toBe('Sorry, we do not have enough of that item available. None of Tide Pool Mug (Ink) is left.');
  });
});
