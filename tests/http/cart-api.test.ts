// The cart's JSON API (SPEC 7) through the built server: the routes answer JSON with the spec's
// texts, and never 500 (remix-serve's fetch once lacked Response.json and every route failed).
import { describe, expect, it } from 'vitest';
import { NEW_YORK } from './support/checkout.js';
import { Visitor } from './support/client.js';

async function someProduct(v: Visitor): Promise<{ itemId: string; sku: string }> {
  const res = await v.get('/api/commerce/shopping-cart');
  expect(res.status).toBe(200);
  // The stock route needs an item id: take one from the demo store's shop listing.
  const page = await (await v.get('/shop')).text();
  const m = /name="itemId" value="([^"]+)"/.exec(page);
  expect(m, 'the shop listing has an add-to-cart form').not.toBeNull();
  const stock = await (await v.get(`/api/commerce/inventory/stock?itemId=${m![1]}`)).json();
  return { itemId: m![1], sku: stock.results[0].sku };
}

describe('cart API over HTTP', () => {
  it('GET /api/commerce/shopping-cart answers an empty cart as JSON', async () => {
    const res = await new Visitor().get('/api/commerce/shopping-cart');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    const body = await res.json();
    expect(body.entries ?? body.shoppingCart?.entries ?? []).toEqual([]);
  });

  it('POST /api/commerce/shopping-cart/entries adds a line and sets the session cookie', async () => {
    const v = new Visitor();
    const { itemId, sku } = await someProduct(v);
    const res = await v.json('/api/commerce/shopping-cart/entries', { itemId, sku, quantity: 1 });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.newlyAdded.itemId).toBe(itemId);
    expect(v.cookies.size).toBeGreaterThan(0);
    const cart = await (await v.get('/api/commerce/shopping-cart')).json();
    expect(JSON.stringify(cart)).toContain(itemId);
  });

  it('answers 400 with a JSON error for an unreadable body, and 405 for a wrong method', async () => {
    const v = new Visitor();
    const bad = await v.json('/api/commerce/shopping-cart/entries', '{not json');
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toEqual(expect.any(String));
    const wrong = await v.get('/api/commerce/shopping-cart/entries');
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('POST');
  });

  it("carries checkout's shipping options, the chosen one, where it ships, the tax applied, its totals and, once bought, the order's id", async () => {
    const v = new Visitor();
    const { itemId, sku } = await someProduct(v);
    const added = await (await v.json('/api/commerce/shopping-cart/entries', { itemId, sku, quantity: 1 })).json();
    expect(added.shoppingCart.requiresShipping).toBe(true);
    const sub: number = added.shoppingCart.subtotalCents;
    expect(sub).toBeGreaterThan(0);
    // The demo store's rules (db/seed/store.ts): standard $12 (free from $120), international $28, pickup free.
    const standard = sub >= 12000 ? 0 : 1200;
    const usd = (c: number) => ({ currency: 'USD', value: (c / 100).toFixed(2) });
    const options = (shipsTo: [boolean, boolean, boolean]) => [
      {
        id: 'standard',
        label: 'Standard shipping',
        description: 'US and Canada, 3 to 7 working days',
        pickup: false,
        shipsToLocation: shipsTo[0],
        costCents: standard,
        cost: usd(standard),
      },
      {
        id: 'international',
        label: 'International shipping',
        description: 'Everywhere else, 7 to 21 working days',
        pickup: false,
        shipsToLocation: shipsTo[1],
        costCents: 2800,
        cost: usd(2800),
      },
      {
        id: 'pickup',
        label: 'Local pickup',
        description: 'At the studio, 14 Wharf Lane, Thursday to Sunday',
        pickup: true,
        shipsToLocation: shipsTo[2],
        costCents: 0,
        cost: usd(0),
      },
    ];
    const taxOn = (cents: number, bp: number) => Math.floor((cents * bp + 5000) / 10000);
    // The entries route answers the same fields: a new checkout's defaults (the store's country, the first method going there).
    expect(added.shoppingCart.orderId).toBeNull();
    expect(added.shoppingCart.selectedShippingOption.id).toBe('standard');
    // Tax, shipping and the grand total are checkout's quote: standard to the store's country, 5% on goods and shipping.
    const totals = (shipping: number, tax: number) => ({
      subtotalCents: sub,
      shippingCostCents: shipping,
      taxCents: tax,
      discountCents: 0,
      grandTotalCents: sub + shipping + tax,
    });
    expect(added.shoppingCart).toMatchObject(totals(standard, taxOn(sub + standard, 500)));
    expect(taxOn(sub + standard, 500)).toBeGreaterThan(0);

    const fresh = await (await v.get('/api/commerce/shopping-cart')).json();
    expect(fresh.orderId).toBeNull();
    expect(fresh.isPurchased).toBe(false);
    expect(fresh.shippingOptions).toEqual(options([true, false, true]));
    expect(fresh.selectedShippingOption).toEqual(options([true, false, true])[0]);
    expect(fresh.shippingLocation).toEqual({ country: 'CA', region: '' });
    expect(fresh.applicableTaxRules).toEqual([
      { country: 'CA', region: '', basisPoints: 500, rate: '5%', taxShipping: true, taxCents: taxOn(sub + standard, 500) },
    ]);
    expect(fresh).toMatchObject(totals(standard, taxOn(sub + standard, 500)));

    // "Update totals" on the checkout page with a Halifax address: the cart JSON follows what checkout now shows.
    const halifax = { ...NEW_YORK, city: 'Halifax', region: 'NS', postalCode: 'B3H 1A1', country: 'CA' };
    expect((await v.postForm('/checkout', { cart: 'cart', intent: 'update', ...halifax })).status).toBe(303);
    const chosen = await (await v.get('/api/commerce/shopping-cart')).json();
    expect(chosen.selectedShippingOption).toEqual(options([true, false, true])[0]);
    expect(chosen.shippingLocation).toEqual({ country: 'CA', region: 'NS' });
    expect(chosen.applicableTaxRules).toEqual([
      { country: 'CA', region: 'NS', basisPoints: 1400, rate: '14%', taxShipping: true, taxCents: taxOn(sub + standard, 1400) },
    ]);
    expect(chosen).toMatchObject(totals(standard, taxOn(sub + standard, 1400)));
    // International to the US: offered, refused by checkout for this country, no tax at a US address.
    expect((await v.postForm('/checkout', { cart: 'cart', intent: 'update', ...NEW_YORK, shippingMethod: 'international' })).status).toBe(
      303,
    );
    const abroad = await (await v.get('/api/commerce/shopping-cart')).json();
    expect(abroad.shippingOptions).toEqual(options([true, false, true]));
    expect(abroad.selectedShippingOption).toEqual(options([true, false, true])[1]);
    expect(abroad.shippingLocation).toEqual({ country: 'US', region: 'NY' });
    expect(abroad.applicableTaxRules).toEqual([]);
    expect(abroad).toMatchObject(totals(2800, 0));
    // Pickup: nothing ships; tax where the studio is.
    expect((await v.postForm('/checkout', { cart: 'cart', intent: 'update', ...NEW_YORK, shippingMethod: 'pickup' })).status).toBe(303);
    const pickup = await (await v.get('/api/commerce/shopping-cart')).json();
    expect(pickup.selectedShippingOption).toEqual(options([true, false, true])[2]);
    expect(pickup.shippingLocation).toBeNull();
    expect(pickup.applicableTaxRules).toEqual([
      { country: 'CA', region: 'NS', basisPoints: 1400, rate: '14%', taxShipping: true, taxCents: taxOn(sub, 1400) },
    ]);
    expect(pickup).toMatchObject(totals(0, taxOn(sub, 1400)));

    const placed = await v.postForm('/checkout', { cart: 'cart', ...NEW_YORK });
    expect(placed.status).toBe(303);
    const orderId = /^\/order-confirmed\/([^/?]+)$/.exec(placed.headers.get('location') ?? '')?.[1];
    expect(orderId).toMatch(/^[0-9a-f-]{36}$/);
    const bought = await (await v.get('/api/commerce/shopping-cart')).json();
    expect(bought.orderId).toBe(orderId);
    expect(bought.isPurchased).toBe(true);
    expect(bought.entries).toEqual([]);
    expect(bought.shippingOptions).toEqual([]);
    expect(bought.selectedShippingOption).toBeNull();
    expect(bought.shippingLocation).toBeNull();
    expect(bought.applicableTaxRules).toEqual([]);
    expect(bought).toMatchObject({ subtotalCents: 0, shippingCostCents: 0, taxCents: 0, grandTotalCents: 0 });
  });
});
