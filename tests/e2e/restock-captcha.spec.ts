// The back-in-stock CAPTCHA (ADR 0034), JavaScript on and off: the owner ticks it in Settings, Back in
// stock; the sold-out teapot's restock form then shows the forms' self-hosted CAPTCHA area. With
// JavaScript the shopper solves the widget and signs up; without, the server refuses with SPEC 8's
// text and keeps the address. On a site of its own: the demo's restock journey signs up meanwhile.
import { expect, test } from '@playwright/test';
import { ownSite, ready, signIn } from './journey.js';

const CAPTCHA_TEXT = 'Complete CAPTCHA before submitting.';

test('with the CAPTCHA on, the restock form asks for it: solved with JavaScript, refused without', async ({
  page,
  browser,
  baseURL,
  javaScriptEnabled: js,
}) => {
  test.setTimeout(120_000);
  await signIn(page, js);
  const host = await ownSite(page, baseURL!, `Restock CAPTCHA ${js ? 'js' : 'no-js'}`);
  const shopUrl = (path: string) => `http://${host}:${new URL(baseURL!).port}${path}`;

  // The owner turns it on (the new site is the owner's current one).
  await page.goto('/config/settings#restock');
  await ready(page, js);
  const box = page.getByLabel('Ask for a CAPTCHA on back-in-stock sign-ups');
  await expect(box).not.toBeChecked();
  await box.check();
  await page.getByRole('button', { name: 'Save back in stock settings' }).click();
  await expect(page.getByText('Back in stock settings saved.')).toBeVisible();
  await expect(page.getByLabel('Ask for a CAPTCHA on back-in-stock sign-ups')).toBeChecked();

  const visitor = await browser.newContext({ javaScriptEnabled: js });
  const shopper = await visitor.newPage();
  await shopper.goto(shopUrl('/shop/p/harbour-teapot'));
  await ready(shopper, js);
  const form = shopper.locator('.product-restock-notification:visible');
  await expect(form).toHaveCount(1);
  await expect(form.locator('.form-captcha')).toHaveCount(1);
  const email = `captcha-${js ? 'js' : 'nojs'}-${Date.now().toString(36)}@example.com`;
  await form.getByLabel('Email address').fill(email);

  if (js) {
    // Sent before solving: the island says what is missing, and nothing is posted.
    await form.getByRole('button', { name: 'Notify me' }).click();
    await expect(form.getByText(CAPTCHA_TEXT)).toBeVisible();
    // The widget does the proof of work once the shopper ticks it: seconds, more on a busy CI machine.
    await form.getByText("I'm not a robot").click();
    await expect(form.getByText('Verified')).toBeVisible({ timeout: 60_000 });
    await form.getByRole('button', { name: 'Notify me' }).click();
    await expect(form.getByText('Signed up!')).toBeVisible();
  } else {
    await form.getByRole('button', { name: 'Notify me' }).click();
    const again = shopper.locator('.product-restock-notification:visible');
    await expect(again.getByRole('alert')).toHaveText(CAPTCHA_TEXT);
    await expect(again.getByLabel('Email address')).toHaveValue(email);
    await expect(again.getByText('Signed up!')).toHaveCount(0);
  }
  await visitor.close();

  // The owner's list has the sign-up only when it went through.
  await page.goto('/config/restock');
  await expect(page.getByText('Sign-ups ask for a CAPTCHA.')).toBeVisible();
  if (js) {
    await page.getByRole('link', { name: 'Harbour Teapot' }).click();
    await expect(page.getByRole('cell', { name: email })).toBeVisible();
  } else {
    await expect(page.getByText('Nobody is waiting for a variant.')).toBeVisible();
  }
});
