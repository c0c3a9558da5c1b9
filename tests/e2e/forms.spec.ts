// A form block with JavaScript on (the form island and the forms API) and off (the page's action):
// the Contact page's form refuses invalid answers with its messages and keeps what was typed, then
// takes valid ones with the newsletter box ticked, showing the submission text and the post-submit
// HTML; the confirmation email's unsubscribe link works. With JavaScript the message shows its
// character count against its maximum.
import { expect, test } from './fixtures.js';
import { violations } from './axe.js';
import { mailTo, ready } from './journey.js';
import { scaled } from '../support/time-scale.js';

const EMAIL_TEXT = 'Email is not valid. Email addresses should follow the format name@example.com.';
const ABOVE = 'Your form has encountered a problem. Please scroll down to review.';
const THANKS = 'Thank you! We answer within two working days.';

/** The unsubscribe link of the newsletter confirmation sent to `email`. */
async function unsubscribeLink(email: string): Promise<string> {
  return /\/newsletter\/unsubscribe\?token=[A-Za-z0-9_-]+/.exec(await mailTo('newsletter-subscribed', email))![0];
}

test('the contact form: invalid answers, then valid ones joining the newsletter', async ({ page, javaScriptEnabled: js }) => {
  // Two submissions, an axe run and the unsubscribe page: more than 30 s on a busy CI machine.
  test.setTimeout(scaled(90_000));
  const refused: string[] = [];
  page.on('console', (m) => {
    if (m.text().includes('Content Security Policy')) refused.push(m.text());
  });
  await page.goto('/contact');
  await ready(page, js);
  // The post-submit HTML (db/seed/forms.ts) waits unseen until a submission goes through.
  const afterSubmit = page.getByRole('link', { name: 'have a look at the shop' });
  await expect(afterSubmit).toHaveCount(0);
  await page.getByLabel('First Name').fill('Ada');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill('ada-at-example');
  await page.getByRole('textbox', { name: 'Message', exact: true }).fill('Do you take commissions?');
  // The text area's count against its maximum follows the typing with JavaScript, and is spoken
  // once typing pauses; without JavaScript it is not shown (it could not follow).
  const count = page.locator('.form-field-textarea .field-count');
  if (js) {
    await expect(count.locator('[data-count-shown]')).toHaveText('24 / 2000');
    await expect(count.locator('[aria-live="polite"]')).toHaveText('24 / 2000 characters');
    await page.getByRole('textbox', { name: 'Message', exact: true }).press('End');
    await page.getByRole('textbox', { name: 'Message', exact: true }).pressSequentially('!!');
    await expect(count.locator('[data-count-shown]')).toHaveText('26 / 2000');
    await page.getByRole('textbox', { name: 'Message', exact: true }).fill('Do you take commissions?');
  } else {
    await expect(count).toBeHidden();
  }
  await page.getByRole('button', { name: 'Send' }).click();

  await expect(page.getByText(EMAIL_TEXT)).toBeVisible();
  await expect(page.getByText(ABOVE)).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Email', exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('First Name')).toHaveValue('Ada');
  await expect(page.getByRole('textbox', { name: 'Message', exact: true })).toHaveValue('Do you take commissions?');
  expect(await violations(page, js)).toEqual([]);

  const email = `e2e-${js ? 'js' : 'nojs'}-${Date.now()}@example.com`;
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByLabel('Join our newsletter').check();
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText(THANKS)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send' })).toBeHidden();
  // Then it stands under the submission text (the island moves it in; without JavaScript the page shows it),
  // and nothing on the way was refused by the page's CSP.
  await expect(afterSubmit).toBeVisible();
  await expect(afterSubmit).toHaveAttribute('href', '/shop');
  expect(refused).toEqual([]);

  // Subscribed: the confirmation's one-click link unsubscribes, after a confirm button.
  await page.goto(await unsubscribeLink(email));
  await ready(page, js);
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByText('You are unsubscribed from Newsletter.')).toBeVisible();
});
