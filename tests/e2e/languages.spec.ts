// The demo store in French (issue 16), with JavaScript on and off: the French home and shop under
// /fr/ at their French addresses (ADR 0019: /fr/boutique, the menu's French labels), French engine
// texts and French number formats on a product page, the hreflang alternates, the language switcher
// going to the same page in English and back, and axe on the French product page; a French cart
// and checkout journey that stays under /fr/ from the product to the order.
import type { Page } from '@playwright/test';
import { violations } from './axe.js';
import { demoTest as test, expect } from './fixtures.js';
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
  // The layout's landmarks are named in French too.
  const switcher = page.getByRole('navigation', { name: 'Langue' });
  await expect(switcher.getByRole('link', { name: 'Français' })).toHaveAttribute('aria-current', 'true');

  // The menu keeps the visitor in French: its Shop link shows the listing's French title.
  await page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Boutique' }).click();
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
  await page.getByRole('navigation', { name: 'Langue' }).getByRole('link', { name: 'English' }).click();
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

const pill = (page: Page) => page.locator('[data-cart-pill]');

test('buy in French: the cart, a refused checkout and the order stay under /fr/', async ({ page, javaScriptEnabled: js }) => {
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));

  await page.goto('/fr/boutique/p/linen-bread-bag');
  await ready(page, js);
  const form = page.locator('form.add-to-cart');
  await form.getByLabel('Quantité').fill('2');
  await form.getByRole('button', { name: 'Ajouter au panier' }).click();
  if (js) {
    // The island's button states and popover in French, its View Cart link to the French cart.
    await expect(form.locator('button[data-add-button]')).toHaveText('Ajout…');
    const popover = page.getByRole('dialog', { name: 'Ajouté au panier' });
    await expect(popover).toContainText('2 × Linen Bread Bag ajouté à votre panier.');
    await expect(popover.getByRole('link', { name: 'Voir le panier' })).toHaveAttribute('href', '/fr/cart');
  }
  // The pill says it in French: the cart island after the add, the layout without JavaScript.
  await expect(pill(page)).toHaveAttribute('aria-label', '2 articles dans le panier');
  // Without JavaScript the post comes back to the French product page.
  await expect(page).toHaveURL(/\/fr\/boutique\/p\/linen-bread-bag$/);

  // The header's cart link leads to the French cart.
  await page.locator('a.cart-link').click();
  await expect(page).toHaveURL(/\/fr\/cart$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Panier' })).toBeVisible();
  await ready(page, js);
  const entry = page.locator('.cart-entry').filter({ hasText: 'Linen Bread Bag' });
  await entry.getByLabel('Quantité').fill('1');
  // With JavaScript the update is a client navigation: its page comes back after the click, and
  // would put back "1" over what is typed next (seen in a full run). Wait for it.
  const reloaded = js ? page.waitForResponse((r) => r.request().method() === 'GET' && r.request().resourceType() === 'fetch') : null;
  await entry.getByRole('button', { name: 'Mettre à jour' }).click();
  await reloaded;
  await expect(page).toHaveURL(/\/fr\/cart$/);
  await expect(page.locator('[data-cart-pill-count]')).toHaveText('1');
  await entry.getByLabel('Quantité').fill('1.5');
  await entry.getByRole('button', { name: 'Mettre à jour' }).click();
  await expect(entry.getByRole('alert')).toHaveText('La quantité doit être un nombre entier');

  await page.getByRole('link', { name: 'Passer commande' }).click();
  await expect(page).toHaveURL(/\/fr\/checkout$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Paiement' })).toBeVisible();
  await ready(page, js);
  await page.getByLabel('E-mail').fill('amelie@');
  // Countries and shipping methods are named in French.
  await page.getByLabel('Pays').selectOption({ label: 'États-Unis' });
  await expect(page.getByRole('radio', { name: /Livraison standard/ })).toBeVisible();
  await page.getByLabel('Nom complet').fill('Amélie Poulain');
  await page.getByRole('textbox', { name: 'Adresse', exact: true }).fill('1 Main St');
  await page.getByLabel('Ville').fill('Buffalo');
  await page.getByLabel('État / Province / Région').fill('NY');
  await page.getByLabel('Code postal / ZIP').fill('14201');
  await page.getByRole('button', { name: 'Passer la commande' }).click();
  await expect(page).toHaveURL(/\/fr\/checkout$/);
  await expect(page.getByText('Un ou plusieurs champs ne sont pas valides, veuillez vérifier vos saisies.')).toBeVisible();
  await expect(page.getByLabel('E-mail')).toHaveAccessibleDescription(/L'adresse e-mail n'est pas valide\./);
  await expect(page.getByLabel('E-mail')).toHaveValue('amelie@');
  await expect(page.getByLabel('Nom complet')).toHaveValue('Amélie Poulain');

  await page.getByLabel('E-mail').fill('amelie@example.com');
  await page.getByRole('button', { name: 'Passer la commande' }).click();
  await expect(page).toHaveURL(/\/fr\/order-confirmed\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Merci, votre commande est confirmée');
  await expect(page.locator('address')).toContainText('États-Unis');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(pill(page)).toBeHidden();
  expect(problems).toEqual([]);
});
