// Product custom forms through the built server (issue 30): the owner attaches one of the site's
// forms to a product (saved with the product's version check); an add without answers (JS off) goes
// to the details page, whose post checks the answers with the spec's texts and keeps what was typed
// (and tells a visitor who must wait so, as a page); the island's add gets the errors by field; the cart lists the answers with "edit details", which
// saves new ones; the order page, /config/orders and the order email carry them.
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { outboxMailSoon } from '../support/eml.js';
import { Visitor } from './support/client.js';
import { NEW_YORK } from './support/checkout.js';
import { formFields, withField } from './support/form-fields.js';
import { adminVisitor } from './support/owner.js';
import { productForm } from '../support/product-form.js';
import { scaled } from '../support/time-scale.js';

const tag = () => randomBytes(3).toString('hex');
const unescape = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
const textOf = async (res: Response) => (await res.text()).replace(/<!-- -->/g, '');

let admin: Visitor;
let formId = '';
let productId = '';
let productUrl = '';
const ENGRAVING = 'field.text-1';
const NOTE = 'field.textarea-1';

beforeAll(async () => {
  admin = await adminVisitor();
  // A form with a required text field and a text area of at most 10 characters.
  const created = await admin.postForm('/config/forms?index', {});
  expect(created.status).toBe(303);
  formId = /\/config\/forms\/(form-[a-f0-9]+)\?/.exec(created.headers.get('location') ?? '')![1];
  const builder = `/config/forms/${formId}`;
  for (const type of ['text', 'textarea']) expect((await admin.postForm(builder, { intent: 'add-field', type })).status).toBe(303);
  const field = (fields: Record<string, string>) =>
    admin.postForm(builder, { intent: 'save-field', description: '', placeholder: '', ...fields });
  expect((await field({ fieldId: 'text-1', title: 'Engraving', required: 'on' })).status).toBe(303);
  expect((await field({ fieldId: 'textarea-1', title: 'Size note', maxLength: '10' })).status).toBe(303);
  // A product of its own (last in /shop), so other tests' adds of the demo products are untouched.
  const res = await admin.postForm(
    '/config/products/new',
    productForm(`Engraved ring ${tag()}`, `CF-${tag()}`, { 'variants[0].price': '30.00', 'variants[0].qty': '50' }),
  );
  expect(res.status).toBe(303);
  productId = decodeURIComponent(/^\/config\/products\/([^/?]+)\?/.exec(res.headers.get('location') ?? '')![1]);
}, scaled(60_000));

describe('product custom forms', () => {
  it('the owner picks one of the site forms on the product screen; a save over a newer version is a conflict', async () => {
    const edit = await textOf(await admin.get(`/config/products/${productId}`));
    expect(edit).toContain('<label for="f-customFormId">Custom form</label>');
    expect(edit).toMatch(new RegExp(`<option value="${formId}">My Form Name</option>`));
    const drawn = formFields(edit, 'product-form');
    expect(drawn).toContainEqual(['customFormId', '']);
    const saved = await admin.postForm(`/config/products/${productId}`, withField(drawn, 'customFormId', formId));
    expect(saved.status).toBe(303);
    const after = await textOf(await admin.get(`/config/products/${productId}`));
    expect(after).toMatch(new RegExp(`<option value="${formId}" selected="">My Form Name</option>`));
    productUrl = unescape(/href="([^"]+)" target="_blank" rel="noreferrer">View on site/.exec(after)![1]);
    // The form drawn before that save is stale now: nothing is written, the owner sees the conflict.
    const stale = await admin.postForm(`/config/products/${productId}`, withField(drawn, 'excerpt', 'Changed'));
    expect(stale.status).toBe(409);
    // A form of another kind of id is not the site's: refused beside the field.
    const bad = await admin.postForm(
      `/config/products/${productId}`,
      withField(formFields(after, 'product-form'), 'customFormId', 'form-nope'),
    );
    expect(bad.status).toBe(400);
    expect(await textOf(bad)).toContain('Choose one of this site&#x27;s forms, or none.');
    // The product page carries the fields for the island, inert without JavaScript.
    const page = await textOf(await new Visitor().get(productUrl));
    expect(page).toMatch(/<template data-custom-form><div class="custom-form" data-custom-form-fields[^>]*>/);
    expect(page).toContain(`name="${ENGRAVING}"`);
  });

  it('JS off: an add without answers goes to the details page; its errors are the spec texts, with what was typed kept', async () => {
    const v = new Visitor();
    const res = await v.postForm('/cart', { intent: 'add', itemId: productId, quantity: '2', returnTo: productUrl });
    expect(res.status).toBe(303);
    const details = res.headers.get('location')!;
    expect(details).toMatch(/^\/cart\/details\?itemId=/);
    const page = await v.get(details);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('>Engraving <span class="field-required" aria-hidden="true">*</span></label>');
    // SPEC 9: a product form's submit label is "Add to Cart" by default.
    expect(html).toMatch(/<button type="submit"[^>]*>Add to Cart<\/button>/);
    const fields = formFields(html);
    expect(fields).toContainEqual(['quantity', '2']);
    const refused = await v.postForm(details, withField(withField(fields, ENGRAVING, ''), NOTE, 'far too long a note'));
    expect(refused.status).toBe(400);
    const again = await refused.text();
    expect(again).toContain('<p class="field-error" id="form-details-text-1-error" data-field-error>Required</p>');
    expect(again).toContain('You have exceeded the character limit.');
    expect(again).toContain('Your form has encountered a problem. Please scroll down to review.');
    expect(again).toContain('>far too long a note</textarea>');
    expect(await (await v.get('/api/commerce/shopping-cart')).text()).not.toContain(productId);

    // Answered: the line is added with its answers, and the shopper is back on the product page.
    const added = await v.postForm(details, withField(withField(fields, ENGRAVING, 'A & B'), NOTE, 'Size 7'));
    expect(added.status).toBe(303);
    expect(added.headers.get('location')).toBe(productUrl);
    const cart = await (await v.get('/api/commerce/shopping-cart')).json();
    const entry = cart.entries.find((e: { itemId: string }) => e.itemId === productId);
    expect(entry.quantity).toBe(2);
    expect(entry.additionalFields.answers).toEqual([
      { title: 'Engraving', value: 'A & B' },
      { title: 'Size note', value: 'Size 7' },
    ]);
  });

  it("JS off: the details page of a French page says its form's texts, Cancel and the problem lines in French", async () => {
    const v = new Visitor();
    const res = await v.postForm('/fr/cart', { intent: 'add', itemId: productId, quantity: '1', returnTo: '/fr/' });
    const details = res.headers.get('location')!;
    expect(details).toMatch(/^\/fr\/cart\/details\?itemId=/);
    const html = await textOf(await v.get(details));
    expect(html).toMatch(/<button type="submit"[^>]*>Ajouter au panier<\/button>/);
    expect(html).toContain('>Annuler</a>');
    expect(html).not.toMatch(/>Add to Cart<|>Cancel</);
    const refused = await v.postForm(details, withField(withField(formFields(html), ENGRAVING, ''), NOTE, 'far too long a note'));
    expect(refused.status).toBe(400);
    const again = await textOf(refused);
    expect(again).toContain('<p class="field-error" id="form-details-text-1-error" data-field-error>Obligatoire</p>');
    expect(again).toContain('Vous avez dépassé le nombre de caractères autorisé.');
    expect(again).toContain('Votre formulaire comporte une erreur. Faites défiler vers le bas pour la voir.');
    expect(again).toContain('Votre formulaire comporte une erreur. Faites défiler vers le haut pour la voir.');
    expect(again).not.toMatch(/>Required<|exceeded the character limit|Your form has encountered/);
  });

  it('JS off: a visitor who must wait is told so on the details page (429, Retry-After, in its language), what was typed kept', async () => {
    const v = new Visitor();
    const res = await v.postForm('/fr/cart', { intent: 'add', itemId: productId, quantity: '1', returnTo: '/fr/' });
    const details = res.headers.get('location')!;
    expect(details).toMatch(/^\/fr\/cart\/details\?itemId=/);
    const fields = formFields(await (await v.get(details)).text());
    // Without a cart the allowance is the visitor's address, which checkout spends too (CART_LIMIT).
    let spent = false;
    for (let i = 0; i < 40 && !spent; i++) {
      const r = await v.postForm('/fr/checkout', { cart: 'cart' });
      spent = r.status === 429;
      await r.arrayBuffer();
    }
    expect(spent, 'no 429 after 40 posts').toBe(true);
    const wait = await v.postForm(details, withField(fields, ENGRAVING, 'Ada'));
    expect(wait.status).toBe(429);
    expect(wait.headers.get('content-type')).toContain('text/html');
    expect(Number(wait.headers.get('retry-after'))).toBeGreaterThan(0);
    const html = await wait.text();
    expect(html).toContain('role="alert">Veuillez réessayer dans quelques secondes.</div>');
    expect(html).toContain('value="Ada"');
  });

  it('a subscription with a form asks for it the same way, then goes on to its checkout', async () => {
    const drawn = formFields(await textOf(await admin.get(`/config/products/${productId}`)), 'product-form');
    const res = await admin.postForm('/config/products/new', [
      ...drawn.filter(([k]) => !k.startsWith('variants[') && k !== 'urlId' && k !== 'title' && !k.startsWith('__')),
      ['title', `Engraving club ${tag()}`],
      ['isSubscribable', 'on'],
      ['variants[0].sku', `CFS-${tag()}`],
      ['variants[0].price', '10.00'],
      ['variants[0].qty', '50'],
    ]);
    expect(res.status).toBe(303);
    const subscription = decodeURIComponent(/^\/config\/products\/([^/?]+)\?/.exec(res.headers.get('location') ?? '')![1]);
    const v = new Visitor();
    const ask = await v.postForm('/cart', { intent: 'subscribe', itemId: subscription, quantity: '1' });
    expect(ask.status).toBe(303);
    const details = ask.headers.get('location')!;
    expect(details).toMatch(/^\/cart\/details\?intent=subscribe&itemId=/);
    const fields = formFields(await (await v.get(details)).text());
    expect(fields).toContainEqual(['intent', 'subscribe']);
    const done = await v.postForm(details, withField(fields, ENGRAVING, 'Monthly'));
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe('/checkout?subscription=1');
  });

  it('the island: answers that fail come back by field; good ones add the line', async () => {
    const v = new Visitor();
    const island = { 'X-Cart-Fetch': '1' };
    const none = await v.postForm('/cart?_data=routes/($lang).cart', { intent: 'add', itemId: productId, quantity: '1' }, island);
    expect(none.status).toBe(409);
    expect((await none.json()).details).toMatch(/^\/cart\/details\?itemId=/);
    const bad = await v.postForm(
      '/cart?_data=routes/($lang).cart',
      { intent: 'add', itemId: productId, quantity: '1', [ENGRAVING]: ' ', [NOTE]: '' },
      island,
    );
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ ok: false, fieldErrors: { 'text-1': 'Required' } });
    const ok = await v.postForm(
      '/cart?_data=routes/($lang).cart',
      { intent: 'add', itemId: productId, quantity: '1', [ENGRAVING]: 'Ada', [NOTE]: '' },
      island,
    );
    expect(ok.status).toBe(200);
    expect((await ok.json()).ok).toBe(true);
  });

  it('the cart lists the answers with "edit details", which opens them again and saves new ones; the order and its email carry them', async () => {
    const v = new Visitor();
    const res = await v.postForm('/cart', { intent: 'add', itemId: productId, quantity: '1', returnTo: productUrl });
    const details = res.headers.get('location')!;
    const fields = formFields(await (await v.get(details)).text());
    expect((await v.postForm(details, withField(fields, ENGRAVING, 'For Grace'))).status).toBe(303);

    const cart = await textOf(await v.get('/cart'));
    expect(cart).toContain('<li><span class="line-answer-title">Engraving:</span> For Grace</li>');
    const edit = unescape(/<a href="([^"]+)" data-reload data-edit-details[^>]*>edit details<\/a>/.exec(cart)![1]);
    expect(edit).toMatch(/^\/cart\/details\?entryId=/);
    const form = await v.get(edit);
    expect(form.status).toBe(200);
    const drawn = await form.text();
    expect(drawn).toContain('value="For Grace"');
    expect(drawn).toMatch(/<button type="submit"[^>]*>Save details<\/button>/);
    const empty = await v.postForm(edit, withField(formFields(drawn), ENGRAVING, ''));
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain('data-field-error>Required</p>');
    const saved = await v.postForm(edit, withField(formFields(drawn), ENGRAVING, 'For Grace <3'));
    expect(saved.status).toBe(303);
    expect(saved.headers.get('location')).toBe('/cart');
    expect(await textOf(await v.get('/cart'))).toContain('Engraving:</span> For Grace &lt;3</li>');
    // Another visitor's entry is not theirs to open.
    expect((await new Visitor().get(edit)).status).toBe(404);

    const email = `ring-${tag()}@example.com`;
    const placed = await v.postForm('/checkout', { cart: 'cart', intent: 'place', ...NEW_YORK, email });
    expect(placed.status).toBe(303);
    const location = placed.headers.get('location')!;
    const orderId = /^\/order-confirmed\/([0-9a-f-]{36})$/.exec(location)![1];
    expect(await textOf(await v.get(location))).toContain('Engraving:</span> For Grace &lt;3</li>');
    const owner = await textOf(await admin.get(`/config/orders/${orderId}`));
    expect(owner).toContain('<li>Engraving: For Grace &lt;3</li>');
    const mail = await outboxMailSoon(path.join(inject('dataDir'), 'outbox'), email);
    expect(mail).toContain('Engraving: For Grace <3');
  });
});
