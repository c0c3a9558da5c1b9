// The demo store in French (issue 16), with JavaScript on and off: the French home and shop under
// /fr/ at their French addresses (ADR 0019: /fr/boutique, the menu's French labels), French engine texts and French number formats on a product page, the hreflang alternates,
// the language switcher going to the same page in English and back, and axe on the French product page.
import { expect, test } from '@playwright/test';
import { violations } from './axe.js';
import { ready } from './journey.js';

test('browse the French store and switch language', async ({ page, javaScriptEnabled }) => {
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));

  const home = await page.goto('/fr');
  expect(home?.status()).toBe(200);
  await ready(page, javaScriptEnabled);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Fait lentement, au bord de la mer');
  await expect(page.locator('.cart-link-text')).toHaveText('Panier');
  const switcher = page.getByRole('navigation', { name: 'Language' });
  await expect(switcher.getByRole('link', { name: 'Français' })).toHaveAttribute('aria-current', 'true');

  // The menu keeps the visitor in French: its Shop link shows the listing's French title.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Boutique' }).click();
  await expect(page).toHaveURL(/\/fr\/boutique$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Boutique');

  await page.locator('a.card-link[href="/fr/boutique/p/tasse-flaque-de-maree"]').first().click();
  await expect(page).toHaveURL(/\/fr\/boutique\/p\/tasse-flaque-de-maree$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tasse Flaque de marée');
  // French engine texts and CLDR's French number format: comma decimals, the currency after.
  await expect(page.locator('[data-add-button]')).toHaveText('Ajouter au panier');
  await expect(page.getByText('Quantité', { exact: true })).toBeVisible();
  await expect(page.locator('[data-price-from]')).toContainText('34,00\u00a0$US');
  expect(await violations(page, javaScriptEnabled)).toEqual([]);
  await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute('href', /\/shop\/p\/tide-pool-mug$/);
  await expect(page.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute('href', /\/shop\/p\/tide-pool-mug$/);

  // Switch to English: the same product, in English, with US formats.
  await page.getByRole('navigation', { name: 'Language' }).getByRole('link', { name: 'English' }).click();
  await expect(page).toHaveURL(/\/shop\/p\/tide-pool-mug$/);
  await expect(page).not.toHaveURL(/\/fr\//);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tide Pool Mug');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  await expect(page.locator('[data-price-from]')).toContainText('$34.00');
  await expect(page.locator('[data-add-button]')).toHaveText('Add To Cart');

  // And back to French.
  await page.getByRole('navigation', { name: 'Language' }).getByRole('link', { name: 'Français' }).click();
  await expect(page).toHaveURL(/\/fr\/boutique\/p\/tasse-flaque-de-maree$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tasse Flaque de marée');
  expect(problems).toEqual([]);
});
