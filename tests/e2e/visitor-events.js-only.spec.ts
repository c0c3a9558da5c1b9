// The visitor events of SPEC 7 from the browser (issue 30), JavaScript on: product page, add to
// cart, cart page, remove, a related product added and followed, the purchase and a newsletter
// subscribe each send their RecordEvent for a visitor holding the census cookie (ss_cvr), with the
// page load's session info, and none go for a visitor without it. A listing visit is an event once
// the owner turns the visitor-metrics beta on (on a site of its own: the demo's listings stay as they are). Without JavaScript the server
// records them (tests/http/analytics-ingest.test.ts).
import type { Page, Request } from '@playwright/test';
import { violations } from './axe.js';
import { demoTest as test, expect, test as siteTest } from './fixtures.js';
import { placeOrder, ready } from './journey.js';
import { scaled } from '../support/time-scale.js';

const PRODUCT = '/shop/p/driftwood-dinner-plate';

const isEvent = (r: Request) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/events/RecordEvent';
const fields = (r: Request) => new URLSearchParams(r.postData() ?? '');
const eventNamed = (name: string) => (r: Request) => isEvent(r) && fields(r).get('event') === name;
const dataOf = (r: Request) => JSON.parse(fields(r).get('data') ?? '{}') as Record<string, unknown>;

/** Product page, add the 10 in plate, the cart page, remove it: the events each step waits for when `expected`. */
async function walk(page: Page, expected: boolean) {
  const wait = (name: string) => (expected ? page.waitForRequest(eventNamed(name)) : Promise.resolve(null));
  const detail = wait('detail-view');
  await page.goto(PRODUCT);
  await ready(page);
  const form = page.locator('form.add-to-cart');
  await form.getByLabel('Size').selectOption('10 in');
  const added = wait('add-to-cart');
  await form.getByRole('button', { name: 'Add To Cart' }).click();
  // Added (the pill counts it: "Added!" lasts only 2 s), and its event answered before page.goto
  // leaves the page, which would cut the request off (as it did the purchase's, CI stop 38).
  await expect(page.locator('[data-cart-pill]')).toHaveAttribute('aria-label', '1 item in cart');
  await (await added)?.response();
  await (await detail)?.response();

  const viewCart = wait('view-cart');
  const related = wait('related-product-display');
  await page.goto('/cart');
  await ready(page);
  await expect(page.getByRole('heading', { name: 'Customers also bought' })).toBeVisible();
  const removed = wait('remove-from-cart');
  const post = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/cart');
  await page.getByRole('button', { name: 'Remove Driftwood Dinner Plate' }).click();
  await expect(page.getByText('You have nothing in your shopping cart.')).toBeVisible();
  return {
    detail: await detail,
    added: await added,
    viewCart: await viewCart,
    related: await related,
    removed: await removed,
    post: await post,
  };
}

test('product, add, cart, remove, related products, purchase and subscribe send their visitor events with the census cookie', async ({
  page,
  context,
  extraHTTPHeaders,
}) => {
  test.setTimeout(scaled(90_000));
  const sent = await walk(page, true);
  // From this journey's own address (fixtures.ts), the page's fetch too: the demo store's limits
  // (8 form posts a minute, 300 analytics requests in 30 s) are not shared with other journeys.
  expect((await sent.detail!.allHeaders())['x-forwarded-for']).toBe(extraHTTPHeaders!['X-Forwarded-For']);
  // Answered before page.goto('/checkout') below leaves the cart page, which would cut them off.
  for (const r of [sent.viewCart!, sent.related!, sent.removed!]) await r.response();
  expect((await context.cookies()).some((c) => c.name === 'ss_cvr')).toBe(true);
  const detail = dataOf(sent.detail!);
  expect(detail).toMatchObject({ website_id: 'saltgrass', item_id: expect.any(String) });
  expect(fields(sent.detail!).get('crumb')).toBeTruthy();
  expect(dataOf(sent.added!)).toMatchObject({ product_page: 'pdp', product: { item_id: detail.item_id } });
  expect(dataOf(sent.viewCart!)).toMatchObject({ website_id: 'saltgrass', quantity: 1 });
  expect((dataOf(sent.related!).item_ids as string[]).length).toBeGreaterThan(0);
  expect(dataOf(sent.removed!)).toMatchObject({ entry_id: expect.any(String) });
  // The remove's form says the collector recorded it, so the server does not record it again.
  expect(fields(sent.post).get('_events')).toBe('js');
  // The session info of the page each was sent from: the first page began the session, the cart's did not.
  const sessionId = dataOf(sent.detail!).sessionId;
  expect(sessionId).toEqual(expect.any(String));
  expect(dataOf(sent.added!)).toMatchObject({ sessionId, isFirstSession: true, isFirstLanding: true });
  expect(dataOf(sent.viewCart!)).toMatchObject({ sessionId, isFirstSession: false, isFirstLanding: false });

  // A related product ("customers also bought") added from the cart page.
  const mug = page.locator('.also-bought .card').filter({ hasText: 'Tide Pool Mug' });
  const mugId = await mug.locator('form[data-item-id]').getAttribute('data-item-id');
  const relatedAdd = page.waitForRequest(eventNamed('related-product-add'));
  await mug.getByLabel('Option for Tide Pool Mug').selectOption({ label: 'Sea Glass' });
  await mug.getByRole('button', { name: 'Add To Cart' }).click();
  expect(dataOf(await relatedAdd)).toMatchObject({ list_id: 'cart', item_id: mugId });
  // Answered before the card link below leaves the page (which would cut it off).
  expect((await (await relatedAdd).response())?.status()).toBe(202);
  await expect(page.locator('.cart-entry').filter({ hasText: 'Tide Pool Mug' })).toBeVisible();
  // ...and another one followed.
  const other = page.locator('.also-bought .card').filter({ hasNotText: 'Tide Pool Mug' }).first();
  const otherId = await other.locator('form[data-item-id]').getAttribute('data-item-id');
  const relatedClick = page.waitForRequest(eventNamed('related-product-click'));
  await other.locator('a.card-link').click();
  expect(dataOf(await relatedClick)).toMatchObject({ list_id: 'cart', item_id: otherId });

  // The purchase, sent from the order confirmed page.
  await page.goto('/checkout');
  await ready(page);
  await page.getByLabel('Email').fill('events@example.com');
  await page.getByLabel('Country').selectOption({ label: 'United States' });
  await page.getByLabel('Full name').fill('Ada Lovelace');
  await page.getByRole('textbox', { name: 'Address', exact: true }).fill('1 Main St');
  await page.getByLabel('City').fill('Buffalo');
  await page.getByLabel('State / Province / Region').fill('New York');
  await page.getByLabel('ZIP / Postal code').fill('14201');
  const purchase = page.waitForRequest(eventNamed('purchase'));
  await placeOrder(page, true);
  await expect(page).toHaveURL(/\/order-confirmed\/[\w-]+$/);
  const bought = dataOf(await purchase);
  expect(bought).toMatchObject({ currency: 'USD', items: [{ sku: expect.any(String), quantity: 1, price_cents: 3400 }], sessionId });
  expect(page.url()).toContain(String(bought.order_id));
  // Its answer before the next page.goto, which would cut the request off (CI stop 38).
  expect((await (await purchase).response())?.status()).toBe(202);

  // A newsletter subscribe: the Contact form sent with its newsletter box ticked.
  await page.goto('/contact');
  await ready(page);
  await page.getByLabel('First Name').fill('Ada');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(`events-${Date.now()}@example.com`);
  await page.getByRole('textbox', { name: 'Message', exact: true }).fill('Hello');
  await page.getByLabel('Join our newsletter').check();
  const formId = await page.locator('form[data-form-id]').getAttribute('data-form-id');
  const subscribed = page.waitForRequest(eventNamed('newsletter-subscribe'));
  await page.getByRole('button', { name: 'Send' }).click();
  expect(dataOf(await subscribed)).toMatchObject({ website_id: 'saltgrass', list_id: formId });

  // Every event was taken: the server answered 202 to each.
  for (const r of [sent.detail!, sent.added!, sent.viewCart!, sent.related!, sent.removed!, await relatedAdd, await purchase])
    expect((await r.response())?.status()).toBe(202);
});

test('no visitor event goes without the census cookie', async ({ page }) => {
  test.setTimeout(scaled(60_000));
  // The page view is answered with the crumb only: this visitor holds no census cookie.
  await page.route('**/api/census/RecordHit', (route) =>
    route.fulfill({ status: 202, contentType: 'application/json', body: '{}', headers: { 'Set-Cookie': 'crumb=e2e-crumb-0001; Path=/' } }),
  );
  const events: string[] = [];
  const hits: string[] = [];
  page.on('request', (r) => {
    if (isEvent(r)) events.push(fields(r).get('event') ?? '');
    if (new URL(r.url()).pathname === '/api/census/RecordHit') hits.push(r.url());
  });
  await walk(page, false);
  // The collector ran (a page view per page) and sent no event.
  expect(hits.length).toBeGreaterThanOrEqual(2);
  expect(events).toEqual([]);
});

siteTest.describe('on a site of its own (the demo’s listings stay as they are)', () => {
  siteTest.use({ ownSite: 'listing-views' });

  siteTest(
    'with the visitor-metrics beta on, a listing page sends its listing view',
    async ({ page, browser, baseURL, site, extraHTTPHeaders }) => {
      siteTest.setTimeout(60_000);
      await site.signIn(page);
      await page.goto('/config/analytics/settings');
      await ready(page);
      await page.getByLabel('Count visits to product listings (visitor metrics beta)').check();
      await page.getByRole('button', { name: 'Save analytics settings' }).click();
      await expect(page.getByText('Analytics settings saved.')).toBeVisible();
      await expect(page.getByLabel('Count visits to product listings (visitor metrics beta)')).toBeChecked();
      expect(await violations(page, true)).toEqual([]);

      // A visitor, not the signed-in owner (whose visits are not counted); their context has no baseURL.
      const visitor = await (await browser.newContext()).newPage();
      const listing = visitor.waitForRequest(eventNamed('listing-view'));
      await visitor.goto(`${baseURL}/shop`);
      await ready(visitor);
      const shown = await visitor
        .locator('form[data-add-to-cart][data-item-id]')
        .evaluateAll((forms) => forms.map((f) => (f as HTMLElement).dataset.itemId));
      const data = dataOf(await listing);
      // A context made here comes from the journey's address too (Playwright gives it the test's options).
      expect((await (await listing).allHeaders())['x-forwarded-for']).toBe(extraHTTPHeaders!['X-Forwarded-For']);
      expect(data).toMatchObject({ list_id: expect.any(String), sessionId: expect.any(String) });
      expect(data.item_ids).toEqual(shown);
      expect(shown.length).toBeGreaterThan(0);
      await visitor.context().close();
    },
  );
});
