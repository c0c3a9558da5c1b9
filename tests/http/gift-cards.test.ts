// Gift cards through the built server (issue 33): buying one emails its code and amount to the
// recipient; the code pays at checkout (Apply is a form post: JS off), partly or in full; errors for
// codes that cannot pay; two orders spending one card at once: one is placed, the other asks to
// confirm a new total; a disabled card is refused; the owner's screens mask codes for readers; a
// checkout template the owner edited before gift cards existed still has the field, and it pays.
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { outboxMailSoon } from '../support/eml.js';
import { Visitor } from './support/client.js';
import { adminVisitor, visitorWithRole } from './support/owner.js';
import { OwnStore } from './support/own-store.js';
import { scaled } from '../support/time-scale.js';

const GIFT = 'itm-saltgrass-gift-card';
const GIFT_25 = 'SG-SGC-01';
const PATTERN = 'itm-wave-quilt-pattern'; // $14.00, digital
const CODE = /[2-9A-HJ-NP-Z]{4}(?:-[2-9A-HJ-NP-Z]{4}){3}/;

const newEmail = (who: string) => `${who}-${randomBytes(5).toString('hex')}@example.com`;
const cell = (html: string, name: string) => new RegExp(`<td ${name}>([^<]*)</td>`).exec(html)?.[1];
const shownTotal = (html: string) => /name="shownTotalCents" value="(\d+)"/.exec(html)?.[1] ?? '';
const cents = (text: string | undefined) => Math.round(Number((text ?? '').replace(/[^0-9.-]/g, '')) * 100);

async function add(v: Visitor, itemId: string, quantity = 1, sku?: string): Promise<string> {
  const res = await v.json('/api/commerce/shopping-cart/entries', { itemId, quantity, ...(sku ? { sku } : {}) });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()).newlyAdded.id;
}

const checkoutPage = async (v: Visitor) => (await v.get('/checkout')).text();

/**
 * Buys a $25 card for `recipient` with `message`; the code from the email sent to them, and the
 * email. `server`: a server of the test's own (its URL and data folder) instead of the suite's.
 */
async function buyCard(
  recipient: string,
  message = '',
  server: { base?: () => string; dataDir?: string } = {},
): Promise<{ code: string; mail: string }> {
  const v = new Visitor(server.base);
  const line = await add(v, GIFT, 1, GIFT_25);
  const res = await v.postForm('/checkout', {
    cart: 'cart',
    intent: 'place',
    email: newEmail('buyer'),
    [`giftRecipient.${line}`]: recipient,
    [`giftMessage.${line}`]: message,
  });
  expect(res.status).toBe(303);
  expect(res.headers.get('location')).toMatch(/^\/order-confirmed\//);
  const mail = await outboxMailSoon(path.join(server.dataDir ?? inject('dataDir'), 'outbox'), recipient);
  expect(mail, 'a gift card mail to the recipient').toBeTruthy();
  const code = CODE.exec(mail!)?.[0];
  expect(code).toBeTruthy();
  return { code: code!, mail: mail! };
}

/** Applies `code` on `v`'s checkout (email kept); the page after. */
async function apply(v: Visitor, code: string, email = 'shopper@example.com'): Promise<{ status: number; html: string }> {
  const res = await v.postForm('/checkout', { cart: 'cart', intent: 'gift-apply', email, giftCardCode: code });
  expect(res.status).toBe(303);
  expect(res.headers.get('location')).toBe('/checkout');
  return { status: res.status, html: await checkoutPage(v) };
}

const placeAt = (v: Visitor, html: string, email = 'shopper@example.com') =>
  v.postForm('/checkout', { cart: 'cart', intent: 'place', email, shownTotalCents: shownTotal(html) });

describe('gift cards', () => {
  it('a bought card is emailed with its code and amount; it pays an order in full, then part of another', async () => {
    const recipient = newEmail('grace');
    const { code, mail } = await buyCard(recipient, 'Happy birthday, Grace!');
    expect(mail).toContain('$25.00');
    expect(mail).toContain(code);
    expect(mail).toContain('Happy birthday, Grace!');
    expect(mail).toContain('Gift card field');

    // Full cover: the pattern costs less than the card. Typed in lower case without dashes.
    const a = new Visitor();
    await add(a, PATTERN);
    const before = cents(cell(await checkoutPage(a), 'data-checkout-total'));
    expect(before).toBeGreaterThan(1250);
    expect(before).toBeLessThan(2500);
    const { html } = await apply(a, code.replace(/-/g, '').toLowerCase());
    const last4 = code.slice(-4);
    expect(html).toContain(`••••-${last4}`);
    expect(cents(/data-gift-card-used>([^<]*)</.exec(html)?.[1])).toBe(before);
    expect(cents(/data-gift-card-remaining>([^<]*)</.exec(html)?.[1])).toBe(2500 - before);
    expect(cell(html, 'data-checkout-total')).toBe('$0.00');
    expect(html).toContain('value="shopper@example.com"'); // what was typed is kept
    const shopper = newEmail('shopper');
    const placed = await placeAt(a, html, shopper);
    expect(placed.status).toBe(303);
    expect(placed.headers.get('location')).toMatch(/^\/order-confirmed\//);
    const order = await (await a.get(placed.headers.get('location')!)).text();
    expect(order).toContain(`Paid by gift card ••••-${last4}`);
    expect(cell(order, 'data-order-amount-due')).toBe('$0.00');
    const confirmation = await outboxMailSoon(path.join(inject('dataDir'), 'outbox'), shopper);
    expect(confirmation).toMatch(new RegExp(`Paid by gift card \\S+-${last4}: -\\$${(before / 100).toFixed(2)}`));

    // Partial: what is left pays part of a second pattern; the rest is left to pay.
    const b = new Visitor();
    await add(b, PATTERN);
    const second = await apply(b, code);
    const left = 2500 - before;
    expect(cents(/data-gift-card-used>([^<]*)</.exec(second.html)?.[1])).toBe(left);
    expect(cents(cell(second.html, 'data-checkout-total'))).toBe(before - left);
    const p2 = await placeAt(b, second.html, 'other@example.com');
    expect(p2.status).toBe(303);
    const order2 = await (await b.get(p2.headers.get('location')!)).text();
    expect(cents(cell(order2, 'data-order-amount-due'))).toBe(before - left);

    // Now used up: a third checkout is told so.
    const c = new Visitor();
    await add(c, PATTERN);
    const third = await apply(c, code);
    expect(third.html).toContain('This gift card has no balance left.');
    expect(third.html).not.toContain('data-gift-card-applied');
  });

  it('refuses codes that cannot pay, with the reason beside the field, never a 500; Remove takes a card off', async () => {
    const v = new Visitor();
    await add(v, PATTERN);
    const bad = await apply(v, 'not a code');
    expect(bad.html).toContain('This gift card code is not valid. Check the code and try again.');
    expect(bad.html).toContain('value="not a code"');
    const unknown = await apply(v, 'AAAA-BBBB-CCCC-DDDD');
    expect(unknown.html).toContain('This gift card code is not valid.');
    // On a French checkout the reason is in French, beside the field and in the summary.
    const fr = await v.postForm('/fr/checkout', { cart: 'cart', intent: 'gift-apply', email: 'shopper@example.com', giftCardCode: 'AAAA' });
    expect(fr.status).toBe(303);
    expect(fr.headers.get('location')).toBe('/fr/checkout');
    const frHtml = (await (await v.get('/fr/checkout')).text()).replace(/&#x27;|&#39;/g, "'");
    expect(frHtml).toContain('Ce code de carte cadeau n’est pas valide. Vérifiez le code et réessayez.');
    expect(frHtml).not.toContain('This gift card code is not valid.');

    // Gift cards cannot pay for gift cards.
    const { code } = await buyCard(newEmail('ada'));
    const g = new Visitor();
    await add(g, GIFT, 1, GIFT_25);
    const forGift = await apply(g, code);
    expect(forGift.html).toContain('Gift cards cannot pay for gift cards.');

    // Applied, then removed: the total is back.
    const total = cell(await checkoutPage(v), 'data-checkout-total');
    const on = await apply(v, code);
    expect(cell(on.html, 'data-checkout-total')).toBe('$0.00');
    // Enter in a field submits the form's first button: "Update totals", never Remove.
    expect(/<form class="checkout-form"[^]*?<button type="submit" name="intent" value="([\w-]+)"/.exec(on.html)?.[1]).toBe('update');
    const off = await v.postForm('/checkout', { cart: 'cart', intent: 'gift-remove', email: 'shopper@example.com' });
    expect(off.status).toBe(303);
    const after = await checkoutPage(v);
    expect(after).not.toContain('data-gift-card-applied');
    expect(cell(after, 'data-checkout-total')).toBe(total);
  });

  it('two orders spending one card at once: one is placed, the other places nothing and shows the new total', async () => {
    const { code } = await buyCard(newEmail('race'));
    const [a, b] = [new Visitor(), new Visitor()];
    await add(a, PATTERN);
    await add(b, PATTERN);
    const [pa, pb] = [(await apply(a, code)).html, (await apply(b, code)).html];
    // Each page shows the card paying all of the $14+ pattern: both cannot, the card holds $25.
    expect(cell(pa, 'data-checkout-total')).toBe('$0.00');
    expect(cell(pb, 'data-checkout-total')).toBe('$0.00');
    const answers = await Promise.all([placeAt(a, pa, 'a@example.com'), placeAt(b, pb, 'b@example.com')]);
    const placed = answers.filter((r) => r.headers.get('location')?.startsWith('/order-confirmed/'));
    const refused = answers.filter((r) => r.headers.get('location') === '/checkout');
    expect(placed).toHaveLength(1);
    expect(refused).toHaveLength(1);
    const loser = answers[0] === refused[0] ? a : b;
    const page = await checkoutPage(loser);
    expect(page).toMatch(/The total is now \$\d+\.\d\d, not what this page showed/);
    expect(cell(page, 'data-checkout-total')).not.toBe('$0.00');
    // Confirming the new total places the order with what was left on the card.
    const again = await placeAt(loser, page, 'late@example.com');
    expect(again.headers.get('location')).toMatch(/^\/order-confirmed\//);
  });

  it('the owner sees the cards; readers see masked codes; a disabled card is refused until enabled again', async () => {
    const recipient = newEmail('owned');
    const { code } = await buyCard(recipient);
    const admin = await adminVisitor();
    const list = await (await admin.get('/config/gift-cards')).text();
    expect(list).toContain(code);
    expect(list).toContain(recipient);
    const id = new RegExp(`href="/config/gift-cards/([0-9a-f-]{36})"[^>]*>${code}<`).exec(list)?.[1];
    expect(id).toBeTruthy();

    const { visitor: reader } = await visitorWithRole(admin, 2); // orders.read, not orders.write
    const masked = await (await reader.get('/config/gift-cards')).text();
    expect(masked).not.toContain(code);
    expect(masked).toContain(`••••-${code.slice(-4)}`);
    const readerPage = await (await reader.get(`/config/gift-cards/${id}`)).text();
    expect(readerPage).not.toContain(code);
    expect(readerPage).not.toContain('>Disable<');
    expect((await reader.postForm(`/config/gift-cards/${id}`, { intent: 'disable' })).status).toBe(403);

    // A post that asks for neither is refused above the card, which stays as it was.
    const neither = await admin.postForm(`/config/gift-cards/${id}`, { intent: 'delete' });
    expect(neither.status).toBe(400);
    expect(await neither.text()).toMatch(/class="form-error" role="alert">Could not parse the form fields, please check your entries\./);

    const off = await admin.postForm(`/config/gift-cards/${id}`, { intent: 'disable' });
    expect(off.status).toBe(303);
    expect(await (await admin.get(off.headers.get('location')!)).text()).toContain('Gift card disabled');
    const v = new Visitor();
    await add(v, PATTERN);
    expect((await apply(v, code)).html).toContain('This gift card has been disabled. Contact the store for help.');

    // Applied while enabled, disabled before Place order: nothing is placed, the page shows the full total.
    expect((await admin.postForm(`/config/gift-cards/${id}`, { intent: 'enable' })).status).toBe(303);
    const on = await apply(v, code);
    expect(cell(on.html, 'data-checkout-total')).toBe('$0.00');
    await admin.postForm(`/config/gift-cards/${id}`, { intent: 'disable' });
    const refused = await placeAt(v, on.html);
    expect(refused.headers.get('location')).toBe('/checkout');
    const page = await checkoutPage(v);
    expect(page).toContain('The total is now');
    expect(page).toContain('This gift card has been disabled.');
    expect(cell(page, 'data-checkout-total')).not.toBe('$0.00');
  });

  it('refunding an order a card paid gives the amount back to the card', async () => {
    const { code } = await buyCard(newEmail('refund'));
    const v = new Visitor();
    await add(v, PATTERN);
    const placed = await placeAt(v, (await apply(v, code)).html, newEmail('refunded'));
    const orderId = /^\/order-confirmed\/([0-9a-f-]{36})$/.exec(placed.headers.get('location') ?? '')?.[1];
    expect(orderId).toBeTruthy();
    const admin = await adminVisitor();
    const id = new RegExp(`href="/config/gift-cards/([0-9a-f-]{36})"[^>]*>${code}<`).exec(
      await (await admin.get('/config/gift-cards')).text(),
    )?.[1];
    const balance = async () => /data-balance="?[^>]*>([^<]*)</.exec(await (await admin.get(`/config/gift-cards/${id}`)).text())?.[1];
    expect(await balance()).not.toBe('$25.00');
    const orderPage = await (await admin.get(`/config/orders/${orderId}`)).text();
    expect(orderPage).toContain(`Paid by gift card ••••-${code.slice(-4)}`);
    const refund = await admin.postForm(`/config/orders/${orderId}`, { intent: 'refund', confirm: 'yes' });
    expect(refund.status).toBe(303);
    expect(await balance()).toBe('$25.00');
  });

  it('code guesses are rate limited', async () => {
    const v = new Visitor();
    await add(v, PATTERN);
    for (let i = 0; i < 10; i++) expect((await apply(v, `AAAA-BBBB-CCCC-${String(2222 + i)}`)).html).toContain('is not valid');
    const limited = await apply(v, 'AAAA-BBBB-CCCC-DDDD');
    expect(limited.html).toContain('Too many gift card codes tried.');
  });
});

describe('a checkout template the owner edited before gift cards existed', () => {
  // A server of the test's own: the demo site's checkout template is changed in its database.
  const store = new OwnStore({ TRUST_PROXY: '1' });
  const at = { base: () => store.url(), dataDir: store.dataDir };
  const OWNER_TEXT = 'Wrapped by hand in the studio.';
  beforeAll(async () => {
    await store.start();
    await store.change(async (sql) => {
      const [{ source }] = await sql<{ source: string }[]>`
        select source from theme_template where website_id = 'saltgrass' and kind = 'page' and name = 'checkout'`;
      // As migration 0047 left an edited one: no gift card field, no card line in the totals; and the owner's own words.
      const edited = source
        .replace(
          /\{\.section giftCard\}\n\s*<fieldset class="checkout-section checkout-gift-card">[\s\S]*?<\/fieldset>\n\s*\{\.end\}\n/,
          '',
        )
        .replace(/\{\.section giftCard\}<tr>[\s\S]*?<\/tr>\{\.end\}\n/, '')
        .replace('<form class="checkout-form"', `<p class="owner-words">${OWNER_TEXT}</p>\n  <form class="checkout-form"`);
      expect(edited).not.toContain('giftCard');
      expect(edited).toContain(OWNER_TEXT);
      await sql`update theme_template set source = ${edited}, updated_at = now()
                 where website_id = 'saltgrass' and kind = 'page' and name = 'checkout'`;
    });
  }, scaled(240_000));
  afterAll(async () => {
    await store.dispose();
  });

  it('still shows the gift card field in the checkout form; Apply (JS off) pays with a card; a bad code keeps what was typed', async () => {
    const { code } = await buyCard(newEmail('edith'), '', at);
    const v = new Visitor(at.base);
    await add(v, PATTERN);
    const page = await checkoutPage(v);
    expect(page).toContain(OWNER_TEXT);
    // The store theme's field, inside the checkout form, before the totals.
    const form = /<form class="checkout-form"[\s\S]*?<\/form>/.exec(page)?.[0] ?? '';
    expect(form).toMatch(/<fieldset class="checkout-section checkout-gift-card">[\s\S]*name="giftCardCode"[\s\S]*value="gift-apply"/);
    expect(form.indexOf('checkout-gift-card')).toBeLessThan(form.indexOf('class="checkout-totals"'));
    expect(page.match(/name="giftCardCode"/g)).toHaveLength(1);
    const total = cents(cell(page, 'data-checkout-total'));

    const bad = await apply(v, 'not a code');
    expect(bad.html).toContain('This gift card code is not valid. Check the code and try again.');
    expect(bad.html).toContain('value="not a code"');

    const { html } = await apply(v, code);
    expect(html).toContain(`••••-${code.slice(-4)}`);
    expect(html).toContain('data-gift-card-applied');
    expect(html).toContain('value="gift-remove"');
    // The card's line in the totals, so the total shown adds up.
    expect(cents(cell(html, 'data-checkout-gift-card'))).toBe(-total);
    expect(cell(html, 'data-checkout-total')).toBe('$0.00');
    const placed = await placeAt(v, html);
    expect(placed.status).toBe(303);
    const order = await (await v.get(placed.headers.get('location')!)).text();
    expect(order).toContain(`Paid by gift card ••••-${code.slice(-4)}`);
    expect(cell(order, 'data-order-amount-due')).toBe('$0.00');
  });
});
