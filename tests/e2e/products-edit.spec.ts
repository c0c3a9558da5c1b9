// Editing a product without friction (issue 33), JavaScript on and off: an option's column appears
// as its name is typed (without JavaScript after "Add more rows"), the values typed in it are saved;
// "Add more rows" and a refused save keep what was typed (with JavaScript, typing while the refusal is on its way too);
// an image uploaded from the product screen becomes its main image (a file that is no image is
// refused with the spec's text); Move down on the product list changes the order (JavaScript on). The HTTP suite (tests/http/products-edit.test.ts) covers /shop's order and refusals.
import { expect, test } from './fixtures.js';
import { png } from '../support/sample-files.js';
import { holdPosts, ready } from './journey.js';
import { scaled } from '../support/time-scale.js';

test('an owner adds an option column, uploads the image and moves the product', async ({ page, site, javaScriptEnabled: js }) => {
  test.setTimeout(scaled(60_000));
  const suffix = `${js ? 'js' : 'nojs'}${Date.now().toString(36)}`;
  const title = `Curlew Tile ${suffix}`;
  await site.signIn(page);

  await page.goto('/config/products/new');
  await ready(page, js);
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel('Option names').fill('Glaze');
  if (js) {
    // At once, with no round trip: the column and its cells are there.
    await expect(page.getByRole('columnheader', { name: 'Glaze' })).toBeVisible();
  } else {
    await expect(page.getByRole('columnheader', { name: 'Glaze' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Add more rows' }).click();
    await expect(page.getByRole('columnheader', { name: 'Glaze' })).toBeVisible();
  }
  await page.getByLabel('SKU, row 1', { exact: true }).fill(`CT-${suffix}`);
  await page.getByLabel('Glaze, row 1', { exact: true }).fill('Celadon');
  await page.getByLabel('Price, row 1', { exact: true }).fill('24.00');
  await page.getByLabel('In stock, row 1', { exact: true }).fill('3');

  // "Add more rows" keeps what was typed. With JavaScript the rows are added in the browser, with no
  // post: a post's answer used to draw the form again from what it carried, emptying what was typed
  // while it was on its way.
  const skus = page.getByLabel(/^SKU, row \d+$/);
  const rows = await skus.count();
  const posts: string[] = [];
  page.on('request', (r) => void (r.method() === 'POST' && posts.push(r.url())));
  await page.getByRole('button', { name: 'Add more rows' }).click();
  if (js) await page.getByLabel('SKU, row 2', { exact: true }).fill(`CT2-${suffix}`);
  await expect(skus).toHaveCount(rows + 3);
  if (js) expect(posts).toEqual([]);
  else await page.getByLabel('SKU, row 2', { exact: true }).fill(`CT2-${suffix}`);
  await expect(page.getByLabel(`SKU, row ${rows + 1}`, { exact: true })).toHaveValue('');
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue(title);
  await expect(page.getByLabel('Glaze, row 1', { exact: true })).toHaveValue('Celadon');
  await expect(page.getByLabel('Price, row 1', { exact: true })).toHaveValue('24.00');

  // Row 2 is only half typed: the save is refused. With JavaScript what is typed while the refusal is
  // on its way stays (the form is not drawn afresh from the post); without, the page shows the post.
  const price2 = page.locator('#f-variants-1--price-error');
  if (js) {
    const hold = await holdPosts(page, '/config/products/new');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await hold.posted;
    await page.getByLabel('Glaze, row 2', { exact: true }).fill('Typed while saving');
    hold.release();
    await expect(price2).toHaveText('Enter a price.');
    await expect(page.getByLabel('Glaze, row 2', { exact: true })).toHaveValue('Typed while saving');
    await hold.stop();
  } else {
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(price2).toHaveText('Enter a price.');
  }
  await expect(page.getByLabel('SKU, row 2', { exact: true })).toHaveValue(`CT2-${suffix}`);
  await expect(page.getByLabel('SKU, row 1', { exact: true })).toHaveValue(`CT-${suffix}`);
  // Row 2 emptied is ignored: the product is saved with row 1.
  await page.getByLabel('SKU, row 2', { exact: true }).fill('');
  await page.getByLabel('Glaze, row 2', { exact: true }).fill('');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('status')).toHaveText('Product created.');
  await expect(page.getByLabel('Glaze, row 1', { exact: true })).toHaveValue('Celadon');
  await expect(page.getByLabel('Option names')).toHaveValue('Glaze');

  // A file that is no image is refused with SPEC 5's text: by the field with JavaScript, on the
  // upload's own page without (then back to the product).
  await ready(page, js);
  const productUrl = page.url();
  const notes = `notes-${suffix}.txt`;
  await page
    .getByLabel('Upload a new image')
    .setInputFiles({ name: notes, mimeType: 'text/plain', buffer: Buffer.from('just some words\n') });
  await page.getByRole('button', { name: 'Upload image' }).click();
  const refusal = `The file ${notes} does not appear to be a supported image file.`;
  if (js) await expect(page.locator('#f-image-upload-error')).toHaveText(refusal);
  else {
    await expect(page.getByRole('heading', { name: 'Unable to Upload File' })).toBeVisible();
    await expect(page.getByText(refusal, { exact: true })).toBeVisible();
    await page.goto(productUrl);
  }

  // An image straight from the product screen.
  await ready(page, js);
  const name = `curlew-${suffix}.png`;
  await page.getByLabel('Upload a new image').setInputFiles({ name, mimeType: 'image/png', buffer: png(8, 6) });
  await page.getByRole('button', { name: 'Upload image' }).click();
  await expect(page.getByRole('status')).toHaveText('Image uploaded. It is now the product’s main image.');
  const picked = page.getByRole('group', { name: 'Main image' }).getByRole('radio', { name: new RegExp(`^${name} 8x6`) });
  await expect(picked).toBeChecked();
  await expect(page.getByLabel('Glaze, row 1', { exact: true })).toHaveValue('Celadon');

  // Move it up the shop's order (it came last in its collection as a new product). With JavaScript
  // only: the two projects share the server's products, and a move by each at once would cross. The
  // plain post (JavaScript off) is the HTTP suite's.
  if (!js) return;
  const titles = page.getByRole('table', { name: 'Products' }).locator('tbody tr td:first-child');
  let before: string[] = [];
  for (let n = 1; n <= 20 && !before.includes(title); n++) {
    await page.goto(`/config/products?page=${n}`);
    await ready(page, js);
    before = await titles.allTextContents();
  }
  const at = before.indexOf(title);
  expect(at).toBeGreaterThan(-1);
  await page.getByRole('button', { name: `Move ${title} up` }).click();
  await expect(page.getByRole('status')).toHaveText('Order saved. The shop lists products in this order.');
  // The row before it on this page, if any, now comes after it (the first row moves to the page before).
  if (at > 0) {
    const after = await titles.allTextContents();
    expect(after.indexOf(before[at - 1])).toBeGreaterThan(after.indexOf(title));
  }
  // The button pressed keeps the focus, so a keyboard user moves on with one more press.
  if (at > 0) await expect(page.getByRole('button', { name: `Move ${title} up` })).toBeFocused();
});
