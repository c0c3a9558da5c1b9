// One email check (app/utils/email.ts) through the built server: the same address gets the same
// verdict from a form block, a back-in-stock sign-up, a site user's sign-up and checkout (they once
// had four rules: `jo@bücher.de` passed sign-up and was refused at checkout), each with its own
// spec text. Every post but the restock one is refused for another field too, so nothing is saved.
import { describe, expect, it } from 'vitest';
import { Visitor } from './support/client.js';
import { NEW_YORK } from './support/checkout.js';

const FORM_TEXT = 'Email is not valid. Email addresses should follow the format name@example.com.';
const TEAPOT = '/shop/p/harbour-teapot'; // a sold-out variant: the restock form shows
const BREAD_BAG = 'itm-linen-bread-bag';

const ACCEPTED = ['jo@bücher.de', 'ada.lovelace+shop@mail.example.co.uk'];
const REFUSED = ['a@example.c', 'ada@example', 'ada@@example.com', 'ada @example.com', 'ada@exa_mple.com'];

/** Whether each of the four places accepts `email`. */
async function verdicts(email: string): Promise<Record<string, boolean>> {
  const v = new Visitor();

  // A form block (the Contact page), refused for its empty name: is the email's error there too?
  const contact = await v.postForm('/contact', [
    ['_formBlock', 'blk-contact-form'],
    ['contact_fax', ''],
    ['name.first', ''],
    ['name.last', ''],
    ['email', email],
    ['message', 'Hello'],
  ]);
  expect(contact.status).toBe(400);
  const form = !(await contact.text()).includes(`>${FORM_TEXT}</p>`);

  // Back in stock: the JSON API signs up (200) or says Email is invalid (400).
  const html = await (await v.get(TEAPOT)).text();
  const [, productId, variantId] = /data-product-id="([^"]+)" data-variant-id="([^"]+)"/.exec(html)!;
  const restock = await v.json('/api/site-users/account/notifications/restock', {
    productId,
    variantId,
    siteVisitorEmail: { email },
    isJoinMailingList: false,
  });
  const restockBody = await restock.json();
  expect(restock.status === 200 || restockBody.error === 'Email is invalid', JSON.stringify(restockBody)).toBe(true);

  // A site user's sign-up, refused for its short password.
  const signUp = await v.postForm('/account/sign-up', { name: 'Ada', email, password: 'short pw' });
  expect(signUp.status).toBe(303);
  const account = !(await (await v.get('/account/sign-up')).text()).includes(FORM_TEXT);

  // Checkout, refused for its empty street.
  expect((await v.json('/api/commerce/shopping-cart/entries', { itemId: BREAD_BAG, quantity: 1 })).status).toBe(200);
  const placed = await v.postForm('/checkout', { cart: 'cart', intent: 'place', ...NEW_YORK, email, line1: '' });
  expect(placed.headers.get('location')).toBe('/checkout');
  const checkout = /<p class="field-error" id="checkout-email-error">([^<]*)<\/p>/.exec(await (await v.get('/checkout')).text())?.[1];
  expect([undefined, '', FORM_TEXT]).toContain(checkout);

  return { form, restock: restock.status === 200, account, checkout: !checkout };
}

describe('one email check', () => {
  it.each(ACCEPTED)('%s is accepted by a form block, back in stock, sign-up and checkout alike', async (email) => {
    expect(await verdicts(email)).toEqual({ form: true, restock: true, account: true, checkout: true });
  });

  it.each(REFUSED)('%s is refused by all four, each with its spec text', async (email) => {
    expect(await verdicts(email)).toEqual({ form: false, restock: false, account: false, checkout: false });
  });
});
