// What a page tells the analytics collector about itself (SPEC 3's census fields the server
// knows): built from what the page resolved to, the same for every visitor of a URL (the page's
// HTML is shared-cached), and null where nothing may be recorded (SPEC 2 and 6).
import { PageType } from '../../engine/ts/enums.js';
import type { Resolved } from '../catalog/catalog.server.js';
import type { CensusPage, PurchaseData } from '../analytics/wire.js';
import type { Order } from '../commerce/order.js';
import { pageRecordable } from '../analytics/page-rules.js';

export interface CensusInput {
  /** Whether analytics is on at all (app/analytics/switch.server.ts). */
  enabled: boolean;
  websiteId: string;
  locale?: string;
  /** The theme template that renders the page (the census's templateId). */
  template: string;
  resolved: Resolved;
  pageType: number;
  /** The request's path. */
  path: string;
  /** The page's <title>. */
  pageTitle: string;
  /** The site's "commerce visitor-metrics beta" flag (featureFlags.commerceVisitorMetrics): listing visits are events. */
  visitorMetrics?: boolean;
}

// Cut as the wire contract bounds them: the server refuses longer ones.
const cut = (s: string, max: number) => (s.length > max ? s.slice(0, max) : s);

export function censusPage(input: CensusInput): CensusPage | null {
  const { resolved, pageType } = input;
  // The error page is no page view either: it stands in for one that failed.
  if (!input.enabled || pageType === PageType.ERROR || !pageRecordable(input.path, pageType)) return null;
  const census: CensusPage = {
    websiteId: input.websiteId,
    templateId: cut(input.template, 64),
    pageType,
    pageTitle: cut(input.pageTitle, 512),
  };
  if (input.locale) census.website_locale = cut(input.locale, 35);
  const collection = 'collection' in resolved ? resolved.collection : null;
  if (collection) {
    census.collectionId = collection.id;
    census.pageId = collection.id;
    census.contentSource = 'c';
    if (input.visitorMetrics && resolved.kind === 'products') census.visitorMetrics = true;
  }
  if (resolved.kind === 'product' || resolved.kind === 'entry') {
    census.itemId = resolved.item.id;
    census.contentSource = 'i';
    if (resolved.kind === 'product') census.recordType = resolved.item.recordType;
  }
  return census;
}

/** SPEC 7's purchase of an order (the confirmed page's census, the no-JavaScript checkout's event). */
export function purchaseOf(order: Order): PurchaseData {
  return {
    website_id: order.websiteId.slice(0, 64),
    order_id: order.id.slice(0, 64),
    total_cents: order.grandTotalCents,
    currency: order.currency,
    items: order.items.slice(0, 100).map((i) => ({ sku: i.sku.slice(0, 128), quantity: i.quantity, price_cents: i.unitPriceCents })),
  };
}
