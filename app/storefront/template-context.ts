// The template context the theme renders over (ADR 0002): the one type pageContext() returns and
// renderPage() takes, naming every top-level key the theme templates and the head (seo) read.
// Object shapes are type aliases, not interfaces, so they stay assignable to plain JSON records.
import type { CustomFormAnswer } from '../commerce/custom-form-answers.js';
import type { Collection, Pagination, Product, SearchHit, SubscriptionPlan, Website } from '../catalog/catalog.server.js';
import type { CartEntryView, CartReviewSummary } from '../commerce/cart.server.js';
import type { Money } from '../commerce/money.js';
import type { Order } from '../commerce/order.js';
import type { InstalmentNotice } from '../commerce/rules.js';
import type { CartFlash } from '../utils/flash.server.js';
import type { BlockJson } from './page-blocks.js';

/** Open-ended JSON (the owner's settings, theme strings): templates read what they know of it. */
export type Json = Record<string, unknown>;

export type FocalPoint = { x: number; y: number };

/** A main or footer navigation link; `active` when the page is it or below it. */
export type NavLink = { title: string; url: string; active: boolean; children: NavLink[] };

/** A collection as templates see it: the catalog's, without its SEO fields, with image data. */
export type CollectionJson = Omit<Collection, 'seoTitle' | 'seoDescription'> & {
  systemDataVariants: string | undefined;
  mediaFocalPoint: FocalPoint;
  /** A content page's blocks after its body (app/storefront/page-blocks.ts). */
  blocks?: BlockJson[];
};

export type OptionValueJson = { optionName: string; value: string };

/** A product variant as listings and the product page show it; prices in minor units and as money. */
export type VariantJson = {
  id: string;
  sku: string;
  attributes: Record<string, string>;
  optionValues: OptionValueJson[];
  price: number;
  salePrice: number;
  priceMoney: Money;
  salePriceMoney: Money;
  onSale: boolean;
  unlimited: boolean;
  qtyInStock: number;
  imageUrl: string | null;
  image: { assetUrl: string; originalSize: string | null; systemDataVariants: string; mediaFocalPoint: FocalPoint } | null;
  soldOut: boolean;
  limitedStock: boolean;
};

export type StructuredContentJson = {
  productType: number;
  isSubscribable: boolean;
  subscriptionPlan: SubscriptionPlan | null;
  useCustomAddButtonText: boolean;
  customAddButtonText: string;
  variantOptionOrdering: string[];
  variants: VariantJson[];
  /** The site's form asked for at add to cart (SPEC 3; issue 30), when the owner attached one. */
  additionalFieldsFormId?: string;
  /** Digital products only: their own price and sale flag (the price formatters read these). */
  priceMoney?: Money;
  salePriceMoney?: Money;
  onSale?: boolean;
};

/** An item as listings, search results and the cart's suggestions show it. */
export type ItemJson = Pick<
  Product,
  'id' | 'collectionId' | 'urlId' | 'title' | 'fullUrl' | 'excerpt' | 'body' | 'recordType' | 'assetUrl' | 'originalSize'
> & {
  systemDataVariants: string | undefined;
  mediaFocalPoint: FocalPoint;
  images: Json[];
  tags: string[];
  categories: string[];
  starred: boolean;
  updatedOn: number;
  structuredContent: StructuredContentJson;
};

/** What the product page's add-to-cart area shows for the options chosen (SPEC section 5). */
export type PurchaseJson = {
  showVariantSelector: boolean;
  productSoldOut: boolean;
  showChosenPrice: boolean;
  state: 'select' | 'unavailable' | 'sold-out' | 'available';
  message: string | null;
  canAddToCart: boolean;
  showQuantity: boolean;
  quantity: { min: number; max: number; step: number; value: number };
  addButtonText: string;
};

/** The product page's item: the listing shape plus the chosen options and what can be bought. */
export type ProductDetailJson = ItemJson & {
  selectedOptions: Record<string, string>;
  selectedVariant: VariantJson | null;
  options: { name: string; values: { value: string; selected: boolean; available: boolean }[] }[];
  purchase: PurchaseJson;
  /** The variant island's data block (JSON text), when the product has options to choose. */
  variantPicker?: string;
};

export type PaginationJson = Pagination & {
  hasPrevPage: boolean;
  hasNextPage: boolean;
  pages: { number: number; url: string; current: boolean }[];
};

export type SearchJson = {
  query: string;
  /** Why the query was refused (too long...), else null. */
  error: string | null;
  count: number;
  results: {
    kind: SearchHit['kind'];
    title: string;
    fullUrl: string;
    excerpt: string;
    assetUrl: string | null;
    originalSize: string | null;
    systemDataVariants: string | undefined;
    mediaFocalPoint: FocalPoint;
    typeName: SearchHit['typeName'];
    item: ItemJson | undefined;
  }[];
};

/** What the context needs of a cart entry (a type-only import: no database code comes along). */
export type CartEntrySummary = Omit<
  CartEntryView,
  'variantId' | 'isSubscription' | 'additionalFields' | 'availability' | 'currentUnitPriceCents'
> &
  Partial<Pick<CartEntryView, 'availability' | 'additionalFields'>>;

/** A cart line as the cart and checkout templates read it: money objects and option lists added. */
export type CartEntryJson = CartEntrySummary & {
  unitPrice: Money;
  lineTotal: Money;
  currentPrice: Money | null;
  optionValues: OptionValueJson[];
  /** A product custom form's answers (issue 30), and the page that opens them again ("edit details"). */
  answers: CustomFormAnswer[];
  detailsUrl: string | null;
};

export type CheckoutMinimumJson = { met: boolean; message: string | null };

/** The visitor's cart as every page's header and the cart page read it. */
export type CartJson = {
  /** false on public catalog pages: the count is not in the HTML, the browser fills it in. */
  known: boolean;
  totalQuantity: number;
  subtotalCents: number;
  subtotal: Money;
  subtotalText: string;
  entries: CartEntryJson[];
  checkoutMinimum: CheckoutMinimumJson;
  review: CartReviewSummary;
  instalmentEligible: boolean;
  instalmentNotice: InstalmentNotice | null;
  /** Where cart forms send the shopper back to. */
  returnTo: string;
  /** The last cart form post's message; `pageError` when it belongs to no item or line. */
  flash: (CartFlash & { pageError?: string }) | null;
};

/** The instalment line of a product page (SPEC 5). */
export type InstalmentJson = { show: true; text: string; count: number; inRange: boolean; brand: string };

/** The keys a commerce page (cart, checkout, order confirmed) adds to the context. */
export type CommercePageData = {
  /** Cart page: items to suggest. */
  alsoBought?: ItemJson[];
  /** Checkout page: the lines at today's prices and the form (app/storefront/checkout-page.server.ts). */
  checkout?: Json;
  /** Order confirmed page. */
  order?: Order & { taxRateText: string | null };
  /** A site user's account pages (app/auth/site-user-pages.ts). */
  account?: Json;
  /** The lock screen, protected content, access denied and paywall pages (app/access/screens.ts). */
  access?: Json;
  /** The splash page and the popup's own page (app/overlays): `html`, made and escaped there. */
  overlay?: Json;
};

/** The context of a page: every key the theme templates and the head read. */
export type TemplateContext = CommercePageData & {
  /** The spec's page type (engine/ts/enums.ts PageType). */
  pageType: number;
  pagePath: string;
  /** `baseUrl` is the configured public origin (app/utils/base-url.server.ts). */
  website: Website;
  /** The owner's settings (announcement bar, contact...); storeSettings always present. */
  websiteSettings: Json & { storeSettings: Json };
  featureFlags: Json;
  localizedStrings: Json;
  navigation: { mainNavigation: NavLink[]; footerNavigation: NavLink[] };
  cart: CartJson;
  /** Home, content, listing and product pages. */
  collection?: CollectionJson | null;
  /** Home and listing pages; a blog's posts and a gallery's pictures (app/storefront/collection-context.ts). */
  items?: ItemJson[] | Json[];
  pagination?: PaginationJson;
  /** Product pages; a blog post or an event. */
  item?: ProductDetailJson | Json;
  /** Product pages: per product id, the merchandising settings (the back-in-stock form's views). */
  productMerchandisingContext?: Json;
  /** An events collection: events not yet over, and those over. */
  upcoming?: Json[];
  past?: Json[];
  /** A blog listing: its tags and categories with filter links, and the one chosen (or null). */
  tags?: Json[];
  categories?: Json[];
  filter?: Json | null;
  instalment?: InstalmentJson | null;
  /** Search pages (and any page given a search). */
  search?: SearchJson;
  /** The head: <title>, meta description and canonical URL (app/storefront/seo.server.ts). */
  pageTitle: string;
  pageDescription: string;
  canonicalUrl: string;
  /** A site with more languages: this page in each, for the theme's language switcher (issue 16). */
  languages?: { code: string; name: string; url: string; current: boolean }[];
  /**
   * The visitor's experiment variants by name (`{.equal? experiments.hero "b"}`) and SPEC 3's
   * entries; only on pages whose templates read them while an experiment runs (ADR 0017).
   */
  experiments?: Record<string, string>;
  experimentEntries?: { name: string; variant: string; status: 'ACTIVE' }[];
  /** The page template's HTML, in the layout's context only (render.server.ts adds it). */
  mainContent?: string;
};
