// The Settings screen through the built server: each section saves on its own (303 and a notice),
// bad input comes back as a 400 with an error beside each field and what was typed kept, and a
// saved setting shows on the storefront at once (the store's name in <title>, the checkout
// minimum on the cart and checkout, a new shipping method at checkout). A viewer may look only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Visitor } from './support/client.js';
import { adminVisitor, auditHas, visitorWithRole } from './support/owner.js';
import { NEW_YORK } from './support/checkout.js';

const INVALID = 'Update the missing or invalid information above.';
const BREAD_BAG = 'itm-linen-bread-bag'; // $26.00, physical

const STORE = {
  intent: 'store',
  name: 'Saltgrass Studio',
  baseUrl: '',
  currency: 'USD',
  timeZone: 'America/Halifax',
  locale: 'en-US',
  multipleQuantityAllowedForServices: 'on',
};
const REPAIR = { itemId: 'itm-mend-and-repair', sku: 'SG-MAR-01', path: '/workshops/p/mend-and-repair' }; // a service, unlimited
const ONLY_ONE = 'Only 1 of this item can be in the cart at a time.';
// The demo's shipping rows as the form posts them back.
const SHIPPING: Record<string, string> = {
  intent: 'shipping',
  freeFrom: '120.00',
  'methods[0].id': 'standard',
  'methods[0].label': 'Standard shipping',
  'methods[0].description': 'US and Canada, 3 to 7 working days',
  'methods[0].rate': '12.00',
  'methods[0].countries': 'US, CA',
  'methods[0].exceptCountries': '',
  'methods[0].freeEligible': 'on',
  'methods[1].id': 'international',
  'methods[1].label': 'International shipping',
  'methods[1].description': 'Everywhere else, 7 to 21 working days',
  'methods[1].rate': '28.00',
  'methods[1].countries': '',
  'methods[1].exceptCountries': 'US, CA',
  'methods[2].id': 'pickup',
  'methods[2].label': 'Local pickup',
  'methods[2].description': 'At the studio, 14 Wharf Lane, Thursday to Sunday',
  'methods[2].rate': '0.00',
  'methods[2].pickup': 'on',
};
const TAX = {
  intent: 'tax',
  defaultRate: '0',
  rates: 'CA 5\nCA-NS 14\nCA-NB 15\nCA-NL 15\nCA-PE 15\nCA-ON 13',
  originRegion: 'CA-NS',
  taxShipping: 'on',
};

/** The element with `id` (input, select or textarea), as one string. */
const control = (html: string, id: string) =>
  new RegExp(`<(?:input|textarea|select)[^>]*\\bid="${id.replace(/[[\]]/g, '\\$&')}"[^>]*>`).exec(html)?.[0] ?? '';
const errorOf = (html: string, id: string) =>
  new RegExp(`<span class="error" id="${id}-error">([^<]*)</span>`)
    .exec(html)?.[1]
    ?.replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'");

let admin: Visitor;
beforeAll(async () => {
  admin = await adminVisitor();
});
afterAll(async () => {
  // Back to the demo's settings, for the suite's other files.
  for (const fields of [STORE, { intent: 'checkout', checkoutMinimum: '1.00' }, SHIPPING, TAX]) {
    expect((await admin.postForm('/config/settings', fields)).status).toBe(303);
  }
});

async function save(fields: Record<string, string>): Promise<void> {
  const res = await admin.postForm('/config/settings', fields);
  expect(res.status, await res.clone().text()).toBe(303);
  expect(res.headers.get('location')).toBe(`/config/settings?saved=${fields.intent}#${fields.intent}`);
}

describe('the Settings screen', () => {
  it('shows each section as a form of its own, filled with the saved settings', async () => {
    const res = await admin.get('/config/settings');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const html = await res.text();
    for (const s of ['store', 'checkout', 'shipping', 'tax', 'instalments', 'restock'])
      expect(html).toContain(`name="intent" value="${s}"`);
    expect(html.match(/<form method="post"[^>]*><input type="hidden" name="intent"/g)?.length).toBe(6);
    expect(control(html, 'f-name')).toContain('value="Saltgrass Studio"');
    expect(html).toMatch(/<option value="USD" selected="">USD<\/option>/);
    expect(html).toMatch(/<option value="America\/Halifax" selected="">/);
    expect(html.match(/<select[^>]*id="f-currency"[\s\S]*?<\/select>/)?.[0].match(/<option /g)?.length).toBe(27);
    expect(control(html, 'f-checkoutMinimum')).toContain('value="1.00"');
    expect(control(html, 'f-methods-0--label')).toContain('value="Standard shipping"');
    expect(html).toContain('name="methods[0].id" value="standard"');
    // The blank row to add a method, with no id.
    expect(html).toContain('<legend>New method</legend>');
    expect(control(html, 'f-methods-3--label')).toContain('value=""');
    expect(html).not.toContain('name="methods[3].id"');
    expect(html).toMatch(/<textarea[^>]*id="f-rates"[^>]*>CA 5\nCA-NB 15\nCA-NL 15\nCA-NS 14\n/);
    expect(control(html, 'f-instalmentsMax')).toContain('value="2000.00"');
  });

  it('refuses a bad base URL, an unknown currency and a bad time zone: 400, each error at its field, what was typed kept', async () => {
    const res = await admin.postForm('/config/settings', {
      ...STORE,
      name: 'Typed But Not Saved',
      baseUrl: 'https://shop.example/some/path',
      currency: 'XYZ',
      timeZone: 'Mars/Olympus_Mons',
    });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain(INVALID);
    expect(errorOf(html, 'f-baseUrl')).toBe(
      'The base URL must be an origin only, with no path, query or fragment (example: https://shop.example).',
    );
    expect(errorOf(html, 'f-currency')).toBe('Choose one of the supported currencies.');
    expect(errorOf(html, 'f-timeZone')).toBe('Choose a time zone from the list, such as America/Halifax.');
    expect(errorOf(html, 'f-name')).toBeUndefined();
    expect(control(html, 'f-baseUrl')).toContain('aria-invalid="true"');
    expect(control(html, 'f-baseUrl')).toContain('value="https://shop.example/some/path"');
    expect(control(html, 'f-name')).toContain('value="Typed But Not Saved"');
    expect(html).toMatch(/<option value="XYZ" selected="">XYZ \(not supported\)<\/option>/);
    expect(html).toMatch(/<option value="Mars\/Olympus_Mons" selected="">/);
    // Nothing was saved, and the other sections show the saved values.
    const after = await (await admin.get('/config/settings')).text();
    expect(control(after, 'f-name')).toContain('value="Saltgrass Studio"');
    expect(await (await new Visitor().get('/')).text()).not.toContain('Typed But Not Saved');
  });

  it('refuses a base URL that is not http(s) and an empty name', async () => {
    const res = await admin.postForm('/config/settings', { ...STORE, name: '  ', baseUrl: 'ftp://shop.example' });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(errorOf(html, 'f-baseUrl')).toBe('The base URL must start with http:// or https:// (example: https://shop.example).');
    expect(errorOf(html, 'f-name')).toBe('Enter a name for the site.');
  });

  it('saves the store section: the storefront title shows the new name at once, and the audit log has it', async () => {
    // The search page's title is "Search — <store name>".
    const before = await (await new Visitor().get('/search')).text();
    expect(before).toContain('<title>Search — Saltgrass Studio</title>');
    await save({ ...STORE, name: 'Saltgrass Test Shop', timeZone: 'Europe/Lisbon' });
    const page = await (await admin.get('/config/settings?saved=store')).text();
    expect(page).toContain('Store settings saved.');
    expect(page).toMatch(/<option value="Europe\/Lisbon" selected="">/);
    const shop = await (await new Visitor().get('/search')).text();
    expect(shop).toContain('<title>Search — Saltgrass Test Shop</title>');
    expect(await auditHas(admin, 'settings', { actor: 'owner@example.com', action: 'settings.update', target: 'Store' })).toBe(true);
    await save(STORE);
    expect(await (await new Visitor().get('/search')).text()).toContain('<title>Search — Saltgrass Studio</title>');
  });

  it('services one at a time (SPEC 3 multipleQuantityAllowedForServices): the page hides the quantity, every way of adding more is refused', async () => {
    const qtyInput = /<input type="number" name="quantity"/;
    expect(await (await new Visitor().get(REPAIR.path)).text()).toMatch(qtyInput);
    await save({ ...STORE, multipleQuantityAllowedForServices: '' });
    try {
      const settings = await (await admin.get('/config/settings')).text();
      expect(control(settings, 'f-multipleQuantityAllowedForServices')).not.toContain('checked');
      expect(await (await new Visitor().get(REPAIR.path)).text()).not.toMatch(qtyInput);

      const v = new Visitor();
      const api = await v.json('/api/commerce/shopping-cart/entries', { itemId: REPAIR.itemId, sku: REPAIR.sku, quantity: 2 });
      expect(api.status).toBe(400);
      expect((await api.json()).error).toBe(ONLY_ONE);
      const form = await v.postForm('/cart', {
        intent: 'add',
        itemId: REPAIR.itemId,
        sku: REPAIR.sku,
        quantity: '2',
        returnTo: REPAIR.path,
      });
      expect(form.status).toBe(303);
      expect(await (await v.get(REPAIR.path)).text()).toContain(ONLY_ONE);

      // One is fine; a second add (merging into 2) and raising the line to 2 on /cart are not.
      const one = await v.json('/api/commerce/shopping-cart/entries', { itemId: REPAIR.itemId, sku: REPAIR.sku, quantity: 1 });
      expect(one.status).toBe(200);
      const entryId = (await one.json()).newlyAdded.id;
      const again = await v.json('/api/commerce/shopping-cart/entries', { itemId: REPAIR.itemId, sku: REPAIR.sku, quantity: 1 });
      expect((await again.json()).error).toBe(ONLY_ONE);
      const update = await v.postForm('/cart', { intent: 'update', entryId, quantity: '2', returnTo: '/cart' });
      expect(update.status).toBe(303);
      expect(await (await v.get('/cart')).text()).toContain(ONLY_ONE);
      const cart = await (await v.get('/api/commerce/shopping-cart')).json();
      expect(cart.entries.map((e: { quantity: number }) => e.quantity)).toEqual([1]);
    } finally {
      await save(STORE);
    }
    expect(control(await (await admin.get('/config/settings')).text(), 'f-multipleQuantityAllowedForServices')).toContain('checked');
    const v = new Visitor();
    expect((await v.json('/api/commerce/shopping-cart/entries', { itemId: REPAIR.itemId, sku: REPAIR.sku, quantity: 2 })).status).toBe(200);
  });

  it('a checkout minimum stops checkout with the spec text, on the cart and at checkout', async () => {
    const shopper = new Visitor();
    const add = await shopper.json('/api/commerce/shopping-cart/entries', { itemId: BREAD_BAG, quantity: 1 });
    expect(add.status).toBe(200);
    const message = 'To check out, your order subtotal must be $100.00 or more.';
    expect(await (await shopper.get('/cart')).text()).not.toContain(message);

    const bad = await admin.postForm('/config/settings', { intent: 'checkout', checkoutMinimum: 'a hundred' });
    expect(bad.status).toBe(400);
    const badHtml = await bad.text();
    expect(errorOf(badHtml, 'f-checkoutMinimum')).toBe('Enter an amount in USD such as 10.00.');
    expect(control(badHtml, 'f-checkoutMinimum')).toContain('value="a hundred"');

    await save({ intent: 'checkout', checkoutMinimum: '100' });
    expect(await (await shopper.get('/cart')).text()).toContain(message);
    const placed = await shopper.postForm('/checkout', {
      cart: 'cart',
      intent: 'place',
      ...NEW_YORK,
    });
    expect(placed.status).toBe(303);
    expect(placed.headers.get('location')).toBe('/checkout');
    expect(await (await shopper.get('/checkout')).text()).toContain(message);

    await save({ intent: 'checkout', checkoutMinimum: '1.00' });
    expect(await (await shopper.get('/cart')).text()).not.toContain(message);
  });

  it('edits shipping methods and adds one without JavaScript; checkout offers it; a bad rate is an error on its row', async () => {
    const bad = await admin.postForm('/config/settings', {
      ...SHIPPING,
      'methods[3].label': 'Courier',
      'methods[3].rate': 'thirty',
      'methods[3].countries': 'United States',
    });
    expect(bad.status).toBe(400);
    const badHtml = await bad.text();
    expect(errorOf(badHtml, 'f-methods-3--rate')).toBe('Enter an amount in USD such as 10.00.');
    expect(errorOf(badHtml, 'f-methods-3--countries')).toBe('Enter two-letter country codes separated by commas, such as US, CA.');
    expect(control(badHtml, 'f-methods-3--label')).toContain('value="Courier"');
    expect(control(badHtml, 'f-methods-3--rate')).toContain('aria-invalid="true"');

    await save({
      ...SHIPPING,
      'methods[0].label': 'Standard post',
      'methods[3].label': 'Courier',
      'methods[3].description': 'Next working day',
      'methods[3].rate': '30',
      'methods[3].countries': 'us',
    });
    const html = await (await admin.get('/config/settings')).text();
    expect(control(html, 'f-methods-0--label')).toContain('value="Standard post"');
    expect(html).toContain('name="methods[3].id" value="courier"');
    expect(control(html, 'f-methods-3--rate')).toContain('value="30.00"');
    expect(control(html, 'f-methods-3--countries')).toContain('value="US"');
    expect(html).toContain('name="methods[4].label"');

    const shopper = new Visitor();
    await shopper.json('/api/commerce/shopping-cart/entries', { itemId: BREAD_BAG, quantity: 1 });
    const checkout = await (await shopper.get('/checkout')).text();
    expect(checkout).toContain('id="checkout-shipping-courier"');
    expect(checkout).toContain('Standard post');

    // Removing a method: it is gone from checkout.
    await save({
      ...SHIPPING,
      'methods[3].id': 'courier',
      'methods[3].label': 'Courier',
      'methods[3].rate': '30',
      'methods[3].remove': 'on',
    });
    expect(await (await shopper.get('/checkout')).text()).not.toContain('id="checkout-shipping-courier"');
  });

  it('tax rates: lines of place and rate; a bad line is named', async () => {
    const bad = await admin.postForm('/config/settings', { ...TAX, rates: 'CA 5\nNova Scotia 14', defaultRate: '120' });
    expect(bad.status).toBe(400);
    const html = await bad.text();
    expect(errorOf(html, 'f-rates')).toBe('Line 2 ("Nova Scotia 14") is not a place and a rate such as CA-NS 14.');
    expect(errorOf(html, 'f-defaultRate')).toBe('Enter a rate from 0 to 100, such as 7.5.');
    expect(html).toMatch(/<textarea[^>]*id="f-rates"[^>]*aria-invalid="true"[^>]*>CA 5\nNova Scotia 14<\/textarea>/);

    await save({ ...TAX, rates: 'CA 5\nca-ns 15.5', taxShipping: '' });
    const saved = await (await admin.get('/config/settings')).text();
    expect(saved).toMatch(/<textarea[^>]*id="f-rates"[^>]*>CA 5\nCA-NS 15.5<\/textarea>/);
    expect(control(saved, 'f-taxShipping')).not.toContain('checked');
  });

  it('instalments: the largest amount must be above the smallest', async () => {
    const res = await admin.postForm('/config/settings', {
      intent: 'instalments',
      afterPayAvailable: 'on',
      instalmentsMin: '500',
      instalmentsMax: '100',
      stripeAccountCountry: 'US',
    });
    expect(res.status).toBe(400);
    expect(errorOf(await res.text(), 'f-instalmentsMax')).toBe('The largest amount must be more than the smallest.');
    await save({
      intent: 'instalments',
      afterPayAvailable: 'on',
      instalmentsMin: '1.00',
      instalmentsMax: '2000.00',
      stripeAccountCountry: 'us',
    });
    expect(control(await (await admin.get('/config/settings')).text(), 'f-stripeAccountCountry')).toContain('value="US"');
  });

  it('a viewer sees the settings with the forms disabled, and cannot save (403)', async () => {
    const { visitor } = await visitorWithRole(admin, 10);
    const page = await visitor.get('/config/settings');
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Your role may look at these settings but not change them.');
    expect(html.match(/<fieldset disabled="">/g)?.length).toBe(6);
    const res = await visitor.postForm('/config/settings', { ...STORE, name: 'Viewer Was Here' });
    expect(res.status).toBe(403);
    expect(await (await new Visitor().get('/')).text()).not.toContain('Viewer Was Here');
  });
});
