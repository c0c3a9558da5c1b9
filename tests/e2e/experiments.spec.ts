// Experiments (issue 16), JavaScript on and off: the owner creates an experiment on /config/experiments
// and starts it, a visitor gets one variant and keeps it over several page loads (and the page still
// hydrates on a reload), adds to cart, and the owner's analytics dashboard shows the conversion in
// that variant; with JavaScript the theme editor's preview shows the variant the owner picks. Both
// owner screens pass axe. On a site of its own (tests/e2e/fixtures.ts, ownSite).
import type { Page } from '@playwright/test';
import { violations } from './axe.js';
import { expect, test } from './fixtures.js';
import { ready } from './journey.js';
import { scaled } from '../support/time-scale.js';

const PRODUCT = '/shop/p/driftwood-dinner-plate?Size=10+in';
// The product template prints the visitor's entries (SPEC 3's name and variant) ahead of the page.
const ENTRIES = '<p id="exp-entries">{.repeated section experimentEntries}<span data-exp="{name}">{variant}</span>{.end}</p>';

/** Set-up, not the journey: the product template reads the entries (saved and published once). */
async function productTemplateReadsEntries(page: Page, baseURL: string) {
  const preview = (await (await page.request.get('/config/theme/preview?page=product')).json()) as {
    sources: { pages: Record<string, string> };
  };
  if (preview.sources.pages.product.includes('exp-entries')) return;
  const headers = { Origin: baseURL };
  const saved = await page.request.post('/config/theme/edit/product', {
    form: { intent: 'save', source: ENTRIES + preview.sources.pages.product, note: 'experiments e2e' },
    headers,
    maxRedirects: 0,
  });
  const version = /\?saved=(\d+)$/.exec(saved.headers()['location'] ?? '')?.[1];
  expect(version).toBeTruthy();
  const published = await page.request.post('/config/theme', { form: { intent: 'publish', version: version! }, headers, maxRedirects: 0 });
  expect(published.status()).toBeLessThan(400);
}

// A running experiment makes the pages that read it private and adds to them: on a shared site it
// would change what the other journeys see.
test.use({ ownSite: 'experiments' });

test('the owner starts an experiment, a visitor keeps one variant and converts, the dashboard shows it', async ({
  page,
  browser,
  baseURL,
  site,
  javaScriptEnabled: js,
}) => {
  test.setTimeout(scaled(90_000));
  const name = js ? 'hero_js' : 'hero_nojs';
  await site.signIn(page);
  // The visitor's context has no baseURL: the site's own address.
  const shopUrl = (path: string) => `${baseURL}${path}`;
  await productTemplateReadsEntries(page, baseURL!);

  // The owner creates the experiment (a and b, 50 each by default) and starts it.
  await page.goto('/config/experiments');
  await ready(page, js);
  await page.getByLabel('Name', { exact: true }).fill(name);
  await expect(page.getByLabel('Variant 1 name')).toHaveValue('a');
  await expect(page.getByLabel('Variant 2 weight')).toHaveValue('50');
  await page.getByRole('button', { name: 'Create experiment' }).click();
  await expect(page.getByText(`Experiment ${name} created.`)).toBeVisible();
  await page.getByRole('button', { name: `Start ${name}`, exact: true }).click();
  await expect(page.getByText(`Experiment ${name} started.`)).toBeVisible();
  await expect(page.getByRole('button', { name: `Stop ${name}`, exact: true })).toBeVisible();
  expect(await violations(page, js)).toEqual([]);

  // With JavaScript the theme editor's live preview shows the variant the owner picks.
  if (js) {
    await page.goto('/config/theme/edit/product');
    const frame = page.frameLocator('iframe[title="Preview of the page"]');
    await expect(frame.locator(`[data-exp="${name}"]`)).toHaveText('a');
    await page.getByLabel(`Experiment ${name}`).selectOption('b');
    await expect(frame.locator(`[data-exp="${name}"]`)).toHaveText('b');
  }

  // A visitor: one variant, the same on every load.
  const visitor = await browser.newContext({ javaScriptEnabled: js });
  const shopper = await visitor.newPage();
  await shopper.goto(shopUrl(PRODUCT));
  await ready(shopper, js);
  const variant = (await shopper.locator(`[data-exp="${name}"]`).textContent())?.trim() ?? '';
  expect(['a', 'b']).toContain(variant);
  for (let i = 0; i < 3; i++) {
    await shopper.reload();
    await ready(shopper, js);
    await expect(shopper.locator(`[data-exp="${name}"]`)).toHaveText(variant);
  }
  // ...who adds to cart (the collector's event with JavaScript, the server's record without).
  const event = js
    ? shopper.waitForResponse(
        (r) => new URL(r.url()).pathname === '/api/events/RecordEvent' && /event=add-to-cart/.test(r.request().postData() ?? ''),
      )
    : null;
  await shopper.locator('form.add-to-cart').getByRole('button', { name: 'Add To Cart' }).click();
  // With JavaScript: the pill counts it (the popover lasts only 3 s), and the event is answered
  // before the context closes, which would cut it off and leave the dashboard without it.
  if (js) await expect(shopper.locator('[data-cart-pill]')).toHaveAttribute('aria-label', '1 item in cart');
  else await expect(shopper.getByRole('status')).toHaveText(/added to your cart\./);
  if (event) expect((await event).status()).toBe(202);
  await visitor.close();

  // The dashboard of the journey's site: that variant has the visitor, converted.
  const row = page.locator(`#experiment-${name} tr[data-variant="${variant}"]`);
  let cells: string[] = [];
  await expect
    .poll(
      async () => {
        await page.goto('/config/analytics/experiments?range=7');
        cells = (await row.locator('td').allTextContents()).slice(0, 3);
        return Number(cells[1] ?? 0);
      },
      { timeout: scaled(20_000) },
    )
    .toBe(1);
  expect(cells.slice(0, 3)).toEqual(['1', '1', '100%']);
  await expect(page.getByRole('table', { name: `Conversion by variant of ${name}` })).toBeVisible();
  expect(await violations(page, js)).toEqual([]);
});
