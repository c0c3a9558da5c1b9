// Two owners at once lose nothing (issue 28), in two browser contexts, JavaScript on and off: a
// product form saved after another owner changed the stock keeps their stock, a changed stock meets
// a conflict screen, and a page and a post saved over another owner's change show the conflict,
// keep what was typed, and "Apply only my changes" saves just those fields.
import type { Browser, Page } from '@playwright/test';
import { expect, test, type Site } from './fixtures.js';
import { ready } from './journey.js';
import { scaled } from '../support/time-scale.js';

const tag = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** A second owner session in its own browser context. */
async function ownerIn(browser: Browser, js: boolean, site: Site): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: js });
  const page = await context.newPage();
  await site.signIn(page);
  return page;
}

/** Set-up, not the journey: a form post as the signed-in owner of `page`; the redirect's path. */
async function made(page: Page, baseURL: string, path: string, form: Record<string, string>): Promise<string> {
  const res = await page.request.post(path, { form, headers: { Origin: baseURL }, maxRedirects: 0 });
  expect(res.status()).toBe(303);
  return res.headers().location!;
}

async function open(page: Page, path: string, js: boolean): Promise<void> {
  await page.goto(path);
  await ready(page, js);
}

test('the product form keeps the stock another owner set, and a changed stock meets a conflict', async ({
  page: a,
  browser,
  baseURL,
  site,
  javaScriptEnabled: js,
}) => {
  test.setTimeout(scaled(90_000));
  await site.signIn(a);
  const b = await ownerIn(browser, js, site);
  const t = tag();
  const sku = `E2E-VER-${t}`;
  const location = await made(a, baseURL!, '/config/products/new', {
    intent: 'save',
    title: `Two owners ${t}`,
    urlId: `two-owners-${t}`,
    productType: '1',
    collectionId: site.ref('col-shop'),
    body: '',
    excerpt: 'First.',
    billingValue: '1',
    billingUnit: 'MONTH',
    numBillingCycles: '0',
    options: '',
    'variants[0].sku': sku,
    'variants[0].price': '12.00',
    'variants[0].qty': '10',
  });
  const productPath = location.replace(/\?.*$/, '');

  // A opens the product; B counts 7 on the inventory screen; A saves with only the excerpt changed.
  await open(a, productPath, js);
  await open(b, `/config/inventory?q=${sku}`, js);
  await b.getByLabel(`In stock, ${sku}`).fill('7');
  await b.getByRole('button', { name: 'Save stock' }).click();
  await expect(b.getByRole('status')).toHaveText('Stock saved for 1 variant.');
  await a.getByLabel('Excerpt').fill('Changed by A.');
  await a.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(a.getByRole('status')).toHaveText('Product saved.');
  await expect(a.getByLabel('In stock, row 1')).toHaveValue('7');

  // A changes the stock while B sets another number: A's save is a conflict, A's 20 stays typed.
  await a.getByLabel('In stock, row 1').fill('20');
  await open(b, `/config/inventory?q=${sku}`, js);
  await b.getByLabel(`In stock, ${sku}`).fill('5');
  await b.getByRole('button', { name: 'Save stock' }).click();
  await expect(b.getByRole('status')).toHaveText('Stock saved for 1 variant.');
  await a.getByRole('button', { name: 'Save', exact: true }).click();
  const conflict = a.getByRole('alert').filter({ hasText: `The stock of ${sku} changed from 7 to 5` });
  await expect(conflict).toBeVisible();
  await expect(a.getByLabel('In stock, row 1')).toHaveValue('20');
  await open(b, `/config/inventory?q=${sku}`, js);
  await expect(b.getByLabel(`In stock, ${sku}`)).toHaveValue('5');

  // Knowingly: "Apply only my changes" sets A's number over B's.
  await a.getByRole('button', { name: 'Apply only my changes' }).click();
  await expect(a.getByRole('status')).toHaveText('Product saved.');
  await open(b, `/config/inventory?q=${sku}`, js);
  await expect(b.getByLabel(`In stock, ${sku}`)).toHaveValue('20');
  await b.context().close();
});

test("a page and a post saved over another owner's change show the conflict and apply only the owner's fields", async ({
  page: a,
  browser,
  baseURL,
  site,
  javaScriptEnabled: js,
}) => {
  test.setTimeout(scaled(90_000));
  await site.signIn(a);
  const b = await ownerIn(browser, js, site);
  const t = tag();

  const pagePath = (
    await made(a, baseURL!, '/config/pages/new', {
      intent: 'save',
      title: `Two owners page ${t}`,
      urlId: `two-owners-${t}`,
      description: 'First description.',
      body: '<p>Body.</p>',
      seoTitle: '',
      seoDescription: '',
      status: 'draft',
      publishAt: '',
      hidden: 'on',
    })
  ).replace(/\?.*$/, '');
  await open(a, pagePath, js);
  await open(b, pagePath, js);
  await b.getByLabel('Title', { exact: true }).fill(`Renamed by B ${t}`);
  await b.getByRole('button', { name: 'Save page' }).click();
  await expect(b.getByRole('status')).toHaveText('Page saved.');
  await a.getByLabel('Description', { exact: true }).fill('Description by A.');
  await a.getByRole('button', { name: 'Save page' }).click();
  const pageConflict = a.getByRole('alert').filter({ hasText: 'Someone else changed this page after you opened it.' });
  await expect(pageConflict).toContainText('Changed since you opened it: Title.');
  await expect(pageConflict).toContainText('Your changes: Description.');
  await expect(a.getByLabel('Description', { exact: true })).toHaveValue('Description by A.');
  await a.getByRole('button', { name: 'Apply only my changes' }).click();
  await expect(a.getByRole('status')).toHaveText('Page saved.');
  await open(a, pagePath, js);
  await expect(a.getByLabel('Title', { exact: true })).toHaveValue(`Renamed by B ${t}`);
  await expect(a.getByLabel('Description', { exact: true })).toHaveValue('Description by A.');

  const postPath = (
    await made(a, baseURL!, '/config/blog/new', {
      intent: 'save',
      title: `Two owners post ${t}`,
      urlId: `two-owners-${t}`,
      author: 'A',
      publishedAt: '',
      excerpt: 'First excerpt.',
      body: '<p>Body.</p>',
      tags: '',
      categories: '',
      comments: 'open',
      status: 'draft',
    })
  ).replace(/\?.*$/, '');
  await open(a, postPath, js);
  await open(b, postPath, js);
  await b.getByLabel('Tags').fill('by-b');
  await b.getByRole('button', { name: 'Save post' }).click();
  await expect(b.getByRole('status')).toHaveText('Post saved.');
  await a.getByLabel('Excerpt').fill('Excerpt by A.');
  await a.getByRole('button', { name: 'Save post' }).click();
  const postConflict = a.getByRole('alert').filter({ hasText: 'Someone else changed this post after you opened it.' });
  await expect(postConflict).toContainText('Changed since you opened it: Tags.');
  await expect(a.getByLabel('Excerpt')).toHaveValue('Excerpt by A.');
  await a.getByRole('button', { name: 'Apply only my changes' }).click();
  await expect(a.getByRole('status')).toHaveText('Post saved.');
  await open(a, postPath, js);
  await expect(a.getByLabel('Tags')).toHaveValue('by-b');
  await expect(a.getByLabel('Excerpt')).toHaveValue('Excerpt by A.');
  await b.context().close();
});
