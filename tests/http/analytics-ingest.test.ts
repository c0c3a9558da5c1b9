// The analytics ingest endpoints through the built server (issue 15): page views with the visitor
// cookies (formats, a new visit after 30 minutes, the crumb), the pages and people never recorded
// (204), the no-JavaScript pixel, events behind the crumb, the census calls, performance records as
// text/plain, JavaScript errors behind X-CSRF-Token, and the 400/403/405/415 refusals. Issue 28:
// a flooding client is cut off with 429 (by its cookie, and by its address without one) while others
// go on; a request keeps at most 50 image records; a site's daily quota stops storing, and its owner
// sees the count. Issue 30: a hit's session info (isFirstLanding, isFirstSession, sessionId) is kept
// with the page view, and an event's with the event; the visitor events of SPEC 7 are checked by shape (400 on bad data), taken only
// from a visitor holding the census cookie (ss_cvr), and a no-JavaScript remove and purchase are
// recorded by the server under the same rule.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Visitor } from './support/client.js';
import { OwnStore } from './support/own-store.js';
import { adminVisitor, visitorWithRole } from './support/owner.js';
import { NEW_YORK } from './support/checkout.js';
import { scaled } from '../support/time-scale.js';

const hit = (over: Record<string, unknown> = {}) => ({
  websiteId: 'ignored',
  pageType: 1,
  url: 'http://shop.test/shop',
  pagePath: '/shop',
  title: 'Shop',
  viewportInnerWidth: 390,
  referrer: 'https://www.search.example/?q=mugs',
  pageLoadId: 'pl-1',
  clientDate: 1700000000000,
  ...over,
});

const recordHit = (v: Visitor, data: unknown = hit(), ssCvr = '') =>
  v.postForm('/api/census/RecordHit', { event: 'view', data: JSON.stringify(data), ss_cvr: ssCvr });

const setCookies = (res: Response) => res.headers.getSetCookie();
const cookieLine = (res: Response, name: string) => setCookies(res).find((l) => l.startsWith(`${name}=`));

describe('POST /api/census/RecordHit', () => {
  it('records a page view with 202 {} and sets the visitor, session, analytics id and crumb cookies', async () => {
    const v = new Visitor();
    const res = await recordHit(v);
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({});
    expect(cookieLine(res, 'ss_cvr')).toMatch(
      /^ss_cvr=[A-Za-z0-9_-]{21}%7C(\d{13})%7C\1%7C\1%7C1; Path=\/; Max-Age=63072000; SameSite=Lax$/,
    );
    expect(cookieLine(res, 'ss_cvt')).toMatch(/^ss_cvt=\d{13}; Path=\/; Max-Age=1800; SameSite=Lax$/);
    expect(cookieLine(res, 'ss_cid')).toMatch(/^ss_cid=[A-Za-z0-9_-]{21}; Path=\/; Max-Age=33696000; SameSite=Lax$/);
    expect(cookieLine(res, 'crumb')).toMatch(/^crumb=[A-Za-z0-9_-]{21}; Path=\/; SameSite=Lax$/);
    expect(setCookies(res).join()).not.toMatch(/HttpOnly/i);
  });

  it("takes a hit that carries exactly SPEC 3's census fields (no pageType: the server reads it off the page)", async () => {
    const v = new Visitor();
    const census: Record<string, unknown> = hit({
      templateId: 't1',
      website_locale: 'en-US',
      userAgent: 'Mozilla/5.0',
      screenWidth: 1280,
      screenHeight: 800,
      viewportInnerHeight: 700,
      itemId: 'item-1',
      recordType: 11,
      collectionId: 'c1',
      pageId: 'p1',
      pageTitle: 'Mug',
      contentSource: 'i',
      pagePermissionTypeValue: 1,
      visitorCookie: '',
    });
    delete census.pageType;
    const res = await recordHit(v, census);
    expect(res.status).toBe(202);
    expect(cookieLine(res, 'ss_cvr')).toBeDefined();
  });

  it('keeps the visit within 30 minutes, and counts a new one after', async () => {
    const v = new Visitor();
    await recordHit(v);
    const id = decodeURIComponent(v.cookies.get('ss_cvr')!).split('|')[0];
    const crumb = v.cookies.get('crumb');
    const again = await recordHit(v);
    expect(again.status).toBe(202);
    expect(decodeURIComponent(v.cookies.get('ss_cvr')!).split('|')[4]).toBe('1');
    expect(cookieLine(again, 'crumb')).toBeUndefined();
    expect(v.cookies.get('crumb')).toBe(crumb);
    // The session cookie of a hit 31 minutes ago: this hit begins visit 2 of the same visitor.
    v.cookies.set('ss_cvt', String(Date.now() - 31 * 60_000));
    await recordHit(v);
    const parts = decodeURIComponent(v.cookies.get('ss_cvr')!).split('|');
    expect(parts[0]).toBe(id);
    expect(parts[4]).toBe('2');
  });

  it('replaces an ss_cvr that breaks the SPEC 5 rule, and takes the form field when there is no cookie', async () => {
    const bad = new Visitor();
    bad.cookies.set('ss_cvr', 'abc|1|2|x|4');
    await recordHit(bad);
    expect(decodeURIComponent(bad.cookies.get('ss_cvr')!)).toMatch(/^[A-Za-z0-9_-]{21}\|\d+\|\d+\|\d+\|1$/);
    const fromForm = new Visitor();
    await recordHit(fromForm, hit(), 'known-visitor|1600000000000|1600000000000|1600000000000|7');
    expect(decodeURIComponent(fromForm.cookies.get('ss_cvr')!)).toMatch(/^known-visitor\|1600000000000\|1600000000000\|\d{13}\|8$/);
  });

  it.each([
    ['/config', {}],
    ['/config/pages', {}],
    ['/search', {}],
    ['/shop', { pageType: 100 }],
  ])('does not record %s %o: 204 and no cookies', async (pagePath, over) => {
    const v = new Visitor();
    const res = await recordHit(v, hit({ pagePath, url: `http://shop.test${pagePath}`, ...over }));
    expect(res.status).toBe(204);
    expect(setCookies(res)).toEqual([]);
  });

  it('refuses bad input with 400 JSON, another method with 405, another body type with 415', async () => {
    const v = new Visitor();
    expect((await recordHit(v, { pagePath: '/x' })).status).toBe(400);
    const notJson = await v.postForm('/api/census/RecordHit', { event: 'view', data: '{' });
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toMatchObject({ error: expect.any(String) });
    expect((await v.postForm('/api/census/RecordHit', { event: 'click', data: JSON.stringify(hit()) })).status).toBe(400);
    expect((await v.get('/api/census/RecordHit')).status).toBe(405);
    const plain = await v.fetch('/api/census/RecordHit', { method: 'POST', body: 'event=view', headers: { 'Content-Type': 'text/plain' } });
    expect(plain.status).toBe(415);
  });

  it('refuses a post from another site (the CSRF check)', async () => {
    const v = new Visitor();
    const res = await v.postForm(
      '/api/census/RecordHit',
      { event: 'view', data: JSON.stringify(hit()) },
      { Origin: 'https://evil.example' },
    );
    expect(res.status).toBe(403);
  });

  it("does not record the site's signed-in owner, but records a viewer", async () => {
    const admin = await adminVisitor();
    expect((await recordHit(admin)).status).toBe(204);
    const { visitor: viewer } = await visitorWithRole(admin, 10);
    expect((await recordHit(viewer)).status).toBe(202);
    expect((await recordHit(viewer, hit({ pagePath: '/config/analytics' }))).status).toBe(204);
  });
});

describe('GET /api/census/pixel', () => {
  const pixel = (v: Visitor, d: unknown) =>
    v.get(`/api/census/pixel?d=${encodeURIComponent(typeof d === 'string' ? d : JSON.stringify(d))}`);
  const expectGif = async (res: Response) => {
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/gif');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 6))).toBe('GIF89a');
  };

  it('records the page view of a shopper without JavaScript and sets the same cookies', async () => {
    const v = new Visitor();
    const res = await pixel(v, { websiteId: 'x', pageType: 1, pagePath: '/shop', url: 'http://shop.test/shop' });
    await expectGif(res);
    expect(cookieLine(res, 'ss_cvr')).toMatch(/^ss_cvr=[A-Za-z0-9_-]{21}%7C/);
    expect(cookieLine(res, 'ss_cvt')).toBeDefined();
  });

  it('answers the GIF without recording on bad input or a page not recorded', async () => {
    const v = new Visitor();
    const bad = await pixel(v, '{nope');
    await expectGif(bad);
    expect(setCookies(bad)).toEqual([]);
    const search = await pixel(v, { websiteId: 'x', pageType: 1, pagePath: '/search', url: 'http://shop.test/search?q=a' });
    await expectGif(search);
    expect(setCookies(search)).toEqual([]);
    await expectGif(await v.get('/api/census/pixel'));
  });
});

describe('POST /api/events/RecordEvent', () => {
  const addToCart = { website_id: 'x', product_page: 'plp', product: { item_id: 'item-1', item_title: 'Mug' } };
  const withCrumb = async () => {
    const v = new Visitor();
    await recordHit(v);
    return { v, crumb: v.cookies.get('crumb')! };
  };

  it('records an add to cart when the crumb matches its cookie', async () => {
    const { v, crumb } = await withCrumb();
    const res = await v.postForm('/api/events/RecordEvent', { crumb, event: 'add-to-cart', data: JSON.stringify(addToCart) });
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({});
    const other = await v.postForm('/api/events/RecordEvent', { crumb, event: 'newsletter-open', data: JSON.stringify({ list: 'a' }) });
    expect(other.status).toBe(202);
  });

  it('refuses a missing or wrong crumb with 403', async () => {
    const { v } = await withCrumb();
    const wrong = await v.postForm('/api/events/RecordEvent', {
      crumb: 'not-the-crumb-value',
      event: 'add-to-cart',
      data: JSON.stringify(addToCart),
    });
    expect(wrong.status).toBe(403);
    expect(await wrong.json()).toMatchObject({ error: expect.any(String) });
    const none = new Visitor();
    expect((await none.postForm('/api/events/RecordEvent', { crumb: '', event: 'x', data: '{}' })).status).toBe(403);
  });

  it('refuses bad events with 400: add-to-cart data, a bad name, data over 4 KB', async () => {
    const { v, crumb } = await withCrumb();
    const post = (event: string, data: string) => v.postForm('/api/events/RecordEvent', { crumb, event, data });
    expect((await post('add-to-cart', JSON.stringify({ product_page: 'home' }))).status).toBe(400);
    expect((await post('Bad Name', '{}')).status).toBe(400);
    expect((await post('big', JSON.stringify({ x: 'a'.repeat(5000) }))).status).toBe(400);
    expect((await post('list', '[1]')).status).toBe(400);
  });
});

describe('the visitor events of SPEC 7 (issue 30)', () => {
  const good: Record<string, unknown> = {
    purchase: { order_id: 'ord-1', total_cents: 3800, currency: 'USD', items: [{ sku: 'SG-1', quantity: 2, price_cents: 1300 }] },
    'listing-view': { list_id: 'col-shop', item_ids: ['itm-1', 'itm-2'] },
    'detail-view': { item_id: 'itm-1', list_id: 'col-shop' },
    'add-to-cart': { website_id: 'x', product_page: 'pdp', product: { item_id: 'itm-1' } },
    'view-cart': { cart_id: 'cart-1', quantity: 2 },
    'remove-from-cart': { entry_id: 'ent-1', item_id: 'itm-1' },
    'related-product-display': { list_id: 'cart', item_ids: ['itm-2', 'itm-3'] },
    'related-product-click': { list_id: 'cart', item_id: 'itm-2' },
    'related-product-add': { list_id: 'cart', item_id: 'itm-3' },
    'newsletter-subscribe': { list_id: 'form-news' },
  };
  const bad: Record<string, unknown> = {
    purchase: { order_id: 'ord-1', total_cents: -1, currency: 'usd', items: [] },
    'listing-view': { item_ids: ['itm-1'] },
    'detail-view': { item_id: 7 },
    'add-to-cart': { product_page: 'home' },
    'view-cart': { quantity: 'two' },
    'remove-from-cart': { item_id: 'itm-1' },
    'related-product-display': { item_ids: [] },
    'related-product-click': { list_id: 'cart' },
    'related-product-add': { item_id: 'x'.repeat(65) },
    'newsletter-subscribe': { list_id: ['a'] },
  };
  const post = (v: Visitor, event: string, data: unknown) =>
    v.postForm('/api/events/RecordEvent', { crumb: v.cookies.get('crumb')!, event, data: JSON.stringify(data) });

  it('takes each event from a visitor with the census cookie (202), and none from one without it (204)', async () => {
    const v = new Visitor();
    await recordHit(v);
    expect(v.cookies.get('ss_cvr')).toBeDefined();
    for (const [event, data] of Object.entries(good)) expect((await post(v, event, data)).status, event).toBe(202);
    // The crumb without the census cookie: nothing is recorded, and it is no error.
    v.cookies.delete('ss_cvr');
    for (const [event, data] of Object.entries(good)) expect((await post(v, event, data)).status, event).toBe(204);
    // Another event name is not a visitor event of SPEC 7: still recorded as before.
    expect((await post(v, 'newsletter-open', { list: 'a' })).status).toBe(202);
  });

  it("refuses each event's bad data with 400", async () => {
    const v = new Visitor();
    await recordHit(v);
    for (const [event, data] of Object.entries(bad)) {
      const res = await post(v, event, data);
      expect(res.status, event).toBe(400);
      expect(await res.json()).toMatchObject({ error: expect.any(String) });
    }
    expect((await post(v, 'purchase', 'not an object')).status).toBe(400);
  });
});

describe('the census calls', () => {
  const call = { websiteId: 'x', pagePath: '/shop', pageLoadId: 'pl-1', targetId: 'blk-1', label: 'Buy' };
  it.each(['button-render', 'button-click', 'form-render', 'overlay', 'RecordQuickView/item-1'])('records %s with 202', async (name) => {
    const res = await new Visitor().json(`/api/census/${name}`, call);
    expect(res.status).toBe(202);
  });
  it('answers 404 for an unknown call, 400 for a bad body, 204 on /config', async () => {
    const v = new Visitor();
    expect((await v.json('/api/census/button-dance', call)).status).toBe(404);
    expect((await v.json('/api/census/button-click', { pagePath: 5 })).status).toBe(400);
    expect((await v.json('/api/census/button-click', { ...call, pagePath: '/config/x' })).status).toBe(204);
  });
});

describe('POST /api/1/performance/records', () => {
  const pageSpeed = (pathname = '/shop') => ({
    app: 'storefront',
    event: 'page-speed',
    pageLoadId: 'pl-1',
    ts: 1700000000000,
    data: {
      pathname,
      viewportWidth: 1280,
      timings: { firstContentfulPaint: 800, largestContentfulPaint: 1400, cumulativeLayoutShift: 0.02, timeToFirstByte: -5 },
    },
  });
  const send = (v: Visitor, body: string, type = 'text/plain') =>
    v.fetch('/api/1/performance/records', { method: 'POST', body, headers: { 'Content-Type': type } });

  it('takes a JSON array as text/plain, as XHR and beacon send it', async () => {
    const v = new Visitor();
    const image = { app: 'storefront', event: 'image', pageLoadId: 'pl-1', ts: 1, data: { pathname: '/shop', naturalWidth: 100 } };
    expect((await send(v, JSON.stringify([pageSpeed(), image]))).status).toBe(202);
    expect((await send(v, JSON.stringify([pageSpeed()]), 'text/plain;charset=UTF-8')).status).toBe(202);
  });
  it('classes a tablet by its width (SPEC 9: tablet never): an iPad at 820 px counts as a desktop', async () => {
    const ipad = 'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
    const record = { ...pageSpeed('/tablet-rule'), data: { ...pageSpeed('/tablet-rule').data, viewportWidth: 820 } };
    const res = await new Visitor().fetch('/api/1/performance/records', {
      method: 'POST',
      body: JSON.stringify([record]),
      headers: { 'Content-Type': 'text/plain', 'User-Agent': ipad },
    });
    expect(res.status).toBe(202);
    const admin = await adminVisitor();
    // Records are written in batches within about a second.
    const html = await vi.waitFor(
      async () => {
        const now = await (await admin.get('/config/analytics/performance?range=7')).text();
        expect(now).toContain('/tablet-rule');
        return now;
      },
      { timeout: scaled(20_000), interval: 200 },
    );
    const devices = /<table class="data" id="vitals-devices">([\s\S]*?)<\/table>/.exec(html)?.[1] ?? '';
    expect(devices).toContain('<th scope="row">desktop</th>');
    expect(devices).not.toContain('tablet');
  });

  it('refuses bad records with 400, a form with 415, and records nothing of /config', async () => {
    const v = new Visitor();
    expect((await send(v, '[{"event":"page-speed"}]')).status).toBe(400);
    expect((await send(v, 'not json')).status).toBe(400);
    expect((await send(v, 'a=1', 'application/x-www-form-urlencoded')).status).toBe(415);
    expect((await send(v, JSON.stringify([pageSpeed('/config/pages')]))).status).toBe(204);
  });
});

describe('POST /api/events/RecordJavascriptErrors', () => {
  const errors = [{ message: 'TypeError: x is undefined', pagePath: '/shop', stack: 'at f\n'.repeat(2000), line: 3, col: 7 }];
  it('records errors when X-CSRF-Token equals the crumb cookie, 403 otherwise', async () => {
    const v = new Visitor();
    await recordHit(v);
    const crumb = v.cookies.get('crumb')!;
    expect((await v.json('/api/events/RecordJavascriptErrors', errors, 'POST', { 'X-CSRF-Token': crumb })).status).toBe(202);
    expect((await v.json('/api/events/RecordJavascriptErrors', errors, 'POST', { 'X-CSRF-Token': 'wrong-crumb-value' })).status).toBe(403);
    expect((await v.json('/api/events/RecordJavascriptErrors', errors)).status).toBe(403);
    expect((await v.json('/api/events/RecordJavascriptErrors', [], 'POST', { 'X-CSRF-Token': crumb })).status).toBe(400);
  });
});

describe('a flood of analytics (issue 28)', () => {
  const image = (i: number) => ({
    app: 'storefront',
    event: 'image',
    pageLoadId: 'pl-f',
    ts: i,
    data: { pathname: '/shop', naturalWidth: 10 },
  });
  const images = (n: number) => JSON.stringify(Array.from({ length: n }, (_, i) => image(i)));
  const sendRecords = (v: Visitor, body: string, headers: Record<string, string> = {}) =>
    v.fetch('/api/1/performance/records', { method: 'POST', body, headers: { 'Content-Type': 'text/plain', ...headers } });

  /**
   * Sends `n` requests at once and sorts the answers by status. All at once, not one after another:
   * the allowance is per 30-s window from the first request, and 300 requests in a row took longer
   * than that on a loaded machine (the window ended mid-flood and the count went on in the next).
   * The limiter counts with one atomic upsert per request, so exactly the allowance gets through.
   */
  async function flood(send: () => Promise<Response>, n: number): Promise<{ accepted: number; refused: Response[] }> {
    const answers = await Promise.all(Array.from({ length: n }, () => send()));
    const refused = answers.filter((r) => r.status !== 202);
    await Promise.all(answers.filter((r) => r.status === 202).map((r) => r.body?.cancel()));
    return { accepted: n - refused.length, refused };
  }

  it('cuts off one visitor (their cookie) with 429 and Retry-After, while another visitor still gets 202', async () => {
    const flooder = new Visitor();
    expect((await recordHit(flooder)).status).toBe(202);
    const { accepted, refused } = await flood(() => sendRecords(flooder, images(1)), 70);
    // 60 requests per 30 s per visitor (the hit above came before the cookie, so it counted for the address only).
    expect(accepted).toBe(60);
    expect(refused.map((r) => r.status)).toEqual(Array(10).fill(429));
    const res = refused[0];
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(await res.json()).toEqual({ error: 'Too many analytics requests from this visitor; try again later.' });
    // Every ingest endpoint holds the same allowance.
    expect((await recordHit(flooder)).status).toBe(429);
    const other = new Visitor();
    expect((await recordHit(other)).status).toBe(202);
    expect((await sendRecords(other, images(1))).status).toBe(202);
  });

  it('cuts off a client that drops its cookies by its address (five visitors’ worth), and no other address', async () => {
    const address = new Visitor().address;
    const cookieless = () => sendRecords(new Visitor(), images(1), { 'X-Forwarded-For': address });
    const { accepted, refused } = await flood(cookieless, 320);
    expect(accepted).toBe(300);
    expect(refused.map((r) => r.status)).toEqual(Array(20).fill(429));
    expect(refused[0].headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await sendRecords(new Visitor(), images(1))).status).toBe(202);
  });
});

// A site's quota is the operator's setting (ANALYTICS_DAILY_ROWS): a server of this test's own with a
// small one, whose rows only this test adds, so the owner's counter can be read exactly.
describe('records per request and the daily quota (issue 28)', () => {
  const store = new OwnStore({ TRUST_PROXY: '1', ANALYTICS_DAILY_ROWS: '60' });
  let owner: Visitor;
  beforeAll(async () => {
    await store.start();
    owner = await adminVisitor(() => store.url());
  }, scaled(120_000));
  afterAll(() => store.stop());

  const image = (i: number) => ({
    app: 'storefront',
    event: 'image',
    pageLoadId: 'pl-q',
    ts: i,
    data: { pathname: '/shop', naturalWidth: 10 },
  });
  const send = (v: Visitor, n: number) =>
    v.fetch('/api/1/performance/records', {
      method: 'POST',
      body: JSON.stringify(Array.from({ length: n }, (_, i) => image(i))),
      headers: { 'Content-Type': 'text/plain' },
    });
  /** The owner's counter once it shows `rows` (batches are written within about a second). */
  function counterShows(rows: number): Promise<string> {
    return vi.waitFor(
      async () => {
        const page = await (await owner.get('/config/analytics/settings')).text();
        const text = /data-testid="analytics-usage">([^<]*(?:<!-- -->[^<]*)*)</.exec(page)?.[1].replace(/<!-- -->/g, '') ?? '';
        expect(text).toMatch(new RegExp(`^${rows} of`));
        return text;
      },
      { timeout: scaled(20_000), interval: 200 },
    );
  }

  it('stores at most 50 of 200 image records, stops at the quota, and shows the owner the count', async () => {
    const v = new Visitor(() => store.url());
    expect((await send(v, 200)).status).toBe(202);
    expect(await counterShows(50)).toMatch(/^50 of 60 records stored today \(\d{4}-\d\d-\d\d, UTC\)\.$/);
    // 10 rows were left: the next 200 images store 10, and after that nothing is stored (204).
    expect((await send(new Visitor(() => store.url()), 200)).status).toBe(202);
    expect((await send(new Visitor(() => store.url()), 1)).status).toBe(204);
    expect(await counterShows(60)).toMatch(/^60 of 60 records stored today/);
    const page = await (await owner.get('/config/analytics/settings')).text();
    expect(page).toContain('The daily limit is reached');
  });
});

// SPEC 3's session info and SPEC 4/9's environment class (issue 30), on a server of this describe's own
// whose rows are read back. It answers on 127.0.0.1, a developer's machine: the collector's "dev",
// and for analytics an internal host, "staging" (migration 0052).
describe('what a page view and a page-speed record carry (own server: rows read back)', () => {
  const store = new OwnStore();
  let owner: Visitor;
  beforeAll(async () => {
    await store.start();
    owner = await adminVisitor(() => store.url());
  }, scaled(120_000));
  afterAll(() => store.dispose());

  it('stores a hit as staging and a page-speed record as dev, and the page-speed report groups by it', async () => {
    const v = new Visitor(() => store.url());
    expect((await recordHit(v, hit({ pagePath: '/environment-rule' }))).status).toBe(202);
    const record = {
      app: 'storefront',
      event: 'page-speed',
      pageLoadId: 'pl-env',
      ts: 1700000000000,
      // What the collector sends (it classes the host too); the server stores its own class of the host it served.
      data: {
        pathname: '/environment-rule',
        hostname: '127.0.0.1',
        environment: 'dev',
        viewportWidth: 1280,
        timings: { largestContentfulPaint: 1400 },
      },
    };
    const res = await v.fetch('/api/1/performance/records', {
      method: 'POST',
      body: JSON.stringify([record]),
      headers: { 'Content-Type': 'text/plain' },
    });
    expect(res.status).toBe(202);
    // An environment the collector does not know is bad input.
    const odd = { ...record, data: { ...record.data, environment: 'qa' } };
    expect(
      (
        await v.fetch('/api/1/performance/records', {
          method: 'POST',
          body: JSON.stringify([odd]),
          headers: { 'Content-Type': 'text/plain' },
        })
      ).status,
    ).toBe(400);

    // Records are written in batches within about a second.
    const html = await vi.waitFor(
      async () => {
        const now = await (await owner.get('/config/analytics/performance?range=7')).text();
        expect(now).toContain('id="vitals-environments"');
        return now;
      },
      { timeout: scaled(20_000), interval: 200 },
    );
    const environments = /<table class="data" id="vitals-environments">([\s\S]*?)<\/table>/.exec(html)?.[1] ?? '';
    expect(environments).toContain('<th scope="row">dev</th>');
    expect(environments).not.toContain('<th scope="row">prod</th>');

    let stored: { hits: string[]; records: string[] } = { hits: [], records: [] };
    await store.change(async (sql) => {
      const hits = await sql<{ environment: string }[]>`select environment from analytics_event where path = '/environment-rule'`;
      const records = await sql<{ environment: string }[]>`select environment from performance_record where path = '/environment-rule'`;
      stored = { hits: hits.map((r) => r.environment), records: records.map((r) => r.environment) };
    });
    expect(stored).toEqual({ hits: ['staging'], records: ['dev'] });
  });

  it('records the remove and the purchase of a shopper without JavaScript with the census cookie, and not without it', async () => {
    /** Adds the bread bag, removes it by the cart's form, adds it again and places the order (as the collector's page when `collector`). */
    async function shop(v: Visitor, collector = false) {
      const add = async () => {
        const res = await v.json('/api/commerce/shopping-cart/entries', { itemId: 'itm-linen-bread-bag', quantity: 1 });
        expect(res.status).toBe(200);
        return (await res.json()).newlyAdded.id as string;
      };
      const entryId = await add();
      const removed = await v.postForm('/cart', { intent: 'remove', entryId, ...(collector ? { _events: 'js' } : {}) });
      expect(removed.status).toBeLessThan(500);
      await add();
      const placed = await v.postForm('/checkout', { cart: 'cart', intent: 'place', ...NEW_YORK, ...(collector ? { _events: 'js' } : {}) });
      expect(placed.status).toBe(303);
      const orderId = /^\/order-confirmed\/(.+)$/.exec(placed.headers.get('location')!)![1];
      return { entryId, orderId };
    }
    const counted = new Visitor(() => store.url());
    expect((await recordHit(counted, hit({ pagePath: '/cart' }))).status).toBe(202);
    const withCookie = await shop(counted);
    const without = await shop(new Visitor(() => store.url()));
    // With JavaScript the collector marks the form and sends the remove itself: the server does not.
    const js = await shop(counted, true);

    let rows: { event: string; data: Record<string, unknown>; source: string; visitor_id: string | null }[] = [];
    await store.change(async (sql) => {
      rows = await sql`select data->>'event' as event, data, source, visitor_id from analytics_event
        where kind = 'event' and data->>'event' in ('remove-from-cart', 'purchase')`;
    });
    const removes = rows.filter((r) => r.event === 'remove-from-cart').map((r) => r.data.entry_id);
    const purchases = rows.filter((r) => r.event === 'purchase');
    expect(removes).toContain(withCookie.entryId);
    expect(removes).not.toContain(without.entryId);
    expect(removes).not.toContain(js.entryId);
    expect(purchases.map((r) => r.data.order_id)).toContain(withCookie.orderId);
    expect(purchases.map((r) => r.data.order_id)).not.toContain(without.orderId);
    expect(purchases.map((r) => r.data.order_id)).not.toContain(js.orderId);
    const mine = purchases.find((r) => r.data.order_id === withCookie.orderId)!;
    expect(mine.source).toBe('server');
    expect(mine.visitor_id).toMatch(/^[A-Za-z0-9_-]{21}$/);
    expect(mine.data).toMatchObject({ currency: 'USD', items: [{ quantity: 1, price_cents: 2600 }] });
    expect(mine.data.total_cents).toBeGreaterThanOrEqual(2600);

    // The owner sees them by name on the dashboard: one remove and one purchase were recorded.
    const html = await (await owner.get('/config/analytics?range=7')).text();
    const table = /<table class="data" id="visitor-events">([\s\S]*?)<\/table>/.exec(html)?.[1] ?? '';
    const count = (name: string) => new RegExp(`<th scope="row">${name}</th><td>([^<]*)</td>`).exec(table)?.[1];
    expect(count('purchase')).toBe('1');
    expect(count('remove-from-cart')).toBe('1');
    expect(count('newsletter-subscribe')).toBe('0');
  });

  it('keeps isFirstLanding, isFirstSession and sessionId with the page view, and refuses them malformed', async () => {
    const v = new Visitor(() => store.url());
    const session = { isFirstLanding: true, isFirstSession: true, sessionId: 'sess-landing-1' };
    expect((await recordHit(v, hit({ pagePath: '/shop', ...session }))).status).toBe(202);
    // The next page of the same session: the id only.
    const later = { isFirstLanding: false, isFirstSession: false, sessionId: 'sess-landing-1' };
    expect((await recordHit(v, hit({ pagePath: '/about', ...later }))).status).toBe(202);
    for (const bad of [{ isFirstLanding: 'yes' }, { isFirstSession: 1 }, { sessionId: 'x'.repeat(65) }]) {
      const res = await recordHit(new Visitor(() => store.url()), hit(bad));
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
    let rows: { path: string; data: Record<string, unknown> }[] = [];
    // Events are written in batches: read them once the server has stopped (it flushes on the way out).
    await store.change(async (sql) => {
      rows =
        await sql`select path, data from analytics_event where kind = 'page_view' and data->>'sessionId' = 'sess-landing-1' order by path`;
    });
    expect(rows.map((r) => [r.path, r.data.isFirstLanding, r.data.isFirstSession])).toEqual([
      ['/about', false, false],
      ['/shop', true, true],
    ]);
  });

  it('turns the visitor-metrics beta on from the analytics settings: listing pages then say so to the collector', async () => {
    const census = async (path: string) =>
      /"census":(\{[^}]*\})/.exec(await (await new Visitor(() => store.url()).get(path)).text())?.[1] ?? '';
    // (The census is found at all: a page view's census names the site.)
    expect(await census('/shop')).toContain('"websiteId":"saltgrass"');
    expect(await census('/shop')).not.toContain('visitorMetrics');
    const box = /<input type="checkbox" id="f-visitorMetrics" name="visitorMetrics"[^>]*>/;
    expect(box.exec(await (await owner.get('/config/analytics/settings')).text())?.[0]).not.toContain('checked');
    const saved = await owner.postForm('/config/analytics/settings', { retentionDays: '400', cookiePolicy: 'allow', visitorMetrics: 'on' });
    expect(saved.status).toBe(303);
    expect(box.exec(await (await owner.get('/config/analytics/settings')).text())?.[0]).toContain('checked');
    // A listing page (the shop) carries the flag; a product page does not.
    expect(await census('/shop')).toContain('"visitorMetrics":true');
    expect(await census('/shop/p/linen-bread-bag')).not.toContain('visitorMetrics');
    // A refused save keeps the box as sent, and changes nothing.
    const refused = await owner.postForm('/config/analytics/settings', { retentionDays: '3', cookiePolicy: 'allow' });
    expect(refused.status).toBe(400);
    expect(box.exec(await refused.text())?.[0]).not.toContain('checked');
    expect(await census('/shop')).toContain('"visitorMetrics":true');
    // Unticked and saved: off again.
    expect((await owner.postForm('/config/analytics/settings', { retentionDays: '400', cookiePolicy: 'allow' })).status).toBe(303);
    expect(await census('/shop')).not.toContain('visitorMetrics');
  });

  it('keeps the session info sent with RecordEvent in the event row as a page view keeps it, and refuses it malformed', async () => {
    const v = new Visitor(() => store.url());
    expect((await recordHit(v, hit({ pagePath: '/shop' }))).status).toBe(202);
    const post = (event: string, data: unknown) =>
      v.postForm('/api/events/RecordEvent', { crumb: v.cookies.get('crumb')!, event, data: JSON.stringify(data) });
    const session = { isFirstLanding: true, isFirstSession: true, sessionId: 'sess-events-1' };
    // A visitor event (its shape has no session fields), the add to cart (a row of its own kind) and another event.
    expect((await post('detail-view', { item_id: 'itm-linen-bread-bag', ...session })).status).toBe(202);
    const add = { website_id: 'saltgrass', product_page: 'pdp', product: { item_id: 'itm-linen-bread-bag' } };
    expect((await post('add-to-cart', { ...add, ...session, isFirstLanding: false })).status).toBe(202);
    expect((await post('newsletter-open', { list: 'a', sessionId: 'sess-events-1' })).status).toBe(202);
    for (const bad of [{ isFirstLanding: 'yes' }, { isFirstSession: 1 }, { sessionId: 'x'.repeat(65) }]) {
      expect((await post('detail-view', { item_id: 'itm-1', ...bad })).status, JSON.stringify(bad)).toBe(400);
      expect((await post('newsletter-open', bad)).status, JSON.stringify(bad)).toBe(400);
    }
    let rows: { kind: string; data: Record<string, unknown> }[] = [];
    await store.change(async (sql) => {
      rows = await sql`select kind, data from analytics_event where data->>'sessionId' = 'sess-events-1' order by kind, data->>'event'`;
    });
    expect(rows.map((r) => [r.kind, r.data.event ?? null, r.data.isFirstLanding ?? null, r.data.isFirstSession ?? null])).toEqual([
      ['add_to_cart', null, false, true],
      ['event', 'detail-view', true, true],
      ['event', 'newsletter-open', null, null],
    ]);
    expect(rows[1].data).toMatchObject({ item_id: 'itm-linen-bread-bag', sessionId: 'sess-events-1' });
  });
});
