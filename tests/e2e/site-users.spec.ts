// A shopper's account journey, with JavaScript on and off: sign up, add to cart, sign out keeping
// the cart (the cart still shows the item), then sign in again: still one of it (issue 33).
import { expect, test } from './fixtures.js';
import { violations } from './axe.js';
import { ready } from './journey.js';
import { scaled } from '../support/time-scale.js';

// Three argon2 hashes and two page flows: more than the default on a busy machine.
test.setTimeout(scaled(90_000));

test('sign up, add to cart, sign out keeping the cart, sign in again', async ({ page, javaScriptEnabled: js }) => {
  const email = `journey-${js ? 'js' : 'nojs'}-${Date.now()}@example.com`;
  const password = 'a long enough password';

  await page.goto('/account/sign-up');
  await ready(page, js);
  await page.getByLabel('Name').fill('Journey Shopper');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByText(`Signed in as Journey Shopper (${email})`)).toBeVisible();
  expect(await violations(page, js)).toEqual([]);

  await page.goto('/shop/p/linen-bread-bag');
  await ready(page, js);
  await page.locator('form.add-to-cart').getByRole('button', { name: 'Add To Cart' }).click();
  await expect(page.locator('[data-cart-pill]')).toHaveAttribute('aria-label', '1 item in cart');

  await page.goto('/account');
  await ready(page, js);
  await expect(page.getByLabel('Keep my cart in this browser')).toBeChecked();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/account\/sign-in$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();

  await page.goto('/cart');
  await expect(page.locator('.cart-entry').filter({ hasText: 'Linen Bread Bag' })).toBeVisible();

  await page.goto('/account/sign-in');
  await ready(page, js);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByText(`Signed in as Journey Shopper (${email})`)).toBeVisible();
  // The kept cart is the account's own: one bag, not two (issue 33: 1 -> 2 -> 4 on every round).
  await expect(page.locator('[data-cart-pill]')).toHaveAttribute('aria-label', '1 item in cart');
  await page.goto('/cart');
  await expect(page.locator('.cart-entry').filter({ hasText: 'Linen Bread Bag' }).getByLabel('Quantity')).toHaveValue('1');
});
