// Products and inventory in /config, through the built server: a product made with two variants
// shows on the storefront at once, price edits and stock edits reach visitors and the stock API,
// refused posts keep what was typed, read-only roles see a disabled form and get 403 on a post,
// another site's product is a 404, and deleting asks first.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSite } from '../../app/sites/create.server.js';
import { Visitor } from './support/client.js';
import { adminVisitor, visitorWithRole } from './support/owner.js';
import { OwnStore } from './support/own-store.js';
import { scaled } from '../support/time-scale.js';

const SHOP = 'col-shop';

let admin: Visitor;
beforeAll(async () => {
  admin = await adminVisitor();
});

/** The product form as a browser without JavaScript posts it. */
function productForm(p: {
  title: string;
  urlId?: string;
  options?: string;
  variants: {
    id?: string;
    sku: string;
    attrs?: string[];
    price: string;
    salePrice?: string;
    onSale?: boolean;
    qty: string;
    unlimited?: boolean;
  }[];
  extra?: Record<string, string>;
  intent?: string;
}): [string, string][] {
  const f: [string, string][] = [
    ['intent', p.intent ?? 'save'],
    ['title', p.title],
    ['urlId', p.urlId ?? ''],
    ['productType', '1'],
    ['collectionId', SHOP],
    ['body', '<p>Hand-poured in the studio.</p><script>alert(1)</script>'],
    ['excerpt', 'A candle.'],
    ['published', 'on'],
    ['tags', 'candles, gifts'],
    ['categories', 'Home'],
    ['billingValue', '1'],
    ['billingUnit', 'MONTH'],
    ['numBillingCycles', '0'],
    ['assetUrl', ''],
    ['originalSize', ''],
    ['options', p.options ?? 'Scent'],
  ];
  p.variants.forEach((v, i) => {
    const n = `variants[${i}]`;
    if (v.id) f.push([`${n}.id`, v.id]);
    f.push([`${n}.sku`, v.sku]);
    (v.attrs ?? []).forEach((a, j) => f.push([`${n}.attrs[${j}]`, a]));
    f.push([`${n}.price`, v.price], [`${n}.salePrice`, v.salePrice ?? ''], [`${n}.qty`, v.qty]);
    if (v.onSale) f.push([`${n}.onSale`, 'on']);
    if (v.unlimited) f.push([`${n}.unlimited`, 'on']);
  });
  // The form's blank rows, as a browser sends them.
  const k = p.variants.length;
  for (let i = k; i < k + 3; i++) f.push([`variants[${i}].sku`, ''], [`variants[${i}].price`, ''], [`variants[${i}].qty`, '']);
  for (const [key, value] of Object.entries(p.extra ?? {})) {
    const at = f.findIndex(([name]) => name === key);
    if (at >= 0) f[at] = [key, value];
    else f.push([key, value]);
  }
  return f;
}

async function stockOf(itemId: string): Promise<{ sku: string; unlimited: boolean; qtyInStock: number; variantId: string }[]> {
  const res = await new Visitor().get(`/api/commerce/inventory/stock?itemId=${encodeURIComponent(itemId)}`);
  expect(res.status).toBe(200);
  return (await res.json()).results;
}

const tag = () => randomBytes(3).toString('hex');

/** A page's HTML without React's text separators (`a<!-- --> b`). */
const textOf = async (res: Response) => (await res.text()).replace(/<!-- -->/g, '');

/** Creates a product through the form; its id and slug. */
async function createProduct(
  title: string,
  variants: Parameters<typeof productForm>[0]['variants'],
): Promise<{ id: string; slug: string }> {
  const res = await admin.postForm('/config/products/new', productForm({ title, variants }));
  expect(res.status, (await res.clone().text()).slice(0, 2000)).toBe(303);
  const location = res.headers.get('location') ?? '';
  const m = /^\/config\/products\/([^/?]+)\?saved=created$/.exec(location);
  expect(m, location).not.toBeNull();
  const slug = title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return { id: decodeURIComponent(m![1]), slug };
}

describe('products', () => {
  it('creates a product with two variants and stock that the storefront shows at once', async () => {
    const shopper = new Visitor();
    const title = `Driftwood Candle ${tag()}`;
    const path = `/shop/p/${title.toLowerCase().replace(/ /g, '-')}`;
    // The product's address is asked for (and the answer cached) before the product exists.
    expect((await shopper.get(path)).status).toBe(404);

    const form = await admin.get('/config/products/new');
    expect(form.status).toBe(200);
    const formHtml = await form.text();
    expect(formHtml).toMatch(/<label for="f-title">Title<\/label>/);
    expect(formHtml).toMatch(/<button type="submit" name="intent" value="save">Save<\/button>/);
    expect(formHtml).toContain(`<option value="${SHOP}"`);

    const { id, slug } = await createProduct(title, [
      { sku: `DC-${tag()}-S`, attrs: ['Sea salt'], price: '18.00', qty: '4' },
      { sku: `DC-${tag()}-F`, attrs: ['Fig'], price: '21.5', qty: '7' },
    ]);

    const edit = await admin.get(`/config/products/${id}?saved=created`);
    expect(edit.status).toBe(200);
    const editHtml = await edit.text();
    expect(editHtml).toContain('Product created.');
    expect(editHtml).toContain('value="21.50"');
    // Checkboxes post "on" once the page is hydrated too (React would give them value="" otherwise).
    expect(editHtml).toMatch(/name="variants\[1\]\.onSale"[^>]*value="on"/);
    // The description was sanitised on save.
    expect(editHtml).toContain('&lt;p&gt;Hand-poured in the studio.&lt;/p&gt;');
    expect(editHtml).not.toContain('alert(1)');

    const page = await shopper.get(`/shop/p/${slug}`);
    expect(page.status).toBe(200);
    const pageHtml = await page.text();
    expect(pageHtml).toContain(title);
    expect(pageHtml).toContain('$18.00');
    expect(pageHtml).not.toContain('alert(1)');
    expect(`/shop/p/${slug}`).toBe(path);

    const stock = await stockOf(id);
    expect(stock.map((s) => s.qtyInStock).sort()).toEqual([4, 7]);

    const list = await admin.get(`/config/products?q=${encodeURIComponent(title)}`);
    const listHtml = await list.text();
    expect(listHtml).toMatch(new RegExp(`<a [^>]*href="/config/products/${id}"[^>]*>${title}</a>`));
    expect(listHtml).toContain('$18.00 – $21.50');
    expect(listHtml).toContain('11 in stock');
    expect(listHtml).toContain('Physical');

    // The audit log has it (the dashboard's recent changes).
    expect(await textOf(await admin.get('/config'))).toContain(`product.create ${title}`);
  });

  it('shows a price edit on the storefront at once, keeping the variants by id', async () => {
    const title = `Linen Napkin ${tag()}`;
    const skus = [`LN-${tag()}-1`, `LN-${tag()}-2`];
    const { id, slug } = await createProduct(title, [
      { sku: skus[0], attrs: ['Sand'], price: '12.00', qty: '3' },
      { sku: skus[1], attrs: ['Sea'], price: '12.00', qty: '9' },
    ]);
    const shopper = new Visitor();
    expect(await (await shopper.get(`/shop/p/${slug}`)).text()).toContain('$12.00');
    const before = await stockOf(id);

    const editHtml = await (await admin.get(`/config/products/${id}`)).text();
    const ids = [...editHtml.matchAll(/name="variants\[(\d+)\]\.id" value="([^"]+)"/g)].map((m) => m[2]);
    expect(ids).toHaveLength(2);
    const res = await admin.postForm(
      `/config/products/${id}`,
      productForm({
        title,
        urlId: slug,
        variants: [
          { id: ids[0], sku: skus[0], attrs: ['Sand'], price: '14.25', qty: '3' },
          { id: ids[1], sku: skus[1], attrs: ['Sea'], price: '14.25', qty: '9' },
        ],
      }),
    );
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/config/products/${id}?saved=1`);
    const pageHtml = await (await shopper.get(`/shop/p/${slug}`)).text();
    expect(pageHtml).toContain('$14.25');
    expect(pageHtml).not.toContain('$12.00');
    // Same variants (ids), same stock.
    const after = await stockOf(id);
    expect(after.map((s) => s.variantId).sort()).toEqual(before.map((s) => s.variantId).sort());

    // Dropping a row deletes that variant; the other keeps its id.
    const dropped = await admin.postForm(
      `/config/products/${id}`,
      productForm({ title, urlId: slug, variants: [{ id: ids[1], sku: skus[1], attrs: ['Sea'], price: '14.25', qty: '9' }] }),
    );
    expect(dropped.status).toBe(303);
    const left = await stockOf(id);
    expect(left.map((s) => s.sku)).toEqual([skus[1]]);
    expect(left[0].variantId).toBe(ids[1]);
  });

  // Issue 33: after stock set to 0 in /config the owner's own browser showed the product for sale for
  // up to 60 s (public, max-age=60: the browser never asked again). Browsers now revalidate every
  // time, the owner's own requests are never a shared cache's; a sold-out product offers no instalments.
  it('an edit shows at the next load: the owner gets a fresh private page, a browser revalidating gets the new one', async () => {
    const title = `Clay Dish ${tag()}`;
    const sku = `CD-${tag()}`;
    const { id, slug } = await createProduct(title, [{ sku, attrs: ['Sand'], price: '12.00', qty: '3' }]);
    const path = `/shop/p/${slug}`;

    const shopper = new Visitor();
    const seen = await shopper.get(path);
    expect(seen.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=300');
    const etag = seen.headers.get('etag')!;
    expect(etag).toMatch(/^"/);
    expect(await seen.text()).toContain('interest-free payments of $3.00');
    const mine = await admin.get(path);
    expect(mine.headers.get('cache-control')).toBe('private, no-cache');
    expect(mine.headers.get('etag')).toMatch(/^"/);

    const editHtml = await (await admin.get(`/config/products/${id}`)).text();
    const variantId = /name="variants\[0\]\.id" value="([^"]+)"/.exec(editHtml)![1];
    const res = await admin.postForm(
      `/config/products/${id}`,
      productForm({ title, urlId: slug, variants: [{ id: variantId, sku, attrs: ['Sand'], price: '12.00', qty: '0' }] }),
    );
    expect(res.status).toBe(303);

    // The owner's own browser, at once: sold out, and no instalments for it.
    const after = await admin.get(path);
    expect(after.status).toBe(200);
    expect(after.headers.get('cache-control')).toBe('private, no-cache');
    const ownerHtml = await after.text();
    expect(ownerHtml).toContain('Sold Out');
    expect(ownerHtml).not.toContain('interest-free');
    expect(ownerHtml).not.toContain('data-instalment');
    // A shopper's browser asks again with its ETag and gets the new page, not a 304.
    const revalidated = await shopper.get(path, { 'If-None-Match': etag });
    expect(revalidated.status).toBe(200);
    expect(revalidated.headers.get('etag')).not.toBe(etag);
    expect(await revalidated.text()).not.toContain('interest-free');
  });

  it('refuses bad input with 400, the texts, and what was typed', async () => {
    const res = await admin.postForm(
      '/config/products/new',
      productForm({
        title: 'Typed title kept',
        variants: [
          { sku: 'KEEP-1', attrs: ['Cedar'], price: 'abc', qty: '-1' },
          { sku: 'KEEP-1', attrs: ['Pine'], price: '10', salePrice: '12', onSale: true, qty: '2' },
        ],
        extra: { tags: 'y'.repeat(51) },
      }),
    );
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('Update the missing or invalid information above.');
    expect(html).toContain('Enter an amount such as 12.50.');
    expect(html).toContain('Enter a whole number from 0 to 999,999,999.');
    expect(html).toContain('Each variant needs its own SKU.');
    expect(html).toContain('The sale price must be lower than the price.');
    expect(html).toContain('A tag is at most 50 characters.');
    expect(html).toContain('value="Typed title kept"');
    expect(html).toContain('value="abc"');
    expect(html).toContain('value="-1"');
    expect(html).toContain('value="Pine"');
    expect(html).toMatch(/name="variants\[0\]\.price"[^>]*aria-invalid="true"[^>]*value="abc"/);

    // No variant at all.
    const none = await admin.postForm('/config/products/new', productForm({ title: 'Nothing to sell', variants: [] }));
    expect(none.status).toBe(400);
    expect(await none.text()).toContain('Add at least one variant.');

    // A slug another product of the collection has.
    const taken = await admin.postForm(
      '/config/products/new',
      productForm({ title: 'Another mug', urlId: 'tide-pool-mug', variants: [{ sku: 'AM-1', attrs: ['One'], price: '5', qty: '1' }] }),
    );
    expect(taken.status).toBe(400);
    expect(await taken.text()).toContain('Another product in this collection already uses this URL slug.');
    // ...or has in French (the demo's mug is /fr/boutique/p/tasse-flaque-de-maree): it would hide the new one there.
    const french = await admin.postForm(
      '/config/products/new',
      productForm({ title: 'Tasse', urlId: 'tasse-flaque-de-maree', variants: [{ sku: 'TF-1', attrs: ['One'], price: '5', qty: '1' }] }),
    );
    expect(french.status).toBe(400);
    expect(await french.text()).toContain('Another product in this collection uses this URL slug in Français.');

    // JavaScript off: "Add more rows" draws the form again with what was typed and three more rows.
    const more = await admin.postForm(
      '/config/products/new',
      productForm({ title: 'Still typing', intent: 'add-rows', variants: [{ sku: 'ST-1', attrs: ['Oak'], price: '3', qty: '1' }] }),
    );
    expect(more.status).toBe(200);
    const moreHtml = await more.text();
    expect(moreHtml).toContain('value="Still typing"');
    expect(moreHtml).toContain('value="ST-1"');
    expect(moreHtml).toContain('name="variants[6].sku"');
    expect(moreHtml).not.toContain('name="variants[7].sku"');
  });

  it("answers a refused save with Conform's reply as JSON, and rows no form has as an unreadable form", async () => {
    const route = `/config/products/new?_data=${encodeURIComponent('routes/config.products.new')}`;
    const res = await admin.postForm(
      route,
      productForm({ title: 'Typed as typed', variants: [{ sku: 'JS-1', attrs: ['Ash'], price: '12,5', qty: '1' }] }),
    );
    expect(res.status).toBe(400);
    const body = (await res.json()) as { initialValue: Record<string, string>; error: Record<string, string[]> };
    expect(body.error['']).toEqual(['Update the missing or invalid information above.']);
    expect(body.error['variants[0].price']).toEqual(['Enter an amount such as 12.50.']);
    // The prices as typed, empty fields included (the blank rows).
    expect(body.initialValue['variants[0].price']).toBe('12,5');
    expect(body.initialValue['variants[1].sku']).toBe('');

    // Row 400 is no form of ours: refused unread, the form drawn as loaded (nothing of the post kept).
    const huge = await admin.postForm(
      '/config/products/new',
      productForm({ title: 'Never drawn', variants: [], extra: { 'variants[400].sku': 'X' } }),
    );
    expect(huge.status).toBe(400);
    const html = await huge.text();
    expect(html).toContain('The form could not be read.');
    expect(html).not.toContain('Never drawn');
  });

  it('deletes a product after a confirmation', async () => {
    const title = `Tin Lantern ${tag()}`;
    const { id, slug } = await createProduct(title, [{ sku: `TL-${tag()}`, attrs: ['Tin'], price: '30', qty: '1' }]);
    const ask = await admin.postForm(`/config/products/${id}`, { intent: 'delete' });
    expect(ask.status).toBe(200);
    const askHtml = await ask.text();
    expect(askHtml).toContain(`Delete “${title}”?`);
    expect(askHtml).toContain('name="intent" value="confirm-delete"');
    // Asking deleted nothing.
    expect((await new Visitor().get(`/shop/p/${slug}`)).status).toBe(200);
    const done = await admin.postForm(`/config/products/${id}`, { intent: 'confirm-delete' });
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe('/config/products?deleted=1');
    expect((await new Visitor().get(`/shop/p/${slug}`)).status).toBe(404);
    expect((await admin.get(`/config/products/${id}`)).status).toBe(404);
    expect(await textOf(await admin.get('/config'))).toContain(`product.delete ${title}`);
  });

  it('is a 404 for an unknown product id, read or posted', async () => {
    expect((await admin.get('/config/products/no-such-product')).status).toBe(404);
    expect((await admin.postForm('/config/products/no-such-product', productForm({ title: 'x', variants: [] }))).status).toBe(404);
  });

  it('lists with search, filters, an empty state and pages', async () => {
    const all = await (await admin.get('/config/products?q=tide+pool')).text();
    expect(all).toContain('New product');
    expect(all).toMatch(/<a [^>]*href="\/config\/products\/itm-tide-pool-mug"[^>]*>Tide Pool Mug<\/a>/);
    const none = await (await admin.get('/config/products?q=no-product-has-this-title')).text();
    expect(none).toContain('No products match.');
    const gift = await (await admin.get('/config/products?type=4')).text();
    expect(gift).toContain('Gift card');
    expect(gift).not.toContain('Tide Pool Mug');
    const soldOut = await (await admin.get('/config/products?stock=soldout')).text();
    expect(soldOut).not.toContain('Unlimited');
    // A page past the end is empty, not an error.
    const past = await admin.get('/config/products?page=999');
    expect(past.status).toBe(200);
    const pastHtml = await textOf(past);
    expect(pastHtml).toContain('There are no products on this page.');
    expect(pastHtml).toContain('Previous page');
  });
});

describe('inventory', () => {
  it('saves changed stock rows at once: the stock API sees them; bad numbers keep what was typed', async () => {
    const sku = `INV-${tag()}`;
    const { id } = await createProduct(`Stock Pot ${tag()}`, [
      { sku: `${sku}-A`, attrs: ['Small'], price: '8', qty: '5' },
      { sku: `${sku}-B`, attrs: ['Large'], price: '9', qty: '6' },
    ]);
    const page = await admin.get(`/config/inventory?q=${sku}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Save stock');
    const rows = [
      ...html.matchAll(/name="rows\[(\d+)\]\.id" value="([^"]+)"\/><input type="hidden" name="rows\[\d+\]\.was" value="([^"]+)"/g),
    ];
    expect(
      rows.map((r) => r[2]),
      html.slice(html.indexOf('<tbody>'), html.indexOf('</tbody>')),
    ).toHaveLength(2);
    const fields = (a: string, b: string, unlimitedB = false): [string, string][] => [
      ['rows[0].id', rows[0][2]],
      ['rows[0].was', rows[0][3]],
      ['rows[0].qty', a],
      ['rows[1].id', rows[1][2]],
      ['rows[1].was', rows[1][3]],
      ['rows[1].qty', b],
      ...(unlimitedB ? ([['rows[1].unlimited', 'on']] as [string, string][]) : []),
    ];

    // Posted from a page drawn when row A had 3 (an order has taken stock since): the refused form
    // keeps that `was`, so saving it again meets the conflict instead of undoing the order.
    const stale = fields('-5', 'lots').map(([k, v]): [string, string] => [k, k === 'rows[0].was' ? '3:0' : v]);
    const bad = await admin.postForm(`/config/inventory?q=${sku}`, stale);
    expect(bad.status).toBe(400);
    const badHtml = await bad.text();
    expect(badHtml).toContain('Update the missing or invalid information above.');
    expect(badHtml.match(/<span class="error" id="stock-\d-error">Enter a whole number from 0 to 999,999,999\.<\/span>/g)).toHaveLength(2);
    expect(badHtml).toContain('value="-5"');
    expect(badHtml).toContain('value="lots"');
    expect(badHtml).toContain(`value="${rows[0][2]}"/><input type="hidden" name="rows[0].was" value="3:0"`);
    expect(badHtml).toContain(`value="${rows[1][2]}"/><input type="hidden" name="rows[1].was" value="${rows[1][3]}"`);
    expect((await stockOf(id)).map((s) => s.qtyInStock).sort()).toEqual([5, 6]);

    const ok = await admin.postForm(`/config/inventory?q=${sku}`, fields('2', '6', true));
    expect(ok.status).toBe(303);
    expect(ok.headers.get('location')).toBe(`/config/inventory?q=${sku}&saved=2`);
    const stock = await stockOf(id);
    expect(stock.find((s) => s.sku === `${sku}-A`)).toMatchObject({ qtyInStock: 2, unlimited: false });
    expect(stock.find((s) => s.sku === `${sku}-B`)).toMatchObject({ unlimited: true });
    expect(await (await admin.get(`/config/inventory?q=${sku}&saved=2`)).text()).toContain('Stock saved for 2 variants.');

    // Low stock: 2 left shows under the filter.
    expect(await (await admin.get(`/config/inventory?stock=low&q=${sku}`)).text()).toContain(`${sku}-A`);
    expect(await (await admin.get('/config/audit?action=inventory')).text()).toContain('>inventory.update</code>');
  });
});

describe('read-only roles', () => {
  it('shows a viewer the form disabled with no Save button, and refuses their posts with 403', async () => {
    const { id } = await createProduct(`Viewer Vase ${tag()}`, [{ sku: `VV-${tag()}`, attrs: ['Blue'], price: '40', qty: '2' }]);
    const { visitor: viewer } = await visitorWithRole(admin, 10);
    const page = await viewer.get(`/config/products/${id}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<fieldset disabled="" class="plain">');
    expect(html).not.toMatch(/>Save<\/button>/);
    expect(html).not.toContain('Delete product');
    expect((await viewer.postForm(`/config/products/${id}`, productForm({ title: 'Hacked', variants: [] }))).status).toBe(403);
    expect((await viewer.postForm(`/config/products/${id}`, { intent: 'confirm-delete' })).status).toBe(403);
    const inv = await viewer.get('/config/inventory');
    expect(inv.status).toBe(200);
    expect(await inv.text()).not.toContain('Save stock');
    expect((await viewer.postForm('/config/inventory', { 'rows[0].id': 'x', 'rows[0].qty': '1' })).status).toBe(403);
    const list = await (await viewer.get('/config/products')).text();
    expect(list).not.toContain('New product');
  });
});

describe('another site', () => {
  const store = new OwnStore({ TRUST_PROXY: '1' });
  let other = { websiteId: '', host: '' };
  beforeAll(async () => {
    await store.start();
    await store.change(async (sql) => {
      other = await createSite(sql, { name: 'Harbour Goods', theme: 'store' });
      // An uploaded image of each site (the file manager's rows).
      await sql`
        insert into file_asset (id, website_id, name, content_type, size_bytes, original_size)
        values ('file-kiln', 'saltgrass', 'kiln.png', 'image/png', 10, '800x600'),
               ('file-theirs', ${other.websiteId}, 'theirs.png', 'image/png', 10, '640x480')`;
    });
  }, scaled(240_000));
  afterAll(async () => {
    await store.dispose();
  });

  it("is a 404 for another site's product, though the owner runs both sites", async () => {
    const owner = await adminVisitor(() => store.url());
    // The owner edits the demo site (the host's): its product opens, the other site's does not.
    expect((await owner.get('/config/products/itm-tide-pool-mug')).status).toBe(200);
    const foreign = `${other.websiteId}-itm-tide-pool-mug`;
    expect((await owner.get(`/config/products/${foreign}`)).status).toBe(404);
    expect((await owner.postForm(`/config/products/${foreign}`, { intent: 'confirm-delete' })).status).toBe(404);
    const list = await (await owner.get('/config/inventory?q=SG-TPM')).text();
    expect(list).not.toContain(`${other.websiteId}-var-`);
    expect(list).toContain('var-tide-pool-mug-sand');
  });

  it("takes the main image from the site's own files, with its size", async () => {
    const owner = await adminVisitor(() => store.url());
    const form = await (await owner.get('/config/products/new')).text();
    // The picker (issue 33): a radio with the file's thumbnail, name and pixel size.
    expect(form).toMatch(
      /<input type="radio" name="assetUrl" value="\/files\/file-kiln\/kiln.png"\/><img class="thumb" src="\/config\/files\/file-kiln\/content"[^>]*><span><span class="image-name">kiln.png<\/span> <span class="hint">800x600 · /,
    );
    expect(form).not.toContain('theirs.png');
    const variants = [{ sku: 'KILN-1', attrs: ['One'], price: '10', qty: '1' }];
    const theirs = await owner.postForm(
      '/config/products/new',
      productForm({ title: 'Kiln Tile', variants, extra: { assetUrl: '/files/file-theirs/theirs.png' } }),
    );
    expect(theirs.status).toBe(400);
    expect(await theirs.text()).toContain("Choose one of this site's images.");
    const ours = await owner.postForm(
      '/config/products/new',
      productForm({ title: 'Kiln Tile', variants, extra: { assetUrl: '/files/file-kiln/kiln.png' } }),
    );
    expect(ours.status).toBe(303);
    const edit = await (await owner.get(ours.headers.get('location') ?? '')).text();
    expect(edit).toContain('<input type="radio" name="assetUrl" checked="" value="/files/file-kiln/kiln.png"/>');
    expect(edit).toMatch(/name="originalSize"[^>]*value="800x600"/);
  });

  // Last in this describe: it fills the demo shop's collection on this test's own server.
  it('takes at most 200 products in a collection (SPEC 9), keeping what was typed', async () => {
    const owner = await adminVisitor(() => store.url());
    // The shop collection filled to 199 products: one more goes in, the next is refused.
    await store.change(async (sql) => {
      await sql`
        insert into item (id, collection_id, url_id, title, record_type, ordering)
        select 'itm-fill-' || g, ${SHOP}, 'fill-' || g, 'Fill ' || g, 11, 10000 + g
          from generate_series(1, 199 - (select count(*)::int from item where collection_id = ${SHOP} and record_type = 11)) g`;
    });
    const variants = [{ sku: `FULL-${randomBytes(3).toString('hex')}`, attrs: ['One'], price: '10', qty: '1' }];
    const last = await owner.postForm('/config/products/new', productForm({ title: 'The 200th', variants }));
    expect(last.status).toBe(303);
    variants[0].sku = `FULL-${randomBytes(3).toString('hex')}`;
    const over = await owner.postForm('/config/products/new', productForm({ title: 'The 201st', variants }));
    expect(over.status).toBe(400);
    const html = await over.text();
    expect(html).toContain(
      'This collection holds 200 products, the most it can. Choose another collection, or delete a product from this one first.',
    );
    expect(html).toContain('value="The 201st"');
  });
});
