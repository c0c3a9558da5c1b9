// Shapes catalog objects into the template context of ADR 0002 (plain JSON): money as exact
// decimal strings, variants and the selected variant, purchase rules of SPEC section 5.
import { answersOf, DETAILS_PATH, detailsUrl, formIdOf } from '../commerce/custom-form-answers.js';
import { baseUrlFor } from '../utils/base-url.server.js';
import type { Collection, Entry, NavItem, Product, Resolved, SearchHit, Site, Variant } from '../catalog/catalog.server.js';
import type { CartFlash } from '../utils/flash.server.js';
import type { CartReviewSummary } from '../commerce/cart.server.js';
import type { VariantChoice, VariantPickerData } from './variant-picker.js';
import {
  cartInstalmentEligible,
  checkoutMinimumMessage,
  commerceSettings,
  instalmentNotice,
  pleaseSelect,
  PLEASE_SELECT,
  QUANTITY_MAX,
  quantityLimit,
  type CommerceSettings,
  type InstalmentNotice,
  type Say,
} from '../commerce/rules.js';
import { textFrom } from '../languages/strings.js';
import { pluralText } from '../utils/ui-texts.js';
import { formatMoney, money } from '../commerce/money.js';
import { PageType, ProductType } from '../../engine/ts/enums.js';
import { COMMERCE_PAGE_TYPES } from './page-types.js';
import { pageMessages, type PageMessages } from './shop-messages.server.js';
import { plainText } from './seo.server.js';
import { shapeBlocks } from './page-blocks.js';
import { filterJson, shapeEntry, termLinks } from './collection-context.js';
import { merchandisingOf, SCARCITY_DEFAULT_TEXT } from '../config/product-form.js';
import { sanitizeStoredHtml } from '../edits/sanitize.server.js';
import { restockAsksCaptcha, restockMerchandising, restockMessages } from '../forms/restock-context.js';
import { CAPTCHA_CHALLENGE_URL } from '../forms/form-html.js';
import { experimentEntries } from '../experiments/entries.js';
import { SENTINEL_CENTS, sentinelMoney, sentinelText } from './cart-splice.server.js';
import type {
  CartEntryJson,
  CartEntrySummary,
  CartJson,
  CheckoutMinimumJson,
  CollectionJson,
  CommercePageData,
  InstalmentJson,
  ItemJson,
  Json,
  NavLink,
  ProductDetailJson,
  StructuredContentJson,
  TemplateContext,
  VariantJson,
} from './template-context.js';
export type { CartEntrySummary, TemplateContext } from './template-context.js';

/** Page types of the spec. */

/** The srcset widths of SPEC section 9, as the image-srcset formatter reads them. */
export const IMAGE_WIDTHS = [100, 300, 500, 750, 1000, 1500, 2500];
const SYSTEM_DATA_VARIANTS = IMAGE_WIDTHS.map((w) => `${w}w`).join(',');
const FOCAL_POINT = { x: 0.5, y: 0.5 };
/** At or below this many units a variant counts as limited stock. */
const LIMITED_STOCK = 3;

/** The visitor's cart as the cart module loads it (CartView of cart.server.ts). */
export interface CartSummary {
  totalQuantity: number;
  subtotalCents: number;
  entries: CartEntrySummary[];
  /** What stops checkout and which prices changed (absent: nothing to say). */
  review?: CartReviewSummary;
}

/** A commerce page of its own page type (cart 200, checkout 201, order confirmed 202). */
export interface CommercePage {
  title: string;
  /** Top-level context keys of the page (checkout, order, alsoBought). */
  data: CommercePageData;
}

export interface ContextExtras {
  /** The request URL (its path; canonical URLs use the configured origin, never its host). */
  url: URL;
  /** Chosen options of a product page (`?Size=M&Color=Sand`). */
  selectedOptions?: Record<string, string>;
  /** `error`: why the query was refused (too long...), shown on the search page. */
  search?: { query: string; hits: SearchHit[]; error?: string };
  /** Filled by the cart (issue 5); an empty cart otherwise. */
  cart?: CartSummary;
  /** Whether `cart` is this visitor's (private pages); public pages leave the count to the browser. */
  cartKnown?: boolean;
  /**
   * A shared render for visitors holding `count` items (app/storefront/cart-splice.server.ts): the
   * cart shows that count and a placeholder subtotal that each answer replaces with the visitor's.
   */
  cartShown?: { count: number };
  /** What the last cart form post left for this page (error and typed values, or "added"). */
  flash?: CartFlash | null;
  /** Cart, checkout and order confirmed pages. */
  commercePage?: CommercePage;
  /** A content page's form blocks, rendered (app/forms/page-forms.server.ts), by block id. */
  formBlocks?: Record<string, string>;
  /** Product pages: whether the site has a mailing list (the restock form's join box). */
  restock?: { mailingList: boolean };
  /** A page the app makes with a page type of its own (splash 3, popup overlay 104: app/overlays). */
  pageType?: number;
  /** The visitor's experiment variants, when the page's templates read them (app/experiments/page.server.ts). */
  experiments?: Record<string, string>;
}

/** The theme template that renders a resolved page. */
export function templateFor(resolved: Resolved): string {
  switch (resolved.kind) {
    case 'home':
      return 'home';
    case 'page':
      return 'page';
    case 'products':
      return 'products';
    case 'product':
      return 'product';
    // Blogs, events and galleries (issue 13): a listing template per kind, one per kind of item page.
    case 'blog':
    case 'events':
    case 'gallery':
      return resolved.kind;
    case 'entry':
      return resolved.collection.typeName === 'events' ? 'event' : 'post';
    case 'search':
      return 'search';
    case 'commerce':
      return resolved.page;
    case 'not-found':
      return 'not-found';
    case 'error':
      return 'error';
  }
}

/** The HTTP status of a resolved page. */
export function statusFor(resolved: Resolved): number {
  return resolved.kind === 'not-found' ? 404 : resolved.kind === 'error' ? 500 : 200;
}

function pageTypeFor(resolved: Resolved): number {
  switch (resolved.kind) {
    case 'home':
    case 'products':
    case 'blog':
    case 'events':
    case 'gallery':
      return PageType.MAIN_CONTENT;
    case 'page':
      return PageType.PAGE;
    case 'product':
    case 'entry':
      return PageType.CONTENT_ITEM;
    case 'search':
      return PageType.SEARCH;
    case 'commerce':
      return COMMERCE_PAGE_TYPES[resolved.page];
    case 'not-found':
      return PageType.NOT_FOUND;
    case 'error':
      return PageType.ERROR;
  }
}

function obj(v: unknown): Json {
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {};
}

/** Shopper texts in the page's language, from its localizedStrings (English where it has none). */
export function sayIn(strings: Json): Say {
  return (key, english, vars) => textFrom(strings, key, english, vars);
}

/** The template context of a page. */

/** A post, event or picture for templates, its HTML cleaned again on the way out (as page bodies are). */
function entryJson(e: Entry, collectionUrl: string): Json {
  return shapeEntry({ ...e, body: sanitizeStoredHtml(e.body), excerpt: sanitizeStoredHtml(e.excerpt) }, collectionUrl);
}

export function pageContext(site: Site, resolved: Resolved, extras: ContextExtras): TemplateContext {
  const currency = site.website.currency;
  // The configured origin, never the request's Host header (app/utils/base-url.server.ts).
  const origin = baseUrlFor(site.website.baseUrl);
  const settings = site.settings;
  const websiteSettings = obj(settings.websiteSettings);
  const path = extras.url.pathname;
  // The head's keys come last, once the page has decided them.
  const ctx: Omit<TemplateContext, 'pageTitle' | 'pageDescription' | 'canonicalUrl'> = {
    pageType: extras.pageType ?? pageTypeFor(resolved),
    pagePath: path,
    website: {
      ...site.website,
      baseUrl: origin,
      // SPEC 3: the restock form's captcha area shows when a site key exists. The self-hosted
      // CAPTCHA has no provider's key: its challenge's address stands for it (ADR 0034).
      ...(restockAsksCaptcha(settings) ? { captchaSettings: { siteKey: CAPTCHA_CHALLENGE_URL } } : {}),
    },
    websiteSettings: {
      ...websiteSettings,
      storeSettings: { multipleQuantityAllowedForServices: true, ...obj(websiteSettings.storeSettings) },
    },
    featureFlags: { useCLDRMoneyFormat: true, ...obj(settings.featureFlags) },
    localizedStrings: obj(settings.localizedStrings),
    navigation: {
      mainNavigation: navigation(site.navigation.mainNavigation, path),
      footerNavigation: navigation(site.navigation.footerNavigation, path),
    },
    cart: cart(
      extras.cart,
      currency,
      commerceSettings(settings),
      extras,
      pageMessages(obj(settings.localizedStrings), currency, site.website.locale),
      site.website.locale,
    ),
  };
  if (extras.experiments) {
    ctx.experiments = extras.experiments;
    ctx.experimentEntries = experimentEntries(extras.experiments);
  }
  const shape = (p: Product) => shapeItem(p, currency);
  const say = sayIn(ctx.localizedStrings);
  let title = site.website.siteTitle;
  let description = site.website.siteDescription;
  let canonicalPath = path;
  let productItem: ProductDetailJson | null = null;
  switch (resolved.kind) {
    case 'home': {
      ctx.collection = resolved.collection ? shapeCollection(resolved.collection) : null;
      ctx.items = resolved.items.map(shape);
      ctx.productMerchandisingContext = listMerchandising(resolved.items);
      title = resolved.collection?.seoTitle || site.website.siteTitle;
      description = resolved.collection?.seoDescription || resolved.collection?.description || description;
      canonicalPath = '/';
      break;
    }
    case 'page': {
      const c = resolved.collection;
      ctx.collection = { ...shapeCollection(c), blocks: shapeBlocks(resolved.blocks, extras.formBlocks) };
      title = `${c.seoTitle || c.title} — ${site.website.siteTitle}`;
      description = c.seoDescription || c.description || description;
      canonicalPath = c.fullUrl;
      break;
    }
    case 'products': {
      const c = resolved.collection;
      const p = resolved.pagination;
      ctx.collection = shapeCollection(c);
      ctx.items = resolved.items.map(shape);
      ctx.productMerchandisingContext = listMerchandising(resolved.items);
      ctx.pagination = {
        ...p,
        hasPrevPage: p.prevPageUrl !== null,
        hasNextPage: p.nextPageUrl !== null,
        pages: pageLinks(c.fullUrl, p.page, p.pageCount),
      };
      const pageNote = p.page > 1 ? ` (${say('pageOfTitleText', 'page {page}', { page: String(p.page) })})` : '';
      title = `${c.seoTitle || c.title}${pageNote} — ${site.website.siteTitle}`;
      description = c.seoDescription || c.description || description;
      canonicalPath = p.page > 1 ? `${c.fullUrl}?page=${p.page}` : c.fullUrl;
      break;
    }
    case 'product': {
      const c = resolved.collection;
      // What the shopper last posted for this product (kept by the flash) wins over the query.
      const flash = extras.flash;
      const wanted = flash?.options && flash.itemId === resolved.item.id ? flash.options : (extras.selectedOptions ?? {});
      const item = productDetail(resolved.item, currency, wanted, ctx.websiteSettings, ctx.localizedStrings);
      if (item.purchase.showVariantSelector) {
        item.variantPicker = variantPickerJson(resolved.item, item, currency, commerceSettings(settings), site.website.locale, say);
      }
      ctx.collection = shapeCollection(c);
      ctx.item = productItem = item;
      // The back-in-stock form of each sold-out variant (the theme's product-restock-notification).
      const restockProduct = {
        id: item.id,
        variants: item.structuredContent.variants,
        selectedVariant: item.selectedVariant,
        restockable: true,
      };
      ctx.productMerchandisingContext = {
        [item.id]: {
          ...restockMerchandising(restockProduct, restockMessages(settings, ctx.localizedStrings), extras.restock?.mailingList ?? false),
          ...ownerMerchandising(resolved.item, item.selectedVariant?.id ?? null, true),
        },
      };
      title = `${resolved.item.title} — ${site.website.siteTitle}`;
      description = resolved.item.excerpt || description;
      canonicalPath = resolved.item.fullUrl;
      break;
    }
    case 'blog': {
      const c = resolved.collection;
      const p = resolved.pagination;
      const f = resolved.filter;
      ctx.collection = shapeCollection(c);
      ctx.items = resolved.items.map((e) => entryJson(e, c.fullUrl));
      ctx.tags = termLinks(c.fullUrl, 'tag', resolved.tags, f.tag);
      ctx.categories = termLinks(c.fullUrl, 'category', resolved.categories, f.category);
      ctx.filter = filterJson(f);
      ctx.pagination = { ...p, hasPrevPage: p.prevPageUrl !== null, hasNextPage: p.nextPageUrl !== null, pages: [] };
      const chosen = ctx.filter ? `: ${String(ctx.filter.value)}` : '';
      title = `${c.seoTitle || c.title}${chosen}${p.page > 1 ? ` (page ${p.page})` : ''} — ${site.website.siteTitle}`;
      description = c.seoDescription || c.description || description;
      // A filtered or later page is its own document (its own canonical address).
      canonicalPath = extras.url.search && (ctx.filter || p.page > 1) ? `${path}${extras.url.search}` : c.fullUrl;
      break;
    }
    case 'events':
    case 'gallery': {
      const c = resolved.collection;
      ctx.collection = shapeCollection(c);
      if (resolved.kind === 'events') {
        ctx.upcoming = resolved.upcoming.map((e) => entryJson(e, c.fullUrl));
        ctx.past = resolved.past.map((e) => entryJson(e, c.fullUrl));
      } else {
        ctx.items = resolved.items.map((e) => entryJson(e, c.fullUrl));
      }
      title = `${c.seoTitle || c.title} — ${site.website.siteTitle}`;
      description = c.seoDescription || c.description || description;
      canonicalPath = c.fullUrl;
      break;
    }
    case 'entry': {
      const c = resolved.collection;
      ctx.collection = shapeCollection(c);
      ctx.item = entryJson(resolved.item, c.fullUrl);
      title = `${resolved.item.title} — ${site.website.siteTitle}`;
      description = resolved.item.excerpt.replace(/<[^>]*>/g, '').trim() || description;
      canonicalPath = resolved.item.fullUrl;
      break;
    }
    case 'search': {
      const q = extras.search?.query ?? '';
      const strings = site.settings.localizedStrings as Record<string, unknown> | undefined;
      const heading = q
        ? textFrom(strings, 'searchTitleForText', 'Search: {query}', { query: q })
        : textFrom(strings, 'searchTitleText', 'Search');
      title = `${heading} — ${site.website.siteTitle}`;
      canonicalPath = '/search';
      break;
    }
    case 'not-found':
      title = `${say('notFoundTitle', 'Page not found', {})} — ${site.website.siteTitle}`;
      break;
    case 'error':
      title = `${say('errorTitle', 'Something went wrong', {})} — ${site.website.siteTitle}`;
      break;
  }
  if (extras.search) {
    const hits = extras.search.hits;
    // The products found show the owner's sold-out label (customSoldOutText), as on a listing.
    ctx.productMerchandisingContext = listMerchandising(hits.flatMap((h) => (h.item ? [h.item] : [])));
    // The theme prints "{count} {searchResultCountText}": the page's language says the words for
    // this count (an ICU plural, each language counting its own way); an owner's plain text stands.
    const countText = ctx.localizedStrings.searchResultCountText;
    if (typeof countText === 'string')
      ctx.localizedStrings = { ...ctx.localizedStrings, searchResultCountText: pluralText(site.website.locale, countText, hits.length) };
    ctx.search = {
      query: extras.search.query,
      error: extras.search.error ?? null,
      count: hits.length,
      results: hits.map((h) => ({
        kind: h.kind,
        title: h.title,
        fullUrl: h.fullUrl,
        // The theme prints a result's excerpt as text ({excerpt|html}); a post's or event's is HTML.
        excerpt: plainText(h.excerpt),
        assetUrl: h.assetUrl,
        originalSize: h.originalSize,
        systemDataVariants: h.assetUrl ? SYSTEM_DATA_VARIANTS : undefined,
        mediaFocalPoint: FOCAL_POINT,
        typeName: h.typeName,
        item: h.item ? shape(h.item) : undefined,
      })),
    };
  }
  if (productItem) {
    ctx.instalment = productInstalment(productItem, currency, commerceSettings(settings), site.website.locale, say);
  }
  if (extras.commercePage) {
    const page = extras.commercePage;
    Object.assign(ctx, page.data);
    title = `${page.title} — ${site.website.siteTitle}`;
    canonicalPath = path;
  }
  return Object.assign(ctx, { pageTitle: title, pageDescription: description, canonicalUrl: origin + canonicalPath });
}

/** Cart entries with money objects and option lists, as the cart and checkout templates read them; `say` shows their messages in the page's language. */
export function shapeCartEntries(entries: CartEntrySummary[], currency: string, say?: PageMessages): CartEntryJson[] {
  return entries.map((e) => ({
    ...e,
    ...(e.availability && say ? { availability: { ...e.availability, message: say(e.availability.message) } } : {}),
    unitPrice: money(e.unitPriceCents, currency),
    lineTotal: money(e.lineTotalCents, currency),
    currentPrice: e.availability?.currentPriceCents != null ? money(e.availability.currentPriceCents, currency) : null,
    optionValues: Object.entries(e.attributes ?? {}).map(([optionName, value]) => ({ optionName, value })),
    ...customFormOf(e),
  }));
}

/** An entry's custom form answers and its "edit details" page (issue 30); none for other additionalFields. */
function customFormOf(e: CartEntrySummary): Pick<CartEntryJson, 'answers' | 'detailsUrl'> {
  const answers = answersOf(e.additionalFields);
  return { answers, detailsUrl: formIdOf(e.additionalFields) ? detailsUrl(DETAILS_PATH, { entryId: e.id }) : null };
}

/** The checkout minimum of SPEC section 5: met, or the message to show. */
export function checkoutMinimum(subtotalCents: number, currency: string, s: CommerceSettings, say?: PageMessages): CheckoutMinimumJson {
  const met = subtotalCents >= s.checkoutMinimumCents;
  const message = met ? null : checkoutMinimumMessage(s.checkoutMinimumCents, currency);
  return { met, message: say ? say(message) : message };
}

/**
 * The owner's merchandising of a product (issue 30) as SPEC 3's productMerchandisingContext entry
 * has it: the sold-out label, and the scarcity notice's views while a variant's stock is down to the
 * owner's threshold. The variant shown (the chosen one, ?Name=value without JavaScript, or a lone
 * one) gets a visible notice. On the product page (`perVariant`) every other low variant gets one
 * too, carrying its options: the engine prints it hidden, and the variant island shows the one of
 * the variant chosen. A listing's card with variants to choose from shows none.
 */
function ownerMerchandising(p: Product, shownVariantId: string | null, perVariant = false): Record<string, unknown> {
  const m = merchandisingOf(p.details);
  const shownId = shownVariantId ?? (p.variants.length === 1 ? p.variants[0].id : null);
  const low = p.variants.filter((v) => !v.unlimited && v.qtyInStock > 0 && v.qtyInStock <= m.scarcityThreshold);
  const views = low
    .filter((v) => v.id === shownId || perVariant)
    .map((v) => (v.id === shownId ? { qtyInStock: v.qtyInStock } : { qtyInStock: v.qtyInStock, attributes: v.attributes }));
  return {
    customSoldOutText: m.customSoldOutText,
    scarcityEnabled: m.scarcityEnabled,
    scarcityText: m.scarcityText || SCARCITY_DEFAULT_TEXT,
    scarcityShownByDefault: true,
    scarcityTemplateViews: m.scarcityEnabled ? views : [],
  };
}

/** The merchandising of each product a listing shows, by id (the product cards' marks read it). */
function listMerchandising(items: readonly Product[]): Record<string, unknown> {
  return Object.fromEntries(items.map((p) => [p.id, ownerMerchandising(p, null)]));
}

function cart(
  c: CartSummary | undefined,
  currency: string,
  s: CommerceSettings,
  extras: ContextExtras,
  say: PageMessages,
  locale: string,
): CartJson {
  if (extras.cartShown) return sharedCart(extras.cartShown.count, currency, extras, locale);
  const summary = c ?? { totalQuantity: 0, subtotalCents: 0, entries: [] };
  const eligible = cartInstalmentEligible(summary);
  const notice = eligible ? instalmentNotice(summary.subtotalCents, 1, { currency }, s) : null;
  return {
    // false on public pages (a visitor without a cart): the count is not in the HTML, the browser fills it in.
    known: extras.cartKnown === true,
    totalQuantity: summary.totalQuantity,
    subtotalCents: summary.subtotalCents,
    subtotal: money(summary.subtotalCents, currency),
    subtotalText: formatMoney(summary.subtotalCents, currency, locale),
    entries: shapeCartEntries(summary.entries, currency, say),
    checkoutMinimum: checkoutMinimum(summary.subtotalCents, currency, s, say),
    // Lines that can no longer be bought as they are (marked, checkout refused) and price changes.
    review: c?.review
      ? { ...c.review, message: say(c.review.message), priceNotice: say(c.review.priceNotice) }
      : { blocking: false, message: null, priceNotice: null },
    instalmentEligible: eligible && notice !== null,
    instalmentNotice: notice,
    // Cart forms send the shopper back to the page they are on.
    returnTo: extras.url.pathname + extras.url.search,
    flash: placedFlash(
      extras.flash ?? null,
      summary.entries.map((e) => e.id),
    ),
  };
}

/**
 * The cart of a shared render for visitors holding `count` items: the count is real (the layout's
 * conditions read it: empty or not, one item or more, 100+), the subtotal is the placeholder that
 * each answer replaces. Its lines are unknown: one line stands for them, so that `{@|cart-quantity}`
 * (the sum of the lines' quantities) says the count. Nothing that depends on the amount is shown.
 */
function sharedCart(count: number, currency: string, extras: ContextExtras, locale: string): CartJson {
  return {
    known: true,
    totalQuantity: count,
    subtotalCents: SENTINEL_CENTS,
    subtotal: sentinelMoney(currency),
    subtotalText: sentinelText(currency, locale),
    entries: [{ quantity: count } as CartEntryJson],
    checkoutMinimum: { met: true, message: null },
    review: { blocking: false, message: null, priceNotice: null },
    instalmentEligible: false,
    instalmentNotice: null,
    returnTo: extras.url.pathname + extras.url.search,
    flash: placedFlash(null, []),
  };
}

/**
 * The flash as the page shows it: an error about a cart line that is not there (a stale or forged
 * entry id) loses its entry so that it shows at the top of the cart; an error tied to no item and
 * no line is a `pageError`, which the layout shows above the page, so that no message is lost.
 */
function placedFlash(flash: CartFlash | null, entryIds: string[]): CartJson['flash'] {
  if (!flash) return null;
  const placed: NonNullable<CartJson['flash']> = { ...flash };
  if (flash.entryId && !entryIds.includes(flash.entryId)) delete placed.entryId;
  if (flash.error && !flash.itemId && !placed.entryId) placed.pageError = flash.error;
  return placed;
}

/**
 * The instalment notice of a product page (SPEC 5): physical products only, at the chosen or lowest
 * price of what can be bought. A sold-out product or variant offers no instalments (issue 33).
 */
function productInstalment(
  item: ProductDetailJson,
  currency: string,
  s: CommerceSettings,
  locale: string,
  say: Say,
): InstalmentJson | null {
  const sc = item.structuredContent;
  const chosen = item.selectedVariant;
  if (item.purchase.productSoldOut || chosen?.soldOut) return null;
  const prices = chosen ? [sellingPrice(chosen)] : sc.variants.filter((v) => !v.soldOut).map(sellingPrice);
  if (prices.length === 0) return null;
  const cents = Math.min(...prices);
  const notice = instalmentNotice(cents, sc.productType, { currency, shopperLanguage: locale }, s);
  if (!notice) return null;
  const text = instalmentText(notice, cents, { currency, locale, s, say });
  return { show: true, text, count: notice.numInstallments, inRange: notice.inRange, brand: notice.brand };
}

/** A shaped variant's price as sold (the sale price when on sale), minor units. */
const sellingPrice = (v: VariantJson) => (v.onSale ? v.salePrice : v.price);

/** The instalment line at a price, in the page's language with its money format. */
function instalmentText(
  notice: InstalmentNotice,
  priceCents: number,
  page: { currency: string; locale: string; s: CommerceSettings; say: Say },
): string {
  const { currency, locale, s, say } = page;
  const brand = notice.brand;
  if (notice.inRange) {
    const amount = formatMoney(notice.amountCents, currency, locale);
    const count = String(notice.numInstallments);
    return say('instalmentInRangeText', 'or {count} interest-free payments of {amount} with {brand}', { count, amount, brand });
  }
  if (priceCents > s.instalmentsMaxCents) {
    return say('instalmentUpToText', '{brand} available for orders up to {amount}', {
      brand,
      amount: formatMoney(s.instalmentsMaxCents, currency, locale),
    });
  }
  return say('instalmentOverText', '{brand} available for orders over {amount}', {
    brand,
    amount: formatMoney(s.instalmentsMinCents, currency, locale),
  });
}

/** JSON for a `<script type="application/json">` block: nothing in it can close the element. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * What the product page's variant island needs to show a choice at once (price, stock, picture,
 * button, instalment text), as the JSON text the theme puts in a data block. Money is formatted
 * here, in the website's locale, as the page's own prices are.
 */
export function variantPickerData(
  p: Product,
  item: ProductDetailJson,
  currency: string,
  s: CommerceSettings,
  locale: string,
  say: Say = sayIn({}),
): VariantPickerData {
  const sc = item.structuredContent;
  const shaped = sc.variants;
  const productType = sc.productType;
  const fmt = (cents: number) => formatMoney(cents, currency, locale);
  const instalment = (cents: number) => {
    const notice = instalmentNotice(cents, productType, { currency, shopperLanguage: locale }, s);
    return notice ? instalmentText(notice, cents, { currency, locale, s, say }) : null;
  };
  const purchase = item.purchase;
  const inStock = shaped.filter((v) => !v.soldOut);
  const variants: VariantChoice[] = shaped.map((v) => ({
    sku: v.sku,
    attributes: Object.fromEntries(Object.entries(v.attributes).map(([k, x]) => [k, String(x)])),
    name: v.optionValues.map((o) => String(o.value)).join(' / '),
    price: fmt(v.price),
    salePrice: v.onSale ? fmt(v.salePrice) : null,
    soldOut: v.soldOut,
    stock: v.soldOut
      ? { text: say('stockSoldOutText', 'Sold out', {}), tone: 'out' }
      : v.limitedStock
        ? { text: say('stockOnlyLeftText', 'Only {qty} left', { qty: String(v.qtyInStock) }), tone: 'low' }
        : { text: v.unlimited ? say('stockAvailableText', 'Available', {}) : say('stockInStockText', 'In stock', {}), tone: 'ok' },
    image: v.imageUrl ? v.imageUrl : null,
    // Nothing to pay for in instalments when it cannot be bought.
    instalment: v.soldOut ? null : instalment(sellingPrice(v)),
  }));
  return {
    options: p.variantOptionOrdering,
    giftCard: productType === ProductType.GIFT_CARD,
    soldOut: purchase.productSoldOut,
    addLabel: purchase.addButtonText,
    texts: {
      unavailable: say('variantUnavailableText', UNAVAILABLE, {}),
      giftCard: say('giftCardSelectText', GIFT_CARD_SELECT, {}),
      soldOut: say('productSoldOutButtonText', 'Sold Out', {}),
      // Templates the island fills itself ({name}, {names} and {last}; {price} and {original}).
      pleaseSelectOne: say(PLEASE_SELECT.one.key, PLEASE_SELECT.one.english, {}),
      pleaseSelectMany: say(PLEASE_SELECT.many.key, PLEASE_SELECT.many.english, {}),
      soldOutMark: say('productSoldOutText', 'sold out', {}),
      originalPrice: say('productOriginalPriceText', 'Original price:', {}),
      was: say('variantWasText', '{price}, was {original}', {}),
    },
    image: p.assetUrl,
    imageWidths: IMAGE_WIDTHS,
    instalment: inStock.length > 0 && !purchase.productSoldOut ? instalment(Math.min(...inStock.map(sellingPrice))) : null,
    variants,
  };
}

function variantPickerJson(p: Product, item: ProductDetailJson, currency: string, s: CommerceSettings, locale: string, say: Say): string {
  return scriptJson(variantPickerData(p, item, currency, s, locale, say));
}

function navigation(items: NavItem[], path: string): NavLink[] {
  return items.map((n) => {
    const children = navigation(n.children, path);
    const here = n.url === path || (n.url !== '/' && path.startsWith(`${n.url}/`));
    return { title: n.title, url: n.url, active: here || children.some((c) => c.active), children };
  });
}

/** Numbered links for a listing's pagination. */
function pageLinks(base: string, page: number, count: number): { number: number; url: string; current: boolean }[] {
  const out: { number: number; url: string; current: boolean }[] = [];
  for (let n = 1; n <= count; n++) out.push({ number: n, url: n === 1 ? base : `${base}?page=${n}`, current: n === page });
  return out;
}

function shapeCollection(c: Collection): CollectionJson {
  return {
    id: c.id,
    urlId: c.urlId,
    title: c.title,
    description: c.description,
    type: c.type,
    typeName: c.typeName,
    fullUrl: c.fullUrl,
    // Sanitised on save too; again here so HTML stored any other way (an import, an old row) is held to the same allowlist.
    body: sanitizeStoredHtml(c.body),
    assetUrl: c.assetUrl,
    originalSize: c.originalSize,
    systemDataVariants: c.assetUrl ? SYSTEM_DATA_VARIANTS : undefined,
    mediaFocalPoint: FOCAL_POINT,
  };
}

function isSoldOutVariant(v: Variant, productType: number): boolean {
  if (productType === ProductType.DIGITAL || productType === ProductType.GIFT_CARD) return false;
  return !v.unlimited && v.qtyInStock <= 0;
}

function shapeVariant(v: Variant, p: Product, currency: string): VariantJson {
  const ordering = p.variantOptionOrdering;
  const names = [...ordering, ...Object.keys(v.attributes).filter((k) => !ordering.includes(k))];
  const soldOut = isSoldOutVariant(v, p.productType);
  return {
    id: v.id,
    sku: v.sku,
    attributes: v.attributes,
    optionValues: names.filter((n) => n in v.attributes).map((n) => ({ optionName: n, value: v.attributes[n] })),
    price: v.priceCents,
    salePrice: v.salePriceCents,
    priceMoney: money(v.priceCents, currency),
    salePriceMoney: money(v.salePriceCents, currency),
    onSale: v.onSale,
    unlimited: v.unlimited,
    qtyInStock: v.qtyInStock,
    imageUrl: v.imageUrl,
    // The variant's picture as an image node (srcset, size) for the detail page.
    image: v.imageUrl
      ? { assetUrl: v.imageUrl, originalSize: p.originalSize, systemDataVariants: SYSTEM_DATA_VARIANTS, mediaFocalPoint: FOCAL_POINT }
      : null,
    soldOut,
    limitedStock:
      !soldOut &&
      !v.unlimited &&
      (p.productType === ProductType.PHYSICAL || p.productType === ProductType.SERVICE) &&
      v.qtyInStock <= LIMITED_STOCK,
  };
}

/** An item as listings and detail pages see it (structuredContent per ADR 0002). */
export function shapeItem(p: Product, currency: string): ItemJson {
  const variants = p.variants.map((v) => shapeVariant(v, p, currency));
  const structuredContent: StructuredContentJson = {
    productType: p.productType,
    isSubscribable: p.isSubscribable,
    subscriptionPlan: p.subscriptionPlan,
    useCustomAddButtonText: p.details.useCustomAddButtonText === true,
    customAddButtonText: typeof p.details.customAddButtonText === 'string' ? p.details.customAddButtonText : '',
    variantOptionOrdering: p.variantOptionOrdering,
    variants,
  };
  if (typeof p.details.additionalFieldsFormId === 'string' && p.details.additionalFieldsFormId !== '')
    structuredContent.additionalFieldsFormId = p.details.additionalFieldsFormId;
  // Digital products carry their own price and sale flag (the price formatters read these).
  if (p.productType === ProductType.DIGITAL && variants.length > 0) {
    structuredContent.priceMoney = variants[0].priceMoney;
    structuredContent.salePriceMoney = variants[0].salePriceMoney;
    structuredContent.onSale = variants[0].onSale;
  }
  return {
    id: p.id,
    collectionId: p.collectionId,
    urlId: p.urlId,
    title: p.title,
    fullUrl: p.fullUrl,
    excerpt: p.excerpt,
    body: sanitizeStoredHtml(p.body),
    recordType: p.recordType,
    assetUrl: p.assetUrl,
    originalSize: p.originalSize,
    systemDataVariants: p.assetUrl ? SYSTEM_DATA_VARIANTS : undefined,
    mediaFocalPoint: FOCAL_POINT,
    images: p.images.map((i) => ({ ...i, systemDataVariants: SYSTEM_DATA_VARIANTS, mediaFocalPoint: FOCAL_POINT })),
    tags: p.tags,
    categories: p.categories,
    starred: p.starred,
    updatedOn: Date.parse(p.updatedAt),
    structuredContent,
  };
}

/** SPEC section 5 texts the product page shows before any post (the cart has the same ones). */
const UNAVAILABLE = 'Sorry, that item variant is unavailable. Please select another variant.';
const GIFT_CARD_SELECT = 'Select a denomination for the Gift Card.';

/** A product page's item: the listing shape plus the chosen options and what can be bought. */
export function productDetail(
  p: Product,
  currency: string,
  wanted: Record<string, string>,
  websiteSettings: Json,
  strings: Json,
): ProductDetailJson {
  const say = sayIn(strings);
  const item = shapeItem(p, currency);
  const sc = item.structuredContent;
  const variants = sc.variants;
  const names = p.variantOptionOrdering;
  const selectedOptions: Record<string, string> = {};
  for (const name of names) {
    const v = wanted[name];
    if (typeof v === 'string' && p.variants.some((x) => x.attributes[name] === v)) selectedOptions[name] = v;
  }
  let selected: VariantJson | null = null;
  if (variants.length === 1) selected = variants[0];
  else if (names.length > 0 && names.every((n) => n in selectedOptions)) {
    const i = p.variants.findIndex((v) => names.every((n) => v.attributes[n] === selectedOptions[n]));
    selected = i >= 0 ? variants[i] : null;
  }
  const options = names.map((name) => {
    const values: string[] = [];
    for (const v of p.variants) {
      const x = v.attributes[name];
      if (x !== undefined && !values.includes(x)) values.push(x);
    }
    return {
      name,
      values: values.map((value) => ({
        value,
        selected: selectedOptions[name] === value,
        // Can this value still be bought together with the other options chosen so far?
        available: p.variants.some(
          (v) =>
            v.attributes[name] === value &&
            !isSoldOutVariant(v, p.productType) &&
            names.every((n) => n === name || !(n in selectedOptions) || v.attributes[n] === selectedOptions[n]),
        ),
      })),
    };
  });
  const showVariantSelector = p.variants.length > 1 && p.productType !== ProductType.DIGITAL;
  const missing = showVariantSelector ? names.filter((n) => !(n in selectedOptions)) : [];
  // Nothing left in any variant: Sold Out whatever is chosen (the options still show what there was).
  const productSoldOut = p.variants.length > 0 && p.variants.every((v) => isSoldOutVariant(v, p.productType));
  let state: 'select' | 'unavailable' | 'sold-out' | 'available';
  let message: string | null = null;
  if (productSoldOut) {
    state = 'sold-out';
  } else if (missing.length > 0) {
    state = 'select';
    message = p.productType === ProductType.GIFT_CARD ? say('giftCardSelectText', GIFT_CARD_SELECT, {}) : pleaseSelect(missing, say);
  } else if (selected === null) {
    state = 'unavailable';
    message = say('variantUnavailableText', UNAVAILABLE, {});
  } else if (selected.soldOut) {
    state = 'sold-out';
  } else {
    state = 'available';
  }
  const custom = sc.useCustomAddButtonText && sc.customAddButtonText ? String(sc.customAddButtonText) : null;
  const localized = (key: string, dflt: string) => (typeof strings[key] === 'string' ? String(strings[key]) : dflt);
  return {
    ...item,
    selectedOptions,
    selectedVariant: selected,
    options,
    purchase: {
      showVariantSelector,
      productSoldOut,
      // The price line shows the chosen variant's price (not the product's "from" price).
      showChosenPrice: showVariantSelector && !p.isSubscribable,
      state,
      message,
      canAddToCart: state === 'available',
      showQuantity: showQuantity(p, websiteSettings),
      quantity: { min: 1, max: QUANTITY_MAX, step: 1, value: 1 },
      addButtonText:
        custom ?? (p.isSubscribable ? localized('productSubscribeText', 'Subscribe') : localized('productAddToCartText', 'Add To Cart')),
    },
  };
}

/**
 * SPEC section 5: physical products, or services when the store allows several, not
 * subscribable, and only with more than one unit in stock overall.
 */
export function showQuantity(p: Product, websiteSettings: Json): boolean {
  if (p.productType !== ProductType.SERVICE && p.productType !== ProductType.PHYSICAL) return false;
  // The cart's own rule of how many may be bought (1 for a subscription or a one-at-a-time service).
  if (quantityLimit(p, commerceSettings({ websiteSettings })) === 1) return false;
  if (p.variants.some((v) => v.unlimited)) return true;
  return p.variants.reduce((n, v) => n + v.qtyInStock, 0) > 1;
}
