// Buying a variant with the product page's one form (issue 8): the option selects are posted with
// the add (`option.<Name>` fields, no sku) and the server resolves the variant from them, for a
// product with two options, a gift card (its denomination) and a class. Complete, incomplete and
// invalid choices; the cart checked through the JSON API afterwards; what a failed post keeps.
import { describe, expect, it } from 'vitest';
import { Visitor } from './support/client.js';

const APRON = { itemId: 'itm-saltmarsh-apron', path: '/shop/p/saltmarsh-apron' };
const GIFT = { itemId: 'itm-saltgrass-gift-card', path: '/shop/p/saltgrass-gift-card' };
const CLASS = { itemId: 'itm-wheel-throwing-taster', path: '/workshops/p/wheel-throwing-taster' };

interface Entry {
  itemId: string;
  quantity: number;
  purchasePriceCents: number;
  chosenVariant: { sku: string; attributes: Record<string, string> };
}

/**
 * A visitor with an open but empty cart. Its first post needs no wait for a rate-limit allowance:
 * each visitor comes from an address of its own (support/client.ts), so no other file spent it.
 */
async function shopper(): Promise<Visitor> {
  const v = new Visitor();
  const add = await v.json('/api/commerce/shopping-cart/entries', { itemId: 'itm-linen-bread-bag', quantity: 1 });
  expect(add.status).toBe(200);
  const entryId = (await add.json()).newlyAdded.id;
  expect((await v.postForm('/cart', { intent: 'remove', entryId, returnTo: '/cart' })).status).toBe(303);
  return v;
}

async function entries(v: Visitor): Promise<Entry[]> {
  const res = await v.get('/api/commerce/shopping-cart');
  expect(res.status).toBe(200);
  return ((await res.json()).entries ?? []) as Entry[];
}

/** The product form as a browser without JavaScript posts it: its hidden fields, the selects, the quantity. */
function addForm(
  product: { itemId: string; path: string },
  options: Record<string, string>,
  quantity = '1',
  intent = 'add',
): [string, string][] {
  return [
    ['intent', intent],
    ['itemId', product.itemId],
    ['returnTo', product.path],
    ...Object.entries(options).map(([name, value]): [string, string] => [`option.${name}`, value]),
    ['quantity', quantity],
  ];
}

/** Posts the form, expects the 303 back to the product page and returns that page's HTML. */
async function post(
  v: Visitor,
  product: { itemId: string; path: string },
  options: Record<string, string>,
  quantity = '1',
): Promise<string> {
  const res = await v.postForm('/cart', addForm(product, options, quantity));
  expect(res.status).toBe(303);
  expect(res.headers.get('location')).toBe(product.path);
  return (await v.get(product.path)).text();
}

const errorOf = (html: string) => /<span class="cart-error-message">([^<]*)<\/span>/.exec(html)?.[1] ?? null;
const selected = (html: string, name: string) =>
  /<option value="([^"]*)" selected>/.exec(
    new RegExp(`<select [^>]*name="option\\.${name}"[\\s\\S]*?</select>`).exec(html)?.[0] ?? '',
  )?.[1] ?? null;
const chosenPrice = (html: string) => /data-price-chosen><span class="price-now">([^<]*)<\/span>/.exec(html)?.[1] ?? null;

describe('the product form posts its options: a product with two options', () => {
  it('adds the variant the options name, without a sku and without a "Choose" step', async () => {
    const v = await shopper();
    const page = await post(v, APRON, { Size: 'L/XL', Color: 'Indigo' }, '2');
    expect(await entries(v)).toMatchObject([
      {
        itemId: APRON.itemId,
        quantity: 2,
        purchasePriceCents: 7200,
        chosenVariant: { sku: 'SG-SMA-03', attributes: { Size: 'L/XL', Color: 'Indigo' } },
      },
    ]);
    // The page it comes back to says so, and still shows that choice with its own price.
    expect(page).toContain('2 &times; Saltmarsh Work Apron added to your cart.');
    expect(selected(page, 'Size')).toBe('L/XL');
    expect(selected(page, 'Color')).toBe('Indigo');
    expect(chosenPrice(page)).toBe('$72.00');

    // Another variant of the same product is another line.
    await post(v, APRON, { Size: 'S/M', Color: 'Indigo' });
    expect((await entries(v)).map((e) => [e.chosenVariant.sku, e.quantity, e.purchasePriceCents])).toEqual([
      ['SG-SMA-03', 2, 7200],
      ['SG-SMA-01', 1, 6800],
    ]);
  });

  it('names what is missing, keeps what was chosen and typed, and adds nothing', async () => {
    const v = await shopper();
    let page = await post(v, APRON, { Size: '', Color: '' });
    expect(errorOf(page)).toBe('Please select the Size and Color options.');
    expect(selected(page, 'Size')).toBeNull();

    page = await post(v, APRON, { Size: 'L/XL', Color: '' }, '3');
    expect(errorOf(page)).toBe('Please select the Color option.');
    // The selects and the quantity come back as they were posted.
    expect(selected(page, 'Size')).toBe('L/XL');
    expect(selected(page, 'Color')).toBeNull();
    expect(page).toMatch(/<input type="number" name="quantity"[^>]* value="3"/);

    page = await post(v, APRON, { Color: 'Oat' });
    expect(errorOf(page)).toBe('Please select the Size option.');
    expect(selected(page, 'Color')).toBe('Oat');
    expect(await entries(v)).toEqual([]);
  });

  it('refuses a value the product does not have, and a sold-out variant by name', async () => {
    const v = await shopper();
    let page = await post(v, APRON, { Size: 'XXL', Color: 'Indigo' });
    expect(errorOf(page)).toBe('Sorry, that item variant is unavailable. Please select another variant.');
    page = await post(v, APRON, { Size: 'S/M', Color: 'Oat' });
    expect(errorOf(page)).toBe('Sorry, we do not have enough of that item available. None of Saltmarsh Work Apron (S/M / Oat) is left.');
    expect(selected(page, 'Size')).toBe('S/M');
    expect(selected(page, 'Color')).toBe('Oat');
    // The chosen variant is shown as it is: sold out, the button disabled.
    expect(page).toMatch(/data-add-button data-label="Add To Cart" disabled>Sold Out<\/button>/);
    expect(await entries(v)).toEqual([]);
  });

  it('refuses option fields that cannot be options, with the generic text', async () => {
    const v = await shopper();
    const page = await post(v, APRON, { Size: 'x'.repeat(200), Color: 'Indigo' });
    expect(errorOf(page)).toBe('Unable to add item');
    expect(await entries(v)).toEqual([]);
  });

  it('still takes a posted sku (list pages, the island, the JSON API), which wins over options', async () => {
    const v = await shopper();
    const res = await v.postForm('/cart', [...addForm(APRON, { Size: 'S/M', Color: 'Indigo' }), ['sku', 'SG-SMA-04']]);
    expect(res.status).toBe(303);
    expect((await entries(v)).map((e) => e.chosenVariant.sku)).toEqual(['SG-SMA-04']);
  });

  it('answers the island (fetch) with JSON, resolving the same options', async () => {
    const v = await shopper();
    const headers = { 'X-Cart-Fetch': '1', Accept: 'application/json' };
    const bad = await v.postForm('/cart?_data=routes/($lang).cart', addForm(APRON, { Size: 'L/XL', Color: '' }), headers);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ ok: false, error: 'Please select the Color option.' });
    const ok = await v.postForm('/cart?_data=routes/($lang).cart', addForm(APRON, { Size: 'L/XL', Color: 'Oat' }), headers);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({
      ok: true,
      added: { title: 'Saltmarsh Work Apron', quantity: 1 },
      cart: { totalQuantity: 1, subtotalText: '$72.00' },
    });
    expect((await entries(v)).map((e) => e.chosenVariant.sku)).toEqual(['SG-SMA-04']);
  });
});

describe('the product form posts its options: a gift card', () => {
  it('adds the chosen denomination', async () => {
    const v = await shopper();
    const page = await post(v, GIFT, { Amount: '$50' });
    expect(await entries(v)).toMatchObject([
      { itemId: GIFT.itemId, quantity: 1, purchasePriceCents: 5000, chosenVariant: { attributes: { Amount: '$50' } } },
    ]);
    expect(selected(page, 'Amount')).toBe('$50');
    expect(chosenPrice(page)).toBe('$50.00');
  });

  it('asks for a denomination with the spec text, and refuses one it does not sell', async () => {
    const v = await shopper();
    let page = await post(v, GIFT, { Amount: '' });
    expect(errorOf(page)).toBe('Select a denomination for the Gift Card.');
    expect(page).toContain('<strong>Unable to purchase Gift Card</strong>');
    page = await post(v, GIFT, { Amount: '$75' });
    expect(errorOf(page)).toBe('Sorry, that item variant is unavailable. Please select another variant.');
    expect(await entries(v)).toEqual([]);
  });
});

describe('the product form posts its options: a class', () => {
  it('books the chosen session, several places at once', async () => {
    const v = await shopper();
    const page = await post(v, CLASS, { Session: 'Saturday afternoon' }, '2');
    expect(await entries(v)).toMatchObject([
      {
        itemId: CLASS.itemId,
        quantity: 2,
        purchasePriceCents: 8500,
        chosenVariant: { sku: 'SG-WTT-03', attributes: { Session: 'Saturday afternoon' } },
      },
    ]);
    expect(selected(page, 'Session')).toBe('Saturday afternoon');
    expect(page).toContain('<span class="stock-low">Only 2 left</span>');
  });

  it('asks for a session, refuses a full one by name and more places than are left', async () => {
    const v = await shopper();
    let page = await post(v, CLASS, {});
    expect(errorOf(page)).toBe('Please select the Session option.');
    page = await post(v, CLASS, { Session: 'Saturday morning' });
    expect(errorOf(page)).toBe(
      'Sorry, we do not have enough of that item available. None of Wheel-throwing Taster (Saturday morning) is left.',
    );
    page = await post(v, CLASS, { Session: 'Sunday' });
    expect(errorOf(page)).toBe('Sorry, that item variant is unavailable. Please select another variant.');
    page = await post(v, CLASS, { Session: 'Thursday evening' }, '5');
    expect(errorOf(page)).toBe(
      'Sorry, we do not have enough of that item available. Only 4 of Wheel-throwing Taster (Thursday evening) are left.',
    );
    expect(selected(page, 'Session')).toBe('Thursday evening');
    expect(await entries(v)).toEqual([]);
  });
});

describe('viewing a variant without buying it', () => {
  it('the ?Name=value address preselects the variant and shows its price', async () => {
    const page = await (await new Visitor().get(`${APRON.path}?Size=L%2FXL&Color=Oat`)).text();
    expect(selected(page, 'Size')).toBe('L/XL');
    expect(selected(page, 'Color')).toBe('Oat');
    expect(chosenPrice(page)).toBe('$72.00');
    expect(page).toContain('<span class="stock-ok">In stock</span>');
  });

  it('the add form sent as a GET (the no-JavaScript "Show price" button) lands on that clean address', async () => {
    const v = await shopper();
    const query = new URLSearchParams(addForm(APRON, { Size: 'L/XL', Color: 'Oat' }, '2')).toString();
    const res = await v.get(`${APRON.path}?${query}`);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`${APRON.path}?Size=L%2FXL&Color=Oat`);
    expect(await entries(v)).toEqual([]);
  });
});
