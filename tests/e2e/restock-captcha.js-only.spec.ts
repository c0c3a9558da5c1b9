// The back-in-stock CAPTCHA (ADR 0034) with JavaScript: the owner ticks it in Settings, Back in stock
// (what is typed in another section meanwhile stays); the sold-out teapot's restock form then shows
// the forms' self-hosted CAPTCHA area, and the shopper solves the widget and signs up. Without
// JavaScript nothing runs in the browser that a page load would not show, so
// tests/http/restock.test.ts proves that half (refused with SPEC 8's text, the address kept,
// nobody on the owner's list). On a site of its own: the demo's restock journey signs up meanwhile.
import { expect, test } from './fixtures.js';
import { ready } from './journey.js';
import { scaled } from '../support/time-scale.js';

const CAPTCHA_TEXT = 'Complete CAPTCHA before submitting.';

test.use({ ownSite: 'restock-captcha' });

test('with the CAPTCHA on, the restock form asks for it, and the shopper solves it', async ({ page, browser, baseURL, site }) => {
  test.setTimeout(scaled(120_000));
  await site.signIn(page);
  // The shopper's context has no baseURL: the site's own address.
  const shopUrl = (path: string) => `${baseURL}${path}`;

  // The owner turns it on (signed in on the site's address, it is the current one).
  await page.goto('/config/settings#restock');
  await ready(page);
  const box = page.getByLabel('Ask for a CAPTCHA on back-in-stock sign-ups');
  await expect(box).not.toBeChecked();
  await box.check();
  // Typed in another section and not saved: saving this one leaves it as typed (its answer used to
  // draw every section's form afresh).
  await page.getByLabel('Store name').fill('Half-typed name');
  await page.getByRole('button', { name: 'Save back in stock settings' }).click();
  await expect(page.getByText('Back in stock settings saved.')).toBeVisible();
  await expect(page.getByLabel('Ask for a CAPTCHA on back-in-stock sign-ups')).toBeChecked();
  await expect(page.getByLabel('Store name')).toHaveValue('Half-typed name');

  const visitor = await browser.newContext();
  const shopper = await visitor.newPage();
  await shopper.goto(shopUrl('/shop/p/harbour-teapot'));
  await ready(shopper);
  const form = shopper.locator('.product-restock-notification:visible');
  await expect(form).toHaveCount(1);
  await expect(form.locator('.form-captcha')).toHaveCount(1);
  const email = `captcha-${Date.now().toString(36)}@example.com`;
  await form.getByLabel('Email address').fill(email);

  // Sent before solving: the island says what is missing, and nothing is posted.
  await form.getByRole('button', { name: 'Notify me' }).click();
  await expect(form.getByText(CAPTCHA_TEXT)).toBeVisible();
  // The widget does the proof of work once the shopper ticks it: seconds, more on a busy CI machine.
  await form.getByText("I'm not a robot").click();
  await expect(form.getByText('Verified')).toBeVisible({ timeout: scaled(60_000) });
  await form.getByRole('button', { name: 'Notify me' }).click();
  await expect(form.getByText('Signed up!')).toBeVisible();
  await visitor.close();

  // The owner's list has the sign-up.
  await page.goto('/config/restock');
  await expect(page.getByText('Sign-ups ask for a CAPTCHA.')).toBeVisible();
  await page.getByRole('link', { name: 'Harbour Teapot' }).click();
  await expect(page.getByRole('cell', { name: email })).toBeVisible();
});
