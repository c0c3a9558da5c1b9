// Locked and member pages (issue 16), with JavaScript on and off: the demo's /wholesale asks for a
// password (a wrong one says so, the right one opens it for the session); a site user signs up and
// sees /studio-notes, is refused /kiln-club (access denied) until joining it.
import { violations } from './axe.js';
import { demoTest as test, expect } from './fixtures.js';
import { ready } from './journey.js';
import { scaled } from '../support/time-scale.js';

// argon2 hashes (the lock's and the sign-up's) on a busy machine.
test.setTimeout(scaled(90_000));

test('unlock a locked page: a wrong password says so, the right one opens it for the session', async ({ page, javaScriptEnabled: js }) => {
  await page.goto('/wholesale');
  await ready(page, js);
  await expect(page.getByRole('heading', { level: 1, name: 'This page is password protected' })).toBeVisible();
  await expect(page.getByText('Trade prices are 50% of retail')).toHaveCount(0);
  expect(await violations(page, js)).toEqual([]);

  await page.getByLabel('Password').fill('not it');
  await page.getByRole('button', { name: 'Unlock' }).click();
  await expect(page.getByRole('alert')).toHaveText('Incorrect password. Please try again.');
  await expect(page).toHaveURL(/\/wholesale$/);

  await ready(page, js);
  await page.getByLabel('Password').fill('saltgrass-wholesale');
  await page.getByRole('button', { name: 'Unlock' }).click();
  await expect(page.getByText('Trade prices are 50% of retail')).toBeVisible();
  await expect(page).toHaveURL(/\/wholesale$/);

  // Remembered for the session: another visit opens straight away.
  await page.goto('/about');
  await page.goto('/wholesale');
  await expect(page.getByRole('heading', { level: 1, name: 'Wholesale' })).toBeVisible();
});

test('a site user sees a member page, and joins a free member area to see its page', async ({ page, javaScriptEnabled: js }) => {
  await page.goto('/studio-notes');
  await ready(page, js);
  await expect(page.getByRole('heading', { level: 1, name: 'Members only' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign in' }).first()).toHaveAttribute('href', '/account/sign-in?redirectTo=%2Fstudio-notes');
  expect(await violations(page, js)).toEqual([]);

  const email = `member-${js ? 'js' : 'nojs'}-${Date.now()}@example.com`;
  await page.goto('/account/sign-up');
  await ready(page, js);
  await page.getByLabel('Name').fill('Kiln Member');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('a long enough password');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/account$/);

  await page.goto('/studio-notes');
  await expect(page.getByText('Our Sea Glass glaze')).toBeVisible();

  await page.goto('/kiln-club');
  await ready(page, js);
  await expect(page.getByRole('heading', { level: 1, name: 'Member area access denied' })).toBeVisible();
  await expect(page.getByText('Your account is not a member of Kiln Club.')).toBeVisible();
  expect(await violations(page, js)).toEqual([]);
  await page.getByRole('button', { name: 'Join Kiln Club' }).click();
  await expect(page.getByText('reserve seconds before they go on sale')).toBeVisible();
  await expect(page).toHaveURL(/\/kiln-club$/);
});

test('the paywall: a site user subscribes in test mode and then sees the paid area', async ({ page, javaScriptEnabled: js }) => {
  await page.goto('/open-studio');
  await ready(page, js);
  await expect(page.getByRole('heading', { level: 1, name: 'Join Open Studio' })).toBeVisible();
  await expect(page.locator('[data-access-price]')).toContainText('$90.00');
  expect(await violations(page, js)).toEqual([]);

  const email = `paid-${js ? 'js' : 'nojs'}-${Date.now()}@example.com`;
  await page.goto('/account/sign-up');
  await ready(page, js);
  await page.getByLabel('Name').fill('Studio Member');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('a long enough password');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/account$/);

  await page.goto('/open-studio');
  await ready(page, js);
  await page.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page).toHaveURL(/\/checkout\?subscription=1$/);
  await ready(page, js);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/order-confirmed\//);

  await page.goto('/open-studio');
  await expect(page.getByText('Book your wheel for the week')).toBeVisible();
});

test('the owner sees the labels and the access screens, and adds a member area', async ({ page, javaScriptEnabled: js }) => {
  await page.goto('/config');
  await expect(page).toHaveURL(/\/config\/sign-in\?redirectTo=%2Fconfig$/);
  await ready(page, js);
  await page.getByLabel('Email').fill('owner@example.com');
  await page.getByLabel('Password').fill('correct horse battery staple');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

  await page.goto('/config/pages');
  await ready(page, js);
  const wholesale = page.getByRole('row').filter({ has: page.getByRole('link', { name: 'Wholesale', exact: true }) });
  await expect(wholesale.locator('[data-access-label]')).toHaveText('Locked');
  const kiln = page.getByRole('row').filter({ has: page.getByRole('link', { name: 'Kiln Club', exact: true }) });
  await expect(kiln.locator('[data-access-label]')).toHaveText('Members only: Kiln Club');

  await wholesale.getByRole('link', { name: 'Wholesale', exact: true }).click();
  await ready(page, js);
  await page.getByRole('link', { name: 'Who can see this page (password, members only)' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Who can see Wholesale' })).toBeVisible();
  await expect(page.getByLabel('Anyone with the password')).toBeChecked();
  expect(await violations(page, js)).toEqual([]);

  await page.goto('/config/access');
  await ready(page, js);
  await expect(page.getByRole('heading', { level: 1, name: 'Access and member areas' })).toBeVisible();
  const name = `Glaze Lab ${js ? 'js' : 'nojs'} ${Date.now() % 100000}`;
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Price').selectOption({ label: 'Open Studio Membership' });
  await page.getByRole('button', { name: 'Add member area' }).click();
  await expect(page.getByText('Member area saved.')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: name })).toContainText('Paid: Open Studio Membership');
  expect(await violations(page, js)).toEqual([]);
});
