// Issue 15's "Done when": a shopper browses with JavaScript on, and the owner then finds that
// visit, its add-to-cart and the product page's LCP on the analytics dashboards. JavaScript only
// (the collector is a script; the pixel without it is covered by analytics-collection.spec.ts).
// Other specs browse the same server at the same time, so the figures are compared with the ones
// read before the journey (they may grow by more than this journey's share), and the product is
// one no other spec opens.
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { ready } from './journey.js';
import { scaled } from '../support/time-scale.js';

const PRODUCT = '/shop/p/pebble-bud-vase';

/** The row of `table` whose header cell reads `name`. */
function row(table: Locator, name: string): Locator {
  return table.getByRole('row').filter({ has: table.page().getByRole('rowheader', { name, exact: true }) });
}

/** The first figure of a row (the "This period" or "Count" column), commas and all. */
async function count(table: Locator, name: string): Promise<number> {
  const text = (await row(table, name).getByRole('cell').first().textContent()) ?? '';
  const n = Number(text.replace(/[^\d]/g, ''));
  expect(text, `${name}: a number`).toMatch(/\d/);
  return n;
}

interface Figures {
  visits: number;
  addToCart: number;
}

async function figures(page: Page): Promise<Figures> {
  await page.goto('/config/analytics');
  const totals = page.getByRole('table', { name: 'Totals for the period' });
  await expect(totals).toBeVisible();
  return { visits: await count(totals, 'Visits'), addToCart: await count(page.locator('#funnel'), 'Add to cart') };
}

test('a shopper browses with JavaScript on, and the owner finds the visit, the add-to-cart and the LCP on the dashboards', async ({
  page: owner,
  browser,
  site,
}) => {
  // Two browsers and six screens: about 10 s alone, more beside the other worker on 2 cores.
  test.setTimeout(scaled(60_000));
  await site.signIn(owner);
  const before = await figures(owner);

  // The shopper: a browser of its own, never signed in, JavaScript on.
  const shopperContext = await browser.newContext({ javaScriptEnabled: true });
  try {
    const shop = await shopperContext.newPage();
    const hits: string[] = [];
    shop.on('response', (r) => {
      if (new URL(r.url()).pathname === '/api/census/RecordHit' && r.ok()) hits.push(r.url());
    });
    await shop.goto('/');
    await ready(shop);
    await expect.poll(() => hits.length, { message: 'the home page view was recorded' }).toBeGreaterThanOrEqual(1);

    // The product page as a document load of its own, so that its page-speed record names it.
    await shop.goto(PRODUCT);
    await ready(shop);
    await expect.poll(() => hits.length, { message: 'the product page view was recorded' }).toBeGreaterThanOrEqual(2);
    const added = shop.waitForResponse(
      (r) =>
        new URL(r.url()).pathname === '/api/events/RecordEvent' &&
        r.request().method() === 'POST' &&
        new URLSearchParams(r.request().postData() ?? '').get('event') === 'add-to-cart',
    );
    const form = shop.locator('form.add-to-cart');
    await form.getByLabel('Color').selectOption('Chalk');
    await form.getByRole('button', { name: 'Add To Cart' }).click();
    expect((await added).ok(), 'the add-to-cart event was accepted').toBe(true);

    // Leaving the page for another document hides it: the browser sends its page-speed record as
    // it goes (a beacon the server receives though the page is gone; the dashboard shows it below).
    await shop.goto('/shop');
    await ready(shop);
  } finally {
    await shopperContext.close();
  }

  // The owner reloads until the ingest queue (flushed every second) has written it all.
  await expect(async () => {
    const after = await figures(owner);
    expect(after.visits, 'Visits').toBeGreaterThan(before.visits);
    expect(after.addToCart, 'Add to cart').toBeGreaterThan(before.addToCart);
  }).toPass({ timeout: scaled(15_000), intervals: [250, 500, 1000] });

  // The product page's row on the page-speed dashboard: its LCP at p75, in ms, rated in words.
  await expect(async () => {
    await owner.goto('/config/analytics/performance');
    const pages = owner.locator('#vitals-pages');
    await expect(row(pages, PRODUCT)).toHaveCount(1, { timeout: scaled(1000) });
    const headers = await pages.getByRole('columnheader').allTextContents();
    const lcp = headers.findIndex((h) => h.trim() === 'LCP p75');
    expect(lcp, 'an "LCP p75" column').toBeGreaterThan(0);
    // The row header is the first cell of the row; the data cells follow it. The previous period's
    // figure may follow in brackets.
    const cell = row(pages, PRODUCT)
      .getByRole('cell')
      .nth(lcp - 1);
    await expect(cell).toHaveText(/^[\d,]+ ms (Good|Needs improvement|Poor)( \(before: .*\))?$/, { timeout: scaled(1000) });
  }).toPass({ timeout: scaled(15_000), intervals: [250, 500, 1000] });
});
