// The owner's forms journey, with JavaScript on and off: sign in, create a form, name it, add an
// email field, create and connect a mailing list on the storage tab, and find the form in the list;
// the builder passes axe.
import { expect, test } from './fixtures.js';
import { violations } from './axe.js';
import { ready } from './journey.js';
import { scaled } from '../support/time-scale.js';

test('an owner builds a form with an email field and connects a mailing list', async ({ page, site, javaScriptEnabled: js }) => {
  test.setTimeout(scaled(90_000));
  const suffix = `${js ? 'js' : 'nojs'}${Date.now().toString(36)}`;
  const name = `Contact ${suffix}`;
  await site.signIn(page);

  await page.getByRole('navigation', { name: 'Site settings' }).getByRole('link', { name: 'Forms' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Forms' })).toBeVisible();
  await ready(page, js);
  await page.getByRole('button', { name: 'New form' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My Form Name' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Build' })).toHaveAttribute('aria-selected', 'true');
  await ready(page, js);

  await page.getByLabel('Form name').fill(name);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await ready(page, js);
  await page.getByLabel('New field type').selectOption('email');
  await page.getByRole('button', { name: 'Add field' }).click();
  await expect(page.getByRole('form', { name: 'Edit Email' })).toBeVisible();
  expect(await violations(page, js)).toEqual([]);

  await page.getByRole('tab', { name: 'Storage' }).click();
  await expect(page.getByTestId('list-status')).toHaveText('disconnected');
  await ready(page, js);
  await page.getByLabel('New mailing list name').fill(`List ${suffix}`);
  await page.getByRole('button', { name: 'Create list' }).click();
  await expect(page.getByRole('status')).toContainText('Mailing list created.');
  await ready(page, js);
  await page.getByRole('combobox', { name: 'Mailing list', exact: true }).selectOption({ label: `List ${suffix} (0)` });
  await page.getByRole('button', { name: 'Connect list' }).click();
  await expect(page.getByTestId('list-status')).toHaveText('connected');

  await page.getByRole('link', { name: 'Back to forms' }).click();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('1');
});
