// A French product page (issue 16), with JavaScript on and off: what the page says about a choice
// (the options still missing, the sold-out marks, stock, the button, the price, the live region,
// the back-in-stock form and its answer)
// is French both as the server renders it and as the variant island rewrites it, from the texts
// the server put in the page's data block; the English page is unchanged.
import type { Page } from '@playwright/test';
import { demoTest as test, expect } from './fixtures.js';
import { ready } from './journey.js';

const APRON = '/shop/p/saltmarsh-apron';
// The shop's French address (ADR 0019: the demo's listing is /fr/boutique).
const FR_APRON = '/fr/boutique/p/saltmarsh-apron';
const message = (page: Page) => page.locator('[data-purchase-message]');
const stock = (page: Page) => page.locator('[data-variant-stock]');
const addButton = (page: Page) => page.locator('form.add-to-cart button[data-add-button]');

/** Chooses options: with JavaScript the island shows them at once; without, the no-JS view button asks the server. */
async function choose(page: Page, js: boolean, options: Record<string, string>) {
  for (const [name, value] of Object.entries(options)) await page.getByLabel(name, { exact: true }).selectOption(value);
  if (!js) await page.getByRole('button', { name: 'Voir le prix et le stock' }).click();
}

test('a French product page speaks French before and after a choice', async ({ page, javaScriptEnabled: js }) => {
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(e.message));
  await page.goto(`${FR_APRON}`);
  await ready(page, js);
  await expect(message(page)).toHaveText('Veuillez choisir les options Size et Color.');
  await expect(page.getByLabel('Size', { exact: true }).locator('option').first()).toHaveText('Choisir Size');
  await expect(page.locator('[data-price-from]')).toHaveText(/^\s*à partir de 68,00\s\$US\s*$/);

  await choose(page, js, { Size: 'S/M' });
  await expect(message(page)).toHaveText('Veuillez choisir l’option Color.');
  await expect(page.getByLabel('Color', { exact: true }).locator('option', { hasText: 'Oat (épuisé)' })).toHaveCount(1);

  await choose(page, js, { Color: 'Oat' });
  await expect(stock(page)).toHaveText('Épuisé');
  await expect(addButton(page)).toHaveText('Épuisé');
  await expect(addButton(page)).toBeDisabled();
  // The back-in-stock form of the sold-out variant, and (with JavaScript) its island's answer.
  const restock = page.locator('.product-restock-notification:not([hidden])');
  await expect(restock).toContainText('Épuisé. Recevez un e-mail dès son retour en stock.');
  if (js) {
    await restock.getByRole('button', { name: 'Me prévenir' }).click();
    await expect(restock.locator('[data-restock-message]')).toHaveText('L’adresse e-mail est obligatoire');
  }
  // Signed up: the answer in French too (the island's, or the page's after the post without JavaScript).
  await restock.getByLabel('Adresse e-mail').fill(`restock-fr-${js ? 'js' : 'nojs'}-${Date.now().toString(36)}@example.com`);
  await restock.getByRole('button', { name: 'Me prévenir' }).click();
  await expect(restock.getByRole('status')).toHaveText('C’est noté !');

  await choose(page, js, { Size: 'L/XL', Color: 'Indigo' });
  await expect(stock(page)).toHaveText('Plus que 3 en stock');
  await expect(addButton(page)).toHaveText('Ajouter au panier');
  await expect(page.locator('[data-instalment-text]')).toHaveText(/^ou 4 paiements sans frais de 18,00\s\$US avec Afterpay$/);
  if (js) {
    await expect(page.locator('form.add-to-cart [data-variant-status]')).toHaveText(
      /^L\/XL \/ Indigo: 72,00\s\$US\. Plus que 3 en stock\.$/,
    );
    // Back to nothing chosen: the island asks again, in French.
    await page.getByLabel('Size', { exact: true }).selectOption('');
    await expect(message(page)).toHaveText('Veuillez choisir l’option Size.');
    await expect(page.locator('form.add-to-cart [data-variant-status]')).toHaveText('Veuillez choisir l’option Size.');
    await page.getByLabel('Size', { exact: true }).selectOption('L/XL');
  }
  await expect(page.locator('main')).not.toContainText(/Please select|Sold out|Only \d+ left|\(sold out\)|interest-free/);

  // Adding: the button and the popover (JavaScript), or the page the server sends back, in French.
  await addButton(page).click();
  if (js) {
    await expect(addButton(page)).toHaveText('Ajouté !');
    await expect(page.getByRole('dialog', { name: 'Ajouté au panier' })).toContainText('1 × Saltmarsh Work Apron ajouté à votre panier.');
    await expect(page.getByRole('dialog', { name: 'Ajouté au panier' }).getByRole('link', { name: 'Voir le panier' })).toBeVisible();
  } else {
    await expect(page).toHaveURL(/\/fr\/boutique\/p\/saltmarsh-apron/);
    await expect(page.locator('form.add-to-cart').getByRole('status')).toContainText('1 × Saltmarsh Work Apron ajouté à votre panier.');
  }
  expect(problems).toEqual([]);
});

test('the English product page still speaks English', async ({ page, javaScriptEnabled: js }) => {
  await page.goto(APRON);
  await ready(page, js);
  await expect(message(page)).toHaveText('Please select the Size and Color options.');
  await page.getByLabel('Size', { exact: true }).selectOption('S/M');
  if (js) {
    await expect(message(page)).toHaveText('Please select the Color option.');
    await expect(page.getByLabel('Color', { exact: true }).locator('option', { hasText: 'Oat (sold out)' })).toHaveCount(1);
    await page.getByLabel('Color', { exact: true }).selectOption('Oat');
    await expect(stock(page)).toHaveText('Sold out');
    await expect(addButton(page)).toHaveText('Sold Out');
  }
});

test('the French contact form refuses in French, in the form island as on the page without it', async ({ page, javaScriptEnabled: js }) => {
  await page.goto('/fr/contact');
  await ready(page, js);
  await expect(page.getByLabel('Prénom')).toBeVisible();
  await page.locator('#form-blk-contact-form-email').fill('nope');
  await page.getByRole('button', { name: 'Send' }).click();
  const field = (id: string) => page.locator(`[data-field-id="${id}"] [data-field-error]`);
  await expect(field('name')).toHaveText('Obligatoire');
  await expect(field('email')).toHaveText(/^L’adresse e-mail n’est pas valide\./);
  await expect(page.locator('[data-form-error="top"]')).toHaveText(
    'Votre formulaire comporte une erreur. Faites défiler vers le bas pour la voir.',
  );
  await expect(page.locator('[data-form-error="bottom"]')).toHaveText(
    'Votre formulaire comporte une erreur. Faites défiler vers le haut pour la voir.',
  );
});
