// What each ingest endpoint records: turns a validated call (wire.ts) and its request into rows,
// applies the recording rules, advances the visitor cookies on page views, and offers the rows to
// the queue within the site's daily quota. Answers an Outcome the routes turn into 202 (accepted),
// 204 (not to be recorded, or the quota is spent) or 503 (queue full); Set-Cookie lines ride along.
import { getSql } from '../../db/client.server.js';
import { PageType } from '../../engine/ts/enums.js';
import { env } from '../utils/env.server.js';
import { errorText, log } from '../utils/log.server.js';
import { COOKIE, ERROR_REPORTS, EVENTS_FIELD } from './constants.js';
import { deviceOf } from './device.js';
import { analyticsEnvironmentOf, environmentOf } from './environment.js';
import type { EventRow, JsErrorRow, PerformanceRow } from './event-store.server.js';
import type { Offer } from './ingest-queue.server.js';
import { capRecords, limitIngestClient } from './ingest-limits.server.js';
import { dailyQuota, ingestQueue } from './ingest.server.js';
import { pathRecordable } from './page-rules.js';
import { recordingVerdict } from './recording-rules.server.js';
import {
  advanceHit,
  clearAnalyticsCookies,
  parseAnalyticsId,
  parseSession,
  parseVisitor,
  randomId,
  readableCookie,
  readCookies,
  visitorSetCookies,
} from './visitor-cookies.js';
import { cookieAssignment } from '../experiments/assignment.server.js';
import type { Verdict } from '../utils/rate-limit.server.js';
import {
  isVisitorEvent,
  type AddToCartData,
  type CensusCall,
  type CensusHitData,
  type CensusPage,
  type JavascriptError,
  type PerformanceRecord,
  type SessionFields,
  type VisitorEventData,
  type VisitorEventName,
} from './wire.js';

/** One visitor event of SPEC 7 with its data (wire.ts VISITOR_EVENTS), and the browser's session info when it sent one. */
export type VisitorEvent = { [N in VisitorEventName]: { name: N; data: VisitorEventData<N>; session?: SessionFields } }[VisitorEventName];

export interface Outcome {
  status: 202 | 204 | 503;
  cookies: string[];
}

const skipped = (cookies: string[] = []): Outcome => ({ status: 204, cookies });

/** The path of a URL or path, without query or fragment ('' when it is not one). */
export function pathOf(raw: string | null | undefined): string {
  if (!raw) return '';
  try {
    return new URL(raw, 'http://x').pathname;
  } catch {
    return '';
  }
}

/** The host a referrer names when it is another site's; '' for none, a bad URL or our own. */
export function referrerHost(referrer: string | undefined, ownHosts: readonly string[]): string {
  if (!referrer) return '';
  try {
    const u = new URL(referrer);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return '';
    const host = u.host.toLowerCase();
    return ownHosts.some((h) => h.toLowerCase() === host) ? '' : host.slice(0, 255);
  } catch {
    return '';
  }
}

/** The visitor's experiment variants (their signed cookie), kept with the event; null when in none. */
async function experimentsOf(request: Request): Promise<Record<string, string> | null> {
  const a = await cookieAssignment(request);
  return Object.keys(a).length > 0 ? a : null;
}

/**
 * Offers the rows of one site to the queue, as many as its daily quota still allows (the first
 * ones): 202 when any were taken, 204 when the quota is spent, 503 when the queue is full.
 */
async function offer(websiteId: string, o: Offer, cookies: string[] = []): Promise<Outcome> {
  const n = (o.events?.length ?? 0) + (o.performance?.length ?? 0) + (o.errors?.length ?? 0);
  const allowed = await dailyQuota().take(websiteId, n);
  if (allowed === 0) return skipped(cookies);
  let left = allowed;
  const cut = <T>(rows: T[] | undefined): T[] | undefined => {
    if (!rows) return rows;
    const kept = rows.slice(0, left);
    left -= kept.length;
    return kept;
  };
  const taken: Offer = { events: cut(o.events), performance: cut(o.performance), errors: cut(o.errors) };
  if (ingestQueue().offer(taken)) return { status: 202, cookies };
  dailyQuota().release(websiteId, allowed);
  return { status: 503, cookies: [] };
}

/** Whether the client may send this site another analytics request (its rate limit, ingest-limits.server.ts). */
export async function ingestAllowance(request: Request, websiteId: string): Promise<Verdict> {
  return limitIngestClient(await getSql(), request, websiteId);
}

/** The crumb cookie (the double-submit token of RecordEvent and RecordJavascriptErrors). */
export function crumbOf(request: Request): string | null {
  const v = readCookies(request.headers.get('Cookie')).get(COOKIE.crumb);
  return v && /^[A-Za-z0-9_-]{8,64}$/.test(v) ? v : null;
}

/** The visitor id and visit of the request's ss_cvr (for events that are not page views). */
function visitorOfRequest(request: Request): { id: string | null; visit: number | null } {
  const v = parseVisitor(readCookies(request.headers.get('Cookie')).get(COOKIE.visitor));
  return { id: v?.id ?? null, visit: v?.count ?? null };
}

function baseEvent(request: Request, websiteId: string, kind: string, source: EventRow['source']): EventRow {
  return {
    environment: analyticsEnvironmentOf(new URL(request.url).hostname),
    website_id: websiteId,
    occurred_at: new Date(),
    kind,
    visitor_id: null,
    visit_no: null,
    new_visit: false,
    path: '',
    page_type: null,
    record_type: null,
    item_id: null,
    collection_id: null,
    referrer_host: '',
    device: 'desktop',
    source,
    data: {},
  };
}

export interface PageView {
  page: CensusPage & { pagePath: string; url: string; referrer?: string; viewportInnerWidth?: number };
  /** Everything the client sent, kept in `data`. */
  data: Record<string, unknown>;
  /** ss_cvr as the page read it (RecordHit's field), used when the request carries no cookie. */
  formVisitor?: string;
  source: EventRow['source'];
}

/**
 * A page view (RecordHit, or the pixel of a shopper without JavaScript): the visitor cookies
 * advanced (a new visit after 30 minutes without a hit), or all cleared under a restrictive policy.
 */
export async function recordPageView(request: Request, websiteId: string, view: PageView): Promise<Outcome> {
  const sql = await getSql();
  const path = pathOf(view.page.pagePath);
  const verdict = await recordingVerdict(sql, request, websiteId, path, view.page.pageType);
  if (!verdict.ok) return skipped();
  const secure = env().secureCookies;
  const cookies = readCookies(request.headers.get('Cookie'));
  const row = baseEvent(request, websiteId, 'page_view', view.source);
  const ua = request.headers.get('User-Agent') ?? '';
  const ownHost = new URL(request.url).host;
  let pageHost = '';
  try {
    pageHost = new URL(view.page.url).host;
  } catch {
    // a page URL that is not one: only the request's host is ours
  }
  Object.assign(row, {
    path,
    page_type: view.page.pageType,
    record_type: view.page.recordType ?? null,
    item_id: view.page.itemId ?? null,
    collection_id: view.page.collectionId ?? null,
    referrer_host: referrerHost(view.page.referrer, pageHost ? [ownHost, pageHost] : [ownHost]),
    device: deviceOf(ua, view.page.viewportInnerWidth),
    data: view.data,
    experiments: await experimentsOf(request),
  });
  let setCookies: string[];
  if (verdict.settings.cookiePolicy === 'restrictive') {
    setCookies = clearAnalyticsCookies(secure);
  } else {
    const visitor = parseVisitor(cookies.get(COOKIE.visitor)) ?? parseVisitor(view.formVisitor);
    const hit = advanceHit(visitor, parseSession(cookies.get(COOKIE.session)), row.occurred_at.getTime());
    const analyticsId = parseAnalyticsId(cookies.get(COOKIE.analyticsId)) ?? randomId();
    row.visitor_id = hit.visitor.id;
    row.visit_no = hit.visitor.count;
    row.new_visit = hit.newVisit;
    setCookies = visitorSetCookies(hit, analyticsId, secure);
  }
  if (!cookies.get(COOKIE.crumb)) setCookies.push(readableCookie(COOKIE.crumb, randomId(), null, secure));
  return offer(websiteId, { events: [row] }, setCookies);
}

/** The RecordHit call's census data as a page view. */
export function hitView(hit: CensusHitData, formVisitor: string | undefined): PageView {
  return { page: { ...hit, pageType: hit.pageType ?? pageTypeOfHit(hit) }, data: hit, formVisitor, source: 'js' };
}

/**
 * The page type of a hit that carries only SPEC 3's census fields: an item page ('i', or an item id)
 * is a content item, a collection page ('c') main content, anything else a page.
 */
function pageTypeOfHit(hit: CensusHitData): number {
  if (hit.contentSource === 'i' || (hit.itemId && hit.contentSource !== 'c')) return PageType.CONTENT_ITEM;
  return hit.contentSource === 'c' ? PageType.MAIN_CONTENT : PageType.PAGE;
}

/**
 * An event of RecordEvent, or one recorded by a no-JavaScript post (source 'server'). A visitor
 * event of SPEC 7 is recorded only when the census cookie (ss_cvr) is on the request: a visitor
 * without it (never counted, or a restrictive cookie policy cleared it) sends none.
 */
export async function recordEvent(
  request: Request,
  websiteId: string,
  e: VisitorEvent | { name: string; data: Record<string, unknown>; session?: SessionFields },
  source: EventRow['source'] = 'js',
  pagePath = pathOf(request.headers.get('Referer')),
): Promise<Outcome> {
  if (isVisitorEvent(e.name) && visitorOfRequest(request).id === null) return skipped();
  const sql = await getSql();
  const verdict = await recordingVerdict(sql, request, websiteId, pagePath);
  if (!verdict.ok) return skipped();
  const cart = e.name === 'add-to-cart' ? (e.data as AddToCartData) : null;
  const row = baseEvent(request, websiteId, cart ? 'add_to_cart' : 'event', source);
  row.path = pagePath;
  row.device = deviceOf(request.headers.get('User-Agent'));
  row.experiments = await experimentsOf(request);
  if (verdict.settings.cookiePolicy !== 'restrictive') {
    const v = visitorOfRequest(request);
    row.visitor_id = v.id;
    row.visit_no = v.visit;
  }
  if (cart) {
    row.item_id = cart.product.item_id;
    row.record_type = 11;
    row.collection_id = cart.product.item_collection_id ?? null;
    row.data = { product_page: cart.product_page, product: cart.product, ...(cart.cart_id ? { cart_id: cart.cart_id } : {}) };
  } else {
    row.data = { ...e.data, event: e.name };
    // The item or list a visitor event is about, where the dashboard's columns have a place for it.
    const d = e.data as { item_id?: unknown; list_id?: unknown };
    if (isVisitorEvent(e.name) && typeof d.item_id === 'string') row.item_id = d.item_id;
    if (e.name === 'listing-view' && typeof d.list_id === 'string') row.collection_id = d.list_id;
  }
  // Kept in data as a page view's are (whose data is the whole hit).
  Object.assign(row.data, e.session);
  return offer(websiteId, { events: [row] });
}

export const CENSUS_KINDS = {
  'button-render': 'button_render',
  'button-click': 'button_click',
  'form-render': 'form_render',
  overlay: 'overlay',
  quickView: 'quick_view',
} as const;

/** A census call of SPEC 7 (button and form renders and clicks, overlays, quick views). */
export async function recordCensusCall(
  request: Request,
  websiteId: string,
  kind: (typeof CENSUS_KINDS)[keyof typeof CENSUS_KINDS],
  call: CensusCall,
  itemId?: string,
): Promise<Outcome> {
  const sql = await getSql();
  const path = pathOf(call.pagePath);
  const verdict = await recordingVerdict(sql, request, websiteId, path);
  if (!verdict.ok) return skipped();
  const row = baseEvent(request, websiteId, kind, 'js');
  row.path = path;
  row.item_id = itemId ?? null;
  row.device = deviceOf(request.headers.get('User-Agent'));
  if (verdict.settings.cookiePolicy !== 'restrictive') {
    const v = visitorOfRequest(request);
    row.visitor_id = v.id;
    row.visit_no = v.visit;
  }
  row.data = { ...call };
  return offer(websiteId, { events: [row] });
}

const metric = (v: number | undefined) => (typeof v === 'number' ? v : null);

/**
 * The collector's performance records; those of pages never recorded are left out, and of each kind
 * only as many as a real page sends (RECORDS_PER_REQUEST: 50 images).
 */
export async function recordPerformance(request: Request, websiteId: string, records: PerformanceRecord[]): Promise<Outcome> {
  const sql = await getSql();
  const kept = capRecords(records.filter((r) => pathRecordable(pathOf(r.data.pathname))));
  if (kept.length === 0) return skipped();
  const verdict = await recordingVerdict(sql, request, websiteId, pathOf(kept[0].data.pathname));
  if (!verdict.ok) return skipped();
  const ua = request.headers.get('User-Agent');
  const now = new Date();
  const rows: PerformanceRow[] = kept.map((r) => {
    const row: PerformanceRow = {
      website_id: websiteId,
      occurred_at: now,
      event: r.event,
      page_load_id: r.pageLoadId,
      path: pathOf(r.data.pathname),
      device: 'desktop',
      fcp: null,
      lcp: null,
      cls: null,
      inp: null,
      fid: null,
      ttfb: null,
      data: { ...r.data, app: r.app, ts: r.ts },
      environment: environmentOf(new URL(request.url).hostname),
    };
    if (r.event === 'page-speed') {
      const t = r.data.timings;
      row.device = deviceOf(ua, r.data.viewportWidth);
      row.fcp = metric(t.firstContentfulPaint);
      row.lcp = metric(t.largestContentfulPaint);
      row.cls = metric(t.cumulativeLayoutShift);
      row.inp = metric(t.interactionToNextPaint);
      row.fid = metric(t.firstInputDelay);
      row.ttfb = metric(t.timeToFirstByte);
    } else {
      row.device = deviceOf(ua);
    }
    return row;
  });
  return offer(websiteId, { performance: rows });
}

/** Shoppers' JavaScript errors; stacks cut at 5,000 characters, the user agent from the request. */
export async function recordErrors(request: Request, websiteId: string, errors: JavascriptError[]): Promise<Outcome> {
  const sql = await getSql();
  const kept = errors.filter((e) => pathRecordable(pathOf(e.pagePath)));
  if (kept.length === 0) return skipped();
  const verdict = await recordingVerdict(sql, request, websiteId, pathOf(kept[0].pagePath));
  if (!verdict.ok) return skipped();
  const ua = (request.headers.get('User-Agent') ?? '').slice(0, 512);
  const now = new Date();
  const rows: JsErrorRow[] = kept.map((e) => ({
    website_id: websiteId,
    occurred_at: now,
    message: e.message,
    source: e.source ?? '',
    line: e.line ?? null,
    col: e.col ?? null,
    stack: (e.stack ?? '').slice(0, ERROR_REPORTS.stackChars),
    path: pathOf(e.pagePath),
    user_agent: ua,
    page_load_id: e.pageLoadId ?? '',
  }));
  return offer(websiteId, { errors: rows });
}

/**
 * A visitor event of a shopper without JavaScript (a form post's action: add to cart, remove from
 * cart, purchase), through the same rules; anything going wrong is logged, never passed on.
 */
export async function recordServerEvent(request: Request, websiteId: string, e: VisitorEvent, path: string): Promise<void> {
  try {
    const o = await recordEvent(request, websiteId, e, 'server', pathOf(path));
    if (o.status === 503) log.warn(`analytics: a no-JavaScript ${e.name} was not recorded (the queue is full)`);
  } catch (err) {
    log.warn(`analytics: recording a no-JavaScript ${e.name} failed: ${errorText(err)}`);
  }
}

/** The no-JavaScript add to cart (the /cart form's action). */
export function recordServerAddToCart(
  request: Request,
  websiteId: string,
  add: { itemId: string; productPage: 'plp' | 'pdp'; cartId?: string; path: string },
): Promise<void> {
  const data: AddToCartData = {
    website_id: websiteId,
    product_page: add.productPage,
    product: { item_id: add.itemId.slice(0, 64) },
    ...(add.cartId ? { cart_id: add.cartId } : {}),
  };
  return recordServerEvent(request, websiteId, { name: 'add-to-cart', data }, add.path);
}

/**
 * Whether a form post comes from a page without the collector (JavaScript off): with it, the form
 * carries EVENTS_FIELD and the collector records the event; so does the cart island's fetch.
 */
export function nativePost(request: Request, form: { get(name: string): unknown }): boolean {
  return form.get(EVENTS_FIELD) !== 'js' && request.headers.get('X-Cart-Fetch') !== '1';
}
