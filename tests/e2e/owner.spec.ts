// The owner's journeys, run by both projects (JavaScript on and off): an owner signs in, creates a
// product with variants and stock, puts it in the main navigation, a shopper buys it, the owner
// fulfils the order and sets the stock (a refused save of the menu or the stock keeps what was typed,
// with JavaScript also while it is on its way); a viewer cannot save; the owner screens pass axe.
import type { Request } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { violations } from './axe.js';
import { holdPosts, mailTo, placeOrder, ready } from './journey.js';
import { scaled } from '../support/time-scale.js';

/** The invitation link sent to `email`. */
async function inviteLink(email: string): Promise<string> {
  return /\/config\/invite\/[A-Za-z0-9_-]+/.exec(await mailTo('invite', email))![0];
}

test('an owner creates a product with variants, adds it to the navigation, a shopper buys it, the owner fulfils the order', async ({
  page,
  browser,
  site,
  javaScriptEnabled: js,
}) => {
  // Six screens and a checkout: 22 s alone, past 30 s beside the other worker's journeys on 2 cores.
  test.setTimeout(scaled(90_000));
  const suffix = `${js ? 'js' : 'nojs'}${Date.now().toString(36)}`;
  const title = `Harbour Lantern ${suffix}`;
  // /config asks who is there first.
  await page.goto('/config');
  await expect(page).toHaveURL(/\/config\/sign-in\?redirectTo=%2Fconfig$/);
  await site.signIn(page);

  // A product with two sizes, one in stock.
  await page.getByRole('navigation', { name: 'Site settings' }).getByRole('link', { name: 'Products' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
  await ready(page, js);
  await page.getByRole('link', { name: 'New product' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New product' })).toBeVisible();
  await ready(page, js);
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel('Option names').fill('Size');
  await page.getByRole('button', { name: 'Add more rows' }).click();
  // Three more rows (without JavaScript, once the form is drawn again), and what was typed kept.
  await expect(page.getByLabel('SKU, row 6', { exact: true })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Size' })).toBeVisible();
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue(title);
  await page.getByLabel('SKU, row 1', { exact: true }).fill(`LAN-S-${suffix}`);
  await page.getByLabel('Size, row 1', { exact: true }).fill('Small');
  await page.getByLabel('Price, row 1', { exact: true }).fill('40.00');
  await page.getByLabel('In stock, row 1', { exact: true }).fill('5');
  await page.getByLabel('SKU, row 2', { exact: true }).fill(`LAN-L-${suffix}`);
  await page.getByLabel('Size, row 2', { exact: true }).fill('Large');
  await page.getByLabel('Price, row 2', { exact: true }).fill('55.00');
  await page.getByLabel('In stock, row 2', { exact: true }).fill('0');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('status')).toHaveText('Product created.');
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue(title);
  const slug = await page.getByLabel('URL slug').inputValue();
  expect(slug).toMatch(/^harbour-lantern-/);

  // In the navigation: the main one with JavaScript, the footer's without (the two projects run at
  // once against one server, and each save replaces the whole menu).
  const menu = js ? 'Main navigation' : 'Secondary navigation (footer)';
  await page.getByRole('navigation', { name: 'Site settings' }).getByRole('link', { name: 'Navigation' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Navigation' })).toBeVisible();
  await ready(page, js);
  const section = page.locator('section', { has: page.getByRole('heading', { level: 2, name: menu }) });
  const titles = section.getByLabel(/^Title of link \d+$/);
  const before = await titles.count();
  const last = before + 1;
  // With JavaScript "Add a link" and the move buttons change the rows in the browser, with no post
  // (a post's answer drew the rows again, over what was typed while it was on its way).
  const posts: string[] = [];
  const posted = (r: Request) => void (r.method() === 'POST' && posts.push(r.url()));
  page.on('request', posted);
  await section.getByRole('button', { name: 'Add a link' }).click();
  await expect(titles).toHaveCount(before + 1);
  const linkTitle = section.getByLabel(`Title of link ${last}`, { exact: true });
  if (js) await expect(linkTitle).toBeFocused();
  await linkTitle.fill(`Lantern ${suffix}`);
  await section.getByLabel(`Page of link ${last}`, { exact: true }).selectOption({ label: 'A path or web address' });
  // Up and back down again, by keyboard with JavaScript: the focus stays on the moved link's buttons
  // (on Up once Down is disabled, at the bottom).
  const up = section.getByRole('button', { name: `Move Lantern ${suffix} up` });
  const down = section.getByRole('button', { name: `Move Lantern ${suffix} down` });
  // (Without JavaScript the buttons are named by the titles the page was drawn with: none yet.)
  await (js ? up : section.getByRole('button', { name: `Move link ${last} up` })).click();
  await expect(section.getByLabel(`Title of link ${last - 1}`, { exact: true })).toHaveValue(`Lantern ${suffix}`);
  if (js) {
    await expect(up).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(down).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(up).toBeFocused();
  } else await down.click();
  await expect(linkTitle).toHaveValue(`Lantern ${suffix}`);
  await expect(titles).toHaveCount(before + 1);
  page.off('request', posted);
  if (js) expect(posts).toEqual([]);

  // Saved with no address: refused, and what was typed stays. With JavaScript, also what is typed
  // while the refusal is on its way (the rows were keyed on their text, so this row was drawn again).
  const address = section.getByLabel(`Path or web address of link ${last}`, { exact: true });
  const saveMenu = section.getByRole('button', { name: `Save ${menu.toLowerCase()}` }).first();
  const noAddress = section.getByText('Enter a path starting with / or a web address starting with https://.');
  if (js) {
    const hold = await holdPosts(page, '/config/navigation');
    await saveMenu.click();
    await hold.posted;
    await address.fill(`/shop/p/${slug}`);
    hold.release();
    await expect(noAddress).toBeVisible();
    await expect(address).toHaveValue(`/shop/p/${slug}`);
    await hold.stop();
  } else {
    await saveMenu.click();
    await expect(noAddress).toBeVisible();
    await address.fill(`/shop/p/${slug}`);
  }
  await expect(linkTitle).toHaveValue(`Lantern ${suffix}`);
  await saveMenu.click();
  await expect(page.getByRole('status').filter({ hasText: `${menu} saved.` })).toBeVisible();

  // A shopper finds it from the home page and buys the small one.
  const shopperContext = await browser.newContext({ javaScriptEnabled: js });
  const shop = await shopperContext.newPage();
  await shop.goto('/');
  await ready(shop, js);
  await shop
    .getByRole('link', { name: `Lantern ${suffix}`, exact: true })
    .first()
    .click();
  await expect(shop).toHaveURL(new RegExp(`/shop/p/${slug}`));
  await expect(shop.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await ready(shop, js);
  await shop.getByLabel('Size').selectOption('Small');
  await shop.locator('form.add-to-cart').getByRole('button', { name: 'Add To Cart' }).click();
  await expect(shop.locator('[data-cart-pill]')).toHaveAttribute('aria-label', '1 item in cart');
  await shop.goto('/checkout');
  await ready(shop, js);
  await shop.getByLabel('Email').fill('buyer@example.com');
  await shop.getByLabel('Country').selectOption({ label: 'United States' });
  await shop.getByLabel('Full name').fill('Ada Lovelace');
  await shop.getByRole('textbox', { name: 'Address', exact: true }).fill('1 Main St');
  await shop.getByLabel('City').fill('Buffalo');
  await shop.getByLabel('State / Province / Region').fill('New York');
  await shop.getByLabel('ZIP / Postal code').fill('14201');
  await placeOrder(shop, js);
  await expect(shop).toHaveURL(/\/order-confirmed\/[\w-]+$/);
  const number = (await shop.locator('[data-order-number]').textContent())?.trim() ?? '';
  expect(number).toMatch(/^#\d{4,}$/);
  await shopperContext.close();

  // The owner looks at the product in their own browser (issue 33: later loads came from its cache).
  await page.goto(`/shop/p/${slug}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.locator('form.add-to-cart').getByRole('button', { name: 'Add To Cart' })).toBeVisible();
  await expect(page.locator('[data-instalment]')).toHaveCount(1);

  // The owner sees the order, the stock taken, and fulfils it.
  await page.goto('/config/orders');
  await ready(page, js);
  await page.getByRole('link', { name: `Order ${number}` }).click();
  await expect(page.getByText(`LAN-S-${suffix}`)).toBeVisible();
  await expect(page.locator('[data-fulfillment]')).toHaveText('Pending');
  await ready(page, js);
  await page.getByRole('button', { name: 'Mark as fulfilled' }).click();
  await expect(page.locator('[data-fulfillment]')).toHaveText(/^Fulfilled /);
  // Both sizes (the search matches the product's title).
  await page.goto(`/config/inventory?q=${suffix}`);
  const small = page.getByLabel(`In stock, LAN-S-${suffix}`);
  const large = page.getByLabel(`In stock, LAN-L-${suffix}`);
  await expect(small).toHaveValue('4');
  await expect(large).toHaveValue('0');

  // Stock to 0, and the same browser's next load of the product shows it sold out at once, with no
  // instalments offered (it showed it for sale for up to 60 s: pages were public, max-age=60).
  // First a number too large for the other size: the save is refused and keeps what was typed. With
  // JavaScript, so is what is typed while the refusal is on its way (the stock form used to be drawn
  // afresh from the post by every answer).
  await ready(page, js);
  await large.fill('1000000000');
  const tooLarge = page.getByText('Enter a whole number from 0 to 999,999,999.');
  if (js) {
    const hold = await holdPosts(page, '/config/inventory');
    await page.getByRole('button', { name: 'Save stock' }).click();
    await hold.posted;
    await small.fill('0');
    hold.release();
    await expect(tooLarge).toBeVisible();
    await hold.stop();
  } else {
    await small.fill('0');
    await page.getByRole('button', { name: 'Save stock' }).click();
    await expect(tooLarge).toBeVisible();
  }
  await expect(small).toHaveValue('0');
  await expect(large).toHaveValue('1000000000');
  await large.fill('0');
  await page.getByRole('button', { name: 'Save stock' }).click();
  await expect(page.getByText('Stock saved for 1 variant.')).toBeVisible();
  await page.goto(`/shop/p/${slug}`);
  await expect(page.locator('form.add-to-cart').getByRole('button', { name: 'Sold Out' })).toBeVisible();
  await expect(page.locator('[data-instalment]')).toHaveCount(0);
});

test('a viewer sees a product but cannot save it', async ({ page, browser, site, javaScriptEnabled: js }) => {
  await site.signIn(page);
  const email = `viewer-${js ? 'js' : 'nojs'}-${Date.now().toString(36)}@example.com`;
  await page.goto('/config/members');
  await ready(page, js);
  const invite = page.locator('section', { has: page.getByRole('heading', { name: 'Invite someone' }) });
  await invite.getByLabel('Email').fill(email);
  await invite.getByLabel('Role').selectOption({ label: 'Viewer' });
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByRole('status')).toHaveText(`Invitation sent to ${email}.`);

  const viewerContext = await browser.newContext({ javaScriptEnabled: js });
  const viewer = await viewerContext.newPage();
  await viewer.goto(await inviteLink(email));
  await ready(viewer, js);
  await viewer.getByLabel('Your name').fill('Vera Viewer');
  await viewer.getByLabel('Choose a password').fill('viewer password 1');
  await viewer.getByLabel('Repeat the password').fill('viewer password 1');
  await viewer.getByRole('button', { name: 'Accept and sign in' }).click();
  await expect(viewer.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(viewer.getByText('Viewer', { exact: true })).toBeVisible();

  await viewer.goto('/config/products?q=Tide+Pool');
  await expect(viewer.getByRole('link', { name: 'New product' })).toHaveCount(0);
  await viewer.getByRole('link', { name: 'Tide Pool Mug' }).click();
  await expect(viewer.getByLabel('Title', { exact: true })).toHaveValue('Tide Pool Mug');
  await expect(viewer.getByLabel('Title', { exact: true })).toBeDisabled();
  await expect(viewer.getByRole('button', { name: 'Save', exact: true })).toHaveCount(0);
  // The server refuses a save all the same.
  const res = await viewer.request.post(viewer.url(), {
    form: { intent: 'save', title: 'Hacked' },
    headers: { Origin: new URL(viewer.url()).origin },
    maxRedirects: 0,
  });
  expect(res.status()).toBe(403);
  await viewerContext.close();
});

// In three journeys, not one: the screens take about 5 s each under axe, and one 15-screen journey
// ran last on one worker while the other stood idle.
const OWNER_SCREENS = [
  ['/config', '/config/products', '/config/products/new', '/config/inventory', '/config/orders'],
  ['/config/pages', '/config/navigation', '/config/tags', '/config/files', '/config/settings'],
  ['/config/members', '/config/api-keys', '/config/audit', '/config/site'],
];
for (const [i, screens] of OWNER_SCREENS.entries()) {
  test(`axe: the owner screens, part ${i + 1} (${screens.join(', ')})`, async ({ page, site, javaScriptEnabled: js }) => {
    test.setTimeout(scaled(120_000));
    const problems: string[] = [];
    const check = async (label: string) => {
      for (const v of await violations(page, js)) problems.push(`${label}: ${v}`);
    };
    if (i === 0) {
      await page.goto('/config/sign-in');
      await check('sign-in');
    }
    await site.signIn(page);
    for (const p of screens) {
      await page.goto(p);
      await expect(page.locator('main h1')).toBeVisible();
      await check(p);
    }
    expect(problems).toEqual([]);
  });
}
