// The visitor events of SPEC 7 from the browser (issue 30), JavaScript on: product page, add to
// cart, cart page, remove each send their RecordEvent for a visitor holding the census cookie
// (ss_cvr), and none go for a visitor without it. Without JavaScript the server records them
// (tests/http/analytics-ingest.test.ts).
import { expect, test, type Page, type Request } from '@playwright/test';
import { ready } from './journey.js';

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
  await expect(form.locator('button[data-add-button]')).toHaveText('Added!');

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

test('product, add, cart and remove send their visitor events with the census cookie', async ({ page, context }) => {
  test.setTimeout(60_000);
  const sent = await walk(page, true);
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
  // Every event was taken: the server answered 202 to each.
  for (const r of [sent.detail!, sent.added!, sent.viewCart!, sent.related!, sent.removed!])
    expect((await r.response())?.status()).toBe(202);
});

test('no visitor event goes without the census cookie', async ({ page }) => {
  test.setTimeout(60_000);
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
