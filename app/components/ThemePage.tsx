// A page rendered by the theme: its HTML as the server made it, plus the page's JSON-LD. With
// JavaScript on, same-site links and GET forms inside it navigate without a full reload; without
// JavaScript they are ordinary links and forms, and everything works the same.
import { useNavigate, useNavigation, useRevalidator, useSubmit } from '@remix-run/react';
import { useContext, useEffect, type FormEvent, type MouseEvent } from 'react';
import { PageHtmlContext } from './page-html.js';
import { handleAddToCart, showCustomForms, syncCartCount } from './cart-island.js';
import { enhanceVariantPickers } from './variant-island.js';
import { enhanceCharts } from './chart-island.js';
import { enhanceGalleries } from './gallery-island.js';
import { enhanceRestockForms } from './restock-island.js';
import { enhanceCheckoutTotals, giftCardInPlace, isGiftCardButton, totalsSettled } from './checkout-island.js';
import { playVideoPoster } from './video-island.js';

export interface ThemePageProps {
  /** Null on the first render in the browser: the document already holds it (entry.server.tsx). */
  html: string | null;
  jsonLd?: string | null;
}

let serverPageHtml: string | null = null;

/** Called once before hydration: the server-rendered theme HTML, read back from the document. */
export function rememberServerPageHtml(): void {
  serverPageHtml = document.getElementById('page')?.innerHTML ?? '';
}

/** A path this app renders as a page (not a file such as /images/x.svg or /favicon.ico). */
function isPagePath(pathname: string): boolean {
  return !/\.[A-Za-z0-9]{1,8}$/.test(pathname);
}

export function ThemePage({ html: fromLoader, jsonLd }: ThemePageProps) {
  // A document request's HTML comes beside the loader data (entry.server.tsx), never inside it.
  const fromDocument = useContext(PageHtmlContext);
  const html = fromLoader ?? fromDocument;
  const navigate = useNavigate();
  const submit = useSubmit();
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  // SPEC 4: the cart is recalculating between the start and the end of an entry update.
  const recalculating = navigation.state !== 'idle' && /^(\/[a-z]{2,3})?\/cart$/.test(navigation.formAction ?? '');
  // Catalog pages come without the visitor's cart: the count is filled in after each render.
  useEffect(() => syncCartCount(document), [html]);
  // Product pages: a chosen option shows its variant at once (price, stock, picture, button).
  useEffect(() => enhanceVariantPickers(document.getElementById('page')), [html]);
  // Product pages: back-in-stock sign-ups sent as JSON, the form following the chosen variant.
  useEffect(() => enhanceRestockForms(document.getElementById('page')), [html]);
  // Content pages: chart blocks are drawn with Chart.js (loaded only when the page has one).
  useEffect(() => enhanceCharts(document.getElementById('page')), [html]);
  // Content pages: gallery blocks' autoplay, controls and lightbox.
  useEffect(() => enhanceGalleries(document.getElementById('page')), [html]);
  // The popup overlay (app/overlays): a modal dialog once its trigger fires, loaded only when the page has one.
  useEffect(() => {
    const root = document.getElementById('page');
    if (!root?.querySelector('dialog[data-popup]')) return;
    let stop: (() => void) | undefined;
    let gone = false;
    void import('../overlays/popup-island.js').then((m) => {
      if (!gone) stop = m.enhancePopup(root);
    });
    return () => {
      gone = true;
      stop?.();
    };
  }, [html]);
  // Checkout: the totals follow the shipping method, country and region as they change.
  useEffect(() => enhanceCheckoutTotals(document.getElementById('page')), [html]);
  // A product's custom form (issue 30): its fields appear in the add-to-cart form.
  useEffect(() => showCustomForms(document.getElementById('page')), [html]);
  // Form blocks: the form island (and its CAPTCHA widget) load only on a page that has a form, or
  // a back-in-stock form with the site's CAPTCHA.
  useEffect(() => {
    const root = document.getElementById('page');
    if (root?.querySelector('form[data-form-id], form[data-restock-form] [data-form-captcha]'))
      void import('../forms/form-island.js').then((m) => m.enhanceFormBlocks(root));
  }, [html]);

  function onClick(e: MouseEvent<HTMLDivElement>) {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    const a = (e.target as Element).closest?.('a');
    if (!a || !e.currentTarget.contains(a) || !a.hasAttribute('href')) return;
    // A video block's poster: the player replaces it (the link is for visitors without JavaScript).
    if (a.closest('[data-video-embed]') && playVideoPoster(a)) {
      e.preventDefault();
      return;
    }
    if ((a.target && a.target !== '_self') || a.hasAttribute('download') || a.hasAttribute('data-reload')) return;
    const url = new URL(a.href, window.location.href);
    if (url.origin !== window.location.origin || !isPagePath(url.pathname)) return;
    // In-page anchors keep the browser's own behaviour.
    if (url.pathname === window.location.pathname && url.search === window.location.search && url.hash) return;
    e.preventDefault();
    navigate(url.pathname + url.search + url.hash);
  }

  function onSubmit(e: FormEvent<HTMLDivElement>) {
    const form = e.target as HTMLFormElement;
    if (e.defaultPrevented || !(form instanceof HTMLFormElement)) return;
    const submitter = (e.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | HTMLInputElement | null;
    const method = (submitter?.getAttribute('formmethod') ?? form.getAttribute('method') ?? 'get').toLowerCase();
    const target = submitter?.getAttribute('formtarget') ?? form.getAttribute('target');
    if ((target && target !== '_self') || form.hasAttribute('data-reload')) return;
    if (method === 'post') {
      // Add-to-cart forms: the island sends them with fetch and shows the button states.
      if (form.hasAttribute('data-add-to-cart')) {
        // On the cart page itself ("customers also bought") the entry list must show the new line.
        const refresh = () => {
          if (document.querySelector('[data-cart-root]')) revalidator.revalidate();
        };
        if (handleAddToCart(form, submitter instanceof HTMLButtonElement ? submitter : null, refresh)) e.preventDefault();
        return;
      }
      // Form blocks: the form island checks and sends them through the forms API (SPEC 7).
      if (form.hasAttribute('data-form-id')) {
        e.preventDefault();
        import('../forms/form-island.js').then(
          (m) => m.submitFormBlock(form),
          () => form.submit(),
        );
        return;
      }
      // Other same-site POST forms (the cart's quantity and remove forms, Place order) go through
      // the route action without a reload; the action redirects as it does without JavaScript.
      const postTo = new URL(submitter?.getAttribute('formaction') ?? form.action, window.location.href);
      if (postTo.origin !== window.location.origin || !isPagePath(postTo.pathname)) return;
      e.preventDefault();
      // The pressed button goes along (its name and value), as in a native submit: the checkout's
      // "Update totals" and "Place order" differ only by it.
      const by = submitter instanceof HTMLButtonElement || submitter instanceof HTMLInputElement ? submitter : form;
      const go = () => submit(by, { method: 'post', action: postTo.pathname + postTo.search, preventScrollReset: true });
      // The checkout's gift card Apply and Remove redraw only the card's field and the totals (issue
      // 33); an answer that is not the checkout (the cart bought meanwhile) is followed as a navigation.
      if (isGiftCardButton(form, submitter)) {
        void giftCardInPlace(form, submitter).then((done) => (done ? undefined : go()));
        return;
      }
      // Place order goes once the totals on screen are those of the form (a recalculation under way).
      void totalsSettled(form).then(go);
      return;
    }
    if (method !== 'get') return;
    const action = new URL(submitter?.getAttribute('formaction') ?? form.action, window.location.href);
    if (action.origin !== window.location.origin || !isPagePath(action.pathname)) return;
    const params = new URLSearchParams();
    for (const [k, v] of new FormData(form, submitter ?? undefined)) if (typeof v === 'string') params.append(k, v);
    e.preventDefault();
    const query = params.toString();
    // Re-submitting on the same page (a variant choice) keeps the shopper where they are.
    navigate(action.pathname + (query ? `?${query}` : ''), {
      preventScrollReset: action.pathname === window.location.pathname,
    });
  }

  return (
    <>
      {/* Event delegation: the clicks and submits come from the theme's own links, buttons and forms. */}
      {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions */}
      <div
        id="page"
        data-cart-recalculating={recalculating ? 'true' : undefined}
        onClick={onClick}
        onSubmit={onSubmit}
        dangerouslySetInnerHTML={{ __html: html ?? serverPageHtml ?? '' }}
      />
      {jsonLd ? <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLd }} /> : null}
    </>
  );
}
