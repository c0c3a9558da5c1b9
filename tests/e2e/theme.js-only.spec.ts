// The theme editor's live preview (issue 13, "Done when"): an owner changes the product page's
// template in CodeMirror and the preview shows the change with no request to the server while
// typing (the engine's browser build renders it), publishes it, and a shopper sees it. The theme
// that was live is published again at the end. JavaScript only.
import type { Request } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { previewViolations, violations } from './axe.js';
import { scaled } from '../support/time-scale.js';

test('an owner edits the product template with a live preview, publishes it, and a shopper sees it', async ({ page, browser, site }) => {
  test.setTimeout(scaled(60_000));
  const mark = `Kiln fresh ${Date.now().toString(36)}`;
  await site.signIn(page);
  await page.getByRole('navigation', { name: 'Site settings' }).getByRole('link', { name: 'Theme' }).click();
  const live = Number((await page.getByText(/Visitors see version \d+/).textContent())?.match(/version (\d+)/)?.[1]);
  expect(live).toBeGreaterThan(0);

  await page.getByRole('link', { name: 'product', exact: true }).click();
  await page.waitForSelector('html[data-hydrated="true"]', { state: 'attached' });
  const status = page.getByTestId('preview-status');
  await expect(status).toContainText(/\/p\/\S+ rendered in [\d.]+ ms/);
  const preview = page.frameLocator('iframe[title="Preview of the page"]');
  await expect(preview.locator('h1').first()).toBeVisible();
  const productPath = (await status.textContent())!.split(' ')[0];
  // The editor screen passes axe; the preview frame runs no script, so axe cannot enter it in place:
  // its document is checked on its own (issue 32).
  expect(await violations(page, true, { exclude: ['iframe'] }), 'axe on the theme editor').toEqual([]);

  // From here on the preview is the browser's own work: no request may leave the page.
  const requests: Request[] = [];
  page.on('request', (r) => requests.push(r));
  const editor = page.getByRole('textbox', { name: 'Source of product' });
  await editor.click();
  await page.keyboard.press('Control+Home');
  await page.keyboard.type(`<p class="e2e-mark">${mark}</p>`);
  await expect(preview.locator('p.e2e-mark')).toHaveText(mark);
  // A syntax error shows in the list with its line and column, and goes when it is fixed.
  await page.keyboard.type('{.end}');
  await expect(page.getByRole('list', { name: 'Preview errors' })).toContainText(
    /product, line 1, column \d+: Instruction END not allowed at root/,
  );
  await expect(page.locator('.cm-gutter-lint .cm-lint-marker-error')).toBeVisible();
  for (let i = 0; i < '{.end}'.length; i++) await page.keyboard.press('Backspace');
  await expect(page.getByRole('list', { name: 'Preview errors' })).toHaveCount(0);
  // The edited template's preview, as rendered in the browser, passes axe too.
  expect(await previewViolations(page, page.locator('iframe[title="Preview of the page"]'), productPath), 'axe in the preview').toEqual([]);
  // The phone view narrows the frame.
  await page.getByRole('radio', { name: 'Phone' }).click();
  await expect(page.locator('.theme-frame')).toHaveCSS('width', '375px');
  expect(requests.map((r) => r.url())).toEqual([]);

  // Another save lands first (another owner's; here a post of the same session): the editor's save
  // is refused, and the editor keeps what was typed, now built on the newer version, theirs beside it.
  const base = Number(await page.locator('input[name="base"]').inputValue());
  const typed = await page.locator('textarea[name="source"]').inputValue();
  const other = await page.request.post('/config/theme/edit/product', {
    form: { intent: 'save', base: String(base), source: `${typed.replace(mark, '')}<!-- the other save -->` },
    headers: { Origin: new URL(page.url()).origin },
    maxRedirects: 0,
  });
  expect(other.status()).toBe(303);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert').filter({ hasText: `Someone saved version ${base + 1} of the theme` })).toBeVisible();
  await expect(page.locator('[data-theme-conflict] textarea')).toHaveValue(/<!-- the other save -->/);
  await expect(page.locator('input[name="base"]')).toHaveValue(String(base + 1));
  await expect(editor).toContainText(mark);

  // The textarea is the posted field: saving and publishing are the forms' ordinary posts.
  await page.getByRole('button', { name: 'Save' }).click();
  const saved = page.getByRole('status').filter({ hasText: /Saved as version \d+\./ });
  await expect(saved).toBeVisible();
  const version = Number((await saved.textContent())!.match(/version (\d+)/)![1]);
  await page.getByRole('button', { name: `Publish version ${version}` }).click();
  await expect(page.getByRole('status').filter({ hasText: `Version ${version} is live.` })).toBeVisible();

  const shopper = await browser.newContext();
  const shop = await shopper.newPage();
  await shop.goto(productPath);
  await expect(shop.locator('p.e2e-mark')).toHaveText(mark);

  // The two versions side by side (@codemirror/merge), the change marked.
  await page.goto(`/config/theme/versions?a=${live}&b=${version}`);
  await expect(page.locator('.cm-mergeView .cm-changedLine').filter({ hasText: mark })).toBeVisible();
  expect(await violations(page, true), 'axe on the comparison').toEqual([]);

  // Put back the theme that was live, for the other journeys.
  await page.goto('/config/theme/versions');
  await page.waitForSelector('html[data-hydrated="true"]', { state: 'attached' });
  const revert = page.locator('form', { has: page.getByRole('button', { name: `Revert to version ${live}`, exact: true }) });
  await revert.getByRole('checkbox').check();
  await revert.getByRole('button').click();
  await expect(page.getByRole('status')).toContainText(`Version ${live} was saved again`);
  await shop.reload();
  await expect(shop.locator('p.e2e-mark')).toHaveCount(0);
  await shopper.close();
});
