// Rendering public pages: theme templates compiled once per process (cached by a hash of their
// source) and rendered over the template context, the page inside the layout; and the pipeline
// route loaders call (site, context, render, status and caching headers). Nothing here throws.
import { json, redirect, type AppLoadContext, type TypedResponse } from '@remix-run/node';
import { compile, render, type Backend, type Code, type TemplateError } from '../../engine/node.js';
import { loadSite, type Resolved, type Site } from '../catalog/catalog.server.js';
import { pageContext, statusFor, templateFor, type ContextExtras } from './context.server.js';
import type { TemplateContext } from './template-context.js';
import { pageHeaders, strongEtag } from './http.server.js';
import { isDatabaseUnavailable } from '../../db/client.server.js';
import { createReadCache } from '../catalog/read-cache.server.js';

/** Seconds a visitor or crawler should wait while the database cannot be reached. */
const RETRY_AFTER_S = 5;
import { readVisit, type Visit } from './cart-ui.server.js';
import { requestSite } from './site.server.js';
import { withCollectionTemplates } from '../sites/collection-templates.server.js';
import { seoFor, type Seo } from './seo.server.js';
import { siteStylesheet } from './theme-css.server.js';
import { log } from '../utils/log.server.js';
import { NOTICE_STYLE, NOTICES } from '../utils/notices.js';
import { adjustRestockMarkup, type RestockFlash } from '../forms/restock-markup.js';
import { RESTOCK_ISLAND_KEYS, RESTOCK_TEXT, type RestockIslandTexts } from '../forms/restock-texts.js';
import type { CensusPage, PurchaseData } from '../analytics/wire.js';
import { analyticsEnabled } from '../analytics/switch.server.js';
import { censusPage } from './census.js';
import { guardPage } from './access-page.server.js';
import { popupFor } from '../overlays/popup.server.js';
import { getSql } from '../../db/client.server.js';
import { ownerRoleOn } from '../auth/owner-role.server.js';
import { pageExperiments } from '../experiments/page.server.js';
import { formatPairs } from '../experiments/rules.js';
import { languageLinks, pageLanguage, resolvedIn, siteIn } from '../languages/page-language.server.js';
import { textFrom } from '../languages/strings.js';
import { appLinksIn } from '../languages/languages.js';
import { islandTextsHtml } from './island-texts.server.js';
import { env } from '../utils/env.server.js';
import { productCustomForm, withProductForm } from '../commerce/custom-forms.server.js';
import { withGiftCardField } from './checkout-gift-card.server.js';
import {
  hasSubtotalToken,
  markSubtotal,
  sentinelMoney,
  sentinelText,
  spliceSubtotal,
  subtotalHtml,
  type ShownCart,
} from './cart-splice.server.js';

/** The site's theme as loadSite() returns it: sources by name. */
export interface ThemeSources {
  layout: string;
  pages: Record<string, string>;
  partials: Record<string, string>;
}

export interface RenderSettings {
  /** BCP-47 locale for dates, numbers and money (the website's). */
  locale?: string;
  /** The website's time zone. */
  timeZone?: string;
}

/** An engine error with the template it came from, for logs and tests. */
export interface PageError extends TemplateError {
  template: string;
}

export interface RenderedPage {
  html: string;
  errors: PageError[];
}

// WASM runs the engine's hot paths and is proven byte-identical to the TypeScript reference;
// TEMPLATE_BACKEND=ts switches to the reference for diagnosis.
const BACKEND: Backend = env().templateBackend;

/**
 * Compiled templates kept per process, keyed by their source: a theme edit changes the source. The
 * string itself is the key (V8 hashes a string once and keeps the hash), not a digest of it, which
 * cost a sha256 of every partial on every render.
 */
const CACHE_LIMIT = 500;
const cache = new Map<string, { code: Code; errors: TemplateError[] }>();
let compiles = 0;

/**
 * Compiles `source` or returns the cached result for the same source. Syntax errors are logged
 * once, when the source is first compiled, with the template's name.
 */
export function compileCached(name: string, source: string): { code: Code; errors: TemplateError[] } {
  const key = source;
  const hit = cache.get(key);
  if (hit) {
    // Least recently used goes first: re-insert on every hit.
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const compiled = compile(source, { backend: BACKEND });
  compiles++;
  for (const e of compiled.errors) logError({ ...e, template: name });
  cache.set(key, compiled);
  if (cache.size > CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
  return compiled;
}

/** Cache statistics, for tests and diagnostics. */
export function compileCacheStats(): { size: number; compiles: number } {
  return { size: cache.size, compiles };
}

export function clearCompileCache(): void {
  cache.clear();
  compiles = 0;
}

function logError(e: PageError): void {
  const where = e.line ? `:${e.line}:${e.column ?? 0}` : '';
  log.warn(
    { template: e.template, line: e.line, column: e.column, kind: e.kind },
    `[template ${e.template}${where}] ${e.kind} error: ${e.message}`,
  );
}

/** Renders one template over `context`; runtime errors are logged with its name and skipped. */
export function renderTemplate(
  name: string,
  source: string,
  context: unknown,
  partials: Record<string, string>,
  settings: RenderSettings = {},
): RenderedPage {
  const compiled = compileCached(name, source);
  const compiledPartials: Record<string, Code> = {};
  for (const [p, src] of Object.entries(partials)) compiledPartials[p] = compileCached(`partial ${p}`, src).code;
  let result: { output: string; errors: TemplateError[] };
  try {
    result = render(compiled.code, context, {
      backend: BACKEND,
      locale: settings.locale ?? 'en',
      timeZone: settings.timeZone,
      partials: compiledPartials,
    });
  } catch (e) {
    // The engine promises not to throw; if it ever does, the page still renders without this piece.
    result = { output: '', errors: [{ kind: 'runtime', message: `Unexpected error during execution: ${(e as Error)?.message ?? e}` }] };
  }
  // Syntax errors were logged once, at compile time; runtime errors are new on each render.
  const runtime = result.errors.map((e) => ({ ...e, template: name }));
  for (const e of runtime) logError(e);
  return { html: result.output, errors: [...compiled.errors.map((e) => ({ ...e, template: name })), ...runtime] };
}

/**
 * Renders the page template `templateName` of `theme`, then the layout with the page's HTML in
 * `mainContent`. A page template the theme lacks renders as an empty main area (and is logged).
 * Any object renders (tests give partial contexts); pages give a TemplateContext (renderPage).
 */
export function renderThemePage(theme: ThemeSources, templateName: string, context: object, settings: RenderSettings = {}): RenderedPage {
  const errors: PageError[] = [];
  const source = theme.pages[templateName];
  let main = '';
  if (source === undefined) {
    const e: PageError = { kind: 'runtime', message: `Page template "${templateName}" not found`, template: templateName };
    logError(e);
    errors.push(e);
  } else {
    const page = renderTemplate(templateName, source, context, theme.partials, settings);
    main = page.html;
    errors.push(...page.errors);
  }
  const layout = renderTemplate('layout', theme.layout, { ...context, mainContent: main }, theme.partials, settings);
  errors.push(...layout.errors);
  return { html: layout.html, errors };
}

// ---------------------------------------------------------------------------------------------
// The page pipeline a route loader calls: site -> what the URL shows -> template context -> HTML,
// with caching headers. A missing page is the theme's not-found page (404); anything unexpected
// is the theme's error page (500); when even the site cannot be read, a static page (500).

/** What a page route's loader returns: plain data for the document shell. */
export interface PageData {
  html: string;
  seo: Seo;
  /** The theme's stylesheet (`/theme/<hash>.css`), linked from the document's head; null when none. */
  stylesheet: string | null;
  /**
   * What the analytics collector and the no-JavaScript pixel record of this page (app/storefront/
   * census.ts): page data, the same for every visitor; null where nothing is recorded.
   */
  census: CensusPage | null;
}

/** What a route decided to show, once the site is known. */
export interface PagePlan {
  resolved: Resolved;
  /** Theme page template (default: by `resolved.kind`). */
  template?: string;
  /** HTTP status (default: 404 for not-found, 500 for error, else 200). */
  status?: number;
  extras?: Omit<ContextExtras, 'url'>;
  /**
   * A page of one shopper's own (cart, checkout, an order, or the not-found page that stands in
   * for an order they may not see): `private, no-store` and noindex. Default: a commerce page is.
   */
  private?: boolean;
  /**
   * A page template the app supplies (the account pages, which no theme carries): rendered as the
   * page template `name` inside the theme's layout.
   */
  pageTemplate?: { name: string; source: string };
  /** A 429 (the lock screen after too many wrong passwords): seconds until the visitor may try again. */
  retryAfterS?: number;
  /** The order confirmed page's purchase (SPEC 7), which the collector records: part of the census. */
  purchase?: PurchaseData;
}

/** A rendered page and its entity tag (made once per rendering, not per response). */
interface Rendered {
  data: PageData;
  etag: string | null;
  /**
   * A shared render for cart holders (app/storefront/cart-splice.server.ts): the locale its subtotal
   * is put in with, or false when this page cannot take one (the owner's layout prints the amount in
   * a form the splice does not know): such visitors then get a page of their own.
   */
  splice?: { locale: string } | false;
}

function rendered(data: PageData, status: number): Rendered {
  // The tag covers everything the document is made from on the data side: HTML and head tags.
  return { data, etag: status === 200 ? strongEtag(data.html, JSON.stringify(data.seo), data.stylesheet ?? '') : null };
}

function respond(page: Rendered, status: number, visit?: Visit, context?: AppLoadContext, privatePage = false): TypedResponse<PageData> {
  let { etag } = page;
  let data = page.data;
  // A shared render for cart holders gets this visitor's subtotal, and a tag that covers it.
  if (page.splice && visit?.shown && hasSubtotalToken(data.html)) {
    const subtotal = subtotalHtml(visit.shown, page.splice.locale);
    data = { ...data, html: spliceSubtotal(data.html, subtotal) };
    if (etag) etag = strongEtag(etag, subtotal);
  }
  // A document request renders the HTML from the load context; the loader data carries only the rest.
  if (context?.page) {
    context.page.html = data.html;
    data = { ...data, html: null as unknown as string };
  }
  const headers = pageHeaders(status, etag, { personalized: visit?.personalized, noStore: privatePage });
  // Orders, carts and checkouts are nobody's search result (the page's meta says so too).
  if (privatePage) headers.set('X-Robots-Tag', 'noindex');
  // Only a private page (a commerce page, a flash message, a visitor holding a cart) shows the
  // visitor's cart; other catalog pages are one document for everyone, so a shared cache keeps a single copy of each.
  if (visit?.personalized) headers.set('Vary', 'Cookie');
  for (const c of visit?.setCookies ?? []) headers.append('Set-Cookie', c);
  // The database is down: tell clients and crawlers when to come back.
  if (status === 503) headers.set('Retry-After', String(RETRY_AFTER_S));
  return json(data, { status, headers });
}

/** Rendered catalog pages by website, template and URL (32 MB at most, dropped on any catalog change). */
const renderedPages = createReadCache({ max: 2000, maxBytes: 32 * 1024 * 1024, sizeOf: (v) => 2 * (v as Rendered).data.html.length });

function explain(e: unknown): string {
  return e instanceof Error ? (e.stack ?? e.message) : String(e);
}

/** The page shown when the site itself cannot be read (the database is down). */
export function unavailablePage(): PageData {
  return {
    html:
      `<main style="${NOTICE_STYLE}">` +
      `<h1>${NOTICES.unavailable.title}</h1>` +
      `<p>${NOTICES.unavailable.text}</p>` +
      '<p><a href="/">Try again</a></p></main>',
    seo: { title: 'Temporarily unavailable', description: '', canonical: null, openGraph: [], jsonLd: null, lang: 'en', robots: 'noindex' },
    stylesheet: null,
    census: null,
  };
}

function restockForms(html: string, ctx: TemplateContext, url: URL, flash: RestockFlash | null): string {
  const item = ctx.item as { structuredContent?: { variants?: { id: string; sku: string }[] } } | undefined;
  const skus = Object.fromEntries((item?.structuredContent?.variants ?? []).map((v) => [v.id, v.sku]));
  const messages = Object.values(ctx.productMerchandisingContext ?? {})[0] as
    { restockNotificationMessages?: { successText?: string } } | undefined;
  return adjustRestockMarkup(html, {
    action: url.pathname + url.search,
    successText: messages?.restockNotificationMessages?.successText ?? '',
    skus,
    flash,
    texts: restockIslandTexts(ctx.localizedStrings),
    t: (key, english) => textFrom(ctx.localizedStrings, key, english),
  });
}

/** The restock island's texts in the page's language, or null when it has none of its own (English). */
function restockIslandTexts(strings: Record<string, unknown>): RestockIslandTexts | null {
  const keys = Object.entries(RESTOCK_ISLAND_KEYS) as [keyof RestockIslandTexts, string][];
  if (!keys.some(([, key]) => textFrom(strings, key, '') !== '')) return null;
  return Object.fromEntries(keys.map(([name, key]) => [name, textFrom(strings, key, RESTOCK_TEXT[name])])) as RestockIslandTexts;
}

/** Renders the site's page template `templateName`, inside its layout, in the website's locale and zone. */
export function renderPage(site: Site, templateName: string, context: TemplateContext): RenderedPage {
  return renderThemePage(site.templates, templateName, context, {
    locale: site.website.locale,
    timeZone: site.website.timeZone,
  });
}

function renderContext(site: Site, template: string, context: TemplateContext, resolved: Resolved): PageData {
  return {
    html: renderPage(site, template, context).html,
    seo: seoFor(context),
    stylesheet: siteStylesheet(site)?.href ?? null,
    census: censusPage({
      enabled: analyticsEnabled(),
      websiteId: site.website.id,
      locale: site.website.locale,
      template,
      resolved,
      pageType: context.pageType,
      path: context.pagePath,
      pageTitle: context.pageTitle,
      visitorMetrics: (context.featureFlags as { commerceVisitorMetrics?: unknown } | null)?.commerceVisitorMetrics === true,
    }),
  };
}

/**
 * Runs a page: reads the site, lets `plan` decide what the request shows, shapes the context and
 * renders the theme. Never throws: failures become the theme's error page or the static one.
 */
export async function storefrontPage(
  request: Request,
  plan: (site: Site, url: URL) => Promise<PagePlan>,
  context?: AppLoadContext,
): Promise<TypedResponse<PageData>> {
  const url = new URL(request.url);
  let site: Site;
  try {
    // An unknown host is answered by the server before any route; here only when served another way.
    const siteRef = await requestSite(request, context);
    // Sites made before blogs and events existed render them from their starting theme's files.
    site = withCollectionTemplates(await loadSite(siteRef.id));
  } catch (e) {
    if (e instanceof Response) throw e;
    log.error(`storefront: cannot load the site for ${url.pathname}: ${explain(e)}`);
    return respond(rendered(unavailablePage(), 503), isDatabaseUnavailable(e) ? 503 : 500, undefined, context);
  }
  try {
    // Issue 16: a non-default language's prefix (/fr/...) is read off here, so every route's plan
    // sees the bare path; what it resolved is then read in that language (docs/decisions/0016).
    const language = await pageLanguage(site, url);
    // A page asked for by its default slug under a language that has its own: one URL per page and language.
    // Kept an hour, not for ever: the owner may change the translated slug again.
    if (language.redirect) return redirect(language.redirect, { status: 301, headers: { 'Cache-Control': 'public, max-age=3600' } });
    site = siteIn(site, language);
    let p = await plan(site, language.planUrl);
    // Locked and member pages (app/access): the lock screen, sign-in, access denied or paywall
    // page instead; a page the visitor may see but not everyone may is never shared. The screen
    // sends the visitor back to the URL asked for, prefix and all.
    const guard = await guardPage(request, site, url, p.resolved);
    if (guard.kind === 'replace') p = guard.plan;
    else {
      if (guard.restricted) p = { ...p, private: true };
      if (!language.isDefault) p = { ...p, resolved: await resolvedIn(p.resolved, language) };
    }
    if (p.pageTemplate) {
      const { name, source } = p.pageTemplate;
      site = { ...site, templates: { ...site.templates, pages: { ...site.templates.pages, [name]: source } } };
      p = { ...p, template: name };
    }
    // A theme without the page's template (a journal has no cart or checkout) has no such page.
    const wanted = p.template ?? templateFor(p.resolved);
    if (!(wanted in site.templates.pages) && wanted !== 'not-found') p = { resolved: { kind: 'not-found' } };
    // The message of the visitor's last cart form post, their cart where the page is private anyway,
    // and on catalog pages the numbers of their cart_qty cookie (never throws).
    let visit = await readVisit(request, site.website.id, {
      withCart: p.extras?.commercePage !== undefined,
      currency: site.website.currency,
    });
    const template = p.template ?? templateFor(p.resolved);
    const status = p.status ?? statusFor(p.resolved);
    const privatePage = p.private ?? p.extras?.commercePage !== undefined;
    // The visitor's variants, when this page's templates read them (ADR 0017): the page then
    // differs between visitors, so it is private, and the render cache keeps one copy per variant.
    const t = site.templates;
    const exp = await pageExperiments(await getSql(), request, site.website.id, [
      t.pages[template],
      t.layout,
      ...Object.values(t.partials),
    ]);
    const build = async (shown?: ShownCart) => {
      const pageCtx = pageContext(site, p.resolved, {
        cart: visit.cart,
        cartKnown: visit.personalized,
        ...(shown ? { cartShown: { count: shown.count } } : {}),
        flash: visit.flash,
        ...p.extras,
        ...(exp ? { experiments: exp.variants } : {}),
        url,
      });
      const links = languageLinks(pageCtx.canonicalUrl, language);
      if (links.length > 0) pageCtx.languages = links.map(({ code, name, url, current }) => ({ code, name, url, current }));
      const data = renderContext(site, template, pageCtx, p.resolved);
      if (p.purchase && data.census) data.census = { ...data.census, purchase: p.purchase };
      if (links.length > 0 && data.seo.canonical) {
        data.seo.canonical = links.find((l) => l.current)?.href ?? data.seo.canonical;
        data.seo.alternates = [...links.map((l) => ({ hreflang: l.code, href: l.href })), { hreflang: 'x-default', href: links[0].href }];
      }
      // A checkout template the owner edited before gift cards existed still gets the field (issue 33).
      if (template === 'checkout')
        data.html = withGiftCardField(
          data.html,
          pageCtx,
          site.templates.partials,
          (source, partials) =>
            renderTemplate('checkout gift card', source, pageCtx, partials, {
              locale: site.website.locale,
              timeZone: site.website.timeZone,
            }).html,
        );
      // The theme's back-in-stock forms post to this page (the engine's markup posts nowhere).
      if (pageCtx.productMerchandisingContext && pageCtx.item)
        data.html = restockForms(data.html, pageCtx, url, visit.flash?.restock ?? null);
      // A product with a custom form (issue 30): its fields in the add-to-cart form, for the cart island.
      if (p.resolved.kind === 'product' && typeof p.resolved.item.details.additionalFieldsFormId === 'string') {
        const form = await productCustomForm(site.website.id, p.resolved.item.id);
        if (form) data.html = withProductForm(data.html, p.resolved.item.id, form);
      }
      // The popup overlay, at the end of every page it may be on (app/overlays), its form in the page's language.
      data.html += await popupFor(site.website.id, pageCtx.pageType, url, (key, english) =>
        textFrom(site.settings.localizedStrings as Record<string, unknown>, key, english),
      );
      // The theme's own links to search, the cart, checkout and accounts lead to their versions in the page's language.
      data.html = appLinksIn(data.html, language.prefix);
      // The islands' texts when the page's are not English.
      data.html += islandTextsHtml(site.settings.localizedStrings as Record<string, unknown>);
      if (privatePage) data.seo.robots = 'noindex';
      if (!shown) return rendered(data, status);
      // The placeholder subtotal becomes the token each answer replaces (once per render).
      const locale = site.website.locale;
      const engineText = renderTemplate(
        'cart subtotal',
        '{subtotal|money}',
        { subtotal: sentinelMoney(shown.currency) },
        {},
        { locale },
      ).html;
      const marked = markSubtotal(data.html, [engineText, sentinelText(shown.currency, locale)]);
      if (marked === null) return { ...rendered(data, status), splice: false as const };
      return { ...rendered({ ...data, html: marked }, status), splice: { locale } };
    };
    // The site's signed-in owner gets a page rendered now and kept by no shared cache: an edit made
    // in /config shows at their next load (issue 33). The cookie test keeps this free for shoppers.
    const owner = (await ownerRoleOn(await getSql(), request, site.website.id)) !== null;
    // A catalog page is the same document for every visitor until the catalog changes: render it once.
    const shared = !visit.personalized && !privatePage && !owner && status === 200;
    const variants = exp ? `\u0000${formatPairs(exp.variants)}` : '';
    // A visitor holding a cart shares the render of everyone holding as many items (the count
    // shapes the layout: empty or not, one item or more, 100+); their subtotal goes in at respond().
    const shown = visit.shown;
    const held = shown ? `\u0000cart:${shown.count}` : '';
    let data = shared
      ? await renderedPages.get(site.website.id, `${template}\u0000${url.pathname}${url.search}${variants}${held}`, () => build(shown))
      : await build(shown);
    if (data.splice === false) {
      // This layout prints the subtotal in a way the splice cannot replace: the visitor's own page.
      visit = await readVisit(request, site.website.id, { withCart: true });
      data = await build();
    }
    // A page showing variants is the visitor's own, with the cookie that keeps them.
    // So is a page showing the visitor's cart numbers (spliced in from their cookie).
    const seen = exp
      ? { ...visit, personalized: true, setCookies: exp.setCookie ? [...visit.setCookies, exp.setCookie] : visit.setCookies }
      : owner || visit.shown
        ? { ...visit, personalized: true }
        : visit;
    const res = respond(data, status, seen, context, privatePage);
    // The lock screen after too many wrong passwords (app/access) says when to try again.
    if (p.retryAfterS) res.headers.set('Retry-After', String(p.retryAfterS));
    return res;
  } catch (e) {
    log.error(`storefront: ${request.method} ${url.pathname}${url.search} failed: ${explain(e)}`);
    if (isDatabaseUnavailable(e)) return respond(rendered(unavailablePage(), 503), 503, undefined, context);
    try {
      const errorContext = pageContext(site, { kind: 'error' }, { url });
      return respond(rendered(renderContext(site, 'error', errorContext, { kind: 'error' }), 500), 500, undefined, context);
    } catch (e2) {
      log.error(`storefront: the error page failed too: ${explain(e2)}`);
      return respond(rendered(unavailablePage(), 500), 500, undefined, context);
    }
  }
}
