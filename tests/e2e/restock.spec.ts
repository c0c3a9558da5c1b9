// Back-in-stock, end to end (JavaScript on and off): a shopper signs up for a sold-out variant of
// the demo store and reads "Signed up!"; the owner puts it back in stock, the inventory panel
// offers to send, and the notice lands in the outbox. Each project uses its own variant.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { violations } from './axe.js';
import { mailTo, ready } from './journey.js';
import { scaled } from '../support/time-scale.js';

async function setStock(page: Page, js: boolean, sku: string, qty: string) {
  await page.goto(`/config/inventory?q=${sku}`);
  await ready(page, js);
  await page.getByLabel(`In stock, ${sku}`).fill(qty);
  await page.getByRole('button', { name: 'Save stock' }).click();
  await expect(page.getByText(/Stock saved|Nothing was changed/)).toBeVisible();
}

test('a shopper signs up for a sold-out variant and the owner sends the notice', async ({ page, site, javaScriptEnabled: js }) => {
  // Two sign-ins' worth of pages and a job queue on a 2-core CI runner.
  test.setTimeout(scaled(90_000));
  const v = js ? { size: 'Large', sku: 'SG-BCP-03' } : { size: 'Medium', sku: 'SG-BCP-02' };
  const email = `restock-${js ? 'js' : 'nojs'}-${Date.now().toString(36)}@example.com`;

  // The owner signs in and makes sure the variant is sold out.
  await site.signIn(page);
  await setStock(page, js, v.sku, '0');

  // The shopper: with JavaScript the form follows the chosen option; without, the chosen page.
  await page.goto(js ? '/shop/p/beachcomber-planter' : `/shop/p/beachcomber-planter?Size=${v.size}`);
  await ready(page, js);
  if (js) await page.getByLabel('Size').selectOption(v.size);
  const form = page.locator('.product-restock-notification:visible');
  await expect(form).toHaveCount(1);
  await form.getByRole('button', { name: 'Notify me' }).click();
  await expect(form.getByText('Email cannot be blank')).toBeVisible();
  await form.getByLabel('Email address').fill(email);
  await form.getByRole('button', { name: 'Notify me' }).click();
  await expect(page.locator('.product-restock-notification:visible').getByText('Signed up!')).toBeVisible();

  // Stock comes back: the inventory panel offers to send.
  await setStock(page, js, v.sku, '4');
  await page.getByRole('button', { name: `Send the notices, Beachcomber Planter ${v.size}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Restock notices' })).toBeVisible();
  await expect(page.getByText(/Sending the notices? to/)).toBeVisible();
  expect(await violations(page, js)).toEqual([]);
  expect(await mailTo('restock', email)).toContain('Beachcomber Planter');
});
