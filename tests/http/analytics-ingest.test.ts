// The analytics ingest endpoints through the built server (issue 15): page views with the visitor
// cookies (formats, a new visit after 30 minutes, the crumb), the pages and people never recorded
// (204), the no-JavaScript pixel, events behind the crumb, the census calls, performance records as
// text/plain, JavaScript errors behind X-CSRF-Token, and the 400/403/405/415 refusals.
import { describe, expect, it } from 'vitest';
import { Visitor } from './support/client.js';
import { adminVisitor, visitorWithRole } from './support/owner.js';

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
