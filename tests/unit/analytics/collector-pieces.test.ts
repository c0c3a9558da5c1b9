// The browser collector's pure pieces (no DOM environment is installed): the census a page
// carries, the shapes of its calls, timing filtering and ratings, the error queue's limits (fake
// timers) and the first-session flag (a fake storage).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { censusPage, type CensusInput } from '../../../app/storefront/census.js';
import { censusOf, pixelUrl } from '../../../app/analytics/page-census.js';
import { addToCartData, hitData } from '../../../app/analytics/census-client.js';
import {
  accessibilityRecordData,
  imageRecordData,
  intersectionRatio,
  keepValidTimings,
  navigationTimings,
  pageSpeedData,
  vitalsTimings,
} from '../../../app/analytics/page-speed.js';
import { createErrorReporter, shapeError } from '../../../app/analytics/error-reporter.js';
import { FIRST_SESSION_KEY, markFirstSession, markSession, type StorageLike } from '../../../app/analytics/first-session.js';
import { readCookie } from '../../../app/analytics/send.js';
import { randomId } from '../../../app/analytics/visitor-cookies.js';
import { AddToCartData, CensusHitData, CensusPage, JavascriptError, PerformanceRecords } from '../../../app/analytics/wire.js';
import { SESSION_MS } from '../../../app/analytics/constants.js';
import type { Collection, Product } from '../../../app/catalog/catalog.server.js';

const collection = { id: 'col1', title: 'Shop' } as Collection;
const product = { id: 'item1', recordType: 11, title: 'Mug' } as Product;

function input(over: Partial<CensusInput>): CensusInput {
  return {
    enabled: true,
    websiteId: 'site1',
    locale: 'en-US',
    template: 'product',
    resolved: { kind: 'product', collection, item: product },
    pageType: 50,
    path: '/shop/mug',
    pageTitle: 'Mug — Site',
    ...over,
  };
}

describe('census builder', () => {
  it('describes a product page, an item of its collection', () => {
    const c = censusPage(input({}));
    expect(c).toEqual({
      websiteId: 'site1',
      templateId: 'product',
      website_locale: 'en-US',
      pageType: 50,
      pageTitle: 'Mug — Site',
      collectionId: 'col1',
      pageId: 'col1',
      itemId: 'item1',
      recordType: 11,
      contentSource: 'i',
    });
    expect(CensusPage.parse(c)).toEqual(c);
  });

  it('describes a listing as a collection and a cart page by its page type', () => {
    const list = censusPage(
      input({
        template: 'products',
        resolved: { kind: 'products', collection, items: [], pagination: {} as never },
        pageType: 1,
        path: '/shop',
      }),
    );
    expect(list).toMatchObject({ contentSource: 'c', collectionId: 'col1', pageType: 1 });
    expect(list).not.toHaveProperty('itemId');
    const cart = censusPage(input({ template: 'cart', resolved: { kind: 'commerce', page: 'cart' }, pageType: 200, path: '/cart' }));
    expect(cart).toEqual({ websiteId: 'site1', templateId: 'cart', website_locale: 'en-US', pageType: 200, pageTitle: 'Mug — Site' });
  });

  it('is null where nothing is recorded', () => {
    expect(censusPage(input({ enabled: false }))).toBeNull();
    expect(censusPage(input({ resolved: { kind: 'search' }, pageType: 102, path: '/search' }))).toBeNull();
    expect(censusPage(input({ resolved: { kind: 'not-found' }, pageType: 100, path: '/nope' }))).toBeNull();
    expect(censusPage(input({ resolved: { kind: 'error' }, pageType: 101 }))).toBeNull();
    expect(censusPage(input({ resolved: { kind: 'home', collection: null, items: [] }, pageType: 1, path: '/config/x' }))).toBeNull();
  });

  it('is read from the deepest route that has one, and makes the pixel address', () => {
    const c = censusPage(input({}))!;
    expect(censusOf([{ data: { census: c } }, { data: { html: '' } }])).toBe(c);
    expect(censusOf([{ data: { html: '' } }])).toBeNull();
    expect(censusOf([{ data: null }, { data: { census: c } }])).toBe(c);
    expect(censusOf([{ data: { census: c } }, { data: { census: null } }])).toBeNull();
    const url = pixelUrl(c, '/shop/mug', '?Size=M');
    expect(url.startsWith('/api/census/pixel?d=')).toBe(true);
    const d = JSON.parse(new URL(url, 'http://x').searchParams.get('d')!);
    expect(d).toMatchObject({ websiteId: 'site1', itemId: 'item1', pagePath: '/shop/mug', url: '/shop/mug?Size=M' });
  });
});

const view = {
  userAgent: 'UA',
  now: 1_700_000_000_000.4,
  innerWidth: 1280,
  innerHeight: 720.5,
  screenWidth: 1920,
  screenHeight: 1080,
  href: 'http://s.test/shop/mug?x=1',
  pathname: '/shop/mug',
  title: 'Mug',
};

describe('census calls', () => {
  it('RecordHit data joins the census and the browser, and passes the wire contract', () => {
    const c = censusPage(input({}))!;
    const d = hitData(c, view, 'load1', 'http://s.test/shop', 'vid.1.2.3.4');
    expect(d).toMatchObject({ itemId: 'item1', userAgent: 'UA', clientDate: 1_700_000_000_000, viewportInnerHeight: 721 });
    expect(d).toMatchObject({
      url: view.href,
      pagePath: '/shop/mug',
      referrer: 'http://s.test/shop',
      pageLoadId: 'load1',
      visitorCookie: 'vid.1.2.3.4',
    });
    expect(CensusHitData.parse(d)).toEqual(d);
    const noRef = hitData(c, view, 'load1', '', '');
    expect(noRef).not.toHaveProperty('referrer');
    expect(noRef).not.toHaveProperty('visitorCookie');
    expect(noRef).not.toHaveProperty('sessionId');
    // SPEC 3's session info rides along when storage gave one; none without an id (storage refused).
    const landed = hitData(c, view, 'load1', '', '', { isFirstLanding: true, isFirstSession: true, sessionId: 'sess1' });
    expect(landed).toMatchObject({ isFirstLanding: true, isFirstSession: true, sessionId: 'sess1' });
    expect(CensusHitData.parse(landed)).toEqual(landed);
    const refused = hitData(c, view, 'load1', '', '', { isFirstLanding: false, isFirstSession: false, sessionId: null });
    expect(refused).not.toHaveProperty('isFirstLanding');
  });

  it('add-to-cart is pdp from the product page form, plp from a list card', () => {
    const pdpCensus = censusPage(input({}))!;
    const pdp = addToCartData(pdpCensus, { itemId: 'item1', title: 'Mug', list: false });
    expect(pdp).toEqual({
      website_id: 'site1',
      page_id: 'col1',
      product_page: 'pdp',
      product: { item_id: 'item1', item_title: 'Mug', item_type: 11, item_collection_id: 'col1' },
    });
    expect(AddToCartData.parse(pdp)).toEqual(pdp);
    const plp = addToCartData({ ...pdpCensus, pageType: 1, itemId: undefined }, { itemId: 'item2', list: true });
    expect(plp.product_page).toBe('plp');
    expect(plp.product).toEqual({ item_id: 'item2' });
    // A list card on a product page (related products) is still a list.
    expect(addToCartData(pdpCensus, { itemId: 'item2', list: true }).product_page).toBe('plp');
  });
});

describe('performance records', () => {
  it('drops timing values outside 0..2147483647', () => {
    expect(keepValidTimings({ a: -1, b: 0, c: 2147483647, d: 2147483648, e: NaN, f: Infinity, g: 'x', h: undefined })).toEqual({
      b: 0,
      c: 2147483647,
      g: 'x',
    });
  });

  it('derives durations from the navigation timing', () => {
    const t = navigationTimings({
      startTime: 0,
      redirectStart: 0,
      redirectEnd: 0,
      fetchStart: 2,
      domainLookupStart: 3,
      domainLookupEnd: 8,
      connectStart: 8,
      secureConnectionStart: 10,
      connectEnd: 20,
      responseStart: 40,
      responseEnd: 55,
      domInteractive: 80,
      domContentLoadedEventEnd: 90,
      domComplete: 150,
      transferSize: 5000,
      type: 'navigate',
      nextHopProtocol: 'http/1.1',
      serverTiming: [
        { name: 'db', duration: 3.5 },
        { name: 'bad', duration: -2 },
      ],
    });
    expect(t).toMatchObject({ domainLookup: 5, tcpConnection: 12, tlsNegotiation: 10, fetch: 53, response: 15, domInteractive: 80 });
    expect(t).toMatchObject({ domContentLoaded: 90, domComplete: 150, transferSize: 5000, navigationType: 'navigate', redirect: 0 });
    expect(t.serverTiming).toEqual([{ name: 'db', duration: 3.5 }, { name: 'bad' }]);
    // Before a connection (a cached document) the TLS time is unknown, not negative.
    expect(navigationTimings({ secureConnectionStart: 0, connectEnd: 5 })).not.toHaveProperty('tlsNegotiation');
    expect(navigationTimings({ redirectStart: 10, redirectEnd: 2 })).not.toHaveProperty('redirect');
  });

  it('rates the web vitals with the SPEC 4 thresholds', () => {
    const { timings, ratings } = vitalsTimings({ FCP: 1800, LCP: 4001, CLS: 0.15, INP: 120, TTFB: -5, XYZ: 1 });
    expect(timings).toEqual({
      firstContentfulPaint: 1800,
      largestContentfulPaint: 4001,
      cumulativeLayoutShift: 0.15,
      interactionToNextPaint: 120,
    });
    expect(ratings).toEqual({ fcp: 'good', lcp: 'poor', cls: 'needs-improvement', inp: 'good' });
  });

  it('shapes a page-speed record the server accepts', () => {
    const data = pageSpeedData(
      {
        pathname: '/shop/mug',
        hostname: 's.test',
        hash: '',
        devicePixelRatio: 2,
        screenWidth: 390,
        screenHeight: 844,
        viewportWidth: 390.4,
        viewportHeight: 700,
        hardwareConcurrency: 8,
        connection: { downlink: 10, effectiveType: '4g', rtt: 50, saveData: false },
        analyticsId: 'cid',
      },
      { domComplete: 100 },
      { LCP: 900, CLS: 0 },
      'beacon',
    );
    // s.test is a reserved name, a developer's machine: the collector classes it dev (SPEC 4).
    expect(data).toMatchObject({
      deliveryType: 'beacon',
      version: '4.9.4',
      viewportWidth: 390,
      analyticsId: 'cid',
      pathname: '/shop/mug',
      environment: 'dev',
    });
    expect(data.timings).toEqual({ domComplete: 100, largestContentfulPaint: 900, cumulativeLayoutShift: 0 });
    expect(data.ratings).toEqual({ lcp: 'good', cls: 'good' });
    expect(data).not.toHaveProperty('deviceMemory');
    const image = imageRecordData(
      {
        src: '/files/a.jpg?format=500w',
        dataSrc: false,
        loader: null,
        loading: 'lazy',
        naturalWidth: 1000,
        naturalHeight: 500,
        rect: { top: 600, left: 0, width: 400, height: 200 },
        viewport: { width: 1000, height: 700 },
      },
      '/shop/mug',
      123.4,
    );
    expect(image).toMatchObject({
      visibleOnLoad: true,
      intersectionRatio: 0.5,
      squarespaceSize: '500w',
      imageType: 0,
      imageLoaderType: 'lazy',
    });
    expect(image).toMatchObject({ naturalWidth: 1000, renderedWidth: 400, renderedHeight: 200, observationTime: 123 });
    const a11y = accessibilityRecordData(
      (q) => q === '(prefers-contrast: more)' || q === '(prefers-reduced-motion: reduce)',
      '/shop/mug',
      'wifi',
    );
    expect(a11y).toEqual({
      pathname: '/shop/mug',
      forceColors: false,
      networkInformationType: 'wifi',
      prefersContrast: 'more',
      prefersReducedMotion: true,
    });
    expect(accessibilityRecordData(() => false, '/').prefersContrast).toBe('no-preference');
    const records = [
      { app: 'storefront', pageLoadId: 'p', ts: 1, event: 'page-speed', data },
      { app: 'storefront', pageLoadId: 'p', ts: 1, event: 'image', data: image },
      { app: 'storefront', pageLoadId: 'p', ts: 1, event: 'accessibility', data: a11y },
    ];
    expect(PerformanceRecords.safeParse(records).success).toBe(true);
  });

  it('measures how much of an image the viewport shows', () => {
    const vp = { width: 100, height: 100 };
    expect(intersectionRatio({ top: 0, left: 0, width: 50, height: 50 }, vp)).toBe(1);
    expect(intersectionRatio({ top: 200, left: 0, width: 50, height: 50 }, vp)).toBe(0);
    expect(intersectionRatio({ top: -25, left: 0, width: 50, height: 50 }, vp)).toBe(0.5);
    expect(intersectionRatio({ top: 0, left: 0, width: 0, height: 50 }, vp)).toBe(0);
  });
});

describe('error reports', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const err = (i: number): JavascriptError => ({ message: `boom ${i}`, pagePath: '/p' });

  it('sends a burst as one batch 1 s after the last report', () => {
    const sent: JavascriptError[][] = [];
    const r = createErrorReporter({ send: (b) => sent.push(b) });
    r.report(err(1));
    vi.advanceTimersByTime(900);
    r.report(err(2));
    vi.advanceTimersByTime(900);
    expect(sent).toEqual([]);
    vi.advanceTimersByTime(100);
    expect(sent).toEqual([[err(1), err(2)]]);
  });

  it('keeps at most 10 waiting and 20 per page', () => {
    const sent: JavascriptError[][] = [];
    const r = createErrorReporter({ send: (b) => sent.push(b) });
    const accepted = Array.from({ length: 15 }, (_, i) => r.report(err(i)));
    expect(accepted.filter(Boolean)).toHaveLength(10);
    vi.advanceTimersByTime(1000);
    expect(sent[0]).toHaveLength(10);
    for (let i = 0; i < 15; i++) r.report(err(100 + i));
    vi.advanceTimersByTime(1000);
    expect(sent[1]).toHaveLength(10);
    expect(r.report(err(999))).toBe(false);
    vi.advanceTimersByTime(5000);
    expect(sent).toHaveLength(2);
  });

  it('cuts stacks at 5,000 characters and survives a failing sender', () => {
    const long = shapeError({ message: 'x', stack: 'y'.repeat(9000), line: 3.7, col: -1, pagePath: '/p' });
    expect(long.stack).toHaveLength(5000);
    expect(long.line).toBe(3);
    expect(long).not.toHaveProperty('col');
    expect(JavascriptError.parse(long).stack).toHaveLength(5000);
    expect(shapeError({ message: undefined, pagePath: '/p' }).message).toBe('Unknown error');
    const r = createErrorReporter({
      send: () => {
        throw new Error('offline');
      },
    });
    r.report({ ...err(1), stack: 'z'.repeat(6000) });
    expect(() => vi.advanceTimersByTime(1000)).not.toThrow();
  });
});

function fakeStorage(): StorageLike & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v) };
}

describe('first-session flag', () => {
  it('is set once per browser session, shared by tabs within 30 minutes', () => {
    const local = fakeStorage();
    const tab1 = fakeStorage();
    let n = 0;
    const id = () => `s${++n}`;
    expect(markFirstSession(tab1, local, 1000, id)).toBe(true);
    expect(markFirstSession(tab1, local, 2000, id)).toBe(false);
    const tab2 = fakeStorage();
    expect(markFirstSession(tab2, local, 3000, id)).toBe(false);
    expect(tab2.data.get(FIRST_SESSION_KEY)).toBe('s1');
    // A new browser session (no tab storage) long after the last page starts a new one.
    const later = fakeStorage();
    expect(markFirstSession(later, local, 3000 + SESSION_MS, id)).toBe(true);
    expect(JSON.parse(local.data.get(FIRST_SESSION_KEY)!)).toEqual({ id: 's2', seen: 3000 + SESSION_MS });
  });

  it('is never set when storage is missing or refuses', () => {
    const broken: StorageLike = {
      getItem: () => null,
      setItem: () => {
        throw new Error('quota');
      },
    };
    expect(markFirstSession(null, fakeStorage(), 0, () => 'x')).toBe(false);
    expect(markFirstSession(broken, fakeStorage(), 0, () => 'x')).toBe(false);
    expect(markFirstSession(fakeStorage(), { getItem: () => '{bad', setItem: () => undefined }, 0, () => 'x')).toBe(true);
    expect(markSession(broken, fakeStorage(), 0, () => 'x')).toEqual({ isFirstLanding: false, isFirstSession: false, sessionId: null });
  });

  it("gives the session info: isFirstLanding only on the browser's very first page here, isFirstSession once per session, its id", () => {
    const local = fakeStorage();
    let n = 0;
    const id = () => `s${++n}`;
    const tab1 = fakeStorage();
    expect(markSession(tab1, local, 1000, id)).toEqual({ isFirstLanding: true, isFirstSession: true, sessionId: 's1' });
    expect(markSession(tab1, local, 2000, id)).toEqual({ isFirstLanding: false, isFirstSession: false, sessionId: 's1' });
    expect(markSession(fakeStorage(), local, 3000, id)).toEqual({ isFirstLanding: false, isFirstSession: false, sessionId: 's1' });
    // A later session of the same browser: a first session page, not a first landing.
    expect(markSession(fakeStorage(), local, 3000 + SESSION_MS, id)).toEqual({
      isFirstLanding: false,
      isFirstSession: true,
      sessionId: 's2',
    });
    // A mark we cannot read still says the browser was here.
    const unreadable = { getItem: () => '{bad', setItem: () => undefined };
    expect(markSession(fakeStorage(), unreadable, 0, () => 'x')).toEqual({ isFirstLanding: false, isFirstSession: true, sessionId: 'x' });
  });
});

describe('send helpers', () => {
  it('reads cookies and makes ids', () => {
    expect(readCookie('a=1; crumb=abc%3D; ss_cvr=v.1', 'crumb')).toBe('abc=');
    expect(readCookie('a=1', 'crumb')).toBe('');
    expect(readCookie('xcrumb=1', 'crumb')).toBe('');
    const id = randomId(21);
    expect(id).toMatch(/^[A-Za-z0-9_-]{21}$/);
    expect(randomId(21)).not.toBe(id);
  });
});
