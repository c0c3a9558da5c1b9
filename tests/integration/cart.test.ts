// The cart on a real database (PGlite, and PostgreSQL when DATABASE_URL is set): the SPEC 5
// messages, concurrent adds that lose nothing and never oversell, failed updates that change
// nothing, subscriptions, and test-mode checkout.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCartStore, MSG, type CartStore } from '../../app/commerce/cart.server.js';
import { BLANK_CHECKOUT, type CheckoutValues } from '../../app/commerce/checkout-form.js';
import type { Db } from '../../db/client.server.js';
import { targets } from './support/databases.js';
import { subscriptionPriceText } from '../../app/storefront/subscription-price.server.js';

const MUG = 'itm-tide-pool-mug';
const MUG_SAND = 'SG-TPM-02'; // 2 in stock
const MUG_SEA = 'SG-TPM-01'; // 14 in stock
const MUG_INK = 'SG-TPM-03'; // sold out
const APRON = 'itm-saltmarsh-apron'; // options Size, Color
const GIFT = 'itm-saltgrass-gift-card';
const PATTERN = 'itm-wave-quilt-pattern'; // digital, unlimited
const BOX = 'itm-seasonal-clay-box'; // subscribable physical, 40 in stock
const MEMBERSHIP = 'itm-studio-membership'; // subscribable service, 12 cycles
const REPAIR = 'itm-mend-and-repair'; // a service, unlimited

const EMPTY_FORM: CheckoutValues = {
  ...BLANK_CHECKOUT,
  gifts: {},
};
/** A form for a cart that ships to Buffalo, NY (no tax: exports are zero-rated). */
const TO_NY: CheckoutValues = {
  ...EMPTY_FORM,
  email: 'ada@example.com',
  name: 'Ada Lovelace',
  line1: '1 Main St',
  city: 'Buffalo',
  region: 'NY',
  postalCode: '14201',
  country: 'US',
  shippingMethod: 'standard',
};
/** A digital-only cart needs only the email. */
const DIGITAL: CheckoutValues = { ...EMPTY_FORM, email: 'ada@example.com' };

describe.each(targets)('cart on $name', (target) => {
  let db: Db;
  let cart: CartStore;
  beforeAll(async () => {
    db = await target.open();
    cart = createCartStore(db.sql);
  }, 120_000); // opening, migrating and seeding PGlite takes seconds on a busy machine
  afterAll(async () => {
    await db?.close();
  });

  async function stock(sku: string): Promise<number> {
    const rows = await db.sql<{ q: number }[]>`select qty_in_stock as q from variant where sku = ${sku}`;
    return rows[0].q;
  }
  async function newCart(): Promise<string> {
    const r = await cart.addToCart(null, { itemId: PATTERN, quantity: 1 });
    if (!r.ok) throw new Error(r.error);
    await cart.removeEntry(r.cartId, r.entry.id);
    return r.cartId;
  }

  it('adds a variant, creating the cart, and merges the same variant into one entry', async () => {
    const a = await cart.addToCart(null, { itemId: MUG, options: { Color: 'Sea Glass' }, quantity: '2' });
    expect(a.ok).toBe(true);
    if (!a.ok) return;
    expect(a.entry).toMatchObject({
      itemId: MUG,
      sku: MUG_SEA,
      quantity: 2,
      unitPriceCents: 3400,
      lineTotalCents: 6800,
      productType: 1,
      fullUrl: '/shop/p/tide-pool-mug',
      attributes: { Color: 'Sea Glass' },
    });
    const b = await cart.addToCart(a.cartId, { itemId: MUG, sku: MUG_SEA, quantity: 3 });
    expect(b.ok && b.cartId).toBe(a.cartId);
    const view = await cart.loadCart(a.cartId);
    expect(view.entries).toHaveLength(1);
    expect(view).toMatchObject({ totalQuantity: 5, subtotalCents: 17000, currency: 'USD', kind: 'standard' });
  });

  it('gives the spec texts for every refused add, and writes nothing', async () => {
    const before = await db.sql`select count(*)::int as n from cart_entry`;
    const cases: [Parameters<CartStore['addToCart']>[1], string][] = [
      [{ itemId: APRON, quantity: 1 }, 'Please select the Size and Color options.'],
      [{ itemId: APRON, options: { Size: 'S/M' }, quantity: 1 }, 'Please select the Color option.'],
      [{ itemId: APRON, options: { Size: 'S/M', Color: 'Red' }, quantity: 1 }, MSG.unavailable],
      [{ itemId: MUG, sku: 'NO-SUCH-SKU', quantity: 1 }, 'Sorry, that item variant is unavailable. Please select another variant.'],
      [
        { itemId: MUG, sku: MUG_INK, quantity: 1 },
        'Sorry, we do not have enough of that item available. None of Tide Pool Mug (Ink) is left.',
      ],
      [
        { itemId: MUG, sku: MUG_SAND, quantity: 3 },
        'Sorry, we do not have enough of that item available. Only 2 of Tide Pool Mug (Sand) are left.',
      ],
      [{ itemId: MUG, sku: MUG_SEA, quantity: 'two' }, 'Quantity must be a number'],
      [{ itemId: MUG, sku: MUG_SEA, quantity: '' }, 'Quantity must be a number'],
      [{ itemId: MUG, sku: MUG_SEA, quantity: '1.5' }, 'Quantity must be a whole number'],
      [{ itemId: MUG, sku: MUG_SEA, quantity: 0 }, 'Quantity must be at least 1.'],
      [{ itemId: MUG, sku: MUG_SEA, quantity: 10000 }, 'Quantity can be at most 9999.'],
      [{ itemId: MUG, sku: MUG_SEA, quantity: '0x10' }, 'Quantity must be a number'],
      [{ itemId: GIFT, quantity: 1 }, 'Select a denomination for the Gift Card.'],
    ];
    for (const [input, error] of cases) {
      const r = await cart.addToCart(null, input);
      expect(r, JSON.stringify(input)).toMatchObject({ ok: false, error });
      expect(r.ok || r.status >= 400).toBe(true);
    }
    const after = await db.sql`select count(*)::int as n from cart_entry`;
    expect(after[0].n).toBe(before[0].n);
  });

  it('checks stock against what the cart already holds', async () => {
    const id = await newCart();
    expect((await cart.addToCart(id, { itemId: MUG, sku: MUG_SAND, quantity: 2 })).ok).toBe(true);
    const again = await cart.addToCart(id, { itemId: MUG, sku: MUG_SAND, quantity: 1 });
    expect(again).toMatchObject({
      ok: false,
      status: 409,
      error:
        'Sorry, we do not have enough of that item available. Only 2 of Tide Pool Mug (Sand) are left, and your cart already holds all of them.',
    });
    expect((await cart.loadCart(id)).totalQuantity).toBe(2);
  });

  it('buys a gift card by denomination', async () => {
    const r = await cart.addToCart(null, { itemId: GIFT, giftCardDenominationSku: 'SG-SGC-02', quantity: 1 });
    expect(r).toMatchObject({ ok: true, entry: { unitPriceCents: 5000, productType: 4, attributes: { Amount: '$50' } } });
  });

  it('50 concurrent adds to one cart lose no line and never oversell limited stock', async () => {
    const id = await newCart();
    const limited = await stock(MUG_SEA);
    const results = await Promise.all(Array.from({ length: 50 }, () => cart.addToCart(id, { itemId: MUG, sku: MUG_SEA, quantity: 1 })));
    const ok = results.filter((r) => r.ok).length;
    expect(ok).toBe(Math.min(50, limited));
    for (const r of results)
      if (!r.ok)
        expect(r.error).toMatch(/^Sorry, we do not have enough of that item available\. Only \d+ of Tide Pool Mug \(Sea Glass\) are left/);
    const view = await cart.loadCart(id);
    const mugs = view.entries.filter((e) => e.sku === MUG_SEA);
    expect(mugs).toHaveLength(1);
    expect(mugs[0].quantity).toBe(limited);

    // Unlimited: every add lands, in one merged entry.
    const results2 = await Promise.all(
      Array.from({ length: 50 }, (_, i) => cart.addToCart(id, { itemId: PATTERN, quantity: (i % 3) + 1 })),
    );
    expect(results2.every((r) => r.ok)).toBe(true);
    const view2 = await cart.loadCart(id);
    const patterns = view2.entries.filter((e) => e.itemId === PATTERN);
    expect(patterns).toHaveLength(1);
    expect(patterns[0].quantity).toBe(Array.from({ length: 50 }, (_, i) => (i % 3) + 1).reduce((a, b) => a + b, 0));
  });

  it('concurrent adds from different carts never sell more than the stock together', async () => {
    const carts = await Promise.all(Array.from({ length: 6 }, () => newCart()));
    const s = await stock('SG-SMA-03'); // apron L/XL Indigo, 3
    const results = await Promise.all(
      carts.map((id) => cart.addToCart(id, { itemId: APRON, options: { Size: 'L/XL', Color: 'Indigo' }, quantity: 1 })),
    );
    // Adds only reserve nothing; each cart alone is within stock.
    expect(results.filter((r) => r.ok).length).toBe(6);
    // Checkouts race: at most `s` succeed.
    const outs = await Promise.all(carts.map((id) => cart.checkout(id, TO_NY)));
    expect(outs.filter((o) => o.ok).length).toBe(s);
    // Each order took its own number, one after another.
    const numbers = outs.flatMap((o) => (o.ok ? [o.order.orderNumber] : [])).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(s);
    expect(numbers[numbers.length - 1] - numbers[0]).toBe(s - 1);
    for (const o of outs)
      if (!o.ok)
        expect(o.error).toMatch(
          /^Sorry, we do not have enough of that item available\. (Only \d+|None) of Saltmarsh Work Apron \(L\/XL \/ Indigo\) (is|are) left/,
        );
    expect(await stock('SG-SMA-03')).toBe(0);
  });

  it('a failed update leaves the cart as it was', async () => {
    const id = await newCart();
    const a = await cart.addToCart(id, { itemId: MUG, sku: MUG_SEA, quantity: 1 });
    const b = await cart.addToCart(id, { itemId: APRON, options: { Size: 'L/XL', Color: 'Oat' }, quantity: 2 });
    if (!a.ok || !b.ok) throw new Error('setup');
    const before = await cart.loadCart(id);
    for (const q of ['x', '0', '2.5', 10000, 99]) {
      const r = await cart.updateEntryQuantity(id, b.entry.id, q);
      expect(r.ok, String(q)).toBe(false);
    }
    expect(await cart.updateEntryQuantity(id, b.entry.id, 5)).toMatchObject({
      ok: false,
      error: expect.stringMatching(
        /^Sorry, we do not have enough of that item available\. Only \d of Saltmarsh Work Apron \(L\/XL \/ Oat\) (is|are) left\.$/,
      ),
    });
    expect(await cart.updateEntryQuantity(id, 'nope', 1)).toMatchObject({ ok: false, status: 404, error: MSG.updateFailed });
    expect(await cart.loadCart(id)).toEqual(before);

    // A store whose first call is an update (website not read yet) must not wait on itself (PGlite: one connection).
    const up = await createCartStore(db.sql).updateEntryQuantity(id, b.entry.id, '4');
    expect(up).toMatchObject({ ok: true, entry: { quantity: 4 } });
    const rm = await cart.removeEntry(id, a.entry.id);
    expect(rm.ok && rm.cart.entries.map((e) => e.id)).toEqual([b.entry.id]);
    expect(await cart.removeEntry(id, a.entry.id)).toMatchObject({ ok: false, error: MSG.removeFailed });
  });

  it('stores and replaces additional fields, kept as separate entries', async () => {
    const id = await newCart();
    const a = await cart.addToCart(id, { itemId: PATTERN, quantity: 1, additionalFields: '{"note":"hi"}' });
    const b = await cart.addToCart(id, { itemId: PATTERN, quantity: 1, additionalFields: { note: 'other' } });
    if (!a.ok || !b.ok) throw new Error('setup');
    expect(a.entry.id).not.toBe(b.entry.id);
    const u = await cart.updateAdditionalFields(id, a.entry.id, { itemId: PATTERN, additionalFields: '{"note":"bye"}' });
    expect(u).toMatchObject({ ok: true, entry: { additionalFields: { note: 'bye' } } });
    expect(await cart.updateAdditionalFields(id, a.entry.id, { itemId: MUG, additionalFields: '{}' })).toMatchObject({
      ok: false,
      status: 400,
    });
  });

  it('checks out: order with the event fields, stock taken, cart purchased, second checkout refused', async () => {
    const id = await newCart();
    const before = await stock('SG-SHB-02'); // bowl Medium, on sale 2900
    await cart.addToCart(id, { itemId: 'itm-shoreline-bowl', options: { Size: 'Medium' }, quantity: 2 });
    await cart.addToCart(id, { itemId: PATTERN, quantity: 1 });
    const r = await cart.checkout(id, TO_NY);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.order).toMatchObject({
      purchasedCartId: id,
      testMode: true,
      websiteId: 'saltgrass',
      subtotalCents: 2 * 2900 + 1400,
      grandTotalCents: 2 * 2900 + 1400 + 1200,
      grandTotal: { currency: 'USD', value: '84.00' },
      shippingTotal: { value: '12.00' },
      taxTotal: { value: '0.00' },
      email: 'ada@example.com',
      shippingMethod: { id: 'standard', label: 'Standard shipping' },
      shippingAddress: {
        name: 'Ada Lovelace',
        line1: '1 Main St',
        line2: '',
        city: 'Buffalo',
        region: 'NY',
        postalCode: '14201',
        country: 'US',
      },
      orderNumberText: `#${r.order.orderNumber}`,
    });
    expect(r.order.items).toEqual([
      expect.objectContaining({
        sku: 'SG-SHB-02',
        productName: 'Shoreline Bowl (Medium)',
        quantity: 2,
        unitPriceCents: 2900,
        unitPrice: { currency: 'USD', value: '29.00' },
        productType: 1,
        giftRecipientEmail: null,
      }),
      expect.objectContaining({ sku: 'SG-WQP-01', quantity: 1, unitPriceCents: 1400, productType: 2 }),
    ]);
    expect(await stock('SG-SHB-02')).toBe(before - 2);
    expect((await cart.loadCart(id)).id).toBeNull();
    expect(await cart.checkout(id, TO_NY)).toMatchObject({ ok: false, status: 409 });
    expect(await cart.orderIdForCart(id)).toBe(r.order.id);
    expect(await cart.getOrder(r.order.id)).toEqual(r.order);
    // The database itself refuses a second order for the cart (migration 0002).
    await expect(
      db.sql`insert into "order" (id, website_id, purchased_cart_id, grand_total_cents, order_number, subtotal_cents) values ('dup', 'saltgrass', ${id}, 0, 999999, 0)`,
    ).rejects.toThrow(/order_purchased_cart/);
    // The purchased cart takes no more adds: a new cart is started instead.
    const next = await cart.addToCart(id, { itemId: PATTERN, quantity: 1 });
    expect(next.ok && next.cartId).not.toBe(id);
  });

  it('refuses an empty cart and one under the checkout minimum', async () => {
    const id = await newCart();
    expect(await cart.checkout(id, DIGITAL)).toMatchObject({ ok: false, error: MSG.empty });
    await db.sql`update website set settings = jsonb_set(settings, '{websiteSettings,storeSettings,checkoutMinimumCents}', '5000')`;
    const fresh = createCartStore(db.sql);
    await fresh.addToCart(id, { itemId: PATTERN, quantity: 1 });
    expect(await fresh.checkout(id, DIGITAL)).toMatchObject({
      ok: false,
      status: 400,
      error: 'To check out, your order subtotal must be $50.00 or more.',
    });
    await db.sql`update website set settings = settings #- '{websiteSettings,storeSettings,checkoutMinimumCents}'`;
    expect((await cart.loadCart(id)).totalQuantity).toBe(1);
  });

  it('refuses in the order transaction more than 1 of a service sold one at a time, whatever the review saw', async () => {
    const id = await newCart();
    expect(await cart.addToCart(id, { itemId: REPAIR, quantity: 2 })).toMatchObject({ ok: true });
    // Turned off after the add (or a unit added after the review): the transaction reads it again.
    await db.sql`update website set settings = jsonb_set(settings, '{websiteSettings,storeSettings,multipleQuantityAllowedForServices}', 'false')`;
    try {
      const fresh = createCartStore(db.sql);
      expect(await fresh.checkout(id, DIGITAL)).toMatchObject({ ok: false, status: 400, error: MSG.onlyOne });
      expect((await fresh.loadCart(id)).totalQuantity).toBe(2);
    } finally {
      await db.sql`update website set settings = settings #- '{websiteSettings,storeSettings,multipleQuantityAllowedForServices}'`;
    }
  });

  it('subscribes: a subscription cart with the engine price text', async () => {
    const r = await cart.subscribe({ itemId: BOX });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(subscriptionPriceText(r.product, 'USD')).toBe('$95.00 every 3 months');
    expect(r.cart).toMatchObject({ kind: 'subscription', totalQuantity: 1, entries: [{ isSubscription: true, sku: 'SG-SCB-01' }] });
    expect(subscriptionPriceText((await cart.subscribableProduct(MEMBERSHIP))!, 'USD')).toBe('$90.00 every month for 1 year');
    expect(await cart.subscribe({ itemId: MUG, sku: MUG_SEA })).toMatchObject({ ok: false, status: 400 });
    expect(await cart.addToCart(null, { itemId: BOX, quantity: 1 })).toMatchObject({ ok: false });
    // The subscription cart is not the shopper's standard cart.
    expect(await cart.addToCart(r.cartId, { itemId: PATTERN, quantity: 1 })).toMatchObject({ ok: true });
    expect((await cart.loadCart(r.cartId)).totalQuantity).toBe(1);
    // A box ships: the same email and address rules as the shopping cart.
    expect(await cart.checkout(r.cartId, DIGITAL)).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: { shippingMethod: 'Choose a shipping method.' },
    });
    const out = await cart.checkout(r.cartId, TO_NY);
    expect(out).toMatchObject({ ok: true, order: { subtotalCents: 9500, grandTotalCents: 9500 + 1200 } });
  });

  it('charges the variant price of the moment of checkout, not of the add', async () => {
    const id = await newCart();
    await cart.addToCart(id, { itemId: 'itm-linen-bread-bag', quantity: 2 }); // $26.00
    await db.sql`update variant set price_cents = 3100 where sku = 'SG-LBB-01'`;
    try {
      const priced = await cart.pricedCart(id);
      expect(priced.lines[0]).toMatchObject({ unitPriceCents: 3100, addedUnitPriceCents: 2600 });
      const r = await cart.checkout(id, TO_NY);
      expect(r).toMatchObject({ ok: true, order: { subtotalCents: 6200, shippingTotalCents: 1200, items: [{ unitPriceCents: 3100 }] } });
    } finally {
      await db.sql`update variant set price_cents = 2600 where sku = 'SG-LBB-01'`;
    }
  });

  it('refuses a form that does not fit the cart, field by field, and changes nothing', async () => {
    const id = await newCart();
    const g = await cart.addToCart(id, { itemId: GIFT, sku: 'SG-SGC-02', quantity: 1 });
    await cart.addToCart(id, { itemId: 'itm-linen-bread-bag', quantity: 1 });
    if (!g.ok) throw new Error('setup');
    const before = await cart.loadCart(id);
    const r = await cart.checkout(id, { ...TO_NY, email: 'nope', postalCode: '1420', shippingMethod: 'international' });
    expect(r).toMatchObject({
      ok: false,
      status: 400,
      error: 'One or more fields is invalid, please check your entries.',
      fieldErrors: {
        email: 'Email is not valid. Email addresses should follow the format name@example.com.',
        postalCode: 'Enter a ZIP code of 5 digits, or ZIP+4 (12345-6789).',
        [`giftRecipient.${g.entry.id}`]: 'Required',
      },
    });
    expect(await cart.loadCart(id)).toEqual(before);
    const ok = await cart.checkout(id, {
      ...TO_NY,
      gifts: { [g.entry.id]: { recipientEmail: 'grace@example.com', message: '  Happy birthday!\r\n' } },
    });
    expect(ok).toMatchObject({
      ok: true,
      order: {
        items: [{ giftRecipientEmail: 'grace@example.com', giftMessage: 'Happy birthday!', productType: 4 }, { giftRecipientEmail: null }],
      },
    });
  });

  it('numbers orders from #1001 on, one after another', async () => {
    const [{ first }] = await db.sql<{ first: number }[]>`select min(order_number) as first from "order" where website_id = 'saltgrass'`;
    expect(first).toBe(1001);
    const a = await newCart();
    await cart.addToCart(a, { itemId: PATTERN, quantity: 1 });
    const b = await newCart();
    await cart.addToCart(b, { itemId: PATTERN, quantity: 1 });
    const ra = await cart.checkout(a, DIGITAL);
    const rb = await cart.checkout(b, DIGITAL);
    if (!ra.ok || !rb.ok) throw new Error('checkout failed');
    expect(rb.order.orderNumber).toBe(ra.order.orderNumber + 1);
    expect(ra.order.orderNumberText).toBe(`#${ra.order.orderNumber}`);
    // A digital order: no shipping, taxed where the studio is (Nova Scotia, 14%): 1400 * 0.14 = 196.
    expect(ra.order).toMatchObject({
      shippingAddress: null,
      shippingMethod: null,
      shippingTotalCents: 0,
      taxTotalCents: 196,
      taxBasisPoints: 1400,
    });
  });

  it('reports stock per variant', async () => {
    const s = await cart.stockOf(MUG);
    expect(s?.map((v) => v.sku)).toEqual([MUG_SEA, MUG_SAND, MUG_INK]);
    expect(s?.[2]).toMatchObject({ unlimited: false, qtyInStock: 0 });
    expect(await cart.stockOf('itm-nothing')).toBeNull();
  });
});
