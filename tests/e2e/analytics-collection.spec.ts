// What the browser sends for analytics (issue 15, SPEC 3, 4 and 7), JavaScript on and off: page
// views (RecordHit, then one per client-side navigation), add-to-cart events, the page-speed
// record when the page is left, nothing at all on /search, and the pixel without JavaScript.
import type { BrowserContext, Request } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { ready } from './journey.js';
import { scaled } from '../support/time-scale.js';

const PRODUCT = '/shop/p/driftwood-dinner-plate';
const ANALYTICS = /\/api\/(census|events|1\/performance)\//;

const isHit = (r: Request) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/census/RecordHit';
const form = (r: Request) => new URLSearchParams(r.postData() ?? '');
const hitData = (r: Request) => JSON.parse(form(r).get('data') ?? '{}') as Record<string, unknown>;

/**
 * The crumb the first RecordHit's answer sets: while the ingest endpoints are not there (404), the
 * test sets one itself, so that the events waiting for it still go.
 */
async function ensureCrumb(context: BrowserContext, hit: Request, baseURL: string) {
  const res = await hit.response();
  if (res && (res.status() === 202 || res.status() === 204)) {
    expect((await context.cookies()).some((c) => c.name === 'crumb')).toBe(true);
    return;
  }
  await context.addCookies([{ name: 'crumb', value: 'e2e-crumb', url: baseURL }]);
}

test('page views, an add-to-cart and the page-speed record, or the pixel without JavaScript', async ({
  page,
  context,
  javaScriptEnabled: js,
  baseURL,
  site,
  extraHTTPHeaders,
}) => {
  // Four page views and a cart add: well under 15 s alone, more on a busy CI machine.
  test.setTimeout(scaled(60_000));
  if (!js) {
    const pixel = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/census/pixel');
    const sent: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && ANALYTICS.test(r.url())) sent.push(r.url());
    });
    await page.goto(PRODUCT);
    const d = JSON.parse(new URL((await pixel).url()).searchParams.get('d') ?? '{}');
    expect(d).toMatchObject({ websiteId: site.id, pageType: 50, contentSource: 'i', pagePath: PRODUCT, url: PRODUCT });
    expect(typeof d.itemId).toBe('string');
    expect(sent).toEqual([]);
    return;
  }

  // Routed, so that the beacons' bodies are visible to the test (Playwright does not show a
  // beacon's Blob body otherwise); they go on to the server unchanged.
  await page.route('**/api/1/performance/records', (route) => route.continue());
  // Every record the page posts: the buffered ones (images, accessibility) go when the page hides,
  // or on their own 30 s after the load, which a busy machine can reach first.
  type Posted = { event: string; pageLoadId: string; data: Record<string, unknown> };
  const posted: Posted[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/1/performance/records')
      posted.push(...(JSON.parse(r.postData() ?? '[]') as Posted[]));
  });
  // The first load: a page view with the page's census and the browser's fields.
  const firstHit = page.waitForRequest(isHit);
  await page.goto(PRODUCT);
  await ready(page, js);
  const hit = await firstHit;
  expect(form(hit).get('event')).toBe('view');
  expect(form(hit).has('ss_cvr')).toBe(true);
  const data = hitData(hit);
  expect(data).toMatchObject({ websiteId: site.id, pageType: 50, contentSource: 'i', recordType: 11, pagePath: PRODUCT });
  expect(data).toMatchObject({ url: `${baseURL}${PRODUCT}`, title: await page.title() });
  expect(data.userAgent).toEqual(expect.any(String));
  expect(data.clientDate).toEqual(expect.any(Number));
  expect(data.viewportInnerWidth).toBeGreaterThan(0);
  expect(data.pageLoadId).toMatch(/^[A-Za-z0-9_-]{21}$/);
  expect(data).not.toHaveProperty('referrer');
  // SPEC 3's session info: a fresh browser lands here for the first time, and begins a session.
  expect(data).toMatchObject({ isFirstLanding: true, isFirstSession: true, sessionId: expect.stringMatching(/^[A-Za-z0-9_-]{21}$/) });
  await ensureCrumb(context, hit, baseURL!);

  // Add to cart from the product page: a RecordEvent with product_page pdp and the crumb.
  // (The product page's own detail-view event goes too: the add is the one named add-to-cart.)
  const event = page.waitForRequest(
    (r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/events/RecordEvent' && form(r).get('event') === 'add-to-cart',
  );
  await page.locator('form.add-to-cart').getByLabel('Size').selectOption('10 in');
  await page.locator('form.add-to-cart').getByRole('button', { name: 'Add To Cart' }).click();
  const added = form(await event);
  expect(added.get('event')).toBe('add-to-cart');
  expect(added.get('crumb')).toBeTruthy();
  const addedData = JSON.parse(added.get('data') ?? '{}');
  expect(addedData).toMatchObject({
    website_id: site.id,
    product_page: 'pdp',
    product: { item_id: data.itemId, item_title: 'Driftwood Dinner Plate' },
  });

  // A client-side navigation: another page view, the previous page as its referrer.
  const secondHit = page.waitForRequest(isHit);
  await page.getByRole('link', { name: 'Shop', exact: true }).first().click();
  const second = hitData(await secondHit);
  expect(second).toMatchObject({ pagePath: '/shop', contentSource: 'c', referrer: `${baseURL}${PRODUCT}` });
  expect(second.pageLoadId).not.toBe(data.pageLoadId);
  // The same session, neither landing nor beginning it.
  expect(second).toMatchObject({ isFirstLanding: false, isFirstSession: false, sessionId: data.sessionId });

  // The page hides (another tab, the window minimised; leaving it fires pagehide, whose beacon
  // Playwright cannot see once the page is gone): its one page-speed record goes, for the page
  // that loaded, with its LCP.
  const records = page.waitForRequest(
    (r) =>
      r.method() === 'POST' && new URL(r.url()).pathname === '/api/1/performance/records' && (r.postData() ?? '').includes('"page-speed"'),
  );
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  const sent = JSON.parse((await records).postData() ?? '[]') as Posted[];
  // The beacon too comes from the journey's own address (tests/e2e/fixtures.ts).
  expect((await (await records).allHeaders())['x-forwarded-for']).toBe(extraHTTPHeaders!['X-Forwarded-For']);
  const speed = sent.find((r) => r.event === 'page-speed')!;
  expect(speed.pageLoadId).toBe(data.pageLoadId);
  expect(speed.data).toMatchObject({ pathname: PRODUCT, version: '4.9.4' });
  expect(['beacon', 'xhr']).toContain(speed.data.deliveryType);
  const timings = speed.data.timings as Record<string, number>;
  expect(timings.largestContentfulPaint).toBeGreaterThan(0);
  expect(timings.domComplete).toBeGreaterThan(0);
  expect((speed.data.ratings as Record<string, string>).lcp).toMatch(/^(good|needs-improvement|poor)$/);
  // The buffered records went too (along with it, unless 30 s had passed): the page's images and its accessibility, once.
  expect(posted.filter((r) => r.event === 'accessibility')).toHaveLength(1);
  expect(posted.some((r) => r.event === 'image' && r.data.pathname === PRODUCT)).toBe(true);
});

test('/search and a missing page send nothing', async ({ page, javaScriptEnabled: js }) => {
  test.setTimeout(scaled(60_000));
  const sent: string[] = [];
  page.on('request', (r) => {
    // The collector itself is not even loaded on a page that records nothing.
    if (ANALYTICS.test(r.url()) || /\/assets\/collector-/.test(r.url())) sent.push(r.url());
  });
  await page.goto('/search?q=mug');
  await ready(page, js);
  expect(await page.locator('noscript img').count()).toBe(0);
  await page.goto('/no-such-page');
  await ready(page, js);
  expect(await page.locator('noscript img').count()).toBe(0);
  await page.waitForTimeout(300);
  expect(sent).toEqual([]);
});
