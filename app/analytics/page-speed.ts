// Performance records (SPEC 3, 4 and 9): one page-speed record per page load, made of web-vitals'
// metrics, the navigation timing, the connection and the device, sent when the page hides or after
// 60 s, whichever first, once; and the image and accessibility records, buffered and flushed 30 s
// after load or when the page hides. The shaping functions are pure and tested.
import { onCLS, onFCP, onINP, onLCP, onTTFB, type Metric as VitalsMetric } from 'web-vitals';
import { COLLECTOR, rate, validTiming, type Metric, type Rating } from './constants.js';
import { environmentOf } from './environment.js';
import type { PageSpeedData, PerformanceRecord } from './wire.js';
import { sendText, type Delivery } from './send.js';

type Timings = PageSpeedData['timings'];

/** The numbers of a PerformanceNavigationTiming entry that the record uses. */
export interface NavigationLike {
  startTime?: number;
  redirectStart?: number;
  redirectEnd?: number;
  fetchStart?: number;
  domainLookupStart?: number;
  domainLookupEnd?: number;
  connectStart?: number;
  connectEnd?: number;
  secureConnectionStart?: number;
  requestStart?: number;
  responseStart?: number;
  responseEnd?: number;
  domInteractive?: number;
  domContentLoadedEventEnd?: number;
  domComplete?: number;
  transferSize?: number;
  encodedBodySize?: number;
  decodedBodySize?: number;
  type?: string;
  initiatorType?: string;
  nextHopProtocol?: string;
  serverTiming?: readonly { name: string; duration: number; description?: string }[];
}

const span = (from: number | undefined, to: number | undefined) =>
  typeof from === 'number' && typeof to === 'number' ? to - from : undefined;

/** Drops the numbers outside 0..2147483647 (and any that is not a number): SPEC 5. */
export function keepValidTimings<T extends Record<string, unknown>>(timings: T): T {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(timings)) {
    if (typeof v === 'number') {
      if (validTiming(v)) out[k] = v;
    } else if (v !== undefined) out[k] = v;
  }
  return out as T;
}

/** The navigation timing's part of `timings` (durations in ms; byte sizes as they are). */
export function navigationTimings(n: NavigationLike | undefined): Timings {
  if (!n) return {};
  const tls = n.secureConnectionStart && n.secureConnectionStart > 0 ? span(n.secureConnectionStart, n.connectEnd) : undefined;
  const timings: Timings = {
    redirect: span(n.redirectStart, n.redirectEnd),
    domainLookup: span(n.domainLookupStart, n.domainLookupEnd),
    tcpConnection: span(n.connectStart, n.connectEnd),
    tlsNegotiation: tls,
    connect: span(n.startTime ?? 0, n.connectEnd),
    fetch: span(n.fetchStart, n.responseEnd),
    response: span(n.responseStart, n.responseEnd),
    domInteractive: n.domInteractive,
    domContentLoaded: n.domContentLoadedEventEnd,
    domComplete: n.domComplete,
    transferSize: n.transferSize,
    encodedBodySize: n.encodedBodySize,
    decodedBodySize: n.decodedBodySize,
    navigationType: n.type?.slice(0, 32),
    initiatorType: n.initiatorType?.slice(0, 32),
    nextHopProtocol: n.nextHopProtocol?.slice(0, 32),
  };
  const server = (n.serverTiming ?? [])
    .slice(0, 20)
    .map((s) =>
      keepValidTimings({ name: s.name.slice(0, 64), duration: s.duration, description: s.description?.slice(0, 256) || undefined }),
    );
  if (server.length) timings.serverTiming = server;
  return keepValidTimings(timings);
}

/** web-vitals' metric names to the record's fields and the rating keys. */
const VITALS: Record<string, { field: keyof Timings; metric: Metric }> = {
  FCP: { field: 'firstContentfulPaint', metric: 'fcp' },
  LCP: { field: 'largestContentfulPaint', metric: 'lcp' },
  CLS: { field: 'cumulativeLayoutShift', metric: 'cls' },
  INP: { field: 'interactionToNextPaint', metric: 'inp' },
  TTFB: { field: 'timeToFirstByte', metric: 'ttfb' },
  FID: { field: 'firstInputDelay', metric: 'fid' },
};

/** The metrics' values into `timings`, and their ratings (SPEC 4 thresholds); invalid values dropped. */
export function vitalsTimings(values: Record<string, number>): { timings: Timings; ratings: Partial<Record<Metric, Rating>> } {
  const timings: Record<string, number> = {};
  const ratings: Partial<Record<Metric, Rating>> = {};
  for (const [name, value] of Object.entries(values)) {
    const known = VITALS[name];
    if (!known || !validTiming(value)) continue;
    timings[known.field] = value;
    ratings[known.metric] = rate(known.metric, value);
  }
  return { timings: timings as Timings, ratings };
}

/** The connection, device and place of a page-speed record (everything but timings). */
export interface DeviceView {
  pathname: string;
  hostname: string;
  hash: string;
  devicePixelRatio?: number;
  screenWidth?: number;
  screenHeight?: number;
  viewportWidth?: number;
  viewportHeight?: number;
  deviceMemory?: number;
  hardwareConcurrency?: number;
  connection?: { downlink?: number; effectiveType?: string; rtt?: number; saveData?: boolean };
  analyticsId?: string;
}

const bounded = (v: number | undefined, max: number) => (typeof v === 'number' && Number.isFinite(v) && v >= 0 && v <= max ? v : undefined);
const whole = (v: number | undefined, max: number) => {
  const b = bounded(v, max);
  return b === undefined ? undefined : Math.round(b);
};

function dropUndefined<T extends object>(o: T): T {
  for (const k of Object.keys(o) as (keyof T)[]) if (o[k] === undefined) delete o[k];
  return o;
}

/** The page-speed record's data. */
export function pageSpeedData(device: DeviceView, nav: Timings, vitals: Record<string, number>, delivery: Delivery): PageSpeedData {
  const v = vitalsTimings(vitals);
  const c = device.connection;
  const connection = c
    ? dropUndefined({
        downlink: bounded(c.downlink, 100_000),
        effectiveType: c.effectiveType?.slice(0, 16),
        rtt: bounded(c.rtt, 100_000),
        saveData: typeof c.saveData === 'boolean' ? c.saveData : undefined,
      })
    : undefined;
  return dropUndefined({
    context: 'storefront',
    analyticsId: device.analyticsId ? device.analyticsId.slice(0, 64) : undefined,
    version: COLLECTOR.version,
    connection,
    deliveryType: delivery,
    devicePixelRatio: bounded(device.devicePixelRatio, 100),
    screenWidth: whole(device.screenWidth, 100_000),
    screenHeight: whole(device.screenHeight, 100_000),
    viewportWidth: whole(device.viewportWidth, 100_000),
    viewportHeight: whole(device.viewportHeight, 100_000),
    deviceMemory: bounded(device.deviceMemory, 10_000),
    hardwareConcurrency: whole(device.hardwareConcurrency, 10_000),
    hash: device.hash ? device.hash.slice(0, 2048) : undefined,
    hostname: device.hostname.slice(0, 255),
    // SPEC 4: the collector classes its environment from the host.
    environment: environmentOf(device.hostname),
    pathname: device.pathname.slice(0, 2048),
    timings: { ...nav, ...v.timings },
    ratings: v.ratings,
  });
}

/** What is known of one image at load. */
export interface ImageView {
  src: string;
  /** Lazy images name their source in data-src (imageType 1); a loader marks data-image-loader (2). */
  dataSrc: boolean;
  loader: string | null;
  loading: string;
  naturalWidth: number;
  naturalHeight: number;
  rect: { top: number; left: number; width: number; height: number };
  viewport: { width: number; height: number };
}

/** The share of the image's box inside the viewport (0..1). */
export function intersectionRatio(rect: ImageView['rect'], viewport: ImageView['viewport']): number {
  const area = rect.width * rect.height;
  if (!(area > 0)) return 0;
  const w = Math.max(0, Math.min(rect.left + rect.width, viewport.width) - Math.max(rect.left, 0));
  const h = Math.max(0, Math.min(rect.top + rect.height, viewport.height) - Math.max(rect.top, 0));
  return Math.min(1, (w * h) / area);
}

export function imageRecordData(
  img: ImageView,
  pathname: string,
  observationTime: number,
): Extract<PerformanceRecord, { event: 'image' }>['data'] {
  const ratio = intersectionRatio(img.rect, img.viewport);
  let format: string | null = null;
  try {
    format = new URL(img.src, 'http://x').searchParams.get('format');
  } catch {
    format = null;
  }
  return dropUndefined({
    pathname: pathname.slice(0, 2048),
    visibleOnLoad: ratio > 0,
    observationTime: validTiming(observationTime) ? Math.round(observationTime) : undefined,
    intersectionRatio: Math.round(ratio * 1000) / 1000,
    squarespaceSize: format ? format.slice(0, 32) : undefined,
    imageType: img.loader ? 2 : img.dataSrc ? 1 : 0,
    imageLoaderType: (img.loader || img.loading || undefined)?.slice(0, 32),
    naturalWidth: whole(img.naturalWidth, 100_000),
    naturalHeight: whole(img.naturalHeight, 100_000),
    renderedWidth: whole(img.rect.width, 100_000),
    renderedHeight: whole(img.rect.height, 100_000),
  } as Extract<PerformanceRecord, { event: 'image' }>['data']);
}

/** The media queries of the accessibility record, answered. */
export function accessibilityRecordData(
  matches: (query: string) => boolean,
  pathname: string,
  networkType?: string,
): Extract<PerformanceRecord, { event: 'accessibility' }>['data'] {
  const contrast = (['more', 'less', 'custom'] as const).find((c) => matches(`(prefers-contrast: ${c})`)) ?? 'no-preference';
  return dropUndefined({
    pathname: pathname.slice(0, 2048),
    forceColors: matches('(forced-colors: active)'),
    networkInformationType: networkType?.slice(0, 32),
    prefersContrast: contrast,
    prefersReducedMotion: matches('(prefers-reduced-motion: reduce)'),
  });
}

/** At most this many image records per page (a request holds 200 records). */
export const MAX_IMAGES = 50;

// ---------------------------------------------------------------------------------------------
// In the browser.

interface NavigatorExtras {
  deviceMemory?: number;
  connection?: { downlink?: number; effectiveType?: string; rtt?: number; saveData?: boolean; type?: string };
}

function deviceView(analyticsId: string, loaded: { pathname: string; hash: string }): DeviceView {
  const nav = navigator as Navigator & NavigatorExtras;
  return {
    pathname: loaded.pathname,
    hostname: location.hostname,
    hash: loaded.hash,
    devicePixelRatio: window.devicePixelRatio,
    screenWidth: screen.width,
    screenHeight: screen.height,
    viewportWidth: window.innerWidth,
    viewportHeight: window.innerHeight,
    deviceMemory: nav.deviceMemory,
    hardwareConcurrency: nav.hardwareConcurrency,
    connection: nav.connection,
    analyticsId,
  };
}

function imageViews(): ImageView[] {
  const viewport = { width: window.innerWidth, height: window.innerHeight };
  return [...document.images].slice(0, MAX_IMAGES).map((img) => {
    const r = img.getBoundingClientRect();
    return {
      src: img.currentSrc || img.src,
      dataSrc: img.hasAttribute('data-src'),
      loader: img.getAttribute('data-image-loader'),
      loading: img.loading,
      naturalWidth: img.naturalWidth,
      naturalHeight: img.naturalHeight,
      rect: { top: r.top, left: r.left, width: r.width, height: r.height },
      viewport,
    };
  });
}

export interface PageSpeedOptions {
  pageLoadId: string;
  analyticsId: () => string;
  /** Reports a failure of the collector itself (SPEC 8: to the error hook, else ignored). */
  onError?: (e: unknown) => void;
}

/** Starts the page-speed measurement of this page load (once per document). */
export function startPageSpeed(opts: PageSpeedOptions): void {
  const vitals: Record<string, number> = {};
  const keep = (m: VitalsMetric) => {
    vitals[m.name] = m.value;
  };
  // Every change is kept: the page may hide before web-vitals would report a final value.
  const all = { reportAllChanges: true };
  for (const on of [onFCP, onLCP, onCLS, onINP, onTTFB]) {
    try {
      on(keep, all);
    } catch (e) {
      opts.onError?.(e);
    }
  }
  // The page that loaded: client-side navigations later do not make it another page.
  const { pathname, hash } = location;
  const base = { app: 'storefront', pageLoadId: opts.pageLoadId };
  let buffered: PerformanceRecord[] = [];
  let speedSent = false;

  const send = (records: (delivery: Delivery) => PerformanceRecord[]) => {
    sendText('/api/1/performance/records', (delivery) => JSON.stringify(records(delivery)));
  };

  const pageSpeed = (delivery: Delivery): PerformanceRecord => {
    const entry = performance.getEntriesByType?.('navigation')[0] as NavigationLike | undefined;
    return {
      ...base,
      ts: Date.now(),
      event: 'page-speed',
      data: pageSpeedData(deviceView(opts.analyticsId(), { pathname, hash }), navigationTimings(entry), vitals, delivery),
    };
  };

  const flush = (withSpeed: boolean) => {
    try {
      const speed = withSpeed && !speedSent;
      if (speed) speedSent = true;
      const records = buffered;
      buffered = [];
      if (!speed && !records.length) return;
      send((delivery) => (speed ? [pageSpeed(delivery), ...records] : records).slice(0, 200));
    } catch (e) {
      opts.onError?.(e);
    }
  };

  const collectBuffered = () => {
    try {
      const now = performance.now();
      for (const img of imageViews()) buffered.push({ ...base, ts: Date.now(), event: 'image', data: imageRecordData(img, pathname, now) });
      const nav = navigator as Navigator & NavigatorExtras;
      const matches = (q: string) => typeof window.matchMedia === 'function' && window.matchMedia(q).matches;
      buffered.push({
        ...base,
        ts: Date.now(),
        event: 'accessibility',
        data: accessibilityRecordData(matches, pathname, nav.connection?.type),
      });
    } catch (e) {
      opts.onError?.(e);
    }
  };

  const onLoad = () => {
    collectBuffered();
    setTimeout(() => flush(false), COLLECTOR.flushMs);
  };
  if (document.readyState === 'complete') onLoad();
  else window.addEventListener('load', onLoad, { once: true });

  setTimeout(() => flush(true), COLLECTOR.pageSpeedWaitMs);
  // Registered after web-vitals' own listeners: their last values are in before this runs.
  const onHide = () => {
    if (document.visibilityState === 'hidden') flush(true);
  };
  document.addEventListener('visibilitychange', onHide);
  window.addEventListener('pagehide', () => flush(true));
}
