// Two owners at once lose nothing (issue 28), through the built server: a product form saved after
// an order or another owner changed the stock keeps the newer stock; a save over a product changed
// since it was opened is a 409 conflict that names what changed and who, keeps what was typed, and
// "apply only my changes" then saves just the owner's fields; /config/inventory compare-and-sets.
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { Visitor } from './support/client.js';
import { formFields, withField } from './support/form-fields.js';
import { twoOwners } from './support/owner.js';
import { NEW_YORK } from './support/checkout.js';

const SHOP = 'col-shop';

let ownerA: Visitor;
let ownerB: Visitor;
let emailB: string;
beforeAll(async () => {
  ({ ownerA, ownerB, emailB } = await twoOwners());
});

/** A new published physical product with one variant of `qty` in stock: its id and SKU. */
async function newProduct(qty: number): Promise<{ id: string; sku: string }> {
  const tag = randomBytes(4).toString('hex');
  const sku = `VER-${tag}`;
  const res = await ownerA.postForm('/config/products/new', [
    ['intent', 'save'],
    ['title', `Two owners ${tag}`],
    ['urlId', `two-owners-${tag}`],
    ['productType', '1'],
    ['collectionId', SHOP],
    ['body', '<p>Made twice.</p>'],
    ['excerpt', 'First excerpt.'],
    ['published', 'on'],
    ['billingValue', '1'],
    ['billingUnit', 'MONTH'],
    ['numBillingCycles', '0'],
    ['options', ''],
    ['variants[0].sku', sku],
    ['variants[0].price', '12.00'],
    ['variants[0].qty', String(qty)],
  ]);
  expect(res.status, await res.clone().text()).toBe(303);
  const id = /\/config\/products\/([^?]+)\?saved/.exec(res.headers.get('location') ?? '')![1];
  return { id: decodeURIComponent(id), sku };
}

async function stockOf(id: string): Promise<{ variantId: string; qtyInStock: number }> {
  const res = await new Visitor().get(`/api/commerce/inventory/stock?itemId=${encodeURIComponent(id)}`);
  expect(res.status).toBe(200);
  return (await res.json()).results[0];
}

/** The product form as owner `v` has it open now, as a browser without JavaScript would post it. */
async function openForm(v: Visitor, id: string): Promise<[string, string][]> {
  const res = await v.get(`/config/products/${encodeURIComponent(id)}`);
  expect(res.status).toBe(200);
  return withField(formFields(await res.text(), 'product-form'), 'intent', 'save');
}

async function buyOne(id: string, sku: string): Promise<void> {
  const shopper = new Visitor();
  const add = await shopper.json('/api/commerce/shopping-cart/entries', { itemId: id, quantity: 1, sku });
  expect(add.status, await add.clone().text()).toBe(200);
  const placed = await shopper.postForm('/checkout', { cart: 'cart', intent: 'place', ...NEW_YORK });
  expect(placed.status, await placed.clone().text()).toBe(303);
}

const productPage = (id: string) => `/config/products/${encodeURIComponent(id)}`;

describe('the product form and the stock', () => {
  it('a save that did not touch the stock keeps what an order and another owner made of it', async () => {
    const { id, sku } = await newProduct(10);
    const opened = await openForm(ownerA, id);
    expect(opened.find(([k]) => k === 'variants[0].qty')?.[1]).toBe('10');
    // Meanwhile owner B counts 7 on /config/inventory, then a shopper buys one: 6 left.
    const inv = await ownerB.get(`/config/inventory?q=${sku}`);
    const invFields = formFields(await inv.text(), 'stock-form').filter(([k]) => k.startsWith('rows') || k === '_at');
    expect(invFields.length).toBeGreaterThan(0);
    const counted = await ownerB.postForm(`/config/inventory?q=${sku}`, withField(invFields, 'rows[0].qty', '7'));
    expect(counted.status).toBe(303);
    await buyOne(id, sku);
    expect((await stockOf(id)).qtyInStock).toBe(6);
    // Owner A saves the older form with only the excerpt changed.
    const saved = await ownerA.postForm(productPage(id), withField(opened, 'excerpt', 'A new excerpt.'));
    expect(saved.status, await saved.clone().text()).toBe(303);
    expect((await stockOf(id)).qtyInStock).toBe(6);
    const after = await openForm(ownerA, id);
    expect(after.find(([k]) => k === 'excerpt')?.[1]).toBe('A new excerpt.');
  });

  it('a stock the owner changed is compare-and-set: an order since makes it a 409 and the order stands', async () => {
    const { id, sku } = await newProduct(10);
    const opened = await openForm(ownerA, id);
    await buyOne(id, sku);
    const res = await ownerA.postForm(productPage(id), withField(opened, 'variants[0].qty', '20'));
    expect(res.status).toBe(409);
    const html = (await res.text()).replace(/<!-- -->/g, '');
    expect(html).toContain(`The stock of ${sku} changed from 10 to 9 after you opened this form`);
    // What was typed stays in the form.
    expect(formFields(html, 'product-form').find(([k]) => k === 'variants[0].qty')?.[1]).toBe('20');
    expect((await stockOf(id)).qtyInStock).toBe(9);
  });

  it("a save over another owner's change is a conflict that names it; applying only my changes keeps theirs", async () => {
    const { id } = await newProduct(5);
    const openedA = await openForm(ownerA, id);
    const openedB = await openForm(ownerB, id);
    const savedB = await ownerB.postForm(productPage(id), withField(openedB, 'title', 'Renamed by B'));
    expect(savedB.status).toBe(303);

    const typed = withField(openedA, 'excerpt', 'Excerpt by A.');
    const res = await ownerA.postForm(productPage(id), typed);
    expect(res.status).toBe(409);
    const html = (await res.text()).replace(/<!-- -->/g, '');
    expect(html).toContain('Someone else changed this product after you opened it.');
    expect(html).toMatch(/data-conflict-theirs[^>]*>Changed since you opened it: Title\.</);
    expect(html).toMatch(/data-conflict-yours[^>]*>Your changes: Excerpt\.</);
    expect(html).toContain(emailB);
    expect(formFields(html, 'product-form').find(([k]) => k === 'excerpt')?.[1]).toBe('Excerpt by A.');
    // Nothing of A's was written.
    expect((await openForm(ownerA, id)).find(([k]) => k === 'excerpt')?.[1]).toBe('First excerpt.');

    // "Apply only my changes": the same form again, with the version the conflict screen showed.
    const current = /name="_current" value="([^"]+)"/.exec(html)![1];
    const applied = await ownerA.postForm(productPage(id), [...typed, ['_apply', 'mine'], ['_current', current]]);
    expect(applied.status, await applied.clone().text()).toBe(303);
    const after = await openForm(ownerA, id);
    expect(after.find(([k]) => k === 'title')?.[1]).toBe('Renamed by B');
    expect(after.find(([k]) => k === 'excerpt')?.[1]).toBe('Excerpt by A.');
  });

  it('answers the conflict as JSON with a 409 on ?_data=', async () => {
    const { id } = await newProduct(5);
    const openedA = await openForm(ownerA, id);
    const openedB = await openForm(ownerB, id);
    expect((await ownerB.postForm(productPage(id), withField(openedB, 'tags', 'changed, by b'))).status).toBe(303);
    const res = await ownerA.postForm(
      `${productPage(id)}?_data=${encodeURIComponent('routes/config.products.$id')}`,
      withField(openedA, 'excerpt', 'x'),
    );
    expect(res.status).toBe(409);
    const body = (await res.json()) as { conflict: { theirs: string[]; yours: string[]; by: { actor: string }[] } };
    expect(body.conflict.theirs).toEqual(['Tags']);
    expect(body.conflict.yours).toEqual(['Excerpt']);
    expect(body.conflict.by[0].actor).toBe(emailB);
  });

  it('"Add more rows" keeps the version the form was opened at: a save from the form drawn again still meets the conflict', async () => {
    const { id } = await newProduct(5);
    const openedA = await openForm(ownerA, id);
    const version = openedA.find(([k]) => k === '_version')?.[1];
    expect(version).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect((await ownerB.postForm(productPage(id), withField(await openForm(ownerB, id), 'tags', 'by b'))).status).toBe(303);

    // JavaScript off: the form drawn again as typed (the price as typed), three rows more, no error.
    const typed = withField(withField(openedA, 'variants[0].price', '12.5'), 'intent', 'add-rows');
    const more = await ownerA.postForm(productPage(id), typed);
    expect(more.status).toBe(200);
    const html = await more.text();
    expect(html).not.toContain('Update the missing or invalid information above.');
    expect(html).toMatch(/name="variants\[0\]\.price"[^>]*value="12.5"/);
    expect(html).toContain('name="variants[6].sku"');
    expect(html).not.toContain('name="variants[7].sku"');
    const redrawn = withField(formFields(html, 'product-form'), 'intent', 'save');
    expect(redrawn.find(([k]) => k === '_version')?.[1]).toBe(version);
    const saved = await ownerA.postForm(productPage(id), redrawn);
    expect(saved.status).toBe(409);
    expect(await saved.text()).toContain('Someone else changed this product after you opened it.');

    // With JavaScript the same post answers Conform's reply: what was typed, and no error.
    const reply = await ownerA.postForm(`${productPage(id)}?_data=${encodeURIComponent('routes/config.products.$id')}`, typed);
    expect(reply.status).toBe(200);
    const body = (await reply.json()) as { initialValue: Record<string, string>; error?: unknown; conflict: unknown };
    expect(body.initialValue['variants[0].price']).toBe('12.5');
    expect(body.initialValue.intent).toBe('add-rows');
    expect(body.error).toBeUndefined();
    expect(body.conflict).toBeNull();
  });
});

describe('/config/inventory', () => {
  it('compare-and-sets each row: a number changed since the page was opened is a 409 and is kept', async () => {
    const { id, sku } = await newProduct(10);
    const page = await ownerA.get(`/config/inventory?q=${sku}`);
    const fields = formFields(await page.text(), 'stock-form').filter(([k]) => k.startsWith('rows') || k === '_at');
    await buyOne(id, sku);
    const res = await ownerA.postForm(`/config/inventory?q=${sku}`, withField(fields, 'rows[0].qty', '15'));
    expect(res.status).toBe(409);
    const html = (await res.text()).replace(/<!-- -->/g, '');
    expect(html).toContain('Some stock changed after you opened this page');
    expect(html).toContain('Changed from 10 to 9 since you opened this page');
    expect((await stockOf(id)).qtyInStock).toBe(9);
    // The page drawn again carries the new number as seen: saving again sets 15, knowingly.
    const again = formFields(html, 'stock-form').filter(([k]) => k.startsWith('rows') || k === '_at');
    expect(again.find(([k]) => k === 'rows[0].was')?.[1]).toBe('9:0');
    expect(again.find(([k]) => k === 'rows[0].qty')?.[1]).toBe('15');
    expect((await ownerA.postForm(`/config/inventory?q=${sku}`, again)).status).toBe(303);
    expect((await stockOf(id)).qtyInStock).toBe(15);
  });
});

describe('pages', () => {
  async function newPage(): Promise<string> {
    const tag = randomBytes(4).toString('hex');
    const res = await ownerA.postForm('/config/pages/new', {
      intent: 'save',
      title: `Two owners page ${tag}`,
      urlId: `two-owners-${tag}`,
      description: 'First description.',
      body: '<p>Body text.</p>',
      seoTitle: '',
      seoDescription: '',
      status: 'draft',
      publishAt: '',
      hidden: 'on',
    });
    expect(res.status).toBe(303);
    return decodeURIComponent(/^\/config\/pages\/([^?]+)\?saved=created$/.exec(res.headers.get('location')!)![1]);
  }
  const pagePath = (id: string) => `/config/pages/${encodeURIComponent(id)}`;
  const open = async (v: Visitor, id: string) => formFields(await (await v.get(pagePath(id))).text(), 'page-form');

  it("a save over another owner's change is a 409 that keeps what was typed; applying only my changes keeps theirs", async () => {
    const id = await newPage();
    const openedA = await open(ownerA, id);
    const openedB = await open(ownerB, id);
    expect((await ownerB.postForm(pagePath(id), withField(openedB, 'title', 'Page renamed by B'))).status).toBe(303);

    const typed = withField(openedA, 'description', 'Description by A.');
    const res = await ownerA.postForm(pagePath(id), typed);
    expect(res.status).toBe(409);
    const html = (await res.text()).replace(/<!-- -->/g, '');
    expect(html).toContain('Someone else changed this page after you opened it.');
    expect(html).toMatch(/data-conflict-theirs[^>]*>Changed since you opened it: Title\.</);
    expect(html).toMatch(/data-conflict-yours[^>]*>Your changes: Description\.</);
    expect(html).toContain(emailB);
    expect(formFields(html, 'page-form').find(([k]) => k === 'description')?.[1]).toBe('Description by A.');
    expect((await open(ownerA, id)).find(([k]) => k === 'description')?.[1]).toBe('First description.');

    const current = /name="_current" value="([^"]+)"/.exec(html)![1];
    // As a browser posts it: the button and the input outside the form first, then the form.
    const applied = await ownerA.postForm(pagePath(id), [['_current', current], ['_apply', 'mine'], ...typed]);
    expect(applied.status).toBe(303);
    const after = await open(ownerA, id);
    expect(after.find(([k]) => k === 'title')?.[1]).toBe('Page renamed by B');
    expect(after.find(([k]) => k === 'description')?.[1]).toBe('Description by A.');
  });

  it("a block saved over another owner's change is a 409 naming who; applying only my changes keeps theirs", async () => {
    const id = await newPage();
    const blocks = `${pagePath(id)}/blocks`;
    const added = await ownerA.postForm(`${blocks}/new?type=code`, { intent: 'save', language: 'plain', text: 'first' });
    expect(added.status).toBe(303);
    const blockPath = added.headers.get('location')!.replace(/\?.*$/, '');
    const openBlock = async (v: Visitor) => formFields(await (await v.get(blockPath)).text(), 'block-form');
    const openedA = await openBlock(ownerA);
    const openedB = await openBlock(ownerB);
    expect((await ownerB.postForm(blockPath, withField(openedB, 'language', 'html'))).status).toBe(303);

    const typed = withField(openedA, 'text', 'second');
    const res = await ownerA.postForm(blockPath, typed);
    expect(res.status).toBe(409);
    const html = (await res.text()).replace(/<!-- -->/g, '');
    expect(html).toContain('Someone else changed this block after you opened it.');
    expect(html).toMatch(/data-conflict-theirs[^>]*>Changed since you opened it: language\.</);
    expect(html).toContain(emailB);
    const current = /name="_current" value="([^"]+)"/.exec(html)![1];
    const applied = await ownerA.postForm(blockPath, [['_current', current], ['_apply', 'mine'], ...typed]);
    expect(applied.status).toBe(303);
    const after = await openBlock(ownerA);
    expect(after.find(([k]) => k === 'language')?.[1]).toBe('html');
    expect(after.find(([k]) => k === 'text')?.[1]).toBe('second');
  });

  it('an old form saved again after its own save is a conflict too, a 409 on ?_data=; a form opened afresh saves', async () => {
    const id = await newPage();
    const opened = await open(ownerA, id);
    expect((await ownerA.postForm(pagePath(id), withField(opened, 'description', 'Once.'))).status).toBe(303);
    // The same old form again: the page is no longer the version it was drawn at.
    const res = await ownerA.postForm(
      `${pagePath(id)}?_data=${encodeURIComponent('routes/config.pages.$pageId')}`,
      withField(opened, 'seoTitle', 'Twice'),
    );
    expect(res.status).toBe(409);
    const body = (await res.json()) as { conflict: { theirs: string[]; yours: string[] } };
    expect(body.conflict.theirs).toEqual(['Description']);
    expect(body.conflict.yours).toEqual(['SEO title']);
    // A form opened after the save saves.
    expect((await ownerA.postForm(pagePath(id), withField(await open(ownerA, id), 'seoTitle', 'Twice'))).status).toBe(303);
  });
});

describe('posts', () => {
  const postPath = (id: string) => `/config/blog/${encodeURIComponent(id)}`;
  const open = async (v: Visitor, id: string) => formFields(await (await v.get(postPath(id))).text(), 'entry-form');

  it("a save over another owner's change is a 409 naming it; applying only my changes keeps theirs", async () => {
    const tag = randomBytes(4).toString('hex');
    const created = await ownerA.postForm('/config/blog/new', {
      intent: 'save',
      title: `Two owners post ${tag}`,
      urlId: `two-owners-${tag}`,
      author: 'A',
      publishedAt: '',
      excerpt: 'First excerpt.',
      body: '<p>Body.</p>',
      tags: '',
      categories: '',
      comments: 'open',
      status: 'draft',
    });
    expect(created.status).toBe(303);
    const id = decodeURIComponent(/^\/config\/blog\/([^?]+)\?saved=created$/.exec(created.headers.get('location')!)![1]);
    const openedA = await open(ownerA, id);
    const openedB = await open(ownerB, id);
    expect((await ownerB.postForm(postPath(id), withField(openedB, 'tags', 'by-b'))).status).toBe(303);

    const typed = withField(openedA, 'excerpt', 'Excerpt by A.');
    const res = await ownerA.postForm(postPath(id), typed);
    expect(res.status).toBe(409);
    const html = (await res.text()).replace(/<!-- -->/g, '');
    expect(html).toContain('Someone else changed this post after you opened it.');
    expect(html).toMatch(/data-conflict-theirs[^>]*>Changed since you opened it: Tags\.</);
    expect(html).toContain(emailB);
    expect(formFields(html, 'entry-form').find(([k]) => k === 'excerpt')?.[1]).toBe('Excerpt by A.');

    const current = /name="_current" value="([^"]+)"/.exec(html)![1];
    const applied = await ownerA.postForm(postPath(id), [['_current', current], ['_apply', 'mine'], ...typed]);
    expect(applied.status).toBe(303);
    const after = await open(ownerA, id);
    expect(after.find(([k]) => k === 'tags')?.[1]).toBe('by-b');
    expect(after.find(([k]) => k === 'excerpt')?.[1]).toBe('Excerpt by A.');
  });
});
