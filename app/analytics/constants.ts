// The numbers of analytics (SPEC 4 and 9): cookie names and lifetimes, the collector's timers and
// limits, and the Core Web Vitals thresholds the collector and the dashboard rate by. Pure data,
// shared by the browser collector and the server.

/** Cookie names (SPEC 6 and 9). ss_cvr: the visitor; ss_cvt: the session; ss_cid: the analytics id. */
/**
 * The field the collector adds to a page's POST forms: with it the collector records the form's
 * visitor event (remove from cart, purchase), so the server, which records them without JavaScript, does not.
 */
export const EVENTS_FIELD = '_events';

export const COOKIE = {
  visitor: 'ss_cvr',
  session: 'ss_cvt',
  analyticsId: 'ss_cid',
  /** The double-submit CSRF token sent back as the `crumb` field or the X-CSRF-Token header. */
  crumb: 'crumb',
} as const;

/** What a restrictive cookie policy clears (SPEC 6). */
export const ANALYTICS_COOKIES = ['ss_cid', 'ss_cpvisit', 'ss_cvisit', 'ss_cvr', 'ss_cvt'] as const;

const DAY_S = 24 * 60 * 60;
/** Lifetimes in seconds (SPEC 9): visitor id 2 years, session 30 minutes, analytics id 390 days. */
export const COOKIE_MAX_AGE_S = {
  visitor: 2 * 365 * DAY_S,
  session: 30 * 60,
  analyticsId: 390 * DAY_S,
} as const;

/** A session ends after this long without a hit: the next hit starts a new visit. */
export const SESSION_MS = COOKIE_MAX_AGE_S.session * 1000;

/** The collector (SPEC 4 and 9). */
export const COLLECTOR = {
  version: '4.9.4',
  /** Buffered records (images, accessibility) flush this long after load, or when the page hides. */
  flushMs: 30_000,
  /** Page-speed data goes when the page hides, or after this long, whichever first. */
  pageSpeedWaitMs: 60_000,
  /** Length of random ids (page load ids, analytics ids). */
  idLength: 21,
  /** Census calls give up after this long (SPEC 9). */
  requestTimeoutMs: 2500,
} as const;

/** JavaScript error reports (SPEC 8). */
export const ERROR_REPORTS = {
  perPage: 20,
  queued: 10,
  debounceMs: 1000,
  stackChars: 5000,
} as const;

/** Timing values outside this range are dropped (SPEC 5). */
export const TIMING_MAX = 2147483647;

export function validTiming(v: unknown): v is number {
  return typeof v === 'number' && Number.isFinite(v) && v >= 0 && v <= TIMING_MAX;
}

export type Rating = 'good' | 'needs-improvement' | 'poor';

/**
 * Good up to the first number, poor above the second (SPEC 4 for FCP, LCP, CLS, FID; INP and
 * TTFB, which SPEC 4 leaves out, take the thresholds the web-vitals library uses).
 */
export const THRESHOLDS = {
  fcp: [1800, 3000],
  lcp: [2500, 4000],
  cls: [0.1, 0.25],
  fid: [100, 300],
  inp: [200, 500],
  ttfb: [800, 1800],
} as const;

export type Metric = keyof typeof THRESHOLDS;

export function rate(metric: Metric, value: number): Rating {
  const [good, poor] = THRESHOLDS[metric];
  return value <= good ? 'good' : value > poor ? 'poor' : 'needs-improvement';
}

/** Device classes, by viewport width (SPEC 9's breakpoints: mobile up to 432 px, tablet never). */
export const DEVICES = ['mobile', 'desktop'] as const;
export type Device = (typeof DEVICES)[number];
export const MOBILE_MAX_WIDTH = 432;
