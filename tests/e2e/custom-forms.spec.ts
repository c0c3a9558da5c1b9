// A product's custom form (issue 30), with JavaScript on and off: the owner's form (made through the
// owner's own forms, to keep this short) is attached to a new product; the shopper is asked for it
// at Add To Cart (inline with JavaScript, on the details page without), a missing answer gets
// "Required" beside its field; the cart shows the answer with "edit details", which changes it; the
// checkout and the order page show the answer.
import type { Page } from '@playwright/test';
import { expect, test, type Site } from './fixtures.js';
import { ready } from './journey.js';
import { productForm, SHOP } from '../support/product-form.js';
import { scaled } from '../support/time-scale.js';

/** A form with a required "Engraving" field, and a service product that asks for it; the product's page. */
async function productWithForm(page: Page, js: boolean, site: Site): Promise<string> {
  await site.signIn(page);
  const baseURL = new URL(page.url()).origin;
  const post = (path: string, form: Record<string, string>) =>
    page.request.post(path, { form, headers: { Origin: baseURL }, maxRedirects: 0 });
  const created = await post('/config/forms?index', {});
  expect(created.status()).toBe(303);
  const formId = /\/config\/forms\/(form-[a-f0-9]+)\?/.exec(created.headers().location ?? '')![1];
  expect((await post(`/config/forms/${formId}`, { intent: 'add-field', type: 'text' })).status()).toBe(303);
  const field = { intent: 'save-field', fieldId: 'text-1', title: 'Engraving', description: '', placeholder: '', required: 'on' };
  expect((await post(`/config/forms/${formId}`, field)).status()).toBe(303);
  const stamp = `${js ? 'js' : 'nojs'}-${Date.now()}`;
  const product = await post(
    '/config/products/new',
    productForm(`Engraved plaque ${stamp}`, `CF-${stamp}`, {
      urlId: `engraved-plaque-${stamp}`,
      productType: '3',
      customFormId: formId,
      collectionId: site.ref(SHOP),
      'variants[0].price': '20.00',
      'variants[0].qty': '10',
    }),
  );
  expect(product.status()).toBe(303);
  // The owner's product screen shows the form chosen.
  await page.goto(product.headers().location!);
  await expect(page.getByLabel('Custom form')).toHaveValue(formId);
  await page.context().clearCookies();
  return `/shop/p/engraved-plaque-${stamp}`;
}

test('a product custom form: asked at add to cart, edited from the cart, shown at checkout and on the order', async ({
  page,
  site,
  javaScriptEnabled: js,
}) => {
  test.setTimeout(scaled(60_000));
  const url = await productWithForm(page, js, site);
  await page.goto(url);
  await ready(page, js);
  const add = page.locator('form.add-to-cart').getByRole('button', { name: 'Add To Cart' });
  if (js) {
    // Inline: the field is in the add-to-cart form; a missing answer is said beside it, and focused.
    await add.click();
    await expect(page.locator('[data-field-id="text-1"] [data-field-error]')).toHaveText('Required');
    await expect(page.getByLabel('Engraving')).toBeFocused();
    await expect(page.getByLabel('Engraving')).toHaveAttribute('aria-invalid', 'true');
    await page.getByLabel('Engraving').fill('Ada & Bo');
    await add.click();
    await expect(page.locator('[data-cart-pill]')).toHaveText(/1/);
  } else {
    // Without JavaScript the field is not on the product page: the add asks for it on a page of its own.
    await expect(page.getByLabel('Engraving')).toHaveCount(0);
    await add.click();
    await expect(page).toHaveURL(/\/cart\/details\?/);
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page.getByText('Required', { exact: true })).toBeVisible();
    await expect(page.getByText('Your form has encountered a problem. Please scroll down to review.')).toBeVisible();
    await page.getByLabel('Engraving').fill('Ada & Bo');
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page).toHaveURL(new RegExp(`${url}$`));
    await expect(page.getByRole('status').filter({ hasText: 'added to your cart' })).toBeVisible();
  }

  await page.goto('/cart');
  await ready(page, js);
  const answers = page.locator('[data-line-answers]');
  await expect(answers).toHaveText('Engraving: Ada & Bo');
  await page.getByRole('link', { name: /^edit details/ }).click();
  await expect(page).toHaveURL(/\/cart\/details\?entryId=/);
  await expect(page.getByLabel('Engraving')).toHaveValue('Ada & Bo');
  await page.getByLabel('Engraving').fill('For Grace');
  await page.getByRole('button', { name: 'Save details' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(answers).toHaveText('Engraving: For Grace');

  await page.goto('/checkout');
  await ready(page, js);
  await expect(page.locator('[data-line-answers]')).toHaveText('Engraving: For Grace');
  await page.getByLabel('Email').fill('ada@example.com');
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/order-confirmed\/[\w-]+$/);
  await expect(page.locator('[data-line-answers]')).toHaveText('Engraving: For Grace');
});
