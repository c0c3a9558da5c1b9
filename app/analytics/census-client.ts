// The census calls of SPEC 7 from the browser: the page view (RecordHit), events such as
// add-to-cart (RecordEvent) and the button and form census. The shaping is pure (tested); the
// sending goes through send.ts and never fails the page.
import { PageType } from '../../engine/ts/enums.js';
import type { AddToCartData, CensusCall, CensusHitData, CensusPage, SessionFields } from './wire.js';
import { postForm, postJson } from './send.js';
import type { SessionInfo } from './first-session.js';

export const ENDPOINTS = {
  hit: '/api/census/RecordHit',
  event: '/api/events/RecordEvent',
  census: '/api/census/',
  quickView: '/api/census/RecordQuickView/',
  records: '/api/1/performance/records',
  errors: '/api/events/RecordJavascriptErrors',
} as const;

/** What the browser knows of itself when a page is shown. */
export interface BrowserView {
  userAgent: string;
  now: number;
  innerWidth: number;
  innerHeight: number;
  screenWidth: number;
  screenHeight: number;
  /** location.href */
  href: string;
  /** location.pathname */
  pathname: string;
  title: string;
}

const size = (n: number) => (Number.isFinite(n) && n >= 0 ? Math.min(Math.round(n), 100_000) : undefined);
const cut = (s: string, max: number) => s.slice(0, max);

/** RecordHit's `data`: the page's census plus what the browser knows. */
export function hitData(
  census: CensusPage,
  view: BrowserView,
  pageLoadId: string,
  referrer: string,
  visitorCookie: string,
  session?: SessionInfo,
): CensusHitData {
  const data: CensusHitData = {
    ...census,
    userAgent: cut(view.userAgent, 512),
    clientDate: Math.max(0, Math.floor(view.now)),
    viewportInnerWidth: size(view.innerWidth),
    viewportInnerHeight: size(view.innerHeight),
    screenWidth: size(view.screenWidth),
    screenHeight: size(view.screenHeight),
    url: cut(view.href, 2048),
    title: cut(view.title, 512),
    pagePath: cut(view.pathname, 2048),
    pageLoadId,
  };
  // The purchase is an event of its own (RecordEvent), not part of the page view.
  delete data.purchase;
  if (referrer) data.referrer = cut(referrer, 2048);
  if (visitorCookie) data.visitorCookie = cut(visitorCookie, 200);
  Object.assign(data, sessionFields(session));
  for (const k of Object.keys(data) as (keyof CensusHitData)[]) if (data[k] === undefined) delete data[k];
  return data;
}

/** SPEC 3's session info as hits and events carry it: nothing when storage gave no session id (storage refused). */
export function sessionFields(session: SessionInfo | undefined): SessionFields {
  if (!session?.sessionId) return {};
  return { sessionId: cut(session.sessionId, 64), isFirstSession: session.isFirstSession, isFirstLanding: session.isFirstLanding };
}

/** What an add-to-cart form tells of its product (data-item-id, data-title, data-list). */
export interface AddedForm {
  itemId: string;
  title?: string;
  /** The form is a list card's (data-list), not the product page's own. */
  list: boolean;
}

/** RecordEvent 'add-to-cart' data: product_page pdp on a product page's own form, else plp. */
export function addToCartData(census: CensusPage, form: AddedForm): AddToCartData {
  const pdp = !form.list && census.pageType === PageType.CONTENT_ITEM;
  const product: AddToCartData['product'] = { item_id: form.itemId.slice(0, 64) };
  if (form.title) product.item_title = form.title.slice(0, 512);
  // The page's own item: its type and collection are the page's.
  if (pdp && census.itemId === form.itemId) {
    if (census.recordType !== undefined) product.item_type = census.recordType;
    if (census.collectionId) product.item_collection_id = census.collectionId;
  }
  const data: AddToCartData = { website_id: census.websiteId, product_page: pdp ? 'pdp' : 'plp', product };
  if (census.pageId) data.page_id = census.pageId;
  return data;
}

export function recordHit(data: CensusHitData, visitorCookie: string): Promise<number> {
  return postForm(ENDPOINTS.hit, { event: 'view', data: JSON.stringify(data), ss_cvr: visitorCookie });
}

export function recordEvent(crumb: string, event: string, data: unknown): Promise<number> {
  return postForm(ENDPOINTS.event, { crumb, event, data: JSON.stringify(data) });
}

export type CensusKind = 'button-render' | 'button-click' | 'form-render' | 'overlay';

export function censusCall(kind: CensusKind, call: CensusCall): Promise<number> {
  return postJson(ENDPOINTS.census + kind, call);
}
