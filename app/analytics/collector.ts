// The browser collector (issue 15), loaded by app/root.tsx after hydration: the page view of each
// page that carries a census (SPEC 3), the first-session flag (SPEC 4), page speed (page-speed.ts),
// JavaScript errors (SPEC 8), the visitor events of SPEC 7 (views, cart changes, purchase, related
// products, newsletter subscribe: only for a visitor holding the census cookie) and the button and
// form census. Nothing is sent for a page whose census is null, and no failure here ever reaches the page.
import type { CensusPage, JavascriptError, VisitorEventData, VisitorEventName } from './wire.js';
import { COLLECTOR, COOKIE, EVENTS_FIELD } from './constants.js';
import { addToCartData, censusCall, ENDPOINTS, hitData, recordEvent, recordHit, sessionFields, type CensusKind } from './census-client.js';
import { createErrorReporter, shapeError } from './error-reporter.js';
import { markSession, type SessionInfo } from './first-session.js';
import { startPageSpeed } from './page-speed.js';
import { postJson, readCookie } from './send.js';
import { randomId } from './visitor-cookies.js';

export interface PageShown {
  census: CensusPage | null;
  /** The document's own first page (not a client-side navigation). */
  first: boolean;
  /** document.referrer on the first page; the previous page's URL afterwards. */
  referrer: string;
}

/** Add-to-cart buttons announced per page at most (button-render). */
export const MAX_BUTTON_RENDERS = 10;

interface Current {
  census: CensusPage;
  pageLoadId: string;
  pathname: string;
  /** The session info this page's hit carried: its events carry the same. */
  session: SessionInfo;
}

let current: Current | null = null;
let started = false;
/** Resolves once the first RecordHit has answered (or given up): its answer sets the crumb cookie. */
let crumbReady: Promise<void> = Promise.resolve();
let session: SessionInfo = { isFirstLanding: false, isFirstSession: false, sessionId: null };
const rendered = new WeakSet<Element>();

const swallow = () => undefined;

function crumb(): string {
  return readCookie(document.cookie, COOKIE.crumb);
}

const errors = createErrorReporter({
  send(batch: JavascriptError[]) {
    void crumbReady.then(() => {
      const token = crumb();
      // Without the crumb the server refuses the report anyway (CSRF).
      if (token) void postJson(ENDPOINTS.errors, batch, { 'X-CSRF-Token': token });
    });
  },
});

function reportError(e: { message?: unknown; source?: unknown; line?: unknown; col?: unknown; stack?: unknown }) {
  if (!current) return;
  try {
    errors.report(shapeError({ ...e, pagePath: current.pathname, pageLoadId: current.pageLoadId, ts: Date.now() }));
  } catch {
    // Nothing: reporting an error must not raise another.
  }
}

function call(kind: CensusKind, targetId: string | undefined, label: string | undefined) {
  if (!current) return;
  void censusCall(kind, {
    websiteId: current.census.websiteId,
    pagePath: current.pathname,
    pageLoadId: current.pageLoadId,
    ...(targetId ? { targetId: targetId.slice(0, 64) } : {}),
    ...(label ? { label: label.trim().slice(0, 256) } : {}),
  }).catch(swallow);
}

/**
 * Sends a visitor event of SPEC 7, only when the census cookie (ss_cvr) exists for the visitor:
 * without it (never counted, or a restrictive policy) nothing goes. Waits for the crumb.
 */
function visitorEvent<N extends VisitorEventName>(name: N, data: VisitorEventData<N>) {
  if (!current) return;
  const websiteId = current.census.websiteId;
  const sessionData = sessionFields(current.session);
  // After the page view's answer, which sets (or, under a restrictive policy, clears) the cookie.
  void crumbReady.then(() => {
    const token = crumb();
    if (token && readCookie(document.cookie, COOKIE.visitor))
      return recordEvent(token, name, { website_id: websiteId, ...data, ...sessionData }).catch(swallow);
  });
}

/** The related products ("customers also bought") blocks of the page. */
const RELATED = '.also-bought, [data-related-products]';
const itemIdOf = (el: Element | null) => el?.querySelector<HTMLElement>('[data-item-id]')?.dataset.itemId?.slice(0, 64);

/** The page's own visitor events: detail, listing (with the beta flag), cart views, the purchase, related products shown. */
function pageEvents(census: CensusPage) {
  const root = document.getElementById('page') ?? document.body;
  if (census.itemId && census.recordType !== undefined)
    visitorEvent('detail-view', { item_id: census.itemId, ...(census.collectionId ? { list_id: census.collectionId } : {}) });
  if (census.visitorMetrics && census.collectionId) {
    const ids = [...root.querySelectorAll<HTMLElement>('form[data-add-to-cart][data-item-id]')].map((f) => f.dataset.itemId!.slice(0, 64));
    visitorEvent('listing-view', { list_id: census.collectionId, item_ids: ids.slice(0, 200) });
  }
  const cart = root.querySelector('[data-cart-root]');
  if (cart) visitorEvent('view-cart', { quantity: cart.querySelectorAll('[data-entry-id]').length });
  if (census.purchase) {
    // Once per order: a reload of the confirmation is no second purchase.
    const key = `ss_purchase_${census.purchase.order_id}`;
    let seen = false;
    try {
      seen = sessionStorage.getItem(key) !== null;
      sessionStorage.setItem(key, '1');
    } catch {
      // No storage: sent each time the page shows.
    }
    if (!seen) visitorEvent('purchase', census.purchase);
  }
  for (const block of root.querySelectorAll(RELATED)) {
    const ids = [...block.querySelectorAll<HTMLElement>('[data-item-id]')].map((el) => el.dataset.itemId!.slice(0, 64));
    if (ids.length > 0)
      visitorEvent('related-product-display', { list_id: cart ? 'cart' : (census.itemId ?? 'page'), item_ids: ids.slice(0, 50) });
  }
}

const addButtons = (root: ParentNode) => [...root.querySelectorAll<HTMLButtonElement>('form[data-add-to-cart] button[type="submit"]')];

/** button-render for the page's add-to-cart buttons (once each, at most 10), form-render for its form blocks. */
function announceRenders() {
  const root = document.getElementById('page') ?? document.body;
  let buttons = 0;
  for (const b of addButtons(root)) {
    if (buttons >= MAX_BUTTON_RENDERS) break;
    if (rendered.has(b)) continue;
    rendered.add(b);
    buttons++;
    call('button-render', b.form?.dataset.itemId, b.textContent ?? undefined);
  }
  for (const f of root.querySelectorAll<HTMLFormElement>('form[data-form-id]')) {
    if (rendered.has(f)) continue;
    rendered.add(f);
    call('form-render', f.dataset.formId, f.getAttribute('aria-label') ?? f.getAttribute('name') ?? undefined);
  }
}

function start() {
  started = true;
  window.addEventListener('error', (e: ErrorEvent) => {
    reportError({ message: e.message, source: e.filename, line: e.lineno, col: e.colno, stack: (e.error as Error | undefined)?.stack });
  });
  window.addEventListener('unhandledrejection', (e: PromiseRejectionEvent) => {
    const r = e.reason as { message?: unknown; stack?: unknown } | undefined;
    reportError({ message: r?.message ?? String(e.reason), stack: r?.stack });
  });
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') errors.flush();
  });
  // button-click: the add-to-cart buttons (the theme's markup; the cart island handles the post).
  document.addEventListener(
    'click',
    (e) => {
      const b = (e.target as Element | null)?.closest?.('form[data-add-to-cart] button[type="submit"]') as HTMLButtonElement | null;
      if (b) call('button-click', b.form?.dataset.itemId, b.dataset.label ?? b.textContent ?? undefined);
    },
    true,
  );
  // overlay (SPEC 7): the popup island announces the popup it opened (app/overlays/popup-island.ts).
  document.addEventListener('popup:shown', (e) => {
    const dialog = e.target as HTMLElement | null;
    call('overlay', dialog?.id || undefined, dialog?.querySelector('h2')?.textContent ?? undefined);
  });
  // The cart island announces a successful add (app/components/cart-island.ts).
  document.addEventListener('cart:added', (e) => {
    const form = e.target as HTMLFormElement | null;
    const itemId = form?.dataset?.itemId;
    if (!current || !form || !itemId) return;
    visitorEvent('add-to-cart', addToCartData(current.census, { itemId, title: form.dataset.title, list: form.hasAttribute('data-list') }));
    if (form.closest(RELATED)) visitorEvent('related-product-add', { list_id: relatedList(), item_id: itemId.slice(0, 64) });
  });
  // A related product's link.
  document.addEventListener(
    'click',
    (e) => {
      const a = (e.target as Element | null)?.closest?.('a[href]');
      const card = a?.closest(RELATED) ? a.closest('article, li, [data-item-id]') : null;
      const itemId = itemIdOf(card ?? null);
      if (itemId) visitorEvent('related-product-click', { list_id: relatedList(), item_id: itemId });
    },
    true,
  );
  // The cart's remove and the checkout's Place order: the collector records their events (remove
  // here, the purchase on the confirmed page) and marks the form, so the server does not too.
  document.addEventListener(
    'submit',
    (e) => {
      const form = e.target as HTMLFormElement | null;
      if (!(form instanceof HTMLFormElement) || form.method.toLowerCase() !== 'post') return;
      if (!/(^|\/)(cart|checkout)$/.test(new URL(form.action, location.href).pathname)) return;
      if (!form.elements.namedItem(EVENTS_FIELD)) {
        const mark = document.createElement('input');
        mark.type = 'hidden';
        mark.name = EVENTS_FIELD;
        mark.value = 'js';
        form.append(mark);
      }
      const intent = (form.elements.namedItem('intent') as HTMLInputElement | null)?.value;
      const entryId = (form.elements.namedItem('entryId') as HTMLInputElement | null)?.value;
      if (intent === 'remove' && entryId) {
        const itemId = itemIdOf(form.closest('[data-entry-id]'));
        visitorEvent('remove-from-cart', { entry_id: entryId.slice(0, 64), ...(itemId ? { item_id: itemId } : {}) });
      }
    },
    true,
  );
  // A form block's successful submit (app/forms/form-island.ts): SPEC 7's newsletter subscribe.
  document.addEventListener('form:submitted', (e) => {
    const form = e.target as HTMLFormElement | null;
    const formId = form?.dataset?.formId;
    visitorEvent('newsletter-subscribe', formId ? { list_id: formId.slice(0, 64) } : {});
  });
}

/** The list a related product belongs to: the cart's, or the product page's item. */
function relatedList(): string {
  return document.querySelector('[data-cart-root]') ? 'cart' : (current?.census.itemId ?? 'page');
}

/** Called by app/root.tsx for the first page and after each client-side navigation. */
export function trackPage(page: PageShown): void {
  try {
    if (!page.census) {
      current = null;
      return;
    }
    const pageLoadId = randomId(COLLECTOR.idLength);
    // The session info goes with every hit and event; its flags are the page load's, so only its
    // first page's (a client-side navigation afterwards neither lands nor begins a session).
    const firstHit = !started;
    if (!started) {
      start();
      session = markSession(sessionStorage, localStorage, Date.now(), () => randomId(COLLECTOR.idLength));
    }
    const pageSession = firstHit ? session : { ...session, isFirstLanding: false, isFirstSession: false };
    current = { census: page.census, pageLoadId, pathname: location.pathname, session: pageSession };
    const visitor = readCookie(document.cookie, COOKIE.visitor);
    const data = hitData(
      page.census,
      {
        userAgent: navigator.userAgent,
        now: Date.now(),
        innerWidth: window.innerWidth,
        innerHeight: window.innerHeight,
        screenWidth: screen.width,
        screenHeight: screen.height,
        href: location.href,
        pathname: location.pathname,
        title: document.title,
      },
      pageLoadId,
      page.referrer,
      visitor,
      pageSession,
    );
    const hit = recordHit(data, visitor).then(swallow, swallow);
    // Events wait for the first answer: it sets the crumb cookie they are sent with, and the census cookie.
    if (!crumb() || !readCookie(document.cookie, COOKIE.visitor)) crumbReady = crumbReady.then(() => hit);
    if (page.first) startPageSpeed({ pageLoadId, analyticsId: () => readCookie(document.cookie, COOKIE.analyticsId), onError: swallow });
    announceRenders();
    pageEvents(page.census);
  } catch {
    // The page goes on without analytics.
  }
}
