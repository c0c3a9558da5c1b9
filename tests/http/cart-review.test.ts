// The cart review through the built server: lines whose stock, price or visibility changed after
// they were added (changed in the database between two runs of the server) are marked on /cart and
// in the JSON API, checkout is shut and POST /checkout goes back to /cart saying what to fix; a
// price change alone does not stop checkout; 2 of a service the owner then sells one at a time are
// marked too, and a sign-in never merges 1 + 1 of it into 2. Also: the server expires abandoned
// carts at start, and a cookie pointing to a deleted cart is an empty cart until the next add.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Visitor } from './support/client.js';
import { OwnStore } from './support/own-store.js';
import { NEW_YORK } from './support/checkout.js';
import { scaled } from '../support/time-scale.js';

const MUG = { itemId: 'itm-tide-pool-mug', sku: 'SG-TPM-01' }; // Sea Glass, 14 in stock
const APRON = { itemId: 'itm-saltmarsh-apron', sku: 'SG-SMA-03' }; // L/XL Indigo, $72.00
const PLATE = { itemId: 'itm-driftwood-dinner-plate', sku: 'SG-DDP-01' }; // 8 in
const CUPS = { itemId: 'itm-moonsnail-espresso-cups', sku: 'SG-MEC-01' }; // Stone
const PATTERN = { itemId: 'itm-wave-quilt-pattern' }; // digital, unlimited
const REPAIR = { itemId: 'itm-mend-and-repair', sku: 'SG-MAR-01' }; // a service, unlimited
const ONE_AT_A_TIME = 'Only 1 of this item can be in the cart at a time. This line has 2: lower the quantity to 1 to check out.';
const PASSWORD = 'a long enough password';

const BLOCKING =
  'To check out, first fix the marked lines: only 2 of Tide Pool Mug (Sea Glass) are left and your cart has 3; ' +
  'Driftwood Dinner Plate (8 in) is sold out; Moonsnail Espresso Cups, Set of Two (Stone) is no longer available.';
const PRICE_NOTICE =
  'The price of Saltmarsh Work Apron (L/XL / Indigo) changed since it was added to your cart: the order will use the new price.';

/** The `<li>` of the cart line showing `title`. */
function line(html: string, title: string): string {
  const items = html
    .split('<li class="cart-entry')
    .slice(1)
    .map((s) => s.slice(0, s.indexOf('</li>')));
  const found = items.find((s) => s.includes(`>${title}</a>`));
  if (!found) throw new Error(`no cart line for ${title}`);
  return found;
}
const statusOf = (li: string) => /data-availability="([^"]*)"/.exec(li)?.[1];
const markOf = (li: string) => /data-entry-status>([^<]*)</.exec(li)?.[1] ?? null;

interface ApiEntry {
  id: string;
  title: string;
  chosenVariant: { sku: string };
  quantity: number;
  availability: { status: string; message: string | null; blocking: boolean; currentPriceCents: number | null };
}

describe('the cart review (own server, database changed between runs)', () => {
  const store = new OwnStore();
  const url = () => store.url();
  const shopper = new Visitor(url); // blocking lines
  const repriced = new Visitor(url); // a price change only
  const idle = new Visitor(url); // a cart left alone for 40 days
  const servant = new Visitor(url); // 2 of a service, then sold one at a time

  async function add(v: Visitor, item: { itemId: string; sku?: string }, quantity: number) {
    const r = await v.postForm('/cart', { intent: 'add', ...item, quantity: String(quantity), returnTo: '/cart' });
    expect(r.status).toBe(303);
  }
  async function apiEntries(
    v: Visitor,
  ): Promise<{ entries: ApiEntry[]; review: { blocking: boolean; message: string | null; priceNotice: string | null } }> {
    const r = await v.get('/api/commerce/shopping-cart');
    expect(r.status).toBe(200);
    return r.json();
  }

  beforeAll(async () => {
    await store.start();
    await add(shopper, MUG, 3);
    await add(shopper, APRON, 1);
    await add(shopper, PLATE, 1);
    await add(shopper, CUPS, 1);
    await add(shopper, PATTERN, 1);
    await add(repriced, APRON, 1);
    await add(idle, PATTERN, 2);
    await add(servant, REPAIR, 2);
    // Before the changes, nothing is marked.
    const before = await apiEntries(shopper);
    expect(before.entries.map((e) => e.availability.status)).toEqual(['ok', 'ok', 'ok', 'ok', 'ok']);
    expect(before.review).toEqual({ blocking: false, message: null, priceNotice: null });
    expect((await apiEntries(repriced)).entries).toHaveLength(1);
    const idleCart = (await (await idle.get('/api/commerce/shopping-cart')).json()) as { id: string; entries: unknown[] };
    expect(idleCart.entries).toHaveLength(1);
    const idleId = idleCart.id;

    await store.change(async (sql) => {
      await sql`update variant set qty_in_stock = 2 where sku = ${MUG.sku}`;
      // On sale: the sale price is what an order pays now.
      await sql`update variant set price_cents = 7600, sale_price_cents = 6500, on_sale = true where sku = ${APRON.sku}`;
      await sql`update variant set qty_in_stock = 0 where sku = ${PLATE.sku}`;
      await sql`update item set published = false where id = ${CUPS.itemId}`;
      await sql`update cart set updated = now() - interval '40 days' where id = ${idleId}`;
      await sql`update website set settings = jsonb_set(settings, '{websiteSettings,storeSettings,multipleQuantityAllowedForServices}', 'false')`;
    });
  }, scaled(180_000));
  afterAll(async () => {
    await store.dispose();
  });

  it('marks the lines on the French /fr/cart in French, the amounts in French format (issue 16)', async () => {
    const html = await (await shopper.get('/fr/cart')).text();
    expect(html).toContain(
      'data-cart-review="blocking">Pour passer commande, corrigez d’abord les lignes signalées : ' +
        'il ne reste que 2 exemplaires de Tide Pool Mug (Sea Glass) et votre panier en contient 3 ; ' +
        'Driftwood Dinner Plate (8 in) est épuisé ; Moonsnail Espresso Cups, Set of Two (Stone) n’est plus disponible.</p>',
    );
    expect(html).toContain('data-cart-review="price">Le prix de Saltmarsh Work Apron (L/XL / Indigo) a changé depuis son ajout');
    expect(html).toContain(
      "Désolé, nous n'avons pas assez de cet article en stock. " +
        'Il ne reste que 2 exemplaires de Tide Pool Mug (Sea Glass). Cette ligne en compte 3 : ramenez la quantité à 2 pour passer commande.',
    );
    expect(html).toContain('Le prix est passé de 72,00\u00a0$US à 65,00\u00a0$US.');
    expect(html).toContain(
      "Désolé, nous n'avons pas assez de cet article en stock. Il ne reste plus aucun exemplaire de Driftwood Dinner Plate (8 in). Retirez-le pour passer commande.",
    );
    expect(html).not.toContain('Remove it to check out');
  });

  it('marks each line on /cart, sums it up at the top and shuts Checkout', async () => {
    const res = await shopper.get('/cart');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(`<p class="notice notice-error cart-review-notice" role="alert" data-cart-review="blocking">${BLOCKING}</p>`);
    expect(html).toContain(`data-cart-review="price">${PRICE_NOTICE}</p>`);

    const mug = line(html, 'Tide Pool Mug');
    expect(statusOf(mug)).toBe('insufficient_stock');
    expect(mug).toContain('is-blocked');
    expect(markOf(mug)).toBe(
      'Sorry, we do not have enough of that item available. Only 2 of Tide Pool Mug (Sea Glass) are left. This line has 3: lower the quantity to 2 to check out.',
    );
    const apron = line(html, 'Saltmarsh Work Apron');
    expect(statusOf(apron)).toBe('price_changed');
    expect(apron).not.toContain('is-blocked');
    expect(markOf(apron)).toBe('Price changed from $72.00 to $65.00.');
    const plate = line(html, 'Driftwood Dinner Plate');
    expect(statusOf(plate)).toBe('sold_out');
    expect(markOf(plate)).toBe(
      'Sorry, we do not have enough of that item available. None of Driftwood Dinner Plate (8 in) is left. Remove it to check out.',
    );
    const cups = line(html, 'Moonsnail Espresso Cups, Set of Two');
    expect(statusOf(cups)).toBe('unavailable');
    expect(markOf(cups)).toBe('Sorry, Moonsnail Espresso Cups, Set of Two (Stone) is no longer available. Remove it to check out.');
    // A line that cannot be bought can still be removed.
    expect(cups).toContain('name="intent" value="remove"');
    const pattern = line(html, 'Wave Quilt Pattern (PDF)');
    expect(statusOf(pattern)).toBe('ok');
    expect(markOf(pattern)).toBeNull();

    expect(html).not.toContain('href="/checkout"');
    expect(html).toMatch(
      /<button type="button" class="button button-primary" disabled aria-describedby="cart-checkout-blocked">Checkout<\/button>/,
    );
    expect(html).toContain('Remove or change the marked items to check out.');
  });

  it('gives every entry of the JSON API its availability, and the cart its review', async () => {
    const cart = await apiEntries(shopper);
    const by = (sku: string) => cart.entries.find((e) => e.chosenVariant.sku === sku)!;
    expect(by(MUG.sku).availability).toEqual({
      status: 'insufficient_stock',
      blocking: true,
      currentPriceCents: null,
      message:
        'Sorry, we do not have enough of that item available. Only 2 of Tide Pool Mug (Sea Glass) are left. This line has 3: lower the quantity to 2 to check out.',
    });
    expect(by(APRON.sku).availability).toEqual({
      status: 'price_changed',
      blocking: false,
      currentPriceCents: 6500,
      message: 'Price changed from $72.00 to $65.00.',
    });
    expect(by(APRON.sku)).toMatchObject({ quantity: 1 });
    expect(by(PLATE.sku).availability).toMatchObject({ status: 'sold_out', blocking: true });
    expect(by(CUPS.sku).availability).toMatchObject({ status: 'unavailable', blocking: true });
    expect(cart.entries.find((e) => e.title === 'Wave Quilt Pattern (PDF)')!.availability).toEqual({
      status: 'ok',
      blocking: false,
      message: null,
      currentPriceCents: null,
    });
    expect(cart.review).toEqual({ blocking: true, message: BLOCKING, priceNotice: PRICE_NOTICE });
  });

  it('POST /checkout with blocking lines goes back to /cart with what to fix, and buys nothing', async () => {
    const res = await shopper.postForm('/checkout', { cart: 'cart' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/cart');
    const page = await (await shopper.get('/cart')).text();
    expect(page).toContain(`<p class="notice notice-error cart-error" role="alert">${BLOCKING}</p>`);
    expect((await apiEntries(shopper)).entries).toHaveLength(5);
  });

  it('once the lines are fixed through the cart forms, checkout goes through', async () => {
    const { entries } = await apiEntries(shopper);
    const id = (sku: string) => entries.find((e) => e.chosenVariant.sku === sku)!.id;
    expect((await shopper.postForm('/cart', { intent: 'update', entryId: id(MUG.sku), quantity: '2', returnTo: '/cart' })).status).toBe(
      303,
    );
    expect((await shopper.postForm('/cart', { intent: 'remove', entryId: id(PLATE.sku), returnTo: '/cart' })).status).toBe(303);
    // Still one line to fix: the message now names only it.
    const halfway = await shopper.postForm('/checkout', { cart: 'cart' });
    expect(halfway.headers.get('location')).toBe('/cart');
    expect((await apiEntries(shopper)).review.message).toBe(
      'To check out, first fix the marked line: Moonsnail Espresso Cups, Set of Two (Stone) is no longer available.',
    );
    expect((await shopper.postForm('/cart', { intent: 'remove', entryId: id(CUPS.sku), returnTo: '/cart' })).status).toBe(303);

    const html = await (await shopper.get('/cart')).text();
    expect(html).not.toContain('data-cart-review="blocking"');
    expect(html).toContain('href="/checkout"');
    const done = await shopper.postForm('/checkout', { cart: 'cart', ...NEW_YORK });
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toMatch(/^\/order-confirmed\//);
  });

  it('a price change alone is marked but does not stop checkout', async () => {
    const html = await (await repriced.get('/cart')).text();
    expect(html).toContain(PRICE_NOTICE);
    expect(html).not.toContain('data-cart-review="blocking"');
    expect(html).toContain('<a class="button button-primary" href="/checkout">Checkout</a>');
    const res = await repriced.postForm('/checkout', { cart: 'cart', ...NEW_YORK });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toMatch(/^\/order-confirmed\//);
  });

  it('2 of a service now sold one at a time: marked on /cart and in the API like a stock drop, checkout refused until lowered to 1', async () => {
    const html = await (await servant.get('/cart')).text();
    const li = line(html, 'Mend &amp; Repair Service');
    expect(statusOf(li)).toBe('over_limit');
    expect(li).toContain('is-blocked');
    expect(markOf(li)).toBe(ONE_AT_A_TIME);
    const blocking =
      'To check out, first fix the marked line: only 1 of Mend &amp; Repair Service can be in the cart at a time and your cart has 2.';
    expect(html).toContain(`data-cart-review="blocking">${blocking}</p>`);
    const cart = await apiEntries(servant);
    expect(cart.entries[0].availability).toEqual({ status: 'over_limit', blocking: true, currentPriceCents: null, message: ONE_AT_A_TIME });
    expect(cart.review.blocking).toBe(true);

    const refused = await servant.postForm('/checkout', { cart: 'cart', ...NEW_YORK });
    expect(refused.headers.get('location')).toBe('/cart');
    expect(await (await servant.get('/cart')).text()).toContain(`<p class="notice notice-error cart-error" role="alert">${blocking}</p>`);
    const lowered = await servant.postForm('/cart', { intent: 'update', entryId: cart.entries[0].id, quantity: '1', returnTo: '/cart' });
    expect(lowered.status).toBe(303);
    expect((await apiEntries(servant)).review.blocking).toBe(false);
  });

  it('signing in does not merge 1 of a one-at-a-time service into the account’s 1 (stays 1)', async () => {
    const v = new Visitor(url);
    const email = `qty-${Date.now()}@example.com`;
    expect((await v.postForm('/account/sign-up', { name: 'Ada Shopper', email, password: PASSWORD })).status).toBe(303);
    await add(v, REPAIR, 1);
    expect((await v.postForm('/account/sign-out', {})).status).toBe(303);
    await add(v, REPAIR, 1);
    expect((await v.postForm('/account/sign-in', { email, password: PASSWORD })).status).toBe(303);
    const cart = await apiEntries(v);
    expect(cart.entries.map((e) => e.quantity)).toEqual([1]);
    expect(cart.review.blocking).toBe(false);
  });

  it('the server deleted the cart left alone for 40 days at start; its cookie reads as an empty cart until the next add', async () => {
    await expect
      .poll(() => store.output(), { timeout: scaled(10_000) })
      .toMatch(/storefront: cart cleanup: deleted 1 abandoned cart \(1 line, untouched for 30\+ days\)/);
    const oldCookie = idle.cookies.get('session');
    const page = await idle.get('/cart');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('You have nothing in your shopping cart.');
    const api = await apiEntries(idle);
    expect(api.entries).toEqual([]);
    await add(idle, PATTERN, 1);
    expect(idle.cookies.get('session')).not.toBe(oldCookie);
    expect((await apiEntries(idle)).entries.map((e) => e.quantity)).toEqual([1]);
  });
});
