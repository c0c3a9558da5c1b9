// What the browser collector sends to the analytics endpoints of SPEC 7, as zod schemas: the one
// contract between app/analytics/collector (the client) and the ingest routes (the server). The
// client imports only the types; every bound here is enforced on the server.
import { z } from 'zod';
import { validTiming } from './constants.js';
import { ENVIRONMENTS } from './environment.js';

const id = z.string().max(64);
const text = (max: number) => z.string().max(max);
const int = z.number().int();
const size = int.min(0).max(100_000);

/** A timing value: kept in 0..2147483647 (SPEC 5), anything else dropped (undefined). */
const timing = z.preprocess((v) => (validTiming(v) ? v : undefined), z.number().optional());

/** SPEC 7's purchase: the order, its total in minor units and its lines. */
export const PurchaseData = z.object({
  website_id: id.optional(),
  order_id: id,
  total_cents: int.min(0).max(1_000_000_000),
  currency: z.string().regex(/^[A-Z]{3}$/),
  items: z
    .array(z.object({ sku: text(128), item_id: id.optional(), quantity: int.min(1).max(100_000), price_cents: int.min(0).optional() }))
    .max(100),
});
export type PurchaseData = z.infer<typeof PurchaseData>;

/**
 * SPEC 3's session info (app/analytics/first-session.ts), sent with page views and with RecordEvent's
 * data alike: the flags are true on the page load that began the browser session (and, for a first
 * landing, the browser's first here), the id is the session's.
 */
export const SessionFields = z.object({
  isFirstLanding: z.boolean().optional(),
  isFirstSession: z.boolean().optional(),
  sessionId: id.optional(),
});
export type SessionFields = z.infer<typeof SessionFields>;

/**
 * What a page tells the collector about itself (the loader's `census`), null where nothing may be
 * recorded. The census fields of SPEC 3 that the server knows; the browser adds the rest.
 */
export const CensusPage = z.object({
  websiteId: id,
  templateId: id.optional(),
  website_locale: text(35).optional(),
  pageId: id.optional(),
  collectionId: id.optional(),
  itemId: id.optional(),
  /** The item's record type (11: a product). */
  recordType: int.optional(),
  /** 'i' an item page, 'c' a collection page. */
  contentSource: z.enum(['i', 'c']).optional(),
  /** SPEC 2's page type number. */
  pageType: int,
  pagePermissionTypeValue: int.optional(),
  pageTitle: text(512).optional(),
  /** A listing page of a site whose "commerce visitor-metrics beta" flag is on (SPEC 7): its visit is an event. */
  visitorMetrics: z.literal(true).optional(),
  /** The order confirmed page: the purchase the collector records (never part of the hit). */
  purchase: PurchaseData.optional(),
});
export type CensusPage = z.infer<typeof CensusPage>;

/**
 * POST /api/census/RecordHit, form-encoded: `event` ('view' for a page view), `data` (this as
 * JSON) and `ss_cvr` (the visitor cookie as the page read it, possibly empty).
 */
export const CensusHitData = CensusPage.extend({
  /** Not among SPEC 3's census fields: a hit may leave it out, and the server reads it off the page. */
  pageType: int.optional(),
  userAgent: text(512).optional(),
  clientDate: int.min(0).optional(),
  viewportInnerWidth: size.optional(),
  viewportInnerHeight: size.optional(),
  screenWidth: size.optional(),
  screenHeight: size.optional(),
  url: text(2048),
  title: text(512).optional(),
  pagePath: text(2048),
  /** document.referrer on a full load; the previous page's URL after a client-side navigation. */
  referrer: text(2048).optional(),
  pageLoadId: id.optional(),
  visitorCookie: text(200).optional(),
  ...SessionFields.shape,
});
export type CensusHitData = z.infer<typeof CensusHitData>;

export const HIT_EVENTS = ['view'] as const;

/** SPEC 3's add-to-cart event (RecordEvent with event 'add-to-cart'). */
export const AddToCartData = z.object({
  website_id: id,
  page_id: id.optional(),
  cart_id: id.optional(),
  product_page: z.enum(['plp', 'pdp']),
  product: z.object({
    item_id: id,
    item_type: z.union([int, text(32)]).optional(),
    item_title: text(512).optional(),
    item_collection_id: id.optional(),
    item_collection_name: text(512).optional(),
  }),
});
export type AddToCartData = z.infer<typeof AddToCartData>;

const ids = (max: number) => z.array(id).max(max);

const related = z.object({ website_id: id.optional(), list_id: id.optional(), item_id: id });

/**
 * The visitor events of SPEC 7 (issue 30), by RecordEvent's `event` name: each one's data. They
 * are recorded only for a visitor holding the census cookie (ss_cvr), and stored as kind 'event'
 * with the name in data.event ('add-to-cart' has its own kind).
 */
export const VISITOR_EVENTS = {
  purchase: PurchaseData,
  /** A collection or shop page (only with the commerce visitor-metrics beta flag). */
  'listing-view': z.object({ website_id: id.optional(), list_id: id, item_ids: ids(200).optional() }),
  /** A product page. */
  'detail-view': z.object({ website_id: id.optional(), item_id: id, list_id: id.optional() }),
  'add-to-cart': AddToCartData,
  'view-cart': z.object({ website_id: id.optional(), cart_id: id.optional(), quantity: int.min(0).max(100_000).optional() }),
  'remove-from-cart': z.object({ website_id: id.optional(), entry_id: id, item_id: id.optional(), cart_id: id.optional() }),
  /** The related products ("customers also bought") shown: their ids. */
  'related-product-display': z.object({ website_id: id.optional(), list_id: id.optional(), item_ids: ids(50).min(1) }),
  'related-product-click': related,
  'related-product-add': related,
  /** A newsletter or form block's successful subscribe: the block's form id. */
  'newsletter-subscribe': z.object({ website_id: id.optional(), list_id: id.optional() }),
} as const;
export type VisitorEventName = keyof typeof VISITOR_EVENTS;
export type VisitorEventData<N extends VisitorEventName> = z.infer<(typeof VISITOR_EVENTS)[N]>;

export function isVisitorEvent(name: string): name is VisitorEventName {
  return Object.prototype.hasOwnProperty.call(VISITOR_EVENTS, name);
}

/**
 * POST /api/events/RecordEvent, form-encoded: `crumb` (the crumb cookie's value), `event` and
 * `data` (JSON). A visitor event's data is its VISITOR_EVENTS shape; other events keep any object
 * of at most 4 KB, stored as kind 'event'. Any event's data may also carry SessionFields, kept
 * with the row's data as a page view's are.
 */
export const EVENT_NAME = z.string().regex(/^[a-z][a-z0-9_-]{0,63}$/);

/**
 * POST /api/census/button-render | button-click | form-render | overlay, and
 * /api/census/RecordQuickView/{itemId}: JSON, sent with a 2.5 s timeout.
 */
export const CensusCall = z.object({
  websiteId: id,
  pagePath: text(2048),
  pageLoadId: id.optional(),
  /** The button's or form's block id, or the overlay's id. */
  targetId: id.optional(),
  /** The button's text, the form's name. */
  label: text(256).optional(),
});
export type CensusCall = z.infer<typeof CensusCall>;
export const CENSUS_CALLS = ['button-render', 'button-click', 'form-render', 'overlay'] as const;

const connection = z.object({
  downlink: z.number().min(0).max(100_000).optional(),
  effectiveType: text(16).optional(),
  rtt: z.number().min(0).max(100_000).optional(),
  saveData: z.boolean().optional(),
});

/** SPEC 3's page-speed data; web-vitals' metrics and the navigation timing sit in `timings`. */
export const PageSpeedData = z.object({
  context: text(32).optional(),
  analyticsId: id.optional(),
  marketingId: id.optional(),
  memberId: id.optional(),
  version: text(16).optional(),
  connection: connection.optional(),
  deliveryType: z.enum(['beacon', 'xhr']).optional(),
  devicePixelRatio: z.number().min(0).max(100).optional(),
  screenWidth: size.optional(),
  screenHeight: size.optional(),
  viewportWidth: size.optional(),
  viewportHeight: size.optional(),
  deviceMemory: z.number().min(0).max(10_000).optional(),
  hardwareConcurrency: int.min(0).max(10_000).optional(),
  hash: text(2048).optional(),
  hostname: text(255).optional(),
  /** The collector's class of the host (SPEC 4); the server stores its own class of the host it served. */
  environment: z.enum(ENVIRONMENTS).optional(),
  pathname: text(2048),
  timings: z
    .object({
      connect: timing,
      domContentLoaded: timing,
      domInteractive: timing,
      domComplete: timing,
      fetch: timing,
      redirect: timing,
      response: timing,
      transferSize: timing,
      encodedBodySize: timing,
      decodedBodySize: timing,
      domainLookup: timing,
      tcpConnection: timing,
      tlsNegotiation: timing,
      firstContentfulPaint: timing,
      firstInputDelay: timing,
      largestContentfulPaint: timing,
      /** Unitless; the same 0..2147483647 rule. */
      cumulativeLayoutShift: timing,
      interactionToNextPaint: timing,
      timeToFirstByte: timing,
      serverTiming: z
        .array(z.object({ name: text(64), duration: timing, description: text(256).optional() }))
        .max(20)
        .optional(),
      navigationType: text(32).optional(),
      initiatorType: text(32).optional(),
      nextHopProtocol: text(32).optional(),
    })
    .default({}),
  /** The rating of each web-vitals metric the page reached (constants.ts `rate`). */
  ratings: z.record(z.enum(['fcp', 'lcp', 'cls', 'fid', 'inp', 'ttfb']), z.enum(['good', 'needs-improvement', 'poor'])).optional(),
});
export type PageSpeedData = z.infer<typeof PageSpeedData>;

/** SPEC 3's image record: one per image on the page at load. */
export const ImageRecordData = z.object({
  pathname: text(2048),
  visibleOnLoad: z.boolean().optional(),
  observationTime: timing,
  intersectionRatio: z.number().min(0).max(1).optional(),
  squarespaceSize: text(32).optional(),
  /** 0 plain, 1 lazy data-src, 2 loader. */
  imageType: z.union([z.literal(0), z.literal(1), z.literal(2)]).optional(),
  imageLoaderType: text(32).optional(),
  naturalWidth: size.optional(),
  naturalHeight: size.optional(),
  renderedWidth: size.optional(),
  renderedHeight: size.optional(),
});

/** SPEC 3's accessibility record. */
export const AccessibilityRecordData = z.object({
  pathname: text(2048),
  forceColors: z.boolean().optional(),
  networkInformationType: text(32).optional(),
  prefersContrast: z.enum(['more', 'less', 'custom', 'no-preference']).optional(),
  prefersReducedMotion: z.boolean().optional(),
});

const recordBase = { app: text(32), pageLoadId: id, ts: int.min(0), raw: z.boolean().optional() };

/**
 * POST /api/1/performance/records: a JSON array of these, sent as text/plain by beacon or XHR.
 * At most 200 records per request.
 */
export const PerformanceRecord = z.discriminatedUnion('event', [
  z.object({ ...recordBase, event: z.literal('page-speed'), data: PageSpeedData }),
  z.object({ ...recordBase, event: z.literal('image'), data: ImageRecordData }),
  z.object({ ...recordBase, event: z.literal('accessibility'), data: AccessibilityRecordData }),
]);
export type PerformanceRecord = z.infer<typeof PerformanceRecord>;
export const PerformanceRecords = z.array(PerformanceRecord).max(200);

/**
 * POST /api/events/RecordJavascriptErrors: a JSON list of these (at most ERROR_REPORTS.queued),
 * with the crumb cookie's value in the X-CSRF-Token header.
 */
export const JavascriptError = z.object({
  message: text(1000),
  source: text(2048).optional(),
  line: int.min(0).optional(),
  col: int.min(0).optional(),
  /** Cut at 5,000 characters by the collector; the server cuts too. */
  stack: z
    .string()
    .transform((s) => s.slice(0, 5000))
    .optional(),
  pagePath: text(2048),
  pageLoadId: id.optional(),
  ts: int.min(0).optional(),
});
export type JavascriptError = z.infer<typeof JavascriptError>;
export const JavascriptErrors = z.array(JavascriptError).min(1).max(10);

export const CSRF_HEADER = 'X-CSRF-Token';
