// Buying a digital product and downloading it (issue 33), with JavaScript on and off: the pattern's
// confirmation page lists its download, and the link saves the PDF.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from './fixtures.js';
import { ready } from './journey.js';

test('buy the quilt pattern and download its PDF from the confirmation page', async ({ page, javaScriptEnabled: js }) => {
  await page.goto('/shop/p/wave-quilt-pattern');
  await ready(page, js);
  await page.locator('form.add-to-cart').getByRole('button', { name: 'Add To Cart' }).click();
  if (js) await expect(page.locator('[data-cart-pill]')).toHaveText(/1/);
  await page.goto('/checkout');
  await ready(page, js);
  await page.getByLabel('Email').fill('ada@example.com');
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/order-confirmed\/[\w-]+$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Your downloads' })).toBeVisible();
  const link = page.getByRole('link', { name: 'Download Wave Quilt Pattern (PDF)' });
  await expect(link).toHaveAttribute('href', /^\/downloads\/[0-9a-f]{32}\?t=[\w-]{43}$/);
  await expect(page.locator('.order-downloads')).toContainText('5 downloads left');

  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toBe('wave-quilt-pattern.pdf');
  const saved = await download.path();
  expect(fs.readFileSync(saved).equals(fs.readFileSync(path.resolve('db/seed/files/wave-quilt-pattern.pdf')))).toBe(true);
  await page.reload();
  await expect(page.locator('.order-downloads')).toContainText('4 downloads left');
});
