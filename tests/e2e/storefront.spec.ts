// The shopper's journeys through the demo store, run by both projects: JavaScript on (enhanced
// navigation, the variant island) and JavaScript off (plain links and forms). Each step asserts what the shopper
// sees, the URL and, where it matters, the HTTP status and the head tags.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { ready } from './journey.js';

/** With JavaScript on, clicks before hydration would fall through to native navigation. */
/** Marks the current document: the mark survives client-side navigation, not a full page load. */
async function markDocument(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
  });
}

async function stillSameDocument(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);
}

async function jsonLd(page: Page): Promise<Record<string, unknown>[]> {
  const texts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return texts.map((t) => JSON.parse(t));
}

test('home -> listing -> product -> variant -> search -> missing page', async ({ page, site, javaScriptEnabled }) => {
  const SITE = site.title;
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    // The 404 document load is reported by the browser itself; anything else is ours.
    if (m.type() === 'error' && !/status of 404/.test(m.text())) problems.push(`console: ${m.text()}`);
  });

  // Home
  const home = await page.goto('/');
  expect(home?.status()).toBe(200);
  // The home page's title is the starting theme's, not the site's name.
  await expect(page).toHaveTitle(/^Saltgrass Studio: /);
  await expect(page.getByRole('heading', { level: 1, name: 'Made slowly, by the sea' })).toBeVisible();
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /workshop/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  await ready(page, javaScriptEnabled);
  if (javaScriptEnabled) await markDocument(page);
  // Without JavaScript nothing hydrates: the pages below work on HTML alone.
  else await expect(page.locator('html[data-hydrated]')).toHaveCount(0);

  // Listing, through the main navigation
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Shop' }).click();
  await expect(page).toHaveURL(/\/shop$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Shop' })).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(`^Shop\\b.* — ${SITE}$`));
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Shop' })).toHaveAttribute('aria-current', 'page');
  expect(await page.locator('.grid .card').count()).toBeGreaterThanOrEqual(6);
  expect(await jsonLd(page)).toEqual([]);

  // Product
  await page.locator('.card').filter({ hasText: 'Driftwood Dinner Plate' }).getByRole('link').click();
  await expect(page).toHaveURL(/\/shop\/p\/driftwood-dinner-plate$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Driftwood Dinner Plate' })).toBeVisible();
  await expect(page).toHaveTitle(`Driftwood Dinner Plate — ${SITE}`);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/shop\/p\/driftwood-dinner-plate$/);
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'product');
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /^https?:\/\/.+/);
  await expect(page.locator('[data-purchase-message]')).toHaveText('Please select the Size option.');
  const [ld] = await jsonLd(page);
  expect(ld).toMatchObject({ '@context': 'https://schema.org', '@type': 'Product', name: 'Driftwood Dinner Plate' });
  const offers = ld.offers as Array<{ price: string; priceCurrency: string }>;
  expect(offers.map((o) => o.price)).toEqual(['28.00', '34.00', '38.00']);
  expect(offers.every((o) => o.priceCurrency === 'USD')).toBe(true);

  // Choose a variant: with JavaScript the price line shows it at once; without, the optional
  // "Show price and stock" button (a GET view: the option in the URL) does (buying needs neither).
  await page.getByLabel('Size').selectOption('10 in');
  if (!javaScriptEnabled) {
    await page.getByRole('button', { name: 'Show price and stock' }).click();
    await expect(page).toHaveURL(/\?Size=10\+in$/);
  }
  await expect(page.locator('[data-price-chosen] .price-now')).toHaveText('$34.00');
  await expect(page.locator('.variant-summary')).toHaveAttribute('data-sku', /.+/);
  await expect(page.getByLabel('Size')).toHaveValue('10 in');
  await expect(page.getByRole('button', { name: 'Add To Cart' })).toBeEnabled();
  const firstSku = await page.locator('.variant-summary').getAttribute('data-sku');

  await page.getByLabel('Size').selectOption('11 in');
  if (!javaScriptEnabled) {
    await page.getByRole('button', { name: 'Show price and stock' }).click();
    await expect(page).toHaveURL(/\?Size=11\+in$/);
  }
  await expect(page.locator('[data-price-chosen] .price-now')).toHaveText('$38.00');
  await expect(page.locator('.variant-summary')).not.toHaveAttribute('data-sku', firstSku!);

  // Search, from the header
  await page.locator('.site-header').getByRole('link', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/search$/);
  await page.getByRole('searchbox').fill('mug');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/search\?q=mug$/);
  await expect(page).toHaveTitle(`Search: mug — ${SITE}`);
  await expect(page.locator('.result-title').filter({ hasText: 'Tide Pool Mug' })).toBeVisible();
  await expect(page.locator('.result-count')).toHaveText(/^\d+ results? for “mug”$/);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');

  await page.getByRole('searchbox').fill('zzqxv');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/search\?q=zzqxv$/);
  await expect(page.getByText('No results found')).toBeVisible();
  await expect(page.locator('.result-title')).toHaveCount(0);

  // With JavaScript every step above ran in the first document; without it, each was a page load.
  if (javaScriptEnabled) expect(await stillSameDocument(page)).toBe(true);

  // A missing page: the theme's not-found page with a real 404
  const missing = await page.goto('/no-such-page');
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page.getByText('/no-such-page')).toBeVisible();
  await expect(page).toHaveTitle(`Page not found — ${SITE}`);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await expect(page.locator('link[rel="canonical"]')).toHaveCount(0);
  // The layout is still there around it.
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();

  expect(problems).toEqual([]);
});

test('a sold-out variant says so and cannot be added', async ({ page, javaScriptEnabled }) => {
  const res = await page.goto('/shop/p/tide-pool-mug');
  expect(res?.status()).toBe(200);
  await ready(page, javaScriptEnabled);
  await expect(page.getByLabel('Color').locator('option', { hasText: 'Ink (sold out)' })).toHaveCount(1);
  await page.getByLabel('Color').selectOption('Ink');
  if (!javaScriptEnabled) {
    await page.getByRole('button', { name: 'Show price and stock' }).click();
    await expect(page).toHaveURL(/\?Color=Ink$/);
  }
  await expect(page.locator('.variant-summary .stock')).toHaveText('Sold out');
  await expect(page.getByRole('button', { name: 'Sold Out' })).toBeDisabled();

  await page.getByLabel('Color').selectOption('Sand');
  if (!javaScriptEnabled) {
    await page.getByRole('button', { name: 'Show price and stock' }).click();
    await expect(page).toHaveURL(/\?Color=Sand$/);
  }
  await expect(page.locator('.variant-summary .stock')).toHaveText('Only 2 left');
  await expect(page.getByRole('button', { name: 'Add To Cart' })).toBeEnabled();
});

test('listing pages link to each other', async ({ page, site, javaScriptEnabled }) => {
  const SITE = site.title;
  await page.goto('/shop');
  await ready(page, javaScriptEnabled);
  const first = await page.locator('.card-title').allTextContents();
  await page.getByRole('link', { name: 'Next →' }).click();
  await expect(page).toHaveURL(/\/shop\?page=2$/);
  await expect(page.locator('.result-count')).toContainText('page 2 of');
  await expect(page).toHaveTitle(new RegExp(`^Shop\\b.* \\(page 2\\) — ${SITE}$`));
  const second = await page.locator('.card-title').allTextContents();
  expect(second.length).toBeGreaterThan(0);
  expect(second.filter((t) => first.includes(t))).toEqual([]);
  await page.getByRole('link', { name: '← Previous' }).click();
  await expect(page).toHaveURL(/\/shop$/);

  // A page number past the end, or not a number, is a missing page.
  expect((await page.goto('/shop?page=999'))?.status()).toBe(404);
  expect((await page.goto('/shop?page=abc'))?.status()).toBe(404);
});

test('search input that is too long gets a clear error and keeps the words', async ({ page }) => {
  const words = 'linen '.repeat(50);
  const res = await page.goto(`/search?q=${encodeURIComponent(words)}`);
  expect(res?.status()).toBe(400);
  await expect(page.getByRole('alert')).toHaveText('Search terms can be at most 200 characters long.');
  await expect(page.getByRole('searchbox')).toHaveValue(words.trim().slice(0, 200));
});

test('pages are cacheable and revalidate with ETag (304)', async ({ request }) => {
  for (const path of ['/', '/shop', '/shop/p/driftwood-dinner-plate', '/search?q=linen']) {
    // On the worker's own site nothing changes the page between the two requests (fixtures.ts).
    const first = await request.get(path);
    expect(first.status(), path).toBe(200);
    expect(first.headers()['cache-control'], path).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=300');
    const etag = first.headers()['etag'];
    expect(etag, path).toMatch(/^"[A-Za-z0-9_-]+"$/);
    const again = await request.get(path, { headers: { 'If-None-Match': etag } });
    expect(again.status(), path).toBe(304);
    expect(again.headers()['etag'], path).toBe(etag);
    expect(await again.text(), path).toBe('');
    const changed = await request.get(path, { headers: { 'If-None-Match': '"something-else"' } });
    expect(changed.status(), path).toBe(200);
  }
  const missing = await request.get('/no-such-page');
  expect(missing.status()).toBe(404);
  expect(missing.headers()['etag']).toBeUndefined();
});
