// What search engines and link previews read, taken from a page's template context: <title>, meta
// description, canonical URL, Open Graph tags and, on product pages, schema.org Product JSON-LD.
import { PageType } from '../../engine/ts/enums.js';

/** The parts of the template context (docs/decisions/0002) this module reads. */
export interface SeoSource {
  pageType?: number;
  pageTitle?: string;
  pageDescription?: string;
  canonicalUrl?: string;
  website?: { siteTitle?: string; siteDescription?: string; baseUrl?: string; currency?: string; locale?: string };
  collection?: { title?: string; description?: string; fullUrl?: string } | null;
  item?: SeoItem | null;
  /** Head data the context already decided (context.server.ts); preferred over derivation here. */
  seo?: {
    title?: string;
    description?: string;
    canonicalUrl?: string;
    imageUrl?: string | null;
    type?: string;
    siteName?: string;
    noindex?: boolean;
    jsonLd?: Record<string, unknown> | null;
  } | null;
}

interface SeoItem {
  title?: string;
  excerpt?: string;
  body?: string;
  fullUrl?: string;
  assetUrl?: string | null;
  recordType?: number;
  structuredContent?: {
    productType?: number;
    variants?: SeoVariant[];
  } | null;
}

interface SeoVariant {
  sku?: string;
  attributes?: Record<string, string>;
  onSale?: boolean;
  unlimited?: boolean;
  qtyInStock?: number;
  priceMoney?: { currency?: string; value?: string } | null;
  salePriceMoney?: { currency?: string; value?: string } | null;
  imageUrl?: string | null;
}

/** Plain data: it crosses to the browser in loader data, where the route's `meta` turns it into tags. */
export interface Seo {
  title: string;
  description: string;
  canonical: string | null;
  /** Open Graph and Twitter card tags, in order: [property, content]. */
  openGraph: Array<[string, string]>;
  /** schema.org JSON-LD as text, already safe inside a <script> element; null when the page has none. */
  jsonLd: string | null;
  /** BCP-47 language of the page for <html lang>. */
  lang: string;
  /** A robots directive, e.g. "noindex" for not-found, error and search result pages. */
  robots: string | null;
  /** The page in the site's other languages and x-default (issue 16), for <link rel="alternate" hreflang>. */
  alternates?: { hreflang: string; href: string }[];
}

const DESCRIPTION_MAX = 160;
// Page types of the spec that search engines should not index.
const { NOT_FOUND, ERROR, SEARCH } = PageType;
const PRODUCT_RECORD_TYPE = 11;

/** Text of an HTML fragment: tags dropped, the common entities decoded, whitespace collapsed. */
export function plainText(html: string): string {
  return (
    html
      .replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, ' ')
      // Block boundaries separate words; inline tags (<b>, <a>...) sit inside them.
      .replace(/<\/?(p|div|br|li|ul|ol|h[1-6]|tr|td|th|table|section|article|header|footer|blockquote|hr|figure|figcaption)\b[^>]*>/gi, ' ')
      .replace(/<[^>]*>/g, '')
      .replace(/&(#\d+|#x[0-9a-f]+|amp|lt|gt|quot|apos|nbsp|#39);/gi, (m, e: string) => {
        const k = e.toLowerCase();
        if (k === 'amp') return '&';
        if (k === 'lt') return '<';
        if (k === 'gt') return '>';
        if (k === 'quot') return '"';
        if (k === 'apos' || k === '#39') return "'";
        if (k === 'nbsp') return ' ';
        const code = k.startsWith('#x') ? parseInt(k.slice(2), 16) : parseInt(k.slice(1), 10);
        return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : m;
      })
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/** Cuts text to at most `max` characters at a word boundary, with an ellipsis when cut. */
export function clip(text: string, max = DESCRIPTION_MAX): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:!?-]+$/, '')}…`;
}

/** An absolute URL for `url` against `base`, or null when either is unusable. */
export function absoluteUrl(url: string | null | undefined, base: string | null | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url, base || undefined).href;
  } catch {
    return null;
  }
}

/** Serialises JSON for an inline <script>: no "</script>", no "<!--", no line separators. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

function isProduct(item: SeoItem | null | undefined): item is SeoItem {
  return !!item && (item.recordType === PRODUCT_RECORD_TYPE || !!item.structuredContent?.variants);
}

function inStock(v: SeoVariant): boolean {
  return !!v.unlimited || (v.qtyInStock ?? 0) > 0;
}

/** The price a shopper pays now: the sale price when the variant is on sale. */
function payable(v: SeoVariant): { value: string; currency: string } | null {
  const m = v.onSale && v.salePriceMoney?.value ? v.salePriceMoney : v.priceMoney;
  return m?.value && m.currency ? { value: m.value, currency: m.currency } : null;
}

/** schema.org Product with one Offer per variant (price, currency, availability, sku). */
export function productJsonLd(ctx: SeoSource, canonical: string | null, description: string): Record<string, unknown> | null {
  const item = ctx.item;
  if (!isProduct(item)) return null;
  const base = canonical ?? ctx.website?.baseUrl;
  const variants = item.structuredContent?.variants ?? [];
  const images = [item.assetUrl, ...variants.map((v) => v.imageUrl)]
    .map((u) => absoluteUrl(u, base))
    .filter((u, i, all): u is string => !!u && all.indexOf(u) === i);
  const offers = variants.flatMap((v) => {
    const price = payable(v);
    if (!price) return [];
    const attrs = Object.values(v.attributes ?? {}).filter(Boolean);
    return [
      {
        '@type': 'Offer',
        ...(v.sku ? { sku: v.sku } : {}),
        ...(attrs.length ? { name: attrs.join(' / ') } : {}),
        price: price.value,
        priceCurrency: price.currency,
        availability: inStock(v) ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
        ...(canonical ? { url: canonical } : {}),
      },
    ];
  });
  const ld: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: item.title ?? '',
    ...(description ? { description } : {}),
    ...(images.length ? { image: images } : {}),
    ...(variants.length === 1 && variants[0].sku ? { sku: variants[0].sku } : {}),
    ...(canonical ? { url: canonical } : {}),
    ...(ctx.website?.siteTitle ? { brand: { '@type': 'Brand', name: ctx.website.siteTitle } } : {}),
  };
  if (offers.length === 1) ld.offers = offers[0];
  else if (offers.length > 1) ld.offers = offers;
  return ld;
}

/** Everything the document head needs for a page, from its template context. */
export function seoFor(ctx: SeoSource): Seo {
  const site = ctx.website ?? {};
  const given = ctx.seo ?? {};
  const item = ctx.item ?? null;
  const siteTitle = given.siteName ?? site.siteTitle ?? '';
  const title =
    given.title?.trim() ||
    ctx.pageTitle?.trim() ||
    [item?.title ?? ctx.collection?.title, siteTitle].filter(Boolean).join(' — ') ||
    siteTitle;
  const description = clip(
    plainText(
      given.description?.trim() ||
        ctx.pageDescription?.trim() ||
        item?.excerpt ||
        item?.body ||
        ctx.collection?.description ||
        site.siteDescription ||
        '',
    ),
  );
  const failed = ctx.pageType === NOT_FOUND || ctx.pageType === ERROR;
  // A missing or failed page has no canonical form to point engines at.
  const canonical = failed
    ? null
    : absoluteUrl(given.canonicalUrl ?? ctx.canonicalUrl ?? item?.fullUrl ?? ctx.collection?.fullUrl, site.baseUrl);
  const product = isProduct(item);
  const image = absoluteUrl(given.imageUrl ?? item?.assetUrl, canonical ?? site.baseUrl);

  const og: Array<[string, string]> = [
    ['og:type', given.type ?? (product ? 'product' : 'website')],
    ['og:title', item?.title || title],
  ];
  if (description) og.push(['og:description', description]);
  if (canonical) og.push(['og:url', canonical]);
  if (siteTitle) og.push(['og:site_name', siteTitle]);
  if (site.locale) og.push(['og:locale', site.locale.replace('-', '_')]);
  if (image) og.push(['og:image', image], ['og:image:alt', item?.title ?? title]);
  if (product) {
    const first = item.structuredContent?.variants?.map(payable).find(Boolean);
    if (first) og.push(['product:price:amount', first.value], ['product:price:currency', first.currency]);
  }
  og.push(['twitter:card', image ? 'summary_large_image' : 'summary']);

  const ld = failed ? null : (given.jsonLd ?? productJsonLd(ctx, canonical, description));
  const noindex = given.noindex ?? (failed || ctx.pageType === SEARCH);
  return {
    title,
    description,
    canonical,
    openGraph: og,
    jsonLd: ld ? scriptSafeJson(ld) : null,
    lang: site.locale || 'en',
    robots: noindex || failed ? 'noindex' : null,
  };
}
